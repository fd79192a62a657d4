/// Reads one value; `Ok` only if it is a valid `Request` (`/$defs/Request`).
pub fn read_request(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R {
    match r.peek()? {
        b'{' => {
            let mut seen = 0u64;
            r.object(|r, k| match k {
                "jsonrpc" => {
                    seen |= 1;
                    match r.peek()? {
                        b'"' => r.string_eq("2.0"),
                        _ => crate::bytes::stop(),
                    }
                }
                "id" => read_request_id(r),
                "method" => {
                    seen |= 2;
                    match r.peek()? {
                        b'"' => r.skip_string(),
                        _ => crate::bytes::stop(),
                    }
                }
                "params" => {
                    match r.peek()? {
                        b'{' => {
                            r.object(|r, _| match r.peek()? {
                                b'"' => r.skip_string(),
                                _ => crate::bytes::stop(),
                            })
                        }
                        _ => crate::bytes::stop(),
                    }
                }
                "level" => {
                    match r.peek()? {
                        b'"' => {
                            let s = r.string()?;
                            let s: &str = &s;
                            crate::bytes::ok(matches!(s, "debug" | "info"))
                        }
                        _ => crate::bytes::stop(),
                    }
                }
                "uri" => {
                    match r.peek()? {
                        b'"' => {
                            let s = r.string()?;
                            let s: &str = &s;
                            crate::bytes::ok(crate::format::is_uri(s))
                        }
                        _ => crate::bytes::stop(),
                    }
                }
                "progress" => {
                    match r.peek()? {
                        b'-' | b'0'..=b'9' => {
                            let n = r.number()?;
                            crate::bytes::ok(
                                crate::number::ge_int(&n, 0)
                                    && crate::number::le_float(&n, 1.5),
                            )
                        }
                        _ => crate::bytes::stop(),
                    }
                }
                "count" => {
                    match r.peek()? {
                        b'-' | b'0'..=b'9' => {
                            let n = r.number()?;
                            crate::bytes::ok(crate::number::is_integer(&n))
                        }
                        _ => crate::bytes::stop(),
                    }
                }
                "flag" => {
                    match r.peek()? {
                        b't' | b'f' => crate::bytes::ok(r.boolean()?),
                        _ => crate::bytes::stop(),
                    }
                }
                "list" => {
                    match r.peek()? {
                        b'[' => {
                            let mut n = 0u64;
                            r.array(|r| {
                                n += 1;
                                if n > 3 {
                                    return crate::bytes::stop();
                                }
                                read_block(r)
                            })
                        }
                        _ => crate::bytes::stop(),
                    }
                }
                "missing" => {
                    seen |= 4;
                    r.skip()
                }
                _ => r.skip(),
            })?;
            crate::bytes::ok(seen == 7)
        }
        _ => crate::bytes::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `RequestId` (`/$defs/RequestId`).
pub fn read_request_id(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R {
    match r.peek()? {
        b'"' => r.skip_string(),
        b'-' | b'0'..=b'9' => {
            let n = r.number()?;
            crate::bytes::ok(crate::number::is_integer(&n))
        }
        _ => crate::bytes::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `Block` (`/$defs/Block`).
pub fn read_block(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R {
    crate::bytes::any_of(
        r,
        ::std::option::Option::Some("type"),
        &["data", "text", "type"],
        &[
            crate::bytes::Branch {
                kinds: 1,
                tag: ::std::option::Option::Some("text"),
                required: 6,
                read: &read_text,
            },
            crate::bytes::Branch {
                kinds: 1,
                tag: ::std::option::Option::Some("image"),
                required: 5,
                read: &read_image,
            },
            crate::bytes::Branch {
                kinds: 64,
                tag: ::std::option::Option::None,
                required: 0,
                read: &|r: &mut crate::bytes::Reader<'_>| -> crate::bytes::R {
                    match r.peek()? {
                        b'n' => r.null(),
                        _ => crate::bytes::stop(),
                    }
                },
            },
        ],
    )
}
/// Reads one value; `Ok` only if it is a valid `Text` (`/$defs/Text`).
pub fn read_text(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R {
    match r.peek()? {
        b'{' => {
            let mut seen = 0u64;
            r.object(|r, k| match k {
                "type" => {
                    seen |= 1;
                    match r.peek()? {
                        b'"' => r.string_eq("text"),
                        _ => crate::bytes::stop(),
                    }
                }
                "text" => {
                    seen |= 2;
                    match r.peek()? {
                        b'"' => r.skip_string(),
                        _ => crate::bytes::stop(),
                    }
                }
                _ => r.skip(),
            })?;
            crate::bytes::ok(seen == 3)
        }
        _ => crate::bytes::stop(),
    }
}
/// Reads one value; `Ok` only if it is a valid `Image` (`/$defs/Image`).
pub fn read_image(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R {
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
                            _ => crate::bytes::stop(),
                        }
                    }
                    "data" => {
                        seen |= 2;
                        match r.peek()? {
                            b'"' => {
                                let s = r.string()?;
                                let s: &str = &s;
                                crate::bytes::ok(crate::format::is_byte(s))
                            }
                            _ => crate::bytes::stop(),
                        }
                    }
                    _ => crate::bytes::stop(),
                })?;
                crate::bytes::ok(seen == 3)
            }
            _ => crate::bytes::stop(),
        }?;
        r.reset(mark);
        read_base(r)
    }
}
/// Reads one value; `Ok` only if it is a valid `Base` (`/$defs/Base`).
pub fn read_base(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R {
    match r.peek()? {
        b'{' => {
            r.object(|r, k| match k {
                "_meta" => {
                    match r.peek()? {
                        b'{' => r.skip(),
                        _ => crate::bytes::stop(),
                    }
                }
                _ => r.skip(),
            })
        }
        _ => crate::bytes::stop(),
    }
}
/// Every definition's bytes validator, sorted by name.
pub static DEFINITIONS: &[crate::bytes::Entry] = &[
    crate::bytes::Entry {
        name: "Base",
        read: read_base,
    },
    crate::bytes::Entry {
        name: "Block",
        read: read_block,
    },
    crate::bytes::Entry {
        name: "Image",
        read: read_image,
    },
    crate::bytes::Entry {
        name: "Request",
        read: read_request,
    },
    crate::bytes::Entry {
        name: "RequestId",
        read: read_request_id,
    },
    crate::bytes::Entry {
        name: "Text",
        read: read_text,
    },
];
