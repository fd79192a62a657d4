//! The bodies of the four fuzz targets, as plain functions of the input
//! bytes: `fuzz_targets/*.rs` call them under libFuzzer, and
//! `tests/fuzz_regressions.rs` replays saved inputs through them on the
//! stable toolchain (in CI).

use arbitrary::Unstructured;
use mcpwire::{
    input::Limits,
    transcript::{Item, Reader},
    Direction, Mode, Session, Source, Version,
};

/// Raw bytes → `Session` in auto mode, both directions: the input's lines
/// are messages (the first byte's bits pick each line's direction).
/// `Session::judge` on the text and on the parsed value must agree.
pub fn session_bytes(data: &[u8]) {
    let Some((&bits, rest)) = data.split_first() else {
        return;
    };
    let messages: Vec<(Direction, &[u8])> = rest
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, line)| {
            let direction = if (bits >> (i % 8)) & 1 == 0 {
                Direction::ClientToServer
            } else {
                Direction::ServerToClient
            };
            (direction, line)
        })
        .collect();
    super::sessions::same_reports(Mode::Auto, &messages);
}

/// Raw bytes → the transcript reader (limits 64 levels, 2 KiB), then each
/// message through an auto session that infers bare messages' direction,
/// as `mcpwire check` does. The reader makes progress (at most one entry per
/// input byte, plus one) and line numbers never go back.
pub fn transcript(data: &[u8]) {
    let limits = Limits::new(64, 2048);
    let mut session = Session::auto();
    let (mut entries, mut last_line) = (0usize, 0usize);
    for entry in Reader::new(data, limits) {
        let Ok(entry) = entry else { break };
        entries += 1;
        assert!(entries <= data.len() + 1, "more entries than bytes");
        assert!(
            entry.line >= last_line.max(1),
            "line {} after {last_line}",
            entry.line
        );
        last_line = entry.line;
        if let Item::Message(m) = entry.item {
            let source = Source {
                direction: m.direction,
                origin: m.origin,
                line: Some(entry.line),
            };
            let _ = session.judge(source, m.text.as_slice());
        }
    }
    let _ = session.unanswered();
}

/// Structure-aware: 1–4 seed messages, each edited
/// ([`super::edit::edit`]), fed to an auto and a fixed-revision session;
/// the bytes path and the `Value` path must agree.
pub fn structured(data: &[u8]) {
    let seeds = super::seeds::get();
    let mut u = Unstructured::new(data);
    let Ok(n) = u.int_in_range(1..=4usize) else {
        return;
    };
    let mut messages = Vec::new();
    for _ in 0..n {
        let Ok(i) = u.choose_index(seeds.seeds.len()) else {
            break;
        };
        let mut value = seeds.seeds[i].value.clone();
        if super::edit::edit(&mut value, &mut u, seeds, 6).is_err() {
            break;
        }
        let direction = if u.arbitrary().unwrap_or(false) {
            Direction::ServerToClient
        } else {
            Direction::ClientToServer
        };
        messages.push((direction, serde_json::to_vec(&value).unwrap_or_default()));
    }
    let messages: Vec<(Direction, &[u8])> =
        messages.iter().map(|(d, b)| (*d, b.as_slice())).collect();
    super::sessions::same_reports(Mode::Auto, &messages);
    // Chosen from every revision, not the enabled ones, so an input
    // replays the same way whatever the build's features.
    if let Ok(v) = u.choose(&Version::ALL) {
        if v.spec().is_some() {
            super::sessions::same_reports(Mode::Fixed(*v), &messages);
        }
    }
}

/// Differential: a seed instance, edited, judged against its own
/// definition (7 in 8) or a random one of a random revision, by
/// mcpwire and by the oracle ([`super::differential::agree`]).
pub fn differential(data: &[u8]) {
    let seeds = super::seeds::get();
    let mut u = Unstructured::new(data);
    // From every revision (see `structured`); a disabled one ends the run.
    let (Ok(v), Ok(i)) = (u.choose(&Version::ALL), u.choose_index(seeds.seeds.len())) else {
        return;
    };
    let Some(spec) = v.spec() else { return };
    let seed = &seeds.seeds[i];
    let fns = match spec.definition(&seed.definition) {
        Some(fns) if u.ratio(7u8, 8u8).unwrap_or(true) => fns,
        _ => match u.choose(spec.definitions) {
            Ok(fns) => fns,
            Err(_) => return,
        },
    };
    let mut value = seed.value.clone();
    if u.ratio(15u8, 16u8).unwrap_or(true) {
        let _ = super::edit::edit(&mut value, &mut u, seeds, 4);
    }
    super::differential::agree(*v, fns, &value);
}
