//! Types stage (work in progress).

pub mod api;
pub mod consts;
pub mod items;
pub mod normalize;
pub mod nulls;
pub mod unions;

use proc_macro2::TokenStream;
use quote::quote;
use schemars::schema::{InstanceType, Schema as SchemarsSchema, SchemaObject};
use typify::{TypeSpace, TypeSpaceSettings};

use crate::{Error, Schema};

/// typify's settings for one revision.
fn settings(consts: &normalize::Consts) -> TypeSpaceSettings {
    let mut s = TypeSpaceSettings::default();
    s.with_map_type("::std::collections::BTreeMap");
    s.with_conversion(
        SchemaObject {
            instance_type: Some(InstanceType::Number.into()),
            ..Default::default()
        },
        "::serde_json::Number",
        std::iter::empty(),
    );
    for marker in consts.markers.values() {
        s.with_replacement(
            normalize::Consts::definition(marker),
            consts::rust_type(marker),
            std::iter::empty(),
        );
    }
    s
}

/// Rust types for every definition (the contents of the `types` module).
pub fn generate(schema: &Schema) -> Result<TokenStream, Error> {
    let revision = schema.version.name.to_string();
    let normalized = normalize::normalize(schema)?;
    let root = normalized.root_schema(&revision)?;
    let settings = settings(&normalized.consts);
    let names: Vec<String> = schema.defs().keys().cloned().collect();
    let result = std::panic::catch_unwind(move || {
        let mut space = TypeSpace::new(&settings);
        space.add_root_schema(root)?;
        let mut rust = Vec::new();
        for name in &names {
            let reference = SchemarsSchema::Object(SchemaObject {
                reference: Some(format!(
                    "#/definitions/{}",
                    name.replace('~', "~0").replace('/', "~1")
                )),
                ..Default::default()
            });
            let id = space.add_type(&reference)?;
            rust.push(space.get_type(&id)?.name());
        }
        Ok::<_, typify::Error>((space.to_stream(), rust))
    });
    let (typified, rust) = match result {
        Ok(Ok(out)) => out,
        Ok(Err(e)) => {
            return Err(Error::Typify {
                revision,
                reason: e.to_string(),
            })
        }
        Err(panic) => {
            return Err(Error::Typify {
                revision,
                reason: panic_message(&panic),
            })
        }
    };
    if typified.to_string().contains(normalize::CONST_PREFIX) {
        return Err(Error::Typify {
            revision,
            reason: "typify generated a type for a string constant instead of `Const`".into(),
        });
    }
    let mut file: syn::File = syn::parse2(typified).map_err(|e| Error::Typify {
        revision: revision.clone(),
        reason: format!("typify's output does not parse: {e}"),
    })?;
    let unions = unions::rewrite(&mut file);
    let nulls = nulls::rewrite(&mut file);
    let defs: Vec<api::Definition> = schema
        .defs()
        .keys()
        .zip(rust)
        .map(|(name, rust)| api::Definition {
            name: name.clone(),
            rust,
            pointer: schema.def_pointer(name),
        })
        .collect();
    let api = api::tokens(&defs);
    let consts = consts::tokens(&normalized.consts);
    Ok(quote! { #file #unions #nulls #consts #api })
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        format!("typify panicked: {s}")
    } else if let Some(s) = panic.downcast_ref::<String>() {
        format!("typify panicked: {s}")
    } else {
        "typify panicked".into()
    }
}

#[cfg(test)]
mod dump {
    #[test]
    #[ignore]
    fn dump() {
        let dir =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/mcp-spec");
        for v in crate::Version::ALL {
            let raw: serde_json::Value = serde_json::from_slice(
                &std::fs::read(dir.join(v.name).join("schema.json")).unwrap(),
            )
            .unwrap();
            let doc = crate::errata::apply(*v, raw).unwrap();
            let schema = crate::Schema::new(*v, doc).unwrap();
            let norm = super::normalize::normalize(&schema).unwrap();
            std::fs::write(
                format!("/tmp/norm-{}.json", v.name),
                serde_json::to_string_pretty(&norm.definitions).unwrap(),
            )
            .unwrap();
            match super::generate(&schema) {
                Ok(ts) => {
                    let file: syn::File = syn::parse2(ts).unwrap();
                    std::fs::write(
                        format!("/tmp/types-{}.rs", v.name),
                        prettyplease::unparse(&file),
                    )
                    .unwrap();
                    eprintln!("{}: ok", v.name);
                }
                Err(e) => eprintln!("{}: {e}", v.name),
            }
        }
    }
}
