//! The reader's modes together, over small validators shaped as the
//! generated ones: collecting (records, the top frame's shell) and
//! substituting.

use serde_json::Number;

use super::*;

/// `{"n": <number>}`, `n` read as the definition `N` (an integer).
fn read_n(r: &mut Reader<'_>) -> R {
    ok(r.number()?.is_u64())
}

fn read_obj(r: &mut Reader<'_>) -> R {
    r.object(|r, k| match k {
        "n" => refer(r, "N", read_n),
        "list" => r.array(|r| refer(r, "N", read_n)),
        "any" => any_of(
            r,
            None,
            &[],
            &[Branch {
                kinds: crate::support::kind::INTEGER | crate::support::kind::FRACTION,
                tag: None,
                required: 0,
                read: &|r: &mut Reader<'_>| refer(r, "N", read_n),
            }],
        ),
        _ => r.skip(),
    })
}

fn collected(text: &str) -> Option<Vec<(&'static str, String, Vec<PathStep>)>> {
    let mut r = Reader::collecting(text.as_bytes(), MAX_DEPTH);
    read_obj(&mut r).ok()?;
    r.finish().ok()?;
    let c = r.collected()?;
    Some(
        c.records
            .into_iter()
            .map(|x| (x.name, text[x.start..x.end].to_string(), x.path))
            .collect(),
    )
}

#[test]
fn collecting_records_failing_refs_and_skips_on() {
    use PathStep::{Index, Key};
    assert_eq!(collected(r#"{"n":1,"list":[1,2]}"#), Some(vec![]));
    assert_eq!(
        collected(r#"{"n":-1,"x":{"y":[true]}}"#),
        Some(vec![("N", "-1".into(), vec![Key("n".into())])])
    );
    // Elements of one array, in order.
    assert_eq!(
        collected(r#"{"list":[1,"a",2,{"b":[]}]}"#),
        Some(vec![
            ("N", "\"a\"".into(), vec![Key("list".into()), Index(1)]),
            ("N", "{\"b\":[]}".into(), vec![Key("list".into()), Index(3)]),
        ])
    );
    // Paths that part at a member name: order not sure.
    assert_eq!(collected(r#"{"n":"a","list":["b"]}"#), None);
    // A repeated member name on the way: not sure.
    assert_eq!(collected(r#"{"n":"a","n":1}"#), None);
    // Nothing recorded inside anyOf: the failure is the caller's.
    assert_eq!(collected(r#"{"any":-1}"#), None);
    // Unreadable input.
    assert_eq!(collected(r#"{"n":"a" "#), None);
    // The fast path is unchanged.
    let mut r = Reader::new(br#"{"n":-1}"#, MAX_DEPTH);
    assert!(read_obj(&mut r).is_err());
}

/// `{"s": "x", "n": N (required), "list": [N…], "twice": …}`: `twice`
/// is read by two passes (as an `allOf` would).
fn read_top_obj(r: &mut Reader<'_>) -> R {
    let mut seen = 0u64;
    r.object(|r, k| match k {
        "s" => r.string_eq("x"),
        "n" => {
            seen |= 1;
            refer(r, "N", read_n)
        }
        "list" => r.array(|r| refer(r, "N", read_n)),
        "twice" => {
            let mark = r.mark();
            r.skip()?;
            r.reset(mark);
            r.skip()
        }
        _ => r.skip(),
    })?;
    ok(seen == 1)
}

type Shell = Vec<(String, Option<Vec<PathStep>>)>;

/// The records of a collecting read of `text` as `Top`: per record its
/// name, bytes and elided values (their bytes and paths).
fn top_records(text: &str) -> Option<Vec<(&'static str, String, Shell)>> {
    let mut r = Reader::collecting(text.as_bytes(), MAX_DEPTH);
    r.read_top("Top", read_top_obj).ok()?;
    r.finish().ok()?;
    let c = r.collected()?;
    Some(
        c.records
            .into_iter()
            .map(|x| {
                let elided = x
                    .elided
                    .iter()
                    .map(|e| (text[e.start..e.end].to_string(), e.path.clone()))
                    .collect();
                (x.name, text[x.start..x.end].to_string(), elided)
            })
            .collect(),
    )
}

#[test]
fn read_top_records_a_shell_of_what_it_showed_valid() {
    use PathStep::Key;
    let list = format!("[{}]", vec!["12345"; 20].join(","));
    let other = r#"{"a":[1,2,{"b":"c"}]}"#;
    // Valid: nothing recorded.
    let valid = format!(r#"{{"s":"x","n":1,"list":{list},"o":{other}}}"#);
    assert_eq!(top_records(&valid), Some(vec![]));
    // `s` fails before the rest: the read goes on past it, so the
    // list (shown valid, long enough) and the unconstrained member
    // after it are elided; `n` (short) stays.
    let text = format!(r#" {{"s":"y","n":1,"list":{list},"o":{other}}} "#);
    let want = vec![
        (list.clone(), Some(vec![Key("list".into())])),
        (other.into(), None),
    ];
    assert_eq!(
        top_records(&text),
        Some(vec![("Top", text.trim().to_string(), want.clone())])
    );
    // The required member missing (a failure after the object closed).
    let text = format!(r#"{{"list":{list},"o":{other}}}"#);
    assert_eq!(top_records(&text), Some(vec![("Top", text.clone(), want)]));
    // A failure inside a `$ref`'d value too (a record inside): a
    // plain record of the whole value.
    let text = format!(r#"{{"s":"y","n":-1,"o":{other}}}"#);
    assert_eq!(
        top_records(&text),
        Some(vec![("Top", text.clone(), vec![])])
    );
    // A repeated member name: plain (its parse keeps the last, as the
    // `Value` does).
    let text = format!(r#"{{"s":"y","n":1,"o":{other},"o":1}}"#);
    assert_eq!(
        top_records(&text),
        Some(vec![("Top", text.clone(), vec![])])
    );
    // A node read twice: plain.
    let text = format!(r#"{{"s":"y","n":1,"o":{other},"twice":[1]}}"#);
    assert_eq!(
        top_records(&text),
        Some(vec![("Top", text.clone(), vec![])])
    );
    // Unreadable after the failure: nothing.
    let text = format!(r#"{{"s":"y","n":1,"o":{other},"x":[1,}}"#);
    assert_eq!(top_records(&text), None);
    // The fast path is unchanged.
    let text = format!(r#"{{"s":"y","n":1,"list":{list}}}"#);
    let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
    assert!(read_top_obj(&mut r).is_err());
}

#[test]
fn substituting_reads_the_typed_definition_in_place() {
    fn typed(r: &mut Reader<'_>) -> R {
        ok(r.number()? == Number::from(7u64))
    }
    let run = |text: &str| {
        let mut r = Reader::substituting(text.as_bytes(), MAX_DEPTH, "N", 1, typed);
        let read = read_obj(&mut r).and_then(|()| r.finish()).is_ok();
        (read, r.substituted())
    };
    assert_eq!(run(r#"{"n":7}"#), (true, 1));
    assert!(!run(r#"{"n":8}"#).0);
    // Deeper values keep their own definition.
    assert_eq!(run(r#"{"list":[8]}"#), (true, 0));
}
