//! MCP protocol revisions: names and order. What each revision compiled
//! in holds ([`Version::spec`]) is [`crate::spec`]'s.

use std::{fmt, str::FromStr};

/// Defines [`Version`] from the revision list (`for_each_revision!`,
/// generated from `schemas/pin.toml`): one variant per revision, oldest
/// first, with its name and module.
macro_rules! define_version {
    ($([$variant:ident, $module:ident, $feature:literal, $name:literal, $variant_doc:literal, $module_doc:literal]),* $(,)?) => {
        /// One MCP protocol revision (one published `schema.json`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Version {
            $( #[doc = $variant_doc] $variant, )*
        }

        impl Version {
            /// Every revision, oldest first.
            pub const ALL: [Version; [$($name),*].len()] = [$(Version::$variant),*];

            /// The revision string: `"2025-11-25"`, `"draft"`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $( Version::$variant => $name, )*
                }
            }

            /// Module and cargo feature name: `"v2025_11_25"`.
            pub fn module(self) -> &'static str {
                match self {
                    $( Version::$variant => $feature, )*
                }
            }
        }
    };
}

for_each_revision!(define_version);

/// A revision string mcpwire does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown MCP revision {given:?}; known revisions: {}", Version::ALL.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(", "))]
pub struct UnknownVersion {
    /// What was given.
    pub given: String,
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Version {
    type Err = UnknownVersion;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Version::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or_else(|| UnknownVersion {
                given: s.to_string(),
            })
    }
}

impl serde::Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_displays() {
        for v in Version::ALL {
            assert_eq!(v.as_str().parse::<Version>(), Ok(v));
            assert_eq!(v.to_string(), v.as_str());
        }
    }

    #[test]
    fn unknown_lists_the_known() {
        let err = "1999-01-01".parse::<Version>().unwrap_err().to_string();
        let known: Vec<&str> = Version::ALL.iter().map(|v| v.as_str()).collect();
        assert_eq!(
            err,
            format!(
                "unknown MCP revision \"1999-01-01\"; known revisions: {}",
                known.join(", ")
            )
        );
        assert!(err.contains("2024-11-05, 2025-03-26, 2025-06-18"), "{err}");
    }
}
