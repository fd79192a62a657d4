//! The package's operations as plain Rust (what the `#[wasm_bindgen]`
//! exports in the crate root call): arguments as the JavaScript side
//! passes them (strings, JSON text), answers as JSON text.

use std::fmt;

use mcpwire::{bytes, input::Limits, Direction, Mode, Options, Origin, Version};
use serde::Deserialize;

/// Why a call was refused (thrown as a JS `Error` with this text).
#[derive(Debug, PartialEq, Eq)]
pub enum Error {
    /// A revision string that is not known, or not compiled in.
    Revision(String),
    /// A definition the revision does not have.
    Definition(String),
    /// The options object is not understood.
    Options(String),
    /// A direction or origin string that is not one of the known values.
    Argument(String),
    /// The message text is not one readable JSON value.
    Input(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Revision(m)
            | Error::Definition(m)
            | Error::Options(m)
            | Error::Argument(m)
            | Error::Input(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// The stable code the package's `McpwireError` carries (`error.code`).
    pub fn code(&self) -> &'static str {
        match self {
            Error::Revision(_) => "ERR_MCPWIRE_REVISION",
            Error::Definition(_) => "ERR_MCPWIRE_DEFINITION",
            Error::Options(_) => "ERR_MCPWIRE_OPTIONS",
            Error::Argument(_) => "ERR_MCPWIRE_ARGUMENT",
            Error::Input(_) => "ERR_MCPWIRE_INPUT",
        }
    }
}

/// The revisions compiled in, as a JSON array.
pub fn revisions_json() -> String {
    let names: Vec<&str> = Version::enabled().map(Version::as_str).collect();
    serde_json::to_string(&names).expect("strings serialize")
}

/// A revision by name that is compiled into this build.
pub fn revision(name: &str) -> Result<Version, Error> {
    let version: Version = name
        .parse()
        .map_err(|e: mcpwire::UnknownVersion| Error::Revision(e.to_string()))?;
    if version.spec().is_none() {
        let enabled: Vec<&str> = Version::enabled().map(Version::as_str).collect();
        return Err(Error::Revision(format!(
            "revision {version} is not compiled into this build (compiled in: {})",
            enabled.join(", ")
        )));
    }
    Ok(version)
}

/// The violations of `text` against `definition`, as JSON (`[]` when valid).
/// Valid text is judged by the bytes fast path alone.
pub fn validate(revision_name: &str, definition: &str, text: &[u8]) -> Result<String, Error> {
    let version = revision(revision_name)?;
    let Some(def) = bytes::Definition::find(version, definition) else {
        let spec = version.spec().expect("checked by revision()");
        let names = spec.definitions.iter().map(|d| d.name);
        let close = mcpwire::suggest::closest(definition, names);
        let hint = match close.as_slice() {
            [] => String::new(),
            some => format!("; did you mean {}?", some.join(", ")),
        };
        return Err(Error::Definition(format!(
            "revision {version} has no definition {definition:?}{hint}"
        )));
    };
    let violations = def
        .check(text, Limits::default())
        .map_err(|e| Error::Input(e.to_string()))?;
    Ok(serde_json::to_string(&violations).expect("violations serialize"))
}

/// The deepest `maxDepth` a session (and `npx mcpwire --max-depth`)
/// accepts. Parsing, validating and dropping a message recurse once per
/// level, and wasm frames live on the JavaScript engine's own stack (about
/// 1 MB on V8's main thread), which a module can neither grow nor leave
/// for a thread of its own: past it V8 throws `RangeError: Maximum call
/// stack size exceeded` and wasm-bindgen leaves the object borrowed, so
/// the Session refuses every later call. Node 20's main thread held every
/// shape of `npm/test/limits.test.mjs` to 3,000 levels and failed the
/// first at 3,250; 2,000 keeps a third of the stack for the caller.
pub const MAX_DEPTH: usize = 2_000;

/// The options object of `new Session(revision, options)`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SessionOptions {
    /// [`Options::fallback`].
    fallback: Option<String>,
    /// [`Options::null_id_as_warning`].
    null_id_as_warning: Option<bool>,
    /// [`Limits::max_depth`].
    max_depth: Option<usize>,
    /// [`Limits::max_bytes`].
    max_message_bytes: Option<usize>,
    /// [`mcpwire::Session::set_http_protocol_version`], before the first message.
    http_protocol_version: Option<String>,
}

/// A [`mcpwire::Session`] driven with strings.
#[derive(Debug)]
pub struct Session {
    inner: mcpwire::Session,
}

/// What `new Session(revision, options)` asks for, read.
struct Settings {
    mode: Mode,
    options: Options,
    http_protocol_version: Option<String>,
}

impl Settings {
    fn read(revision_name: &str, options: &str) -> Result<Settings, Error> {
        // `{}` (what `new Session(revision)` sends) needs no parse.
        let given: SessionOptions = if matches!(options.trim(), "" | "{}") {
            SessionOptions::default()
        } else {
            serde_json::from_str(options).map_err(|e| Error::Options(format!("options: {e}")))?
        };
        let mode = match revision_name {
            "auto" => Mode::Auto,
            name => Mode::Fixed(revision(name)?),
        };
        // Start from the defaults and set what was given, so fields the
        // library adds later keep their defaults.
        let mut options = Options::default();
        if let Some(depth) = given.max_depth {
            if !(1..=MAX_DEPTH).contains(&depth) {
                return Err(Error::Options(format!(
                    "options: maxDepth {depth}: expected 1 to {MAX_DEPTH} levels (the range of the command line's --max-depth)"
                )));
            }
            options.limits.max_depth = depth;
        }
        if let Some(bytes) = given.max_message_bytes {
            options.limits.max_bytes = bytes;
        }
        if let Some(on) = given.null_id_as_warning {
            options.null_id_as_warning = on;
        }
        if let Some(name) = given.fallback.as_deref() {
            options.fallback = revision(name)?;
        }
        Ok(Settings {
            mode,
            options,
            http_protocol_version: given.http_protocol_version,
        })
    }

    fn header(&self, session: &mut mcpwire::Session) -> Result<(), Error> {
        match &self.http_protocol_version {
            Some(header) => session
                .set_http_protocol_version(header)
                .map_err(|e| Error::Revision(e.to_string())),
            None => Ok(()),
        }
    }
}

impl Session {
    /// `revision`: a revision string or `"auto"`; `options`: JSON text of
    /// the options object.
    pub fn new(revision_name: &str, options: &str) -> Result<Session, Error> {
        let settings = Settings::read(revision_name, options)?;
        let mut inner = mcpwire::Session::try_with_options(settings.mode, settings.options)
            .map_err(|e| Error::Revision(e.to_string()))?;
        settings.header(&mut inner)?;
        Ok(Session { inner })
    }

    /// Makes this session what [`Session::new`] would make with these
    /// arguments, reusing its room ([`mcpwire::Session::recycle`]): the
    /// package's pool of freed sessions. On error it is left as it was
    /// (but for a bad `httpProtocolVersion`, after which it is new).
    pub fn reset(&mut self, revision_name: &str, options: &str) -> Result<(), Error> {
        let settings = Settings::read(revision_name, options)?;
        self.inner
            .recycle(settings.mode, settings.options)
            .map_err(|e| Error::Revision(e.to_string()))?;
        settings.header(&mut self.inner)
    }

    /// [`Session::reset`] to `"auto"` and the default options (which fails
    /// only in a build without any revision, leaving the session as it was).
    pub fn clear(&mut self) {
        let _ = self.inner.recycle(Mode::Auto, Options::default());
    }

    /// Judges one message's text; the reports as JSON. Unreadable text
    /// is a report with `input_error`, as in Rust.
    /// `direction` `"auto"`: inferred by the session, as for a bare
    /// message in a transcript.
    pub fn observe(&mut self, direction: &str, origin: &str, text: &[u8]) -> Result<String, Error> {
        let origin = origin_of(origin)?;
        let direction = match direction {
            "auto" => None,
            given => Some(direction_of(given)?),
        };
        Ok(reports_text(&self.observe_reports(direction, origin, text)))
    }

    /// [`Session::judge`] with the arguments read: `direction` `None`
    /// is inferred by the session.
    pub fn observe_reports(
        &mut self,
        direction: Option<Direction>,
        origin: Origin,
        text: &[u8],
    ) -> Vec<mcpwire::Report> {
        let mut reports = Vec::new();
        self.observe_into(direction, origin, text, &mut reports);
        reports
    }

    /// [`Session::observe_reports`] into `reports`, whose report from the
    /// previous message lends its room to this one
    /// ([`mcpwire::Session::judge_into`]; the hot path keeps one
    /// such vector, [`crate::fast`]).
    pub fn observe_into(
        &mut self,
        direction: Option<Direction>,
        origin: Origin,
        text: &[u8],
        reports: &mut Vec<mcpwire::Report>,
    ) {
        let source = mcpwire::Source {
            direction,
            origin,
            line: None,
        };
        self.inner.judge_into(source, text, reports);
    }

    /// Requests never answered so far, as JSON.
    pub fn unanswered(&self) -> String {
        serde_json::to_string(&self.inner.unanswered()).expect("unanswered serializes")
    }

    /// The revision in force.
    pub fn revision(&self) -> String {
        self.inner.revision().to_string()
    }

    /// [`mcpwire::Session::set_http_protocol_version`].
    pub fn set_http_protocol_version(&mut self, header: &str) -> Result<(), Error> {
        self.inner
            .set_http_protocol_version(header)
            .map_err(|e| Error::Revision(e.to_string()))
    }
}

/// Whether a report has nothing to say: no violation, warning, expected
/// violation, unreadable input, batch index or line (the reports
/// [`reports_text`]'s short form carries).
pub fn says_nothing(r: &mcpwire::Report) -> bool {
    r.violations.is_empty()
        && r.warnings.is_empty()
        && r.expected.is_empty()
        && r.input_error.is_none()
        && r.batch_index.is_none()
        && r.line.is_none()
}

/// JSON of the reports, except for the common case — one report with
/// nothing to say (no violation, warning, expected violation, unreadable
/// input, batch index or line) — which is a tab-separated line after a
/// `\u{1}` (`index`, `direction`, `origin`, `revision`, `kind`, `m` +
/// method, `id` as JSON, definitions joined by `,`; empty for `None`) that
/// `npm/src/core.js` turns into the same object. Measured: it halves the
/// boundary's share of a valid message (no serde pass over the report, a
/// shorter string to decode, no `JSON.parse`; `docs/javascript.md`).
/// Anything the line cannot carry exactly (a tab in a method name) takes
/// the JSON form; the parity tests compare both forms with the Rust
/// library's reports.
pub fn reports_text(reports: &[mcpwire::Report]) -> String {
    use std::fmt::Write;
    if let [r] = reports {
        let clean = says_nothing(r) && !r.method.as_deref().is_some_and(|m| m.contains('\t'));
        if clean {
            let kind = match r.kind {
                mcpwire::MessageKind::Request => "request",
                mcpwire::MessageKind::Notification => "notification",
                mcpwire::MessageKind::Result => "result",
                mcpwire::MessageKind::Error => "error",
                mcpwire::MessageKind::Unknown => "unknown",
                mcpwire::MessageKind::Unreadable => "unreadable",
            };
            let mut out = String::with_capacity(128);
            let _ = write!(
                out,
                "\u{1}{}\t{}\t{}\t{}\t{kind}\t",
                r.index,
                r.direction.as_str(),
                r.origin.as_str(),
                r.revision.map_or("", |v| v.as_str()),
            );
            if let Some(m) = &r.method {
                out.push('m');
                out.push_str(m);
            }
            out.push('\t');
            if let Some(id) = &r.id {
                let _ = write!(out, "{id}");
            }
            out.push('\t');
            out.push_str(&r.definitions.join(","));
            return out;
        }
    }
    serde_json::to_string(reports).expect("reports serialize")
}

/// `"c2s"` / `"s2c"` (the transcript spelling).
pub fn direction_of(s: &str) -> Result<Direction, Error> {
    match s {
        "c2s" => Ok(Direction::ClientToServer),
        "s2c" => Ok(Direction::ServerToClient),
        other => Err(Error::Argument(format!(
            "direction {other:?}: expected \"c2s\" (client to server), \"s2c\" (server to client) or \"auto\" (inferred)"
        ))),
    }
}

/// `"implementation"` / `"harness"`.
pub fn origin_of(s: &str) -> Result<Origin, Error> {
    match s {
        "implementation" => Ok(Origin::Implementation),
        "harness" => Ok(Origin::Harness),
        other => Err(Error::Argument(format!(
            "origin {other:?}: expected \"implementation\" or \"harness\""
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "v2026_07_28")]
    const ARRAY_FOR_OBJECT: &str = r#"{"jsonrpc":"2.0","id":401,"error":{"code":-32021,"message":"needs sampling","data":{"requiredCapabilities":["sampling"]}}}"#;

    #[test]
    #[cfg(feature = "v2026_07_28")]
    fn session_reports_an_array_for_an_object_at_its_member() {
        let mut s = Session::new("2026-07-28", "{}").unwrap();
        let out: serde_json::Value = serde_json::from_str(
            &s.observe("s2c", "implementation", ARRAY_FOR_OBJECT.as_bytes())
                .unwrap(),
        )
        .unwrap();
        assert_eq!(
            out[0]["violations"][0]["instance"],
            "/error/data/requiredCapabilities"
        );
        let fixed = ARRAY_FOR_OBJECT.replace(r#"["sampling"]"#, r#"{"sampling":{}}"#);
        let out: serde_json::Value = serde_json::from_str(
            &s.observe("s2c", "implementation", fixed.as_bytes())
                .unwrap(),
        )
        .unwrap();
        assert_eq!(out[0]["violations"], serde_json::json!([]));
    }

    #[test]
    #[cfg(feature = "v2026_07_28")]
    fn validate_suggests_close_definitions_and_refuses_bad_text() {
        let e = validate("2026-07-28", "CallToolReslt", b"{}").unwrap_err();
        assert!(e.to_string().contains("CallToolResult"), "{e}");
        assert!(matches!(
            validate("2026-07-28", "CallToolResult", b"{"),
            Err(Error::Input(_))
        ));
        assert!(matches!(
            validate("1999-01-01", "CallToolResult", b"{}"),
            Err(Error::Revision(_))
        ));
    }

    #[test]
    fn options_are_checked() {
        assert!(matches!(
            Session::new("auto", r#"{"fallbak":"draft"}"#),
            Err(Error::Options(_))
        ));
        assert!(matches!(
            Session::new("sideways", "{}"),
            Err(Error::Revision(_))
        ));
        let mut s = Session::new("auto", "").unwrap();
        assert!(matches!(
            s.observe("up", "harness", b"{}"),
            Err(Error::Argument(_))
        ));
    }
}
