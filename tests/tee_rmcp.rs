//! `mcpwire::tokio::Tee` with the official Rust SDK, rmcp (a
//! dev-dependency): an rmcp client and server over `tokio::io::duplex`
//! with the tee between them pass the guard; a hand-rolled raw server that
//! answers `tools/call` with what the schema forbids fails it, naming the
//! pointer; a line rmcp's codec drops (not JSON) is reported.
#![cfg(all(feature = "tokio", feature = "v2025_11_25"))]

use mcpwire::{
    testing::{Expected, Findings, Guard},
    tokio::Tee,
};
use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    model::{
        CallToolRequestParams, ClientConfig, ProtocolVersion, ServerCapabilities, ServerConfig,
    },
    schemars, tool, tool_handler, tool_router, ClientHandler, ServerHandler, ServiceExt,
};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct EchoArgs {
    text: String,
}

#[derive(Debug, Clone)]
struct Echo {
    #[allow(dead_code)] // read by the `tool_handler` macro
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Echo {
    #[tool(description = "Says it back")]
    fn echo(&self, Parameters(EchoArgs { text }): Parameters<EchoArgs>) -> String {
        text
    }
}

#[tool_handler]
impl ServerHandler for Echo {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

#[derive(Debug, Clone)]
struct Client(ProtocolVersion);

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let mut info = ClientConfig::default();
        info.protocol_version = self.0.clone();
        info
    }
}

fn echo_call() -> CallToolRequestParams {
    CallToolRequestParams::new("echo").with_arguments(
        json!({"text": "hello"})
            .as_object()
            .cloned()
            .unwrap_or_default(),
    )
}

/// initialize, tools/list, tools/call between rmcp's client and server.
async fn conformant(version: ProtocolVersion) -> Findings {
    let (client_io, server_io) = tokio::io::duplex(64 * 1024);
    let (client_io, findings) = Tee::client(client_io);
    let server = Echo {
        tool_router: Echo::tool_router(),
    };
    let server = tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = Client(version).serve(client_io).await.expect("connects");
    let tools = client.list_tools(None).await.expect("tools/list");
    assert_eq!(tools.tools.len(), 1);
    let result = client.call_tool(echo_call()).await.expect("tools/call");
    assert!(!result.content.is_empty());
    client.cancel().await.expect("closes");
    let _ = server.await;
    findings
}

#[tokio::test]
async fn a_conformant_rmcp_exchange_passes_the_guard() {
    let findings = conformant(ProtocolVersion::V_2025_11_25).await;
    let guard = Guard::new(&findings);
    findings.settle();
    // initialize, its result, initialized, tools/list and its result,
    // tools/call and its result.
    assert!(findings.judged() >= 7, "{findings:?}");
    assert_eq!(findings.unjudged(), 0);
    guard.assert_clean();
}

/// A raw server on the other end of the duplex: answers `initialize` and
/// `tools/list` properly, writes `before_init` first, and answers
/// `tools/call` with `call_result`.
async fn raw_server(io: DuplexStream, before_init: &'static [u8], call_result: Value) {
    let (read, mut write) = tokio::io::split(io);
    let mut lines = BufReader::new(read).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let Ok(msg) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let (Some(id), Some(method)) = (msg.get("id"), msg.get("method").and_then(Value::as_str))
        else {
            continue;
        };
        let result = match method {
            "initialize" => {
                write.write_all(before_init).await.unwrap();
                json!({"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                       "serverInfo": {"name": "raw", "version": "0.0.1"}})
            }
            "tools/list" => json!({"tools": [{"name": "echo",
                "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]}),
            "tools/call" => call_result.clone(),
            _ => json!({}),
        };
        let mut out =
            serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": id, "result": result})).unwrap();
        out.push(b'\n');
        if write.write_all(&out).await.is_err() {
            break;
        }
    }
}

/// Runs rmcp's client against [`raw_server`] through the tee; returns the
/// collector.
async fn against_raw(before_init: &'static [u8], call_result: Value) -> Findings {
    let (client_io, server_io) = tokio::io::duplex(64 * 1024);
    let (client_io, findings) = Tee::client(client_io);
    let server = tokio::spawn(raw_server(server_io, before_init, call_result));
    let client = Client(ProtocolVersion::V_2025_11_25)
        .serve(client_io)
        .await
        .expect("connects");
    client.list_tools(None).await.expect("tools/list");
    // rmcp may refuse the result it cannot type; the tee has seen it.
    let _ = client.call_tool(echo_call()).await;
    client.cancel().await.expect("closes");
    let _ = server.await;
    findings
}

#[tokio::test]
async fn a_string_is_error_fails_the_guard_naming_the_pointer() {
    let findings = against_raw(
        b"",
        json!({"content": [{"type": "text", "text": "hi"}], "isError": "false"}),
    )
    .await;
    let text = Guard::new(&findings)
        .verdict()
        .expect_err("the guard fails");
    assert!(text.contains("violation[type]: /result/isError:"), "{text}");
    assert!(text.contains("result of 'tools/call'"), "{text}");
    assert!(text.contains("definition CallToolResult"), "{text}");
    // The offending value in the wire's bytes, marked (crate::excerpt).
    let excerpt = text
        .lines()
        .find(|l| l.starts_with("    | ") && l.contains(r#""isError":"false""#))
        .unwrap_or_else(|| panic!("an excerpt line: {text}"));
    let marks = text
        .lines()
        .skip_while(|l| *l != excerpt)
        .nth(1)
        .unwrap_or_default();
    let at = excerpt.find(r#""false""#).unwrap() - "    | ".len();
    assert_eq!(
        marks,
        format!("    | {}{}", " ".repeat(at), "^".repeat(7)),
        "{text}"
    );
    // Declared expected, the same run passes.
    let mut guard = Guard::new(&findings);
    guard.expect(
        Expected::violation()
            .pointer("/result/isError")
            .definition("CallToolResult"),
    );
    guard.assert_clean();
}

#[tokio::test]
async fn an_unknown_content_type_fails_the_guard() {
    let findings = against_raw(
        b"",
        json!({"content": [{"type": "hologram", "text": "hi"}]}),
    )
    .await;
    let text = Guard::new(&findings)
        .verdict()
        .expect_err("the guard fails");
    assert!(text.contains(": /result/content/0"), "{text}");
    let _quiet = {
        let mut guard = Guard::new(&findings);
        guard.expect(Expected::violation());
        guard
    };
}

#[tokio::test]
async fn a_line_rmcp_drops_is_reported() {
    let findings = against_raw(
        b"this line is not JSON\n",
        json!({"content": [{"type": "text", "text": "hi"}]}),
    )
    .await;
    findings.settle();
    let violations = findings.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    let v = &violations[0];
    assert_eq!(v.context.line, Some(1), "{v:?}");
    assert!(
        v.report
            .input_error
            .as_deref()
            .unwrap()
            .starts_with("invalid JSON"),
        "{v:?}"
    );
    let text = Guard::new(&findings)
        .verdict()
        .expect_err("the guard fails");
    assert!(text.contains("<server>:1: unreadable · s2c"), "{text}");
    assert!(text.contains(": unreadable: invalid JSON"), "{text}");
    let mut guard = Guard::new(&findings);
    guard.expect(Expected::unreadable());
    guard.assert_clean();
}
