//! The transport rule the live pipeline itself checks.

use crate::{report::Warning, Pointer, Rule, Severity, Version, WarningKind};

/// stdio: every message ends with a newline; a stream that ends (or a
/// peer that closes) in the middle of a line leaves a message unterminated.
pub static STDIO_NEWLINE_DELIMITED: Rule = Rule {
    id: "stdio.newline-delimited",
    severity: Severity::Warning,
    since: Version::V2024_11_05,
    source: "docs/2024-11-05/basic/transports.mdx",
    quote: "Messages are delimited by newlines, and **MUST NOT** contain embedded newlines.",
};

/// The warning for a last line without its newline.
pub(super) fn unterminated(_revision: Version) -> Warning {
    Warning {
        kind: WarningKind::Rule,
        rule: Some(&STDIO_NEWLINE_DELIMITED),
        pointer: Pointer::root(),
        message: "the stream ended before this message's newline (stdio messages are \
                  newline-delimited)"
            .into(),
    }
}
