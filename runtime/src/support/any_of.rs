//! Which branch explains a failed `anyOf` on the `Value` path
//! ([`any_of`], [`any_of_tagged`]): the verdict is the caller's, this only
//! chooses the violations that report it.
//!
//! The branch and the narrowing rules are the bytes path's too
//! (`crate::branch`); this driver stays apart from that path's
//! (`crate::bytes::any_of`) because the two compute different things: here
//! the violations that explain a failure whose verdict generated code
//! already has, there a verdict, read from bytes with a look-ahead.

use super::kinds::{kind_of, type_name};
use super::location::{at_keyword, push, report, At};
use super::show::show_str;
use super::Value;
use crate::branch;
use crate::{Keyword, Path, Violation};

/// What a discriminated `anyOf` reads from the instance: the member named by
/// the discriminator (a property whose `const` differs per branch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag<'a> {
    /// The instance is not an object, or lacks the member: every branch may
    /// apply.
    Missing,
    /// The member is present but not a string: no tagged branch applies.
    Other,
    /// The member's string value.
    Str(&'a str),
}

/// Reads the discriminator member `name` of `v`.
///
/// A scan over the members rather than `Map::get`: MCP objects have a
/// handful of members, and comparing a few keys (by length first) is
/// cheaper than hashing the name (`preserve_order`'s `IndexMap`) or a tree
/// search; the branch the tag selects iterates the members anyway.
#[inline]
pub fn tag<'a>(v: &'a Value, name: &str) -> Tag<'a> {
    let Value::Object(m) = v else {
        return Tag::Missing;
    };
    match m.iter().find(|(k, _)| k.as_str() == name) {
        None => Tag::Missing,
        Some((_, Value::String(s))) => Tag::Str(s),
        Some(_) => Tag::Other,
    }
}

/// One `anyOf` branch, for [`any_of`]: `read` is its collecting check (a
/// `check_<def>_at`, or a closure for an inline branch); `required` names
/// the members every object valid for the branch has: one present in the
/// instance and required by no other branch of its kind selects the
/// branch for diagnostics ([`any_of`], rule 2).
pub type Branch<'a> = branch::Branch<'a, Check, &'static [&'static str]>;

/// The signature of a collecting check.
pub type Check = dyn Fn(&Value, &Path<'_>, &mut Vec<Violation>);

impl<'a> Branch<'a> {
    /// An untagged branch: its kinds and its check.
    pub fn new(kinds: u8, check: &'a Check) -> Branch<'a> {
        Branch {
            kinds,
            tag: None,
            read: check,
            required: &[],
        }
    }

    /// A branch of a discriminated `anyOf`, with its discriminator value.
    pub fn tagged(kinds: u8, tag: &'static str, check: &'a Check) -> Branch<'a> {
        Branch {
            kinds,
            tag: Some(tag),
            read: check,
            required: &[],
        }
    }

    /// The branch with the members it requires (for diagnostics only).
    pub fn requiring(self, required: &'static [&'static str]) -> Branch<'a> {
        Branch { required, ..self }
    }
}

/// Reports a failed `anyOf` of the node `at` (every branch failed; schema
/// pointer `{at}/anyOf`), by this rule (the
/// verdict is the caller's; this only chooses which branch explains it):
///
/// 1. If the `anyOf` is discriminated ([`any_of_tagged`]; the generator finds
///    the discriminator:
///    a property whose string `const` differs per branch, e.g. `type` of
///    `ContentBlock`, `method` of the request unions, `mode` of
///    `ElicitRequestParams`) and the instance's member equals one branch's
///    value, report that branch's violations. If the member is a string
///    that names no branch and every branch is tagged, report one `anyOf`
///    violation at the member: `expected one of text, image, audio,
///    resource_link, resource; found "video"`.
/// 2. Otherwise, for an object: if exactly one branch of the instance's
///    kind requires a member the object has that no other such branch
///    requires ([`Branch::required`]; `blob` selects
///    `BlobResourceContents` over `TextResourceContents`), report that
///    branch's violations.
/// 3. Otherwise, among the branches whose kinds include the instance's
///    (an object for object branches, …), report the one with the fewest
///    violations (the first on a tie).
/// 4. If no branch accepts the instance's kind at all, report one `anyOf`
///    violation at the `anyOf`: `expected one of: object (JSONObject),
///    array, string/integer/boolean; found null`.
pub fn any_of(
    v: &Value,
    path: &Path<'_>,
    out: &mut Vec<Violation>,
    at: At,
    expected: &'static str,
    branches: &[Branch<'_>],
) {
    closest(v, path, out, at, expected, branches);
}

/// [`any_of`] for a discriminated `anyOf` whose discriminator is the member
/// `tag_name` (rule 1).
pub fn any_of_tagged(
    v: &Value,
    path: &Path<'_>,
    out: &mut Vec<Violation>,
    at: At,
    expected: &'static str,
    tag_name: &'static str,
    branches: &[Branch<'_>],
) {
    if let Tag::Str(value) = tag(v, tag_name) {
        if let Some(branch) = branch::by_tag(branches, value) {
            (branch.read)(v, path, out);
            return;
        }
        if branches.iter().all(|b| b.tag.is_some()) {
            unknown_tag(value, path, out, at, tag_name, branches);
            return;
        }
    }
    closest(v, path, out, at, expected, branches);
}

/// Rule 1's unknown tag: one violation at the member, listing the tags.
#[cold]
fn unknown_tag(
    value: &str,
    path: &Path<'_>,
    out: &mut Vec<Violation>,
    at: At,
    tag_name: &'static str,
    branches: &[Branch<'_>],
) {
    // `expected one of {tags, joined by ", "}; found {value}`, in one
    // string.
    let found = show_str(value);
    let mut message = String::with_capacity(64 + found.len());
    message.push_str("expected one of ");
    for (i, tag) in branches.iter().filter_map(|b| b.tag).enumerate() {
        if i > 0 {
            message.push_str(", ");
        }
        message.push_str(tag);
    }
    message.push_str("; found ");
    message.push_str(&found);
    let schema = at_keyword(at, Keyword::AnyOf);
    push(out, &path.key(tag_name), schema, Keyword::AnyOf, message);
}

/// Rule 2: the one branch (of the instance's kind) that a member of the
/// object selects, by being required there and by no other such branch.
fn selected<'b, 'a>(v: &Value, kind: u8, branches: &'b [Branch<'a>]) -> Option<&'b Branch<'a>> {
    let obj = v.as_object()?;
    let candidates = || branches.iter().filter(|b| b.admits(kind));
    let mut found: Option<&Branch<'_>> = None;
    for (i, branch) in candidates().enumerate() {
        let selects = branch.required.iter().any(|member| {
            obj.contains_key(*member)
                && !candidates()
                    .enumerate()
                    .any(|(j, other)| j != i && other.required.contains(member))
        });
        if selects {
            if found.is_some() {
                return None;
            }
            found = Some(branch);
        }
    }
    found
}

/// Rules 2 and 3 of [`any_of`].
fn closest(
    v: &Value,
    path: &Path<'_>,
    out: &mut Vec<Violation>,
    at: At,
    expected: &'static str,
    branches: &[Branch<'_>],
) {
    let kind = kind_of(v);
    if let Some(branch) = selected(v, kind, branches) {
        (branch.read)(v, path, out);
        return;
    }
    let mut best: Option<Vec<Violation>> = None;
    for branch in branches.iter().filter(|b| b.admits(kind)) {
        let mut found = Vec::new();
        (branch.read)(v, path, &mut found);
        if best.as_ref().is_none_or(|b| found.len() < b.len()) {
            best = Some(found);
        }
    }
    match best {
        // An empty best means a branch passed after all (the caller checks
        // validity first, so this does not happen); report nothing.
        Some(found) => out.extend(found),
        None => {
            let message = format!("expected one of: {expected}; found {}", type_name(v));
            report(out, path, at, Keyword::AnyOf, message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::{kind, Dialect, Draft07};
    use serde_json::json;

    #[test]
    fn tag_reads_the_discriminator() {
        assert_eq!(tag(&json!({"type": "text"}), "type"), Tag::Str("text"));
        assert_eq!(tag(&json!({"type": 1}), "type"), Tag::Other);
        assert_eq!(tag(&json!({}), "type"), Tag::Missing);
        assert_eq!(tag(&json!([]), "type"), Tag::Missing);
    }

    fn fail(n: usize) -> impl Fn(&Value, &Path<'_>, &mut Vec<Violation>) {
        move |_: &Value, path: &Path<'_>, out: &mut Vec<Violation>| {
            for i in 0..n {
                push(out, path, "/b", Keyword::Type, format!("{n}.{i}"));
            }
        }
    }

    /// The violations of `any_of_tagged` (member `type`) over `branches`.
    fn tagged(v: &Value, branches: &[Branch<'_>]) -> Vec<Violation> {
        let mut out = Vec::new();
        any_of_tagged(
            v,
            &Path::Root,
            &mut out,
            Draft07::at(""),
            "x",
            "type",
            branches,
        );
        out
    }

    #[test]
    fn any_of_prefers_the_tagged_then_the_closest_branch() {
        let (one, two, three) = (fail(1), fail(2), fail(3));
        let branches = [
            Branch::tagged(kind::OBJECT, "a", &three),
            Branch::tagged(kind::OBJECT, "b", &two),
            Branch::new(kind::ARRAY, &one),
        ];
        let run = |v: Value| {
            let out = tagged(&v, &branches);
            out.into_iter().map(|v| v.message).collect::<Vec<_>>()
        };
        assert_eq!(run(json!({"type": "a"})), ["3.0", "3.1", "3.2"]);
        assert_eq!(run(json!({"type": "c"})), ["2.0", "2.1"]);
        assert_eq!(run(json!([])), ["1.0"]);
        assert_eq!(run(json!(null)), ["expected one of: x; found null"]);
        let mut out = Vec::new();
        any_of(
            &json!({"type": "a"}),
            &Path::Root,
            &mut out,
            Draft07::at(""),
            "x",
            &branches,
        );
        assert_eq!(out.len(), 2, "untagged: the closest object branch");
    }

    #[test]
    fn any_of_names_the_tags_for_an_unknown_one() {
        let (one, two) = (fail(1), fail(2));
        let branches = [
            Branch::tagged(kind::OBJECT, "text", &two),
            Branch::tagged(kind::OBJECT, "image", &one),
        ];
        let out = tagged(&json!({"type": "video"}), &branches);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "expected one of text, image; found \"video\""
        );
        assert_eq!(out[0].instance.as_str(), "/type");
        assert_eq!(out[0].keyword, Keyword::AnyOf);
    }

    #[test]
    fn any_of_selects_the_branch_a_required_member_names() {
        let (one, two) = (fail(1), fail(2));
        let branches = [
            Branch::new(kind::OBJECT, &one).requiring(&["text", "uri"]),
            Branch::new(kind::OBJECT, &two).requiring(&["blob", "uri"]),
        ];
        let run = |v: Value| {
            let mut out = Vec::new();
            any_of(&v, &Path::Root, &mut out, Draft07::at(""), "x", &branches);
            out.into_iter().map(|v| v.message).collect::<Vec<_>>()
        };
        assert_eq!(run(json!({"uri": "u", "blob": "!"})), ["2.0", "2.1"]);
        assert_eq!(
            run(json!({"uri": "u"})),
            ["1.0"],
            "only shared members: the closest"
        );
        assert_eq!(
            run(json!({"text": "t", "blob": "b"})),
            ["1.0"],
            "two branches selected: the closest"
        );
    }
}
