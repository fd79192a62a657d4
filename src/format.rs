//! Format assertions (placeholder).
