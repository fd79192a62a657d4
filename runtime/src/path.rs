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

    /// The RFC 6901 pointer of this location: written root first into one
    /// `String` (no list of steps, no formatting machinery — this runs once
    /// per violation).
    pub fn to_pointer(&self) -> Pointer {
        let mut out = String::with_capacity(32);
        self.write(&mut out);
        Pointer::from_escaped(out)
    }

    /// Appends this location's escaped tokens to `out`, parents first.
    fn write(&self, out: &mut String) {
        match self {
            Path::Root => {}
            Path::Key(parent, k) => {
                parent.write(out);
                crate::violation::push_token(out, k);
            }
            Path::Index(parent, i) => {
                parent.write(out);
                crate::violation::push_index(out, *i);
            }
        }
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
        let d = c.key("~x");
        let d0 = d.index(0);
        let e = d0.index(usize::MAX);
        assert_eq!(
            e.to_pointer().as_str(),
            format!("/params/a~1b/2/~0x/0/{}", usize::MAX)
        );
    }

    /// The pointer is the one `Pointer::push` and `push_index` build step
    /// by step.
    #[test]
    fn is_the_pointer_built_step_by_step() {
        let names = ["", "a", "~", "/", "~1", "a/b~c", "é/\u{1F600}~", "0"];
        let root = Path::Root;
        for a in names {
            for b in names {
                for i in [0usize, 7, 10, 99, 100, 12_345] {
                    let p = root.key(a);
                    let q = p.index(i);
                    let r = q.key(b);
                    let mut expected = Pointer::root();
                    expected.push(a);
                    expected.push_index(i);
                    expected.push(b);
                    assert_eq!(r.to_pointer(), expected, "{a:?} {i} {b:?}");
                }
            }
        }
    }
}
