//! An rmcp client and server in one process, talking over
//! `tokio::io::duplex` through `mcpwire::tokio::Tee`; the guard fails the
//! run if anything on the wire breaks the schema.
//!
//! `cargo run --example rmcp_guard --features tokio`

use mcpwire::{testing::Guard, tokio::Tee};
use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    model::{
        CallToolRequestParams, ClientConfig, ProtocolVersion, ServerCapabilities, ServerConfig,
    },
    schemars, tool, tool_handler, tool_router, ClientHandler, ServerHandler, ServiceExt,
};

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct EchoArgs {
    /// What to say back.
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
struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let mut info = ClientConfig::default();
        info.protocol_version = ProtocolVersion::V_2025_11_25;
        info
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (client_io, server_io) = tokio::io::duplex(64 * 1024);
    let (client_io, findings) = Tee::client(client_io); // judge the wire
    let guard = Guard::new(&findings);

    let server = Echo {
        tool_router: Echo::tool_router(),
    };
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = Client.serve(client_io).await?;
    client.list_tools(None).await?;
    let args = serde_json::json!({"text": "hello"});
    let params = CallToolRequestParams::new("echo")
        .with_arguments(args.as_object().cloned().unwrap_or_default());
    let result = client.call_tool(params).await?;
    println!("echo said: {:?}", result.content);
    client.cancel().await?;

    guard.assert_clean(); // panics, listing each violation, if any
    println!("{} messages judged, no violations", findings.judged());
    Ok(())
}
