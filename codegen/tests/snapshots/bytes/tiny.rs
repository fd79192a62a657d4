use ::mcpwire_runtime::__private as rt;
use ::mcpwire_runtime::__private::bytes as rb;
/// Reads one value; `Ok` only if it is a valid `Base`.
pub fn read_base(r: &mut rb::Reader<'_>) -> rb::R {
    match r.peek()? {
        b'{' => {
            r.object(|r, k| match k {
                "_meta" => {
                    match r.peek()? {
                        b'{' => r.skip(),
                        _ => rb::stop(),
                    }
                }
                _ => r.skip(),
            })
        }
        _ => rb::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `Block`.
pub fn read_block(r: &mut rb::Reader<'_>) -> rb::R {
    rb::any_of(
        r,
        ::std::option::Option::Some("type"),
        &["data", "text", "type"],
        &[
            rb::Branch {
                kinds: rt::kind::OBJECT,
                tag: ::std::option::Option::Some("text"),
                required: 6,
                read: &read_text,
            },
            rb::Branch {
                kinds: rt::kind::OBJECT,
                tag: ::std::option::Option::Some("image"),
                required: 5,
                read: &read_image,
            },
            rb::Branch {
                kinds: rt::kind::NULL,
                tag: ::std::option::Option::None,
                required: 0,
                read: &|r: &mut rb::Reader<'_>| -> rb::R {
                    match r.peek()? {
                        b'n' => r.null(),
                        _ => rb::stop(),
                    }
                },
            },
        ],
    )
}
/// Reads one value; `Ok` only if it is a valid `Image`.
pub fn read_image(r: &mut rb::Reader<'_>) -> rb::R {
    {
        let mark = r.mark();
        match r.peek()? {
            b'{' => {
                let mut seen = 0u64;
                r.object(|r, k| match k {
                    "data" => {
                        seen |= 2;
                        match r.peek()? {
                            b'"' => r.byte_string(),
                            _ => rb::stop(),
                        }
                    }
                    "type" => {
                        seen |= 1;
                        match r.peek()? {
                            b'"' => r.string_eq("image"),
                            _ => rb::stop(),
                        }
                    }
                    _ => rb::stop(),
                })?;
                rb::ok(seen == 3)
            }
            _ => rb::stop(),
        }?;
        r.reset(mark);
        rb::refer(r, "Base", read_base)
    }
}
/// Reads one value; `Ok` only if it is a valid `Request`.
pub fn read_request(r: &mut rb::Reader<'_>) -> rb::R {
    match r.peek()? {
        b'{' => {
            let mut seen = 0u64;
            r.object(|r, k| match k {
                "count" => {
                    match r.peek()? {
                        b'-' | b'0'..=b'9' => {
                            let n = r.number()?;
                            rb::ok(rt::number::is_integer(&n))
                        }
                        _ => rb::stop(),
                    }
                }
                "flag" => {
                    match r.peek()? {
                        b't' | b'f' => rb::ok(r.boolean()?),
                        _ => rb::stop(),
                    }
                }
                "id" => rb::refer(r, "RequestId", read_request_id),
                "jsonrpc" => {
                    seen |= 1;
                    match r.peek()? {
                        b'"' => r.string_eq("2.0"),
                        _ => rb::stop(),
                    }
                }
                "level" => {
                    match r.peek()? {
                        b'"' => {
                            let s = r.string()?;
                            let s: &str = &s;
                            rb::ok(matches!(s, "debug" | "info"))
                        }
                        _ => rb::stop(),
                    }
                }
                "list" => {
                    match r.peek()? {
                        b'[' => {
                            let mut n = 0u64;
                            r.array(|r| {
                                n += 1;
                                if n > 3 {
                                    return rb::stop();
                                }
                                rb::refer(r, "Block", read_block)
                            })
                        }
                        _ => rb::stop(),
                    }
                }
                "method" => {
                    seen |= 2;
                    match r.peek()? {
                        b'"' => r.skip_string(),
                        _ => rb::stop(),
                    }
                }
                "params" => {
                    match r.peek()? {
                        b'{' => {
                            r.object(|r, _| match r.peek()? {
                                b'"' => r.skip_string(),
                                _ => rb::stop(),
                            })
                        }
                        _ => rb::stop(),
                    }
                }
                "progress" => {
                    match r.peek()? {
                        b'-' | b'0'..=b'9' => {
                            let n = r.number()?;
                            rb::ok(
                                rt::number::ge_int(&n, 0) && rt::number::le_float(&n, 1.5),
                            )
                        }
                        _ => rb::stop(),
                    }
                }
                "uri" => {
                    match r.peek()? {
                        b'"' => {
                            let s = r.string()?;
                            let s: &str = &s;
                            rb::ok(rt::format::is_uri(s))
                        }
                        _ => rb::stop(),
                    }
                }
                "missing" => {
                    seen |= 4;
                    r.skip()
                }
                _ => r.skip(),
            })?;
            rb::ok(seen == 7)
        }
        _ => rb::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `RequestId`.
pub fn read_request_id(r: &mut rb::Reader<'_>) -> rb::R {
    match r.peek()? {
        b'"' => r.skip_string(),
        b'-' | b'0'..=b'9' => {
            let n = r.number()?;
            rb::ok(rt::number::is_integer(&n))
        }
        _ => rb::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `Text`.
pub fn read_text(r: &mut rb::Reader<'_>) -> rb::R {
    match r.peek()? {
        b'{' => {
            let mut seen = 0u64;
            r.object(|r, k| match k {
                "text" => {
                    seen |= 2;
                    match r.peek()? {
                        b'"' => r.skip_string(),
                        _ => rb::stop(),
                    }
                }
                "type" => {
                    seen |= 1;
                    match r.peek()? {
                        b'"' => r.string_eq("text"),
                        _ => rb::stop(),
                    }
                }
                _ => r.skip(),
            })?;
            rb::ok(seen == 3)
        }
        _ => rb::stop(),
    }
}
