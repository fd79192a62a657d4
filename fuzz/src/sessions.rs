//! The session targets' oracle: a session fed bytes
//! ([`Session::judge`], the single-pass fast path) and a session
//! fed the parsed `Value` ([`Session::judge`]) must write the same
//! reports, message after message. Unreadable bytes go to
//! the text path on both (they have no `Value`).

use mcpwire::{input, Direction, Mode, Options, Session};

/// Feeds `messages` to both sessions and panics at the first report that
/// differs.
pub fn same_reports(mode: Mode, messages: &[(Direction, &[u8])]) {
    let options = Options::default();
    let mut from_bytes = Session::with_options(mode, options);
    let mut from_value = Session::with_options(mode, options);
    for (i, (direction, bytes)) in messages.iter().enumerate() {
        let a = from_bytes.judge(*direction, *bytes).reports;
        let b = match input::parse(bytes, options.limits) {
            Ok(value) => from_value.judge(*direction, &value).reports,
            Err(e) => {
                let unreadable =
                    a.len() == 1 && a[0].input_error.as_deref() == Some(&*e.to_string());
                assert!(
                    unreadable,
                    "message {i}: input::parse says {e}, judge read the text: {}",
                    to_json(&a)
                );
                from_value.judge(*direction, *bytes).reports
            }
        };
        let (ja, jb) = (to_json(&a), to_json(&b));
        if ja != jb {
            panic!(
                "message {i} ({direction:?}) {:?}:\ntext:  {ja}\nvalue: {jb}",
                String::from_utf8_lossy(bytes)
            );
        }
    }
    let _ = from_bytes.unanswered();
}

fn to_json(reports: &[mcpwire::Report]) -> String {
    serde_json::to_string(reports).unwrap_or_else(|e| format!("unserializable: {e}"))
}
