//! What is known of a message before it is judged: which way it went,
//! who wrote it, its JSON-RPC shape, and the parts a definition can apply
//! to.

use serde::{Deserialize, Serialize};

/// Which way a message travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Client to server.
    #[serde(rename = "c2s")]
    ClientToServer,
    /// Server to client.
    #[serde(rename = "s2c")]
    ServerToClient,
}

impl Direction {
    /// The other way.
    pub fn reverse(self) -> Direction {
        match self {
            Direction::ClientToServer => Direction::ServerToClient,
            Direction::ServerToClient => Direction::ClientToServer,
        }
    }

    /// `"c2s"` or `"s2c"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::ClientToServer => "c2s",
            Direction::ServerToClient => "s2c",
        }
    }

    /// The sending side: `"client"` or `"server"`.
    pub fn sender(self) -> &'static str {
        match self {
            Direction::ClientToServer => "client",
            Direction::ServerToClient => "server",
        }
    }
}

/// Who authored a message: a test harness judges the implementation's
/// traffic fairly and its own loudly, so reports keep the two apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// Written by the implementation under test.
    #[default]
    Implementation,
    /// Written by the harness (fixtures, mocks, the test's own requests).
    Harness,
}

impl Origin {
    /// `"implementation"` or `"harness"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Implementation => "implementation",
            Origin::Harness => "harness",
        }
    }
}

/// The JSON-RPC shape a message was recognised as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MessageKind {
    /// Has a string `method` and an `id`.
    Request,
    /// Has a string `method` and no `id`.
    Notification,
    /// Has a `result`.
    Result,
    /// Has a non-null `error`.
    Error,
    /// None of the above (checked against `JSONRPCMessage` only).
    Unknown,
    /// Could not be read as JSON at all.
    Unreadable,
}

/// Where in the message a definition applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The whole message.
    Message,
    /// The `result` member.
    Result,
    /// The `error` member.
    Error,
}
