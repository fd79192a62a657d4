//! MCP protocol revisions.

use std::{fmt, str::FromStr};

use crate::spec::Spec;

/// One MCP protocol revision (one published `schema.json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Version {
    /// 2024-11-05 (draft-07 schema).
    V2024_11_05,
    /// 2025-03-26 (draft-07 schema; the only revision with JSON-RPC batches).
    V2025_03_26,
    /// 2025-06-18 (draft-07 schema).
    V2025_06_18,
    /// 2025-11-25 (2020-12 schema).
    V2025_11_25,
    /// 2026-07-28 (2020-12 schema).
    V2026_07_28,
    /// The spec's working draft (2020-12 schema).
    Draft,
}

/// A revision string mcpwire does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown MCP revision {given:?}; known revisions: {}", Version::ALL.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(", "))]
pub struct UnknownVersion {
    /// What was given.
    pub given: String,
}

impl Version {
    /// Every revision, oldest first.
    pub const ALL: [Version; 6] = [
        Version::V2024_11_05,
        Version::V2025_03_26,
        Version::V2025_06_18,
        Version::V2025_11_25,
        Version::V2026_07_28,
        Version::Draft,
    ];

    /// The revision string: `"2025-11-25"`, `"draft"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Version::V2024_11_05 => "2024-11-05",
            Version::V2025_03_26 => "2025-03-26",
            Version::V2025_06_18 => "2025-06-18",
            Version::V2025_11_25 => "2025-11-25",
            Version::V2026_07_28 => "2026-07-28",
            Version::Draft => "draft",
        }
    }

    /// Module and cargo feature name: `"v2025_11_25"`.
    pub fn module(self) -> &'static str {
        match self {
            Version::V2024_11_05 => "v2024_11_05",
            Version::V2025_03_26 => "v2025_03_26",
            Version::V2025_06_18 => "v2025_06_18",
            Version::V2025_11_25 => "v2025_11_25",
            Version::V2026_07_28 => "v2026_07_28",
            Version::Draft => "draft",
        }
    }

    /// The generated tables and validators of this revision, or `None` when
    /// its cargo feature is off.
    pub fn spec(self) -> Option<&'static Spec> {
        match self {
            #[cfg(feature = "v2024_11_05")]
            Version::V2024_11_05 => Some(&crate::v2024_11_05::SPEC),
            #[cfg(feature = "v2025_03_26")]
            Version::V2025_03_26 => Some(&crate::v2025_03_26::SPEC),
            #[cfg(feature = "v2025_06_18")]
            Version::V2025_06_18 => Some(&crate::v2025_06_18::SPEC),
            #[cfg(feature = "v2025_11_25")]
            Version::V2025_11_25 => Some(&crate::v2025_11_25::SPEC),
            #[cfg(feature = "v2026_07_28")]
            Version::V2026_07_28 => Some(&crate::v2026_07_28::SPEC),
            #[cfg(feature = "draft")]
            Version::Draft => Some(&crate::draft::SPEC),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// The revisions compiled into this build.
    pub fn enabled() -> impl Iterator<Item = Version> {
        Version::ALL.into_iter().filter(|v| v.spec().is_some())
    }

    /// The dispatch maps extracted from this revision's schema, if enabled.
    pub fn dispatch_maps(self) -> Option<&'static crate::spec::DispatchMaps> {
        self.spec().map(|s| s.maps)
    }
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
        let err = "2099-01-01".parse::<Version>().unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown MCP revision \"2099-01-01\"; known revisions: 2024-11-05, 2025-03-26, \
             2025-06-18, 2025-11-25, 2026-07-28, draft"
        );
    }

    #[test]
    #[cfg(all(
        feature = "v2024_11_05",
        feature = "v2025_03_26",
        feature = "v2025_06_18",
        feature = "v2025_11_25",
        feature = "v2026_07_28",
        feature = "draft"
    ))]
    fn default_build_enables_every_revision() {
        assert_eq!(Version::enabled().count(), 6);
    }
}
