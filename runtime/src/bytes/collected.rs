//! What a collecting read ([`Reader::collecting`]) gives: the records of
//! failing `$ref`'d values, the values inside them shown valid, and
//! their instance paths. Below both `collect` (the state kept during the
//! read) and `record` (the hooks that record), which use these types.
//!
//! [`Reader::collecting`]: super::Reader::collecting

/// A value inside a [`Record`] that its check need not parse: the read
/// showed it valid for the one schema the record's definition applies to
/// it. The shell ([`Record::elided`]) holds a placeholder in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elided {
    /// Where it starts in the text.
    pub start: usize,
    /// Where it ends (exclusive).
    pub end: usize,
    /// `Some`: a `$ref`'d value its definition's read passed, at this
    /// instance path (from the text's root) — the placeholder is `null`
    /// and what the check reports at or below the path is dropped (the
    /// value itself reports nothing). `None`: a value no keyword
    /// constrains beyond its kind — the placeholder is an empty value of
    /// the same kind (`{}`, `[]`, `""`), on which the check reports
    /// nothing, as on the value.
    pub path: Option<Vec<PathStep>>,
}

/// One step of a record's instance path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathStep {
    /// A member (its decoded name).
    Key(String),
    /// An element.
    Index(usize),
}

/// One failing `$ref`'d definition, as [`refer`](fn@super::refer) recorded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The definition's schema name.
    pub name: &'static str,
    /// Where its value starts in the text.
    pub start: usize,
    /// Where it ends (exclusive).
    pub end: usize,
    /// The value's instance path, from the text's root.
    pub path: Vec<PathStep>,
    /// Values inside it shown valid ([`Reader::read_top`](super::Reader::read_top)), in text
    /// order; empty for a plain record (the whole value is parsed).
    pub elided: Vec<Elided>,
}

/// The records of a collecting read, in the order the `Value` path
/// reports their violations ([`Reader::collected`](super::Reader::collected)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    /// The records, none inside another.
    pub records: Vec<Record>,
}

/// Whether `a`, recorded before `b`, is reported before it by the `Value`
/// path for sure: their paths part at two indices of one array, `a`'s
/// first (arrays are checked element by element, in order).
pub(super) fn ordered(a: &Record, b: &Record) -> bool {
    if a.start == b.start && a.end == b.end {
        return false;
    }
    for (x, y) in a.path.iter().zip(&b.path) {
        match (x, y) {
            (PathStep::Index(i), PathStep::Index(j)) if i == j => {}
            (PathStep::Key(k), PathStep::Key(l)) if k == l => {}
            (PathStep::Index(i), PathStep::Index(j)) => return i < j,
            _ => return false,
        }
    }
    false
}
