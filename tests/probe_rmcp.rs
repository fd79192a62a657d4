//! A real peer built in: `mcpwire probe` drives a small server made with
//! the official Rust SDK, rmcp (a dev-dependency, so the peer is never
//! missing), over stdio at every revision compiled in.
//!
//! The test binary is its own server: run with `serve` it speaks MCP on
//! its standard input and output (so the test has no harness: libtest
//! would print on standard output). The server has two tools (one
//! annotated read-only), a prompt with an argument, a resource and a
//! resource template.
//!
//! What it must show, checked by hand against the spec: rmcp 3.11 knows
//! 2024-11-05 to 2026-07-28, so the four `initialize`-era revisions are
//! negotiated as offered, and 2026-07-28 too (its `server/discover` lists
//! it in `supportedVersions`), every declared feature exercised at each;
//! `draft` is refused with the stateless revisions' error for an
//! unsupported version (−32022), a note and no finding; the tool that is
//! not read-only is left alone; no finding at any revision.
#![cfg(all(
    feature = "tokio",
    feature = "v2024_11_05",
    feature = "v2025_03_26",
    feature = "v2025_06_18",
    feature = "v2025_11_25",
    feature = "v2026_07_28",
    feature = "draft"
))]

#[path = "support/small_server.rs"]
mod small_server;

use std::{
    io::{BufRead, Read, Write},
    process::Command,
};

use rmcp::{
    handler::server::{
        router::{prompt::PromptRouter, tool::ToolRouter},
        wrapper::Parameters,
    },
    model::{
        ErrorData, GetPromptResult, ListResourceTemplatesResult, ListResourcesResult,
        PaginatedRequestParams, PromptMessage, ReadResourceRequestParams, ReadResourceResponse,
        ReadResourceResult, Resource, ResourceContents, ResourceTemplate, Role, ServerCapabilities,
        ServerConfig,
    },
    prompt, prompt_handler, prompt_router, schemars,
    service::RequestContext,
    tool, tool_handler, tool_router, RoleServer, ServerHandler, ServiceExt,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct AddArgs {
    /// The first addend.
    a: i64,
    /// The second addend.
    b: i64,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct GreetArgs {
    /// Whom to greet.
    name: String,
}

#[derive(Debug, Clone)]
struct Peer {
    #[allow(dead_code)] // read by the `tool_handler` macro
    tool_router: ToolRouter<Self>,
    #[allow(dead_code)] // read by the `prompt_handler` macro
    prompt_router: PromptRouter<Self>,
}

#[tool_router]
impl Peer {
    #[tool(description = "Adds two integers", annotations(read_only_hint = true))]
    fn add(&self, Parameters(AddArgs { a, b }): Parameters<AddArgs>) -> String {
        (a + b).to_string()
    }

    #[tool(
        description = "Pretends to delete something (the probe's defaults never call it)",
        annotations(read_only_hint = false, destructive_hint = true)
    )]
    fn forget(&self) -> String {
        "forgotten".into()
    }
}

#[prompt_router]
impl Peer {
    #[prompt(name = "greet", description = "A greeting")]
    async fn greet(
        &self,
        Parameters(GreetArgs { name }): Parameters<GreetArgs>,
    ) -> GetPromptResult {
        GetPromptResult::new(vec![PromptMessage::new_text(
            Role::User,
            format!("Say hello to {name}."),
        )])
    }
}

#[tool_handler]
#[prompt_handler]
impl ServerHandler for Peer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .enable_resources()
                .build(),
        )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(vec![Resource::new(
            "memo://readme",
            "readme",
        )
        .with_mime_type("text/plain")]))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new("memo://notes/{topic}", "note"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != "memo://readme" {
            return Err(ErrorData::resource_not_found("no such resource", None));
        }
        Ok(ReadResourceResult::new(vec![ResourceContents::text(
            "mcpwire rmcp peer",
            request.uri,
        )
        .with_mime_type("text/plain")])
        .into())
    }
}

/// Serves MCP on standard input and output until input ends. tokio's
/// standard streams are not among the features this crate enables, so two
/// threads copy between the process's streams and an in-memory pipe.
fn serve() {
    let (ours, theirs) = tokio::io::duplex(64 * 1024);
    let (mut from_server, mut to_server) = tokio::io::split(ours);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let handle = runtime.handle().clone();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        loop {
            let buf = match input.fill_buf() {
                Ok([]) | Err(_) => break,
                Ok(buf) => buf.to_vec(),
            };
            input.consume(buf.len());
            if handle.block_on(to_server.write_all(&buf)).is_err() {
                break;
            }
        }
        let _ = handle.block_on(to_server.shutdown());
    });
    let handle = runtime.handle().clone();
    let writer = std::thread::spawn(move || {
        let mut out = std::io::stdout().lock();
        let mut buf = vec![0; 64 * 1024];
        while let Ok(n @ 1..) = handle.block_on(from_server.read(&mut buf)) {
            if out.write_all(&buf[..n]).and_then(|()| out.flush()).is_err() {
                break;
            }
        }
    });
    runtime.block_on(async {
        let server = Peer {
            tool_router: Peer::tool_router(),
            prompt_router: Peer::prompt_router(),
        };
        if let Ok(running) = server.serve(theirs).await {
            let _ = running.waiting().await;
        }
    });
    let _ = writer.join();
    // Drain what is left so that the reader thread is not stuck writing.
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("serve") {
        serve();
        return;
    }
    // libtest's arguments (`--list`, filters) do not apply: one test.
    if std::env::args().any(|a| a == "--list") {
        println!("rmcp_server_at_every_revision: test");
        return;
    }
    rmcp_server_at_every_revision();
    println!("1 passed, 0 failed");
}

fn rmcp_server_at_every_revision() {
    let me = std::env::current_exe().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["probe", "--format", "json", "--timeout", "10s", "--"])
        .arg(&me)
        .arg("serve")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    let (tables, summary) = small_server::tables(&stdout, "rmcp 3.11.0", 1);
    for t in &tables {
        assert_eq!(t["findings"], serde_json::json!({}), "{t}");
    }
    assert_eq!(summary["violations"], 0, "{summary}");
    assert_eq!(summary["warnings"], 0, "{summary}");
    assert!(summary["messages"].as_u64().unwrap() >= 100, "{summary}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}
