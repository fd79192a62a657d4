//! What the judge thread does with each queued item, in queue order — the
//! same code [`super::Replay`] runs on the caller's thread.
//!
//! A plain message (a line, a tee's message) is judged by the pipeline's
//! own session. An HTTP step goes to [`HttpSide`], which judges it in its
//! conversation: HTTP rules and messages of one MCP session go through
//! one queue into one [`Session`].

use super::{
    http_side::HttpSide,
    queue::{Body, Item},
    requests, rules, Config, Consumer, Context, Judged, Totals,
};
use crate::{http::Step, input::InputError, Session, Source};

/// The judge's state.
pub(super) struct Judging {
    config: Config,
    /// The session of plain messages (lines, a tee's messages), judged at
    /// the configured fallback until a handshake says otherwise.
    plain: Session,
    http: Option<Box<HttpSide>>,
    totals: Totals,
    sequence: u64,
}

impl Judging {
    pub(super) fn new(config: Config) -> Judging {
        Judging {
            plain: Session::with_options(config.mode, config.options),
            config,
            http: None,
            totals: Totals::default(),
            sequence: 0,
        }
    }

    /// Messages not judged (the queue's count).
    pub(super) fn unjudged(&mut self, n: u64) {
        self.totals.unjudged = n;
    }

    /// Judges one item and hands the results to `consumer`.
    pub(super) fn item<C: Consumer + ?Sized>(&mut self, mut item: Item, consumer: &mut C) {
        item.context.sequence = self.sequence;
        self.sequence += 1;
        if let Body::Step(step) = &item.body {
            self.step(step, &item.context, item.skipped_before, consumer);
            return;
        }
        let limit = self.config.options.limits.max_bytes;
        let judged = judge_one(&mut self.plain, &item, limit);
        let (body, size): (&[u8], usize) = match &item.body {
            Body::Bytes(b) => (b, b.len()),
            Body::TooLarge(len) => (&[], *len),
            Body::Step(_) => unreachable!("handled above"),
        };
        consumer.judged(&Judged {
            context: &item.context,
            bytes: body,
            size,
            revision: self.plain.revision(),
            reports: &judged.reports,
            value: judged.value.as_ref(),
            skipped_before: item.skipped_before,
        });
        self.totals.judged += 1;
    }

    /// Judges one HTTP step on the HTTP side (made on the first).
    fn step<C: Consumer + ?Sized>(
        &mut self,
        step: &Step,
        queued: &Context,
        skipped_before: u64,
        consumer: &mut C,
    ) {
        let http: &mut HttpSide = self.http.get_or_insert_with(Box::default);
        http.step(
            &self.config,
            step,
            queued,
            skipped_before,
            consumer,
            &mut self.totals,
        );
    }

    /// Every request never answered, and the totals; tells the consumer.
    pub(super) fn finish<C: Consumer + ?Sized>(mut self, consumer: &mut C) -> Totals {
        let mut unanswered = requests::unanswered(&self.plain, false);
        if let Some(http) = self.http {
            unanswered.extend(http.unanswered());
        }
        self.totals.unanswered = unanswered;
        consumer.finished(&self.totals);
        self.totals
    }
}

/// Judges a plain item in `session`: at the revision its HTTP header
/// names if any, an item over `limit` as unreadable, a line without its
/// newline with a warning.
fn judge_one(session: &mut Session, item: &Item, limit: usize) -> crate::Judged {
    let context = &item.context;
    if let Some(version) = context
        .http
        .as_ref()
        .and_then(|h| h.protocol_version.as_deref())
    {
        // An unknown header value is the HTTP rules' business; the session
        // keeps judging at the revision it had.
        let _ = session.set_http_protocol_version(version);
    }
    let source = Source {
        direction: Some(context.direction),
        origin: context.origin,
        line: context.line.and_then(|l| usize::try_from(l).ok()),
    };
    let mut judged = match &item.body {
        Body::Bytes(bytes) => session.judge(source, bytes),
        Body::TooLarge(len) => {
            // Empty input gives an unreadable report and advances the
            // session's message index like any other message.
            let mut judged = session.judge(source, b"");
            for r in &mut judged.reports {
                r.input_error = Some(InputError::TooLarge { len: *len, limit }.to_string());
            }
            judged
        }
        Body::Step(_) => unreachable!("steps are judged by Judging::step"),
    };
    if context.unterminated {
        let revision = session.revision();
        if let Some(first) = judged.reports.first_mut() {
            first
                .warnings
                .push(rules::unterminated(first.revision.unwrap_or(revision)));
        }
    }
    judged
}
