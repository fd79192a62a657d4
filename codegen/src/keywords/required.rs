//! `required`, in its three forms:
//!
//! - boolean: the names are counted during the members' one pass, which
//!   [`super::properties`] drives: each required name's arm counts it
//!   ([`valid_arm`]) and the pass ends with `seen == count` ([`valid`]).
//!   Counting during the pass replaces a `contains_key` (a tree search with
//!   out-of-line string comparisons) per name; member names are unique in a
//!   `Value`, so the count is exact;
//! - collecting: `mcpwire::support::required` looks each name up and
//!   reports a missing member at the object: `"name" is a required
//!   property` ([`check`]);
//! - bytes: a bit per name, set by the name's member arm ([`read_arm`],
//!   [`read`]), since a repeated member may pass twice.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::cond::Cond;
use crate::node::Node;
use crate::Error;

/// The boolean form of a member arm: `{ seen += 1; cond }` as one
/// expression (one formatted line) when the name is required.
pub fn valid_arm(cond: &Cond, required: bool) -> Cond {
    if required {
        Cond::all([Cond::atom(quote!(rt::count(&mut seen))), cond.clone()])
    } else {
        cond.clone()
    }
}

/// The boolean form around the members' `pass` of an object with `count`
/// required names: the pass, then `seen == count`.
pub fn valid(count: usize, pass: TokenStream) -> Cond {
    if count == 0 {
        return Cond::atom(pass);
    }
    let count = Literal::usize_unsuffixed(count);
    Cond::atom(quote!({
        let mut seen = 0usize;
        #pass && seen == #count
    }))
}

/// One runtime call checking every name (inside `if let Object(m)`).
pub fn check(node: &Node) -> TokenStream {
    let names = &node.required;
    if names.is_empty() {
        return TokenStream::new();
    }
    let at = super::context::at();
    quote!(rt::required(out, path, #at, m, &[#(#names),*]);)
}

/// Most `required` names the bytes form tracks (bits of a `u64`).
const MAX_REQUIRED: usize = 64;

/// The bytes form's bit of `name` in `seen`, if it is required.
pub fn read_bit(node: &Node, name: &str) -> Option<usize> {
    node.required.iter().position(|r| r == name)
}

/// Whether the bytes form can track the names: at most [`MAX_REQUIRED`].
pub fn read_supported(node: &Node) -> Result<(), Error> {
    if node.required.len() > MAX_REQUIRED {
        return Err(Error::Unsupported {
            pointer: format!("{}/required", node.pointer),
            keyword: format!("required with more than {MAX_REQUIRED} names"),
        });
    }
    Ok(())
}

/// The bytes form: a bit per name, set by the name's member arm
/// ([`read_arm`]): a repeated member sets the same bit, so the test
/// `seen == all` after the members' `pass` holds exactly when every name
/// occurred ([`read_supported`] first).
pub fn read(node: &Node, pass: TokenStream) -> TokenStream {
    if node.required.is_empty() {
        return pass;
    }
    let all = Literal::u64_unsuffixed(all_bits(node.required.len()));
    quote!({
        let mut seen = 0u64;
        #pass?;
        rb::ok(seen == #all)
    })
}

fn all_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The member arm of `name` in the bytes form: sets its bit when it is
/// required, then reads the value with `read`.
pub fn read_arm(name: &str, required: Option<usize>, read: TokenStream) -> TokenStream {
    match required {
        Some(i) => {
            let bit = Literal::u64_unsuffixed(1u64 << i);
            quote!(#name => { seen |= #bit; #read })
        }
        None => quote!(#name => #read,),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requiring(names: &[&str]) -> Node {
        Node {
            pointer: "/$defs/X".into(),
            required: names.iter().map(|n| n.to_string()).collect(),
            ..Node::default()
        }
    }

    #[test]
    fn looks_each_name_up() {
        assert!(check(&requiring(&[])).is_empty());
        let text = check(&requiring(&["a", "b"])).to_string();
        assert!(
            text.contains("(out , path , at , m , & [\"a\" , \"b\"])"),
            "{text}"
        );
    }
}
