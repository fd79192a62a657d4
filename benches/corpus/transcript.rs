//! A whole client–server conversation, as the bytes that cross the wire:
//! the handshake, one large `tools/list`, then `calls` tool calls with
//! progress notifications, server logs, occasional `resources/read` with a
//! blob, and an error response instead of a result every 20th call.

use mcpwire::Direction;
use serde_json::json;

use super::messages::{Builder, Msg};

/// One message on the wire.
#[derive(Clone, Debug)]
pub struct Frame {
    /// Which way it travels.
    pub direction: Direction,
    /// One JSON text.
    pub bytes: Vec<u8>,
}

/// Tools in the transcript's `tools/list` result.
const TOOLS: usize = 200;
/// Raw bytes of each blob read in the transcript.
const BLOB: usize = 6 * 1024;

fn frame(msg: &Msg) -> Frame {
    Frame {
        direction: msg.direction,
        bytes: serde_json::to_vec(&msg.value).expect("a Value serializes"),
    }
}

/// The conversation, `calls` tool calls long.
pub fn transcript(b: &mut Builder, calls: u64) -> Vec<Frame> {
    let mut out = Vec::new();
    out.push(frame(&b.handshake_request(0)));
    out.push(frame(&b.handshake_result(0)));
    if let Some(n) = b.initialized() {
        out.push(frame(&n));
    }
    out.push(frame(&b.tools_list_request(1)));
    out.push(frame(&b.tools_list_result(1, TOOLS)));
    let mut id = 2;
    for call in 0..calls {
        out.push(frame(&b.call_tool_request(id)));
        let steps = b.rng().below(4) as u64;
        for step in 1..=steps {
            out.push(frame(&b.progress(
                json!(format!("progress-{id}")),
                step,
                steps,
            )));
        }
        if call % 10 == 3 {
            out.push(frame(&b.log_message()));
        }
        if call % 20 == 11 {
            out.push(frame(&b.error_response(json!(id), call as usize / 20)));
        } else {
            let blocks = 1 + b.rng().below(20);
            let structured = call.is_multiple_of(3);
            out.push(frame(&b.call_tool_result(id, blocks, structured)));
        }
        id += 1;
        if call % 25 == 24 {
            let uri = format!("file:///workspace/assets/{call}.png");
            out.push(frame(&b.read_resource_request(id, &uri)));
            out.push(frame(&b.read_resource_result(id, BLOB)));
            id += 1;
        }
    }
    out
}
