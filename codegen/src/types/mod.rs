//! Types stage: a Rust type for every definition of a revision, made by
//! typify 0.8, plus what mcpwire adds around them.
//!
//! [`generate`] returns the *contents* of the revision's `pub mod types`:
//!
//! 1. [`normalize`] rewrites a copy of the schema for typify (the published
//!    schema stays untouched for the validators); typify runs on it, inside
//!    `catch_unwind` so that a typify panic is an [`Error::Typify`], never a
//!    crashed build script.
//! 2. Fix-ups on typify's output (parsed with syn): [`unions`] gives every
//!    untagged union a most-specific-member `Deserialize`; [`nulls`] makes
//!    optional members whose type accepts `null` keep an explicit `null`.
//! 3. Additions: [`consts`] (`Const<C>` and its markers), and [`api`]:
//!    schema-name aliases, `validated`/`validate` on every definition type,
//!    and `roundtrip`/`validated_roundtrip` by definition name.
//!
//! # Decisions
//!
//! - **Numbers.** Every `integer` and `number` is a `::serde_json::Number`.
//!   JSON Schema counts `1.0`, `6e4` and integers beyond 64 bits as
//!   integers, and the MCP schemas say `integer` for nearly every number
//!   (an artifact of their generator); `i64`/`u64` would reject valid
//!   messages (`"ttlMs": 6e4`, `"id": 1.0`). `Number` keeps the value
//!   exactly as `serde_json::Value` does (`as_u64`/`as_i64`/`as_f64` to
//!   read it); bounds are checked by the validators, not the types.
//! - **Names.** Types keep schema names where typify can: `CallToolRequest`.
//!   typify re-cases some (`JSONRPCRequest` → `JsonrpcRequest`,
//!   `ElicitRequestURLParams` → `ElicitRequestUrlParams`); for each such
//!   definition an alias `pub type JSONRPCRequest = JsonrpcRequest;` makes
//!   every schema name resolve in `types::`.
//! - **Open objects.** Every object schema with properties is open in MCP;
//!   its struct gets `#[serde(flatten)] extra: Map<String, Value>` holding
//!   the unknown members, so a round trip keeps them. `{}` schemas are
//!   `::serde_json::Value`; string-keyed maps are `BTreeMap` (sorted,
//!   deterministic output) or `serde_json::Map` for `{}` values.
//! - **Round trip.** For every valid message, deserialize then serialize
//!   gives back an equal `serde_json::Value`: optional arrays and maps are
//!   `Option`s (`[]` is not absent), optional members that accept `null`
//!   keep it. What is not kept: member order, and the spelling of numbers
//!   (`6e4` comes back as `60000.0`, the same JSON value).
//! - **Constraints.** A type models a value's shape, never its bounds: the
//!   validators judge every keyword. Validation-only keywords (`maxLength`,
//!   `pattern`, `minimum`, `not`, `if`/`then`/`else`, `unevaluated*`,
//!   `dependent*`, `propertyNames`, `contains`, …) are dropped from typify's
//!   copy, so a definition gaining one keeps its type: a constrained string
//!   is a `String`, a bounded number a `Number`, an object with
//!   `patternProperties` keeps those members in its `extra` map, a tuple
//!   (`prefixItems`, draft-07 `items` arrays) is a `Vec<Value>`, a `$ref`
//!   with siblings is the referenced type, a `oneOf` an untagged enum like
//!   an `anyOf`. The table in [`normalize`] lists each rewrite.
//! - **String constants** are zero-sized `Const<consts::Marker>` values, so
//!   a union's members are told apart by their `method`/`type` tags.
//! - **Builders** (typify's `with_struct_builder`) are off: measured on
//!   `draft`, they triple the module's lines (8.5k → 26k) and add about 55%
//!   to its compile time. [`Options::builders`] (mcpwire's cargo feature
//!   `builders`) turns them on; [`builders`] makes each builder's flattened
//!   `extra` map and string constants default.
//! - **Lean output.** `validated`/`validate`/`roundtrip` are `#[inline]`,
//!   so their per-type serde code is compiled only in crates that call them
//!   (halves the crate's own compile time for the types). String constants
//!   are one line each (a `marker!` invocation) instead of typify's ~60.
//!   The flattened `extra` maps cost about a quarter of the types' compile
//!   time; they are what keeps unknown members.

pub mod api;
pub mod builders;
pub mod consts;
mod entries;
pub mod items;
pub mod normalize;
pub mod nulls;
pub mod unions;

#[cfg(test)]
mod tests;

use proc_macro2::{Delimiter, Group, Ident, Literal, TokenStream, TokenTree};
use quote::quote;
use schemars::schema::{InstanceType, Schema as SchemarsSchema, SchemaObject};
use typify::{TypeSpace, TypeSpaceSettings};

use crate::{Error, Schema};

/// Knobs of the types stage ([`crate::model::TypesOptions`]).
pub use crate::model::TypesOptions as Options;

/// Rust types for every definition (the contents of the `types` module).
pub fn generate(schema: &Schema) -> Result<TokenStream, Error> {
    generate_with(schema, Options::default())
}

/// [`generate`] with explicit [`Options`].
pub fn generate_with(schema: &Schema, options: Options) -> Result<TokenStream, Error> {
    let module = module(schema, options)?;
    Ok(crate::share::tokens(&module, &Default::default(), "types"))
}

/// The types of `schema` as entries that [`crate::share`] can share across
/// revisions: one per type typify made (its item, its impls and its
/// `definition!` line), the rest (helpers, `consts`, `error`, aliases,
/// `roundtrip`) as the module's tables. With builders on, nothing is an
/// entry: a builder module names its types by `super::`, which a shared
/// type's home would not match.
pub fn module(schema: &Schema, options: Options) -> Result<crate::share::Module, Error> {
    let items = items(schema, options)?;
    let file: syn::File =
        syn::parse2(items.tokens).map_err(|e| typify_error(schema.version.name, e))?;
    let keys = if options.builders {
        Default::default()
    } else {
        items.keys
    };
    Ok(entries::split(file, &keys))
}

/// A module's items in one stream, and the names of the types typify made.
struct Items {
    tokens: TokenStream,
    keys: std::collections::BTreeSet<String>,
}

/// The module's items (what [`generate_with`] emits unshared).
fn items(schema: &Schema, options: Options) -> Result<Items, Error> {
    let revision = schema.version.name;
    let normalized = normalize::normalize(schema)?;
    let root = normalized.root_schema(revision)?;
    let settings = settings(schema.version.module, &normalized.consts, options);
    let names: Vec<&str> = schema.defs().keys().map(String::as_str).collect();
    let (typified, rust_names) = run_typify(revision, &settings, root, &names)?;
    let mut file: syn::File = syn::parse2(typified).map_err(|e| typify_error(revision, e))?;
    let unions = unions::rewrite(&mut file);
    let nulls = nulls::rewrite(&mut file);
    if options.builders {
        builders::defaults(&mut file);
    }
    let defs: Vec<api::Definition> = names
        .iter()
        .zip(rust_names)
        .map(|(name, rust)| api::Definition {
            name: (*name).to_string(),
            rust,
            pointer: schema.def_pointer(name),
        })
        .collect();
    let consts = consts::tokens(&normalized.consts);
    let api = api::tokens(&defs);
    let keys = file.items.iter().filter_map(entries::item_name).collect();
    let tokens = prelude(quote! { #file #unions #nulls #consts #api });
    Ok(Items { tokens, keys })
}

/// The standard prelude's types by their names: typify spells
/// `::std::option::Option<::std::string::String>` (and
/// `skip_serializing_if = "::std::option::Option::is_none"`), which makes
/// most optional members three to five formatted lines instead of one.
/// The names mean the same unless the module declares one of them itself,
/// so nothing is rewritten if it does.
const PRELUDE: &[(&str, &str)] = &[
    ("option", "Option"),
    ("string", "String"),
    ("vec", "Vec"),
    ("boxed", "Box"),
];

/// `tokens` with [`PRELUDE`]'s paths shortened to their names, in each
/// module that declares none of those names (a nested module, such as
/// `consts` with its `enum String {}` marker, is judged on its own and
/// also left alone when its parent is).
fn prelude(tokens: TokenStream) -> TokenStream {
    scope(tokens, false)
}

/// One module's tokens (`shadowed`: the parent's names may be imported).
fn scope(tokens: TokenStream, shadowed: bool) -> TokenStream {
    let shadowed = shadowed || declares(&tokens);
    rewrite(tokens, shadowed)
}

/// The token trees of `tokens` and, for each, whether it is the body of a
/// `mod name { … }`.
fn trees(tokens: &TokenStream) -> Vec<(TokenTree, bool)> {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    (0..trees.len())
        .map(|i| {
            let body = i >= 2
                && matches!(&trees[i], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace)
                && matches!(&trees[i - 2], TokenTree::Ident(m) if m == "mod");
            (trees[i].clone(), body)
        })
        .collect()
}

/// Whether the module (its nested modules aside) declares or imports one
/// of [`PRELUDE`]'s names.
fn declares(tokens: &TokenStream) -> bool {
    let trees = trees(tokens);
    trees.iter().enumerate().any(|(i, (t, body))| match t {
        // `marker!(String, "string")` declares `enum String {}` ([`consts`]).
        TokenTree::Group(g)
            if i >= 2 && matches!(&trees[i - 2].0, TokenTree::Ident(m) if m == "marker") =>
        {
            matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(name))
                if PRELUDE.iter().any(|(_, n)| name == n))
        }
        TokenTree::Group(g) => !body && declares(&g.stream()),
        TokenTree::Ident(kw)
            if [
                "struct", "enum", "type", "trait", "union", "mod", "as", "use", "fn",
            ]
            .iter()
            .any(|k| kw == k) =>
        {
            matches!(trees.get(i + 1), Some((TokenTree::Ident(name), _))
                if PRELUDE.iter().any(|(_, n)| name == n))
        }
        _ => false,
    })
}

fn rewrite(tokens: TokenStream, shadowed: bool) -> TokenStream {
    let trees = trees(&tokens);
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if !shadowed {
            if let Some(name) = prelude_path(&trees[i..]) {
                out.push(TokenTree::Ident(Ident::new(name, trees[i + 8].0.span())));
                i += 9;
                continue;
            }
        }
        out.push(match &trees[i] {
            (TokenTree::Group(g), body) => {
                let inner = if *body {
                    scope(g.stream(), shadowed)
                } else {
                    rewrite(g.stream(), shadowed)
                };
                let mut group = Group::new(g.delimiter(), inner);
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            (TokenTree::Literal(lit), _) if !shadowed => {
                let text = lit.to_string();
                let short = PRELUDE.iter().fold(text.clone(), |t, (module, name)| {
                    t.replace(
                        &format!("\"::std::{module}::{name}::"),
                        &format!("\"{name}::"),
                    )
                });
                match short.parse::<Literal>() {
                    Ok(mut short) if short.to_string() != text => {
                        short.set_span(lit.span());
                        TokenTree::Literal(short)
                    }
                    _ => TokenTree::Literal(lit.clone()),
                }
            }
            (other, _) => other.clone(),
        });
        i += 1;
    }
    out.into_iter().collect()
}

/// `:: std :: <module> :: <Name>` (9 tokens: `::` is two puncts).
fn prelude_path(trees: &[(TokenTree, bool)]) -> Option<&'static str> {
    let punct = |i: usize| matches!(&trees[i].0, TokenTree::Punct(p) if p.as_char() == ':');
    let ident = |i: usize, s: &str| matches!(&trees[i].0, TokenTree::Ident(x) if x == s);
    if trees.len() < 9
        || !(punct(0) && punct(1) && ident(2, "std") && punct(3) && punct(4))
        || !(punct(6) && punct(7))
    {
        return None;
    }
    PRELUDE
        .iter()
        .find(|(module, name)| ident(5, module) && ident(8, name))
        .map(|(_, name)| *name)
}

/// typify's settings for one revision.
fn settings(module: &str, consts: &normalize::Consts, options: Options) -> TypeSpaceSettings {
    let mut s = TypeSpaceSettings::default();
    s.with_map_type("::std::collections::BTreeMap");
    s.with_struct_builder(options.builders);
    // What `normalize` turns every integer and number into.
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
            consts::rust_type(module, marker, options.builders),
            std::iter::empty(),
        );
    }
    s
}

/// Runs typify on `root`; returns its tokens and the Rust name of each of
/// `names` (the definitions, in order). A typify panic becomes an error.
fn run_typify(
    revision: &str,
    settings: &TypeSpaceSettings,
    root: schemars::schema::RootSchema,
    names: &[&str],
) -> Result<(TokenStream, Vec<String>), Error> {
    let result = std::panic::catch_unwind(|| {
        let mut space = TypeSpace::new(settings);
        space.add_root_schema(root)?;
        let mut rust_names = Vec::with_capacity(names.len());
        for name in names {
            // A `$ref` to a definition resolves to its type.
            let reference = SchemarsSchema::Object(SchemaObject {
                reference: Some(format!(
                    "#/definitions/{}",
                    name.replace('~', "~0").replace('/', "~1")
                )),
                ..Default::default()
            });
            let id = space.add_type(&reference)?;
            rust_names.push(space.get_type(&id)?.name());
        }
        Ok::<_, typify::Error>((space.to_stream(), rust_names))
    });
    let (tokens, rust_names) = match result {
        Ok(Ok(out)) => out,
        Ok(Err(e)) => return Err(typify_error(revision, e)),
        Err(panic) => return Err(typify_error(revision, panic_message(panic.as_ref()))),
    };
    if tokens.to_string().contains(normalize::CONST_PREFIX) {
        return Err(typify_error(
            revision,
            "typify generated a type for a string constant instead of using `Const`",
        ));
    }
    Ok((tokens, rust_names))
}

fn typify_error(revision: &str, reason: impl std::fmt::Display) -> Error {
    Error::Typify {
        revision: revision.into(),
        reason: reason.to_string(),
    }
}

/// The message of a caught panic.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into());
    format!("typify panicked: {message}")
}
