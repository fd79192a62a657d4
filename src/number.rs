//! JSON Schema number semantics (placeholder).
