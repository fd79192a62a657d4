//! Repository tasks (placeholder).
fn main() {}
