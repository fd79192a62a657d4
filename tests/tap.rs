//! tap tests (placeholder).
