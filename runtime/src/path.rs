//! The instance location a validator is at, as a stack-linked list that
//! costs nothing until a violation needs it as a [`Pointer`] (the technique
//! of jsonschema-rs's `paths.rs` and ajv's `errors.ts`).

use crate::violation::Pointer;

/// A location in the instance; each step borrows its parent from the stack.
#[derive(Clone, Copy, Debug)]
pub enum Path<'a> {
    /// The document itself.
    Root,
    /// A member of an object.
    Key(&'a Path<'a>, &'a str),
    /// An element of an array.
    Index(&'a Path<'a>, usize),
}

impl<'a> Path<'a> {
    /// The member `key` below this location.
    pub fn key(&'a self, key: &'a str) -> Path<'a> {
        Path::Key(self, key)
    }

    /// The element `index` below this location.
    pub fn index(&'a self, index: usize) -> Path<'a> {
        Path::Index(self, index)
    }

    /// The RFC 6901 pointer of this location.
    pub fn to_pointer(&self) -> Pointer {
        let mut steps = Vec::new();
        let mut at = self;
        loop {
            match at {
                Path::Root => break,
                Path::Key(parent, _) | Path::Index(parent, _) => {
                    steps.push(at);
                    at = parent;
                }
            }
        }
        let mut pointer = Pointer::root();
        for step in steps.into_iter().rev() {
            match step {
                Path::Key(_, k) => pointer.push(k),
                Path::Index(_, i) => pointer.push_index(*i),
                Path::Root => {}
            }
        }
        pointer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_the_pointer_from_the_stack() {
        let root = Path::Root;
        let a = root.key("params");
        let b = a.key("a/b");
        let c = b.index(2);
        assert_eq!(c.to_pointer().as_str(), "/params/a~1b/2");
        assert_eq!(root.to_pointer().as_str(), "");
    }
}
