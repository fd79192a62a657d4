//! The generated types hold every spec example exactly: each
//! `examples/<Definition>/*.json` deserializes into `<Definition>`'s type and
//! serializes back to the same JSON value, both unchecked (`roundtrip`) and
//! through the type's `validated` (`validated_roundtrip`: the example passes
//! the generated check, and the type then holds it — the "valid but not
//! deserializable" bug never happens on the examples).

use std::path::PathBuf;

use serde_json::Value;

/// A revision's `types::roundtrip` and `types::validated_roundtrip`.
struct Types {
    roundtrip: fn(&str, &Value) -> Option<Result<Value, String>>,
    validated: fn(&str, &Value) -> Option<Result<Value, mcpwire::Violations>>,
}

/// `$MCPWIRE_SPEC_DIR` (cargo sets it from `.cargo/config.toml`), relative
/// paths resolved against the repository root.
fn spec_dir() -> PathBuf {
    let dir = std::env::var_os("MCPWIRE_SPEC_DIR")
        .expect("MCPWIRE_SPEC_DIR is set by .cargo/config.toml");
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir)
}

/// Round-trips every example of `revision`; returns how many were checked.
fn check_examples(revision: &str, types: Types) -> usize {
    let dir = spec_dir().join(revision).join("examples");
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut defs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    defs.sort();
    for def_dir in defs {
        let definition = def_dir.file_name().unwrap().to_str().unwrap().to_string();
        let mut files: Vec<_> = std::fs::read_dir(&def_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for file in files
            .into_iter()
            .filter(|f| f.extension().is_some_and(|e| e == "json"))
        {
            let input: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
            let case = format!(
                "{definition}/{}",
                file.file_name().unwrap().to_string_lossy()
            );
            checked += 1;
            match (types.roundtrip)(&definition, &input) {
                None => failures.push(format!("{case}: no type named {definition}")),
                Some(Err(e)) => failures.push(format!("{case}: does not deserialize: {e}")),
                Some(Ok(output)) if output != input => failures.push(format!(
                    "{case}: changed on the round trip\n  in:  {input}\n  out: {output}"
                )),
                Some(Ok(_)) => {}
            }
            match (types.validated)(&definition, &input) {
                None => failures.push(format!("{case}: no validated type named {definition}")),
                Some(Err(e)) => failures.push(format!("{case}: not validated: {e}")),
                Some(Ok(output)) if output != input => {
                    failures.push(format!("{case}: changed on the validated round trip"))
                }
                Some(Ok(_)) => {}
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} examples fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checked
}

#[cfg(feature = "v2026_07_28")]
#[test]
fn examples_2026_07_28_roundtrip() {
    use mcpwire::v2026_07_28::types;
    let types = Types {
        roundtrip: types::roundtrip,
        validated: types::validated_roundtrip,
    };
    assert!(check_examples("2026-07-28", types) > 100);
}

#[cfg(feature = "draft")]
#[test]
fn examples_draft_roundtrip() {
    use mcpwire::draft::types;
    let types = Types {
        roundtrip: types::roundtrip,
        validated: types::validated_roundtrip,
    };
    assert!(check_examples("draft", types) > 100);
}
