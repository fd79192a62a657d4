//! JSON Pointers (RFC 6901) as the generator writes them: the places in a
//! schema its errors, violations and resolved references name.

/// Escapes one RFC 6901 reference token (`~` → `~0`, `/` → `~1`).
pub fn escape_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Appends one token to a pointer.
pub fn join(pointer: &str, token: &str) -> String {
    format!("{pointer}/{}", escape_token(token))
}
