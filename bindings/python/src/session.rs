//! `pymcpwire._mcpwire.Session`: a [`mcpwire::Session`] driven with bytes.

use mcpwire::{expect::Expect, Mode, Options, Origin};
use pyo3::prelude::*;

use crate::{
    errors::{direction, error, revision},
    findings::{clean, reports_json},
    stack::{checked_depth, needs_own_stack, on_own_stack, stack_size},
    validate::DETACH_BYTES,
};

/// One MCP conversation, judged message by message.
#[pyclass(module = "pymcpwire._mcpwire")]
pub struct Session {
    inner: mcpwire::Session,
    /// Messages observed.
    observed: usize,
    /// The session's nesting limit (for the stack of deep messages).
    max_depth: usize,
}

#[pymethods]
impl Session {
    /// `revision`: a revision string or `"auto"` (from `initialize`);
    /// the options as `pymcpwire.Session` documents them.
    #[new]
    #[pyo3(signature = (revision_name = "auto", *, fallback = None, null_id_as_warning = None, max_depth = None, max_message_bytes = None, http_protocol_version = None))]
    fn new(
        revision_name: &str,
        fallback: Option<&str>,
        null_id_as_warning: Option<bool>,
        max_depth: Option<usize>,
        max_message_bytes: Option<usize>,
        http_protocol_version: Option<&str>,
    ) -> PyResult<Session> {
        let mode = match revision_name {
            "auto" => Mode::Auto,
            name => Mode::Fixed(revision(name)?),
        };
        let mut options = Options::default();
        if let Some(depth) = max_depth {
            options.limits.max_depth = checked_depth(depth)?;
        }
        if let Some(bytes) = max_message_bytes {
            options.limits.max_bytes = bytes;
        }
        if let Some(on) = null_id_as_warning {
            options.null_id_as_warning = on;
        }
        if let Some(name) = fallback {
            options.fallback = revision(name)?;
        }
        let max_depth = options.limits.max_depth;
        let mut inner =
            mcpwire::Session::try_with_options(mode, options).map_err(|e| error(e.to_string()))?;
        if let Some(header) = http_protocol_version {
            inner
                .set_http_protocol_version(header)
                .map_err(|e| error(e.to_string()))?;
        }
        Ok(Session {
            inner,
            observed: 0,
            max_depth,
        })
    }

    /// Judges one message's text (`direction`: `"c2s"`/`"client"`,
    /// `"s2c"`/`"server"` or `"auto"`); `expect`: the JSON text of a
    /// transcript record's `expect` member (`"invalid"` or
    /// `{"violations": [pointer, …]}`). The reports as JSON text, or, for
    /// the common case of one report with nothing to say, a tuple
    /// ([`crate::findings::clean`]).
    #[pyo3(signature = (text, direction_name = "auto", expect = None))]
    fn observe(
        &mut self,
        py: Python<'_>,
        text: &[u8],
        direction_name: &str,
        expect: Option<&str>,
    ) -> PyResult<PyObject> {
        let dir = direction(direction_name)?;
        let expect = match expect {
            None => None,
            Some(json) => {
                let value: serde_json::Value =
                    serde_json::from_str(json).map_err(|e| error(format!("expect: {e}")))?;
                Some(Expect::from_value(&value).map_err(error)?)
            }
        };
        let inner = &mut self.inner;
        let mut run = move || {
            let mut reports = Vec::new();
            let source = mcpwire::Source {
                direction: dir,
                origin: Origin::Implementation,
                line: None,
            };
            inner.judge_into(source, text, &mut reports);
            if let Some(expect) = &expect {
                expect.apply(&mut reports);
            }
            reports
        };
        self.observed += 1;
        let reports = if needs_own_stack(self.max_depth, text) {
            let stack = stack_size(self.max_depth);
            py.allow_threads(|| on_own_stack(stack, run))?
        } else if text.len() >= DETACH_BYTES {
            py.allow_threads(run)
        } else {
            run()
        };
        match clean(py, &reports)? {
            Some(tuple) => Ok(tuple),
            None => Ok(reports_json(&reports)
                .into_pyobject(py)?
                .into_any()
                .unbind()),
        }
    }

    /// Requests never answered so far, as JSON text.
    fn unanswered(&self) -> String {
        serde_json::to_string(&self.inner.unanswered()).expect("unanswered serializes")
    }

    /// The revision in force.
    #[getter]
    fn revision(&self) -> &'static str {
        self.inner.revision().as_str()
    }

    /// How many messages were observed.
    #[getter]
    fn observed(&self) -> usize {
        self.observed
    }
}
