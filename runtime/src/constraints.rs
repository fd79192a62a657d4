//! What two revisions' schemas disagree on, from their constraint tables:
//! the comparison behind `mcpwire diff` and `cargo xtask sync-schemas`.
//!
//! A constraint table is text written by the generator for each revision
//! (`mcpwire_codegen::diff::table`): a first line naming the definitions
//! container (`$defs` or `definitions`), then one line per verdict-relevant
//! place, `<pointer>\t<compact JSON>`, the pointer relative to that
//! container (`/BaseMetadata/properties/name/maxLength\t256`). A (sub)schema
//! has a line of its own (`{}` for an object schema, `true`/`false` for a
//! boolean one); every keyword that judges is a line below it; annotations
//! (`description`, `title`, unasserted `format`s, declared keywords, …)
//! have none. Comparing two tables is comparing these lines, so the result
//! needs no schema at run time.

use std::collections::BTreeMap;

use serde::Serialize;

/// One side of a comparison.
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    /// The revision name (`2025-11-25`).
    pub revision: &'a str,
    /// Its constraint table (see the module docs).
    pub table: &'a str,
    /// Its methods: `(method, definition)` pairs.
    pub methods: &'a [(&'a str, &'a str)],
}

/// Added, removed or changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// Only the newer revision has it.
    Added,
    /// Only the older revision has it.
    Removed,
    /// Both have it, with different values.
    Changed,
}

impl ChangeKind {
    fn verb(self) -> &'static str {
        match self {
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
            ChangeKind::Changed => "changed",
        }
    }
}

/// One constraint that differs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The definition it sits in.
    pub definition: String,
    /// JSON pointer in the published file of the revision that has it (the
    /// newer one unless removed).
    pub pointer: String,
    /// Added, removed or changed.
    pub change: ChangeKind,
    /// The older value (compact JSON; `{}` for a schema), if any.
    pub before: Option<String>,
    /// The newer value, if any.
    pub after: Option<String>,
    /// One human line: `BaseMetadata.name: maxLength 256 added`.
    pub line: String,
}

/// A method present on one side only, or judged by another definition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MethodChange {
    /// The method (`tools/call`).
    pub method: String,
    /// Added, removed or changed.
    pub change: ChangeKind,
    /// The definition judging it in the older revision.
    pub before: Option<String>,
    /// The definition judging it in the newer revision.
    pub after: Option<String>,
}

/// Everything that differs between two revisions' verdicts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The older revision.
    pub from: String,
    /// The newer revision.
    pub to: String,
    /// Definitions only the newer revision has.
    pub definitions_added: Vec<String>,
    /// Definitions only the older revision has.
    pub definitions_removed: Vec<String>,
    /// Methods added, removed or moved to another definition.
    pub methods: Vec<MethodChange>,
    /// Constraints added, removed or changed, by pointer.
    pub constraints: Vec<Change>,
}

impl Report {
    /// Whether any message may be judged differently: `false` when the
    /// revisions differ in annotations only (descriptions, titles, …).
    pub fn changes_verdicts(&self) -> bool {
        !(self.definitions_added.is_empty()
            && self.definitions_removed.is_empty()
            && self.methods.is_empty()
            && self.constraints.is_empty())
    }

    /// The report as text, one finding per line.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!("{} → {}", self.from, self.to)];
        if !self.changes_verdicts() {
            out.push(
                "  no verdict changes: the schemas differ at most in annotations \
                 (descriptions, titles, unasserted formats); every message is judged alike"
                    .to_string(),
            );
            return out;
        }
        for name in &self.definitions_added {
            out.push(format!("  definition {name} added"));
        }
        for name in &self.definitions_removed {
            out.push(format!("  definition {name} removed"));
        }
        for m in &self.methods {
            let line = match (m.change, &m.before, &m.after) {
                (ChangeKind::Added, _, Some(after)) => {
                    format!("method {} added ({after})", m.method)
                }
                (ChangeKind::Removed, Some(before), _) => {
                    format!("method {} removed (was {before})", m.method)
                }
                (_, before, after) => format!(
                    "method {}: definition {} → {}",
                    m.method,
                    before.as_deref().unwrap_or("-"),
                    after.as_deref().unwrap_or("-")
                ),
            };
            out.push(format!("  {line}"));
        }
        for c in &self.constraints {
            out.push(format!("  {}  ({})", c.line, c.pointer));
        }
        out
    }
}

/// A parsed table: the definitions key and the lines by relative pointer.
struct Table<'a> {
    defs_key: &'a str,
    rows: BTreeMap<&'a str, &'a str>,
}

fn parse(table: &str) -> Table<'_> {
    let mut lines = table.lines();
    let defs_key = lines.next().unwrap_or("$defs").trim();
    let rows = lines
        .filter_map(|line| line.split_once('\t'))
        .collect::<BTreeMap<_, _>>();
    Table { defs_key, rows }
}

/// Compares two revisions: `old` the one taken as the base.
pub fn compare(old: &Side<'_>, new: &Side<'_>) -> Report {
    let (a, b) = (parse(old.table), parse(new.table));
    let mut report = Report {
        from: old.revision.to_string(),
        to: new.revision.to_string(),
        definitions_added: Vec::new(),
        definitions_removed: Vec::new(),
        methods: compare_methods(old.methods, new.methods),
        constraints: Vec::new(),
    };
    for (pointer, after) in &b.rows {
        match a.rows.get(pointer) {
            Some(before) if before == after => {}
            Some(before) => report.constraints.push(change(
                b.defs_key,
                pointer,
                ChangeKind::Changed,
                Some(before),
                Some(after),
            )),
            None if has_ancestor_in(pointer, &b.rows, &a.rows) => {}
            None if is_definition(pointer) => {
                report.definitions_added.push(unescape(&pointer[1..]))
            }
            None => report.constraints.push(change(
                b.defs_key,
                pointer,
                ChangeKind::Added,
                None,
                Some(after),
            )),
        }
    }
    for (pointer, before) in &a.rows {
        if b.rows.contains_key(pointer) || has_ancestor_in(pointer, &a.rows, &b.rows) {
            continue;
        }
        if is_definition(pointer) {
            report.definitions_removed.push(unescape(&pointer[1..]));
        } else {
            report.constraints.push(change(
                a.defs_key,
                pointer,
                ChangeKind::Removed,
                Some(before),
                None,
            ));
        }
    }
    report.constraints.sort_by(|x, y| x.pointer.cmp(&y.pointer));
    report
}

fn compare_methods(old: &[(&str, &str)], new: &[(&str, &str)]) -> Vec<MethodChange> {
    let a: BTreeMap<&str, &str> = old.iter().copied().collect();
    let b: BTreeMap<&str, &str> = new.iter().copied().collect();
    let mut out = Vec::new();
    for (method, def) in &b {
        let change = match a.get(method) {
            None => ChangeKind::Added,
            Some(old_def) if old_def != def => ChangeKind::Changed,
            Some(_) => continue,
        };
        out.push(MethodChange {
            method: method.to_string(),
            change,
            before: a.get(method).map(|d| d.to_string()),
            after: Some(def.to_string()),
        });
    }
    for (method, def) in &a {
        if !b.contains_key(method) {
            out.push(MethodChange {
                method: method.to_string(),
                change: ChangeKind::Removed,
                before: Some(def.to_string()),
                after: None,
            });
        }
    }
    out.sort_by(|x, y| x.method.cmp(&y.method));
    out
}

/// Whether `pointer` (a row of `mine` missing from `other`) sits below a
/// schema also missing from `other`: then only that schema is reported.
fn has_ancestor_in(
    pointer: &str,
    mine: &BTreeMap<&str, &str>,
    other: &BTreeMap<&str, &str>,
) -> bool {
    let mut end = pointer.len();
    while let Some(i) = pointer[..end].rfind('/') {
        if i == 0 {
            return false;
        }
        let ancestor = &pointer[..i];
        if mine.contains_key(ancestor) && !other.contains_key(ancestor) {
            return true;
        }
        end = i;
    }
    false
}

fn is_definition(pointer: &str) -> bool {
    pointer.len() > 1 && !pointer[1..].contains('/')
}

/// RFC 6901: `~1` → `/`, `~0` → `~`.
fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

fn tokens(pointer: &str) -> Vec<String> {
    pointer.split('/').skip(1).map(unescape).collect()
}

/// Containers whose members are named by the schema author.
const NAMED: &[&str] = &[
    "properties",
    "patternProperties",
    "dependentSchemas",
    "dependencies",
    "dependentRequired",
];

/// A readable place: `BaseMetadata.name`, `Tool.inputSchema/anyOf/1`.
fn place(tokens: &[String]) -> String {
    let mut out = tokens.first().cloned().unwrap_or_default();
    let mut i = 1;
    while i < tokens.len() {
        match tokens[i].as_str() {
            "properties" if i + 1 < tokens.len() => {
                out.push('.');
                out.push_str(&tokens[i + 1]);
                i += 2;
            }
            "items" if tokens.get(i + 1).is_none_or(|t| t.parse::<u64>().is_err()) => {
                out.push_str("[]");
                i += 1;
            }
            token => {
                out.push('/');
                out.push_str(token);
                i += 1;
            }
        }
    }
    out
}

fn shown(value: &str) -> &str {
    if value == "{}" {
        "{…}"
    } else {
        value
    }
}

fn change(
    defs_key: &str,
    pointer: &str,
    kind: ChangeKind,
    before: Option<&str>,
    after: Option<&str>,
) -> Change {
    let t = tokens(pointer);
    let last = t.last().cloned().unwrap_or_default();
    let parent = t.get(t.len().saturating_sub(2)).map(String::as_str);
    let is_member = parent.is_some_and(|p| NAMED.contains(&p)) || last.parse::<u64>().is_ok();
    let value = match kind {
        ChangeKind::Changed => format!(
            "{} → {}",
            shown(before.unwrap_or_default()),
            shown(after.unwrap_or_default())
        ),
        _ => shown(after.or(before).unwrap_or_default()).to_string(),
    };
    let line = if is_member {
        let what = match parent {
            Some("properties") => "property",
            _ => "schema",
        };
        match kind {
            ChangeKind::Changed => format!("{}: {value}", place(&t)),
            _ => format!("{}: {what} {}", place(&t), kind.verb()),
        }
    } else {
        match kind {
            ChangeKind::Changed => format!("{}: {last} {value}", place(&t[..t.len() - 1])),
            _ => format!(
                "{}: {last} {value} {}",
                place(&t[..t.len() - 1]),
                kind.verb()
            ),
        }
    };
    Change {
        definition: t.first().cloned().unwrap_or_default(),
        pointer: format!(
            "/{}{pointer}",
            defs_key.replace('~', "~0").replace('/', "~1")
        ),
        change: kind,
        before: before.map(str::to_string),
        after: after.map(str::to_string),
        line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str =
        "$defs\n/A\t{}\n/A/properties/name\t{}\n/A/properties/name/type\t\"string\"\n\
        /A/properties/gone\t{}\n/A/properties/gone/type\t\"integer\"\n/A/required\t[\"name\"]\n\
        /B\t{}\n";
    const NEW: &str = "$defs\n/A\t{}\n/A/properties/name\t{}\n/A/properties/name/type\t\"string\"\n\
        /A/properties/name/maxLength\t256\n/A/required\t[\"name\",\"id\"]\n/C\t{}\n/C/type\t\"object\"\n";

    fn side<'a>(revision: &'a str, table: &'a str, methods: &'a [(&'a str, &'a str)]) -> Side<'a> {
        Side {
            revision,
            table,
            methods,
        }
    }

    #[test]
    fn names_each_change_once_at_its_deepest_place() {
        let r = compare(
            &side("old", OLD, &[("a/x", "A"), ("b/y", "B")]),
            &side("new", NEW, &[("a/x", "A2"), ("c/z", "C")]),
        );
        assert_eq!(r.definitions_added, ["C"]);
        assert_eq!(r.definitions_removed, ["B"]);
        let lines: Vec<&str> = r.constraints.iter().map(|c| c.line.as_str()).collect();
        assert_eq!(
            lines,
            [
                "A.gone: property removed",
                "A.name: maxLength 256 added",
                "A: required [\"name\"] → [\"name\",\"id\"]",
            ]
        );
        assert_eq!(
            r.constraints[1].pointer,
            "/$defs/A/properties/name/maxLength"
        );
        let methods: Vec<(&str, ChangeKind)> = r
            .methods
            .iter()
            .map(|m| (m.method.as_str(), m.change))
            .collect();
        assert_eq!(
            methods,
            [
                ("a/x", ChangeKind::Changed),
                ("b/y", ChangeKind::Removed),
                ("c/z", ChangeKind::Added)
            ]
        );
        assert!(r.changes_verdicts());
    }

    #[test]
    fn equal_tables_change_no_verdict() {
        let r = compare(&side("a", OLD, &[]), &side("b", OLD, &[]));
        assert!(!r.changes_verdicts());
        assert!(
            r.lines()[1].contains("no verdict changes"),
            "{:?}",
            r.lines()
        );
    }

    #[test]
    fn pointers_use_each_sides_container() {
        let old = "definitions\n/A\t{}\n/A/minimum\t1\n";
        let new = "$defs\n/A\t{}\n/A/maximum\t2\n";
        let r = compare(&side("a", old, &[]), &side("b", new, &[]));
        let pointers: Vec<&str> = r.constraints.iter().map(|c| c.pointer.as_str()).collect();
        assert_eq!(pointers, ["/$defs/A/maximum", "/definitions/A/minimum"]);
    }
}
