//! `HttpLink`: one revision's HTTP connection and its `Link` implementation
//! (start, request, notify, close).

use super::*;

/// One revision's HTTP connection.
pub struct HttpLink {
    pub(super) runtime: tokio::runtime::Runtime,
    pub(super) shared: Arc<Shared>,
    closing: watch::Sender<bool>,
    next_id: u64,
    request_meta: Option<Value>,
    /// The URL's host is a loopback name or address.
    pub loopback: bool,
}

impl HttpLink {
    /// A link to `url` for the conversation at `revision`, judged through
    /// `submitter`; `limit` bytes per message; `timeout` for exchanges
    /// that are not a request's (notifications, answers, the end);
    /// `config`: the `--header`s and captures.
    pub fn start(
        url: &str,
        submitter: &Submitter,
        limit: usize,
        revision: Version,
        timeout: Duration,
        config: &HttpConfig,
    ) -> Result<HttpLink, String> {
        let uri = check_url(url)?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("probe-http")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the runtime: {e}"))?;
        let client = tls::client(None)?;
        let (tx, rx) = watch::channel(false);
        let authority = uri.authority().map(|a| a.as_str()).unwrap_or_default();
        let shared = Arc::new(Shared {
            client,
            extra: config.headers.clone(),
            redaction: Redaction::new(config.headers.iter().map(|(n, _)| n)),
            captures: config.captures.clone(),
            recordings: Recordings::default(),
            base: format!("{}://{authority}", uri.scheme_str().unwrap_or("http")),
            target: uri
                .path_and_query()
                .map_or_else(|| "/".to_string(), |p| p.as_str().to_string()),
            submitter: submitter.clone(),
            next_exchange: AtomicU64::new(1),
            waiting: Mutex::default(),
            state: Mutex::default(),
            answered: Mutex::default(),
            limit,
            timeout,
            offered: revision,
            stateless: super::super::protocol::stateless(revision),
            closing: rx,
            running: AtomicUsize::new(0),
            watch: Watch::default(),
        });
        Ok(HttpLink {
            runtime,
            loopback: uri.host().is_some_and(is_loopback),
            shared,
            closing: tx,
            next_id: 0,
            request_meta: None,
        })
    }

    /// The transport in use.
    pub fn transport(&self) -> Transport {
        if self.shared.legacy() {
            Transport::Legacy
        } else {
            Transport::Streamable
        }
    }

    /// Ends the conversation: DELETE of the session (Streamable HTTP, when
    /// the server issued one; a 405 is its right), then every stream is
    /// closed and the tasks get `grace` to finish.
    pub fn close(self, grace: Duration) {
        let shared = Arc::clone(&self.shared);
        let session = shared.state().session_id.clone();
        if session.is_some() && !shared.legacy() && !shared.stateless {
            let s = Arc::clone(&shared);
            self.runtime.block_on(async move {
                let deadline = Instant::now() + s.timeout;
                let headers = s.headers(None, "application/json, text/event-stream");
                let headers = headers.into_iter().filter(|(n, _)| n != "accept").collect();
                let target = s.target.clone();
                if let Ok((exchange, _, response)) =
                    send(&s, "DELETE", &target, headers, Vec::new(), deadline).await
                {
                    read_body(&s, exchange, response, deadline).await;
                }
            });
        }
        let _ = self.closing.send(true);
        let until = std::time::Instant::now() + grace;
        while shared.running.load(Ordering::SeqCst) > 0 && std::time::Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        self.runtime.shutdown_timeout(grace);
    }
}

impl Link for HttpLink {
    fn request(&mut self, method: &str, params: Option<Value>, timeout: Duration) -> Reply {
        self.next_id += 1;
        let key = Value::from(self.next_id).to_string();
        if self.shared.state().gone.is_some() {
            return Reply::Closed;
        }
        let message = request_message(self.next_id, method, params, self.request_meta.as_ref());
        let (tx, rx) = mpsc::channel();
        self.shared
            .waiting()
            .insert(key.clone(), (method.to_string(), tx));
        let shared = Arc::clone(&self.shared);
        let deadline = Instant::now() + timeout;
        let k = key.clone();
        let _guard = self.runtime.enter();
        spawn(&self.shared, post_request(shared, message, k, deadline));
        let reply = match rx.recv_timeout(timeout) {
            Ok(reply) => reply,
            Err(_) => {
                self.shared.waiting().remove(&key);
                // An answer may have been delivered just now.
                rx.try_recv().unwrap_or(Reply::TimedOut)
            }
        };
        reply
    }

    fn notify(&mut self, method: &str, params: Option<Value>) {
        if self.shared.state().gone.is_some() {
            return;
        }
        let message = notification(method, params, self.request_meta.as_ref());
        let shared = Arc::clone(&self.shared);
        let (tx, rx) = mpsc::channel::<()>();
        let _guard = self.runtime.enter();
        spawn(&self.shared, async move {
            let deadline = Instant::now() + shared.timeout;
            post_other(&shared, &message, deadline).await;
            let _ = tx.send(());
        });
        // In order: the next message is sent once this one is answered.
        let _ = rx.recv_timeout(self.shared.timeout);
        if method == "notifications/initialized" && !self.shared.legacy() && !self.shared.stateless
        {
            // "The client MAY issue an HTTP GET to the MCP endpoint": the
            // stream on which the server's own requests and notifications
            // come.
            spawn(&self.shared, listen(Arc::clone(&self.shared)));
        }
    }

    fn last_id(&self) -> u64 {
        self.next_id
    }

    fn set_request_meta(&mut self, meta: Option<Value>) {
        self.request_meta = meta;
    }

    /// The request POSTed, then at once `notifications/cancelled` for it
    /// POSTed as any notification ("cancellation notifications are sent as
    /// a new message", basic/utilities/cancellation); the answer, which
    /// may still come on the request's stream, is waited for at most
    /// `wait`. At the stateless revisions a request is cancelled by
    /// closing its stream, which races the answer of a `ping` on
    /// loopback: `None`, not done.
    fn request_cancelled(
        &mut self,
        method: &str,
        params: Option<Value>,
        reason: &str,
        wait: Duration,
    ) -> Option<Reply> {
        if self.shared.stateless {
            return None;
        }
        if self.shared.state().gone.is_some() {
            return Some(Reply::Closed);
        }
        self.next_id += 1;
        let id = self.next_id;
        let key = Value::from(id).to_string();
        let message = request_message(id, method, params, self.request_meta.as_ref());
        let cancel = notification(
            "notifications/cancelled",
            Some(json!({"requestId": id, "reason": reason})),
            self.request_meta.as_ref(),
        );
        let (tx, rx) = mpsc::channel();
        self.shared
            .waiting()
            .insert(key.clone(), (method.to_string(), tx));
        let deadline = Instant::now() + self.shared.timeout.max(wait);
        let before = self.shared.next_exchange.load(Ordering::SeqCst);
        let _guard = self.runtime.enter();
        spawn(
            &self.shared,
            post_request(Arc::clone(&self.shared), message, key.clone(), deadline),
        );
        let shared = Arc::clone(&self.shared);
        spawn(&self.shared, async move {
            // The cancellation after its request: once the request's
            // exchange has begun (so it is judged first), and a moment for
            // it to reach the server on its own connection.
            while shared.next_exchange.load(Ordering::SeqCst) <= before && Instant::now() < deadline
            {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
            post_other(&shared, &cancel, deadline).await;
        });
        let reply = match rx.recv_timeout(wait) {
            // The stream ended without the response: the receiver "SHOULD
            // NOT send a response for the cancelled request", so it is no
            // answer, not a failure.
            Ok(Reply::Failed(_)) => Reply::TimedOut,
            Ok(reply) => reply,
            Err(_) => {
                self.shared.waiting().remove(&key);
                rx.try_recv().unwrap_or(Reply::TimedOut)
            }
        };
        Some(reply)
    }

    /// The request POSTed; its SSE stream read for `wait`, then closed
    /// (the POST's deadline), which "MUST be treated by the server as
    /// cancellation of that request".
    fn listen(&mut self, params: Value, wait: Duration) -> Option<(u64, Vec<Value>)> {
        if self.shared.state().gone.is_some() {
            return None;
        }
        self.next_id += 1;
        let id = self.next_id;
        self.shared.watch.open(id);
        let message = request_message(
            id,
            "subscriptions/listen",
            Some(params),
            self.request_meta.as_ref(),
        );
        let deadline = Instant::now() + wait;
        let key = Value::from(id).to_string();
        let (tx, rx) = mpsc::channel::<()>();
        let shared = Arc::clone(&self.shared);
        let _guard = self.runtime.enter();
        spawn(&self.shared, async move {
            post_request(shared, message, key, deadline).await;
            let _ = tx.send(());
        });
        // The stream is read until the deadline (or its end).
        let _ = rx.recv_timeout(wait + Duration::from_millis(100));
        Some((id, self.shared.watch.take()))
    }

    fn ended(&mut self, _grace: Duration) -> (Option<String>, String) {
        let why = self
            .shared
            .state()
            .gone
            .clone()
            .unwrap_or_else(|| "the connection ended".into());
        (None, why)
    }

    fn cancels_by_closing(&self) -> bool {
        self.shared.stateless
    }

    fn mirrors_param_headers(&self) -> bool {
        self.shared.stateless
    }

    fn answered_by_link(&self) -> Vec<u64> {
        self.shared
            .answered
            .lock()
            .map(|a| a.clone())
            .unwrap_or_default()
    }
}
