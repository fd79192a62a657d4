//! The parsed (and errata-patched) schema of one revision, with the lookups
//! every later stage needs: definitions in file order, `$ref` resolution and
//! JSON pointers into the published file.

use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::OnceLock;

use serde_json::{Map, Value};

use crate::resolve::Resolver;
use crate::{pointer::escape_token, Dialect, Error, Version};

/// One revision's schema document.
#[derive(Clone, Debug)]
pub struct Schema {
    /// The revision.
    pub version: Version,
    /// The whole document, after errata.
    pub document: Value,
    /// How the validators treat formats and unknown keywords.
    pub options: Options,
    /// Identifiers and reference targets of the document (and of the
    /// documents it may reference), and the units found so far.
    pub resolver: Rc<Resolver>,
    /// The entry points: `(name, pointer)`, the definitions in file order
    /// (or the root of a standalone schema).
    pub entries: Vec<(String, String)>,
}

/// How the validators stage treats what the dialect leaves open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The `format`s compiled to assertions; every other `format` is an
    /// annotation, as both dialects say by default.
    pub asserted_formats: Vec<String>,
    /// Keywords outside both vocabularies to treat as annotations (a
    /// revision's `annotations` in `schemas/errata.toml`). Any other
    /// unknown keyword stops the build, naming it and its place.
    pub annotations: Vec<String>,
    /// Treat every unknown keyword as an annotation (the JSON Schema Test
    /// Suite's expectation; never for MCP revisions).
    pub unknown_keywords_are_annotations: bool,
    /// Whether the 2020-12 Validation vocabulary is in force. A schema
    /// whose `$schema` names a metaschema whose `$vocabulary` leaves it out
    /// ([`Schema::standalone`]) has its keywords (`type`, `minimum`, …) as
    /// annotations.
    pub validation_vocabulary: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            asserted_formats: Options::DEFAULT_FORMATS
                .iter()
                .map(|f| f.to_string())
                .collect(),
            annotations: Vec::new(),
            unknown_keywords_are_annotations: false,
            validation_vocabulary: true,
        }
    }
}

impl Options {
    /// The formats asserted by default: the ones MCP schemas use whose
    /// violation real peers would trip on (`mcpwire::format`).
    pub const DEFAULT_FORMATS: &'static [&'static str] = &["uri", "uri-template", "byte"];
}

impl Schema {
    /// Wraps a document, checking that it has the definitions container its
    /// dialect promises.
    pub fn new(version: Version, document: Value) -> Result<Self, Error> {
        let key = version.dialect.defs_key();
        match document.get(key) {
            Some(Value::Object(defs)) => {
                let entries = defs
                    .keys()
                    .map(|name| (name.clone(), def_pointer(version.dialect, name)))
                    .collect();
                let base = document.get("$id").and_then(Value::as_str);
                let resolver = Resolver::new(version.dialect, &document, base, &BTreeMap::new())?;
                Ok(Schema {
                    version,
                    document,
                    options: Options::default(),
                    resolver: Rc::new(resolver),
                    entries,
                })
            }
            _ => Err(Error::Malformed {
                pointer: format!("/{}", escape_token(key)),
                reason: format!("expected an object of definitions under `{key}`"),
            }),
        }
    }

    /// A schema that is one root (not a set of definitions), with the
    /// documents it may reference by absolute URI: its one entry is `Root`.
    pub fn standalone(
        dialect: Dialect,
        root: Value,
        resources: &BTreeMap<String, Value>,
        options: Options,
    ) -> Result<Self, Error> {
        let resolver = Resolver::new(dialect, &root, None, resources)?;
        let mut options = options;
        let vocabularies = root
            .get("$schema")
            .and_then(Value::as_str)
            .and_then(|uri| resources.get(uri.trim_end_matches('#')))
            .and_then(|meta| meta.get("$vocabulary"))
            .and_then(Value::as_object);
        if let Some(vocabularies) = vocabularies {
            options.validation_vocabulary &=
                vocabularies.contains_key("https://json-schema.org/draft/2020-12/vocab/validation");
        }
        Ok(Schema {
            version: Version {
                name: "standalone",
                module: "standalone",
                dialect,
            },
            document: root,
            options,
            resolver: Rc::new(resolver),
            entries: vec![("Root".to_string(), String::new())],
        })
    }

    /// Whether this is a standalone schema ([`Schema::standalone`]), not an
    /// MCP revision.
    pub fn is_standalone(&self) -> bool {
        self.version.name == "standalone"
    }

    /// The same schema with other options.
    pub fn with_options(self, options: Options) -> Self {
        Schema { options, ..self }
    }

    /// Whether `format: name` compiles to an assertion.
    pub fn asserts_format(&self, name: &str) -> bool {
        self.options.asserted_formats.iter().any(|f| f == name)
    }

    /// Whether an unknown keyword was declared an annotation.
    pub fn is_declared_annotation(&self, keyword: &str) -> bool {
        self.options.unknown_keywords_are_annotations
            || self.options.annotations.iter().any(|k| k == keyword)
    }

    /// The definitions, in file order.
    pub fn defs(&self) -> &Map<String, Value> {
        static NONE: OnceLock<Map<String, Value>> = OnceLock::new();
        match self.document.get(self.version.dialect.defs_key()) {
            // A standalone schema's `$defs` are ordinary subschemas.
            Some(Value::Object(map)) if !self.is_standalone() => map,
            _ => NONE.get_or_init(Map::new),
        }
    }

    /// One definition by name.
    pub fn def(&self, name: &str) -> Option<&Value> {
        self.defs().get(name)
    }

    /// JSON pointer of a definition in the published file: `/$defs/Name`.
    pub fn def_pointer(&self, name: &str) -> String {
        def_pointer(self.version.dialect, name)
    }

    /// The definition a local `$ref` names (`#/$defs/Name` → `Name`).
    /// Returns `Unsupported` for any other shape of reference.
    pub fn ref_target<'a>(&self, reference: &'a str, at: &str) -> Result<&'a str, Error> {
        let prefix = format!("#/{}/", self.version.dialect.defs_key());
        match reference.strip_prefix(&prefix) {
            Some(name)
                if !name.contains('/') && !name.contains('~') && self.def(name).is_some() =>
            {
                Ok(name)
            }
            _ => Err(Error::Unsupported {
                pointer: at.to_string(),
                keyword: format!("$ref {reference}"),
            }),
        }
    }
}

fn def_pointer(dialect: Dialect, name: &str) -> String {
    format!(
        "/{}/{}",
        escape_token(dialect.defs_key()),
        escape_token(name)
    )
}
