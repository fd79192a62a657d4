use ::mcpwire_runtime::__private as rt;
/// Reads one value; `Ok` only if it is a valid `Request` (`/$defs/Request`).
pub fn read_request(r: &mut rt::bytes::Reader<'_>) -> rt::bytes::R {
    match r.peek()? {
        b'{' => {
            let mut seen = 0u64;
            r.object(|r, k| match k {
                "jsonrpc" => {
                    seen |= 1;
                    match r.peek()? {
                        b'"' => r.string_eq("2.0"),
                        _ => rt::bytes::stop(),
                    }
                }
                "id" => rt::bytes::refer(r, "RequestId", read_request_id),
                "method" => {
                    seen |= 2;
                    match r.peek()? {
                        b'"' => r.skip_string(),
                        _ => rt::bytes::stop(),
                    }
                }
                "params" => {
                    match r.peek()? {
                        b'{' => {
                            r.object(|r, _| match r.peek()? {
                                b'"' => r.skip_string(),
                                _ => rt::bytes::stop(),
                            })
                        }
                        _ => rt::bytes::stop(),
                    }
                }
                "level" => {
                    match r.peek()? {
                        b'"' => {
                            let s = r.string()?;
                            let s: &str = &s;
                            rt::bytes::ok(matches!(s, "debug" | "info"))
                        }
                        _ => rt::bytes::stop(),
                    }
                }
                "uri" => {
                    match r.peek()? {
                        b'"' => {
                            let s = r.string()?;
                            let s: &str = &s;
                            rt::bytes::ok(rt::format::is_uri(s))
                        }
                        _ => rt::bytes::stop(),
                    }
                }
                "progress" => {
                    match r.peek()? {
                        b'-' | b'0'..=b'9' => {
                            let n = r.number()?;
                            rt::bytes::ok(
                                rt::number::ge_int(&n, 0) && rt::number::le_float(&n, 1.5),
                            )
                        }
                        _ => rt::bytes::stop(),
                    }
                }
                "count" => {
                    match r.peek()? {
                        b'-' | b'0'..=b'9' => {
                            let n = r.number()?;
                            rt::bytes::ok(rt::number::is_integer(&n))
                        }
                        _ => rt::bytes::stop(),
                    }
                }
                "flag" => {
                    match r.peek()? {
                        b't' | b'f' => rt::bytes::ok(r.boolean()?),
                        _ => rt::bytes::stop(),
                    }
                }
                "list" => {
                    match r.peek()? {
                        b'[' => {
                            let mut n = 0u64;
                            r.array(|r| {
                                n += 1;
                                if n > 3 {
                                    return rt::bytes::stop();
                                }
                                rt::bytes::refer(r, "Block", read_block)
                            })
                        }
                        _ => rt::bytes::stop(),
                    }
                }
                "missing" => {
                    seen |= 4;
                    r.skip()
                }
                _ => r.skip(),
            })?;
            rt::bytes::ok(seen == 7)
        }
        _ => rt::bytes::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `RequestId` (`/$defs/RequestId`).
pub fn read_request_id(r: &mut rt::bytes::Reader<'_>) -> rt::bytes::R {
    match r.peek()? {
        b'"' => r.skip_string(),
        b'-' | b'0'..=b'9' => {
            let n = r.number()?;
            rt::bytes::ok(rt::number::is_integer(&n))
        }
        _ => rt::bytes::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `Block` (`/$defs/Block`).
pub fn read_block(r: &mut rt::bytes::Reader<'_>) -> rt::bytes::R {
    rt::bytes::any_of(
        r,
        ::std::option::Option::Some("type"),
        &["data", "text", "type"],
        &[
            rt::bytes::Branch {
                kinds: rt::kind::OBJECT,
                tag: ::std::option::Option::Some("text"),
                required: 6,
                read: &read_text,
            },
            rt::bytes::Branch {
                kinds: rt::kind::OBJECT,
                tag: ::std::option::Option::Some("image"),
                required: 5,
                read: &read_image,
            },
            rt::bytes::Branch {
                kinds: rt::kind::NULL,
                tag: ::std::option::Option::None,
                required: 0,
                read: &|r: &mut rt::bytes::Reader<'_>| -> rt::bytes::R {
                    match r.peek()? {
                        b'n' => r.null(),
                        _ => rt::bytes::stop(),
                    }
                },
            },
        ],
    )
}
/// Reads one value; `Ok` only if it is a valid `Text` (`/$defs/Text`).
pub fn read_text(r: &mut rt::bytes::Reader<'_>) -> rt::bytes::R {
    match r.peek()? {
        b'{' => {
            let mut seen = 0u64;
            r.object(|r, k| match k {
                "type" => {
                    seen |= 1;
                    match r.peek()? {
                        b'"' => r.string_eq("text"),
                        _ => rt::bytes::stop(),
                    }
                }
                "text" => {
                    seen |= 2;
                    match r.peek()? {
                        b'"' => r.skip_string(),
                        _ => rt::bytes::stop(),
                    }
                }
                _ => r.skip(),
            })?;
            rt::bytes::ok(seen == 3)
        }
        _ => rt::bytes::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `Image` (`/$defs/Image`).
pub fn read_image(r: &mut rt::bytes::Reader<'_>) -> rt::bytes::R {
    {
        let mark = r.mark();
        match r.peek()? {
            b'{' => {
                let mut seen = 0u64;
                r.object(|r, k| match k {
                    "type" => {
                        seen |= 1;
                        match r.peek()? {
                            b'"' => r.string_eq("image"),
                            _ => rt::bytes::stop(),
                        }
                    }
                    "data" => {
                        seen |= 2;
                        match r.peek()? {
                            b'"' => r.byte_string(),
                            _ => rt::bytes::stop(),
                        }
                    }
                    _ => rt::bytes::stop(),
                })?;
                rt::bytes::ok(seen == 3)
            }
            _ => rt::bytes::stop(),
        }?;
        r.reset(mark);
        rt::bytes::refer(r, "Base", read_base)
    }
}
/// Reads one value; `Ok` only if it is a valid `Base` (`/$defs/Base`).
pub fn read_base(r: &mut rt::bytes::Reader<'_>) -> rt::bytes::R {
    match r.peek()? {
        b'{' => {
            r.object(|r, k| match k {
                "_meta" => {
                    match r.peek()? {
                        b'{' => r.skip(),
                        _ => rt::bytes::stop(),
                    }
                }
                _ => r.skip(),
            })
        }
        _ => rt::bytes::stop(),
    }
}
