//! Feature `fetch` (mcpwire's `fetch-spec`): the pinned spec files, downloaded
//! once into a cache shared by every build on the machine, and read from
//! that cache afterwards without the network.
//!
//! - What: exactly `path` (`schema/<revision>/schema.json`) of each enabled
//!   revision, at the pinned `commit`, from the upstream repository's raw
//!   file host (`https://raw.githubusercontent.com/<owner>/<name>`), or from
//!   `$MCPWIRE_SPEC_BASE_URL` (a mirror laid out the same way:
//!   `<base>/<commit>/schema/<revision>/schema.json`).
//! - Where: `<cache>/<commit>/<revision>/schema.json`, so a cache directory
//!   is itself a valid `MCPWIRE_SPEC_DIR`. `<cache>` is
//!   `$MCPWIRE_SPEC_CACHE`, else `$CARGO_HOME/mcpwire/spec`, else
//!   `~/.cargo/mcpwire/spec` (cargo's default `CARGO_HOME`).
//! - Trust: a file is used only when its sha256 is the pinned one. A download
//!   is hashed before it is written (to a temporary name, then renamed, so
//!   two build scripts fetching at once never see half a file); a cached
//!   file that no longer matches is downloaded again, and the build stops if
//!   that fails.
//! - Offline: a cached, matching file is never downloaded again; with
//!   `CARGO_NET_OFFLINE=true` a missing file is an error, not a download.
//!
//! The client is `ureq` (blocking, rustls with webpki roots: no system TLS
//! library, no async runtime in a build script); a response is read up to
//! [`MAX_BYTES`], with a [`TIMEOUT`] for the whole request.

// A build script fails at most once per run: the errors carry every name
// their advice needs instead of staying small.
#![allow(clippy::result_large_err)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::error::FetchError;
use crate::load::{schema_path, sha256_hex, Pin};
use crate::Version;

/// The largest file accepted (the pinned files are under 200 KiB).
pub const MAX_BYTES: u64 = 16 << 20;

/// Time limit of one download.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// Environment variable naming a mirror to download from instead of upstream.
pub const BASE_URL_ENV: &str = "MCPWIRE_SPEC_BASE_URL";

/// Environment variable naming the cache directory.
pub const CACHE_ENV: &str = "MCPWIRE_SPEC_CACHE";

/// Where to download from and cache to.
#[derive(Clone, Debug)]
pub struct Fetcher {
    /// Base URL: `<base>/<commit>/<path>` is a file.
    pub base_url: String,
    /// The cache root (`<cache>/<commit>/<revision>/schema.json`).
    pub cache: PathBuf,
    /// Whether downloads are forbidden.
    pub offline: bool,
}

impl Fetcher {
    /// The fetcher a build script uses: base URL from
    /// `$MCPWIRE_SPEC_BASE_URL` (else upstream's raw host), cache from
    /// `$MCPWIRE_SPEC_CACHE`, `$CARGO_HOME` or `$HOME`, offline from
    /// `$CARGO_NET_OFFLINE`.
    pub fn from_env(pin: &Pin) -> Result<Fetcher, FetchError> {
        Fetcher::from_env_for(BASE_URL_ENV, &pin.raw_base_url())
    }

    /// [`Fetcher::from_env`] for other pinned files: the base URL from the
    /// variable `base_url_env`, else `default_base`; the same cache and
    /// offline rule (the metaschemas, [`crate::metaschema`]).
    pub fn from_env_for(base_url_env: &str, default_base: &str) -> Result<Fetcher, FetchError> {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let base_url = var(base_url_env)
            .map(|v| v.to_string_lossy().into_owned())
            .unwrap_or_else(|| default_base.to_string());
        let cache = match (var(CACHE_ENV), var("CARGO_HOME"), var("HOME")) {
            (Some(dir), _, _) => PathBuf::from(dir),
            (None, Some(home), _) => PathBuf::from(home).join("mcpwire/spec"),
            (None, None, Some(home)) => PathBuf::from(home).join(".cargo/mcpwire/spec"),
            (None, None, None) => return Err(FetchError::NoCacheDir),
        };
        let offline = var("CARGO_NET_OFFLINE").is_some_and(|v| v == "true" || v == "1");
        Ok(Fetcher {
            base_url: base_url.trim_end_matches('/').to_string(),
            cache,
            offline,
        })
    }

    /// The spec directory of the pinned commit inside the cache.
    pub fn spec_dir(&self, pin: &Pin) -> PathBuf {
        self.cache.join(&pin.commit)
    }

    /// Makes sure every revision's pinned file is in the cache, downloading
    /// what is missing or does not match; returns the spec directory and how
    /// many files were downloaded.
    pub fn ensure(&self, pin: &Pin, versions: &[Version]) -> Result<(PathBuf, usize), FetchError> {
        let dir = self.spec_dir(pin);
        let mut downloaded = 0;
        for version in versions {
            downloaded += usize::from(self.ensure_one(pin, &dir, *version)?);
        }
        Ok((dir, downloaded))
    }

    /// `true` when it downloaded the file.
    fn ensure_one(&self, pin: &Pin, dir: &Path, version: Version) -> Result<bool, FetchError> {
        let expected = pin
            .sha256
            .get(version.name)
            .ok_or_else(|| FetchError::NotPinned(version.name.into()))?;
        let wanted = Wanted {
            path: pin.upstream_path(version),
            sha256: expected,
            file: schema_path(dir, version),
            commit: &pin.commit,
            instead: SPEC_DIR_ADVICE,
        };
        self.ensure_file(&wanted)
    }

    /// Makes sure one pinned file is in the cache, downloading it when it
    /// is missing or does not match; `true` when it downloaded it.
    pub fn ensure_file(&self, wanted: &Wanted<'_>) -> Result<bool, FetchError> {
        let file = &wanted.file;
        let cached = std::fs::read(file).ok().map(|b| sha256_hex(&b));
        match cached {
            Some(actual) if actual == wanted.sha256 => Ok(false),
            Some(actual) => {
                self.download(wanted)
                    .map(|()| true)
                    .map_err(|again| FetchError::CorruptCache {
                        file: file.clone(),
                        actual,
                        expected: wanted.sha256.to_string(),
                        cache: self.cache.clone(),
                        again: Box::new(again),
                    })
            }
            None if self.offline => Err(FetchError::Offline {
                file: file.clone(),
                commit: wanted.commit.to_string(),
                instead: wanted.instead.to_string(),
            }),
            None => self.download(wanted).map(|()| true),
        }
    }

    /// Downloads one file, checks it and stores it at `wanted.file`.
    fn download(&self, wanted: &Wanted<'_>) -> Result<(), FetchError> {
        let (path, expected, file) = (&wanted.path, wanted.sha256, &wanted.file);
        let url = format!("{}/{}/{}", self.base_url, wanted.commit, path);
        let bytes = get(&url).map_err(|reason| FetchError::Download {
            url: url.clone(),
            reason,
            cache: file.to_path_buf(),
            host: host_of(&self.base_url),
            commit: wanted.commit.to_string(),
            path: path.clone(),
            sha256: expected.to_string(),
            instead: wanted.instead.to_string(),
        })?;
        let actual = sha256_hex(&bytes);
        if actual != expected {
            return Err(FetchError::Mismatch {
                url,
                base: self.base_url.clone(),
                expected: expected.to_string(),
                actual,
                commit: wanted.commit.to_string(),
            });
        }
        let parent = file.parent().expect("a cache file has a directory");
        let io = |source| FetchError::Io {
            file: file.to_path_buf(),
            source,
        };
        std::fs::create_dir_all(parent).map_err(io)?;
        let name = file
            .file_name()
            .map_or_else(|| "download".into(), |n| n.to_string_lossy().into_owned());
        let temporary = parent.join(format!("{name}.{}.part", std::process::id()));
        std::fs::write(&temporary, &bytes).map_err(io)?;
        std::fs::rename(&temporary, file).map_err(io)
    }
}

/// What the errors of an MCP spec download advise instead of the download.
const SPEC_DIR_ADVICE: &str =
    "turn fetch-spec off and set MCPWIRE_SPEC_DIR to a directory holding <revision>/schema.json";

/// One pinned file to have in the cache ([`Fetcher::ensure_file`]).
#[derive(Clone, Debug)]
pub struct Wanted<'a> {
    /// Its path inside the upstream repository (the URL is
    /// `<base>/<commit>/<path>`).
    pub path: String,
    /// Its pinned sha256 (hex).
    pub sha256: &'a str,
    /// Where it is cached.
    pub file: PathBuf,
    /// The pinned commit (or tag) it is downloaded at.
    pub commit: &'a str,
    /// What a failed download advises instead: "turn fetch-spec off and
    /// set … to a directory holding …".
    pub instead: &'a str,
}

/// One GET, the body read up to [`MAX_BYTES`].
fn get(url: &str) -> Result<Vec<u8>, String> {
    let agent = ureq::Agent::new_with_config(
        ureq::Agent::config_builder()
            .timeout_global(Some(TIMEOUT))
            .build(),
    );
    let mut response = agent.get(url).call().map_err(|e| e.to_string())?;
    response
        .body_mut()
        .with_config()
        .limit(MAX_BYTES)
        .read_to_vec()
        .map_err(|e| e.to_string())
}

/// `https://host:port/a/b` → `host:port`.
fn host_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split('/').next().unwrap_or(rest).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Serves `body` to every GET on loopback, one connection at a time;
    /// returns the base URL.
    fn serve(body: &'static [u8]) -> String {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let port = listener.local_addr().expect("port").port();
        std::thread::spawn(move || {
            for mut stream in listener.incoming().flatten() {
                let mut request = [0u8; 4096];
                let _ = stream.read(&mut request);
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes());
                let _ = stream.write_all(body);
            }
        });
        format!("http://127.0.0.1:{port}")
    }

    /// Any pinned file, by path: downloaded once and checked, then read
    /// from the cache; offline and missing, an error with the caller's advice.
    #[test]
    fn a_pinned_file_is_downloaded_once_then_cached() {
        const BODY: &[u8] = b"{\"$id\": \"x\"}";
        let cache = std::env::temp_dir().join(format!("mcpwire-fetch-{}", std::process::id()));
        let sha256 = sha256_hex(BODY);
        let wanted = Wanted {
            path: "schemas/draft7/metaschema.json".into(),
            sha256: &sha256,
            file: cache.join("c0ffee/draft7/metaschema.json"),
            commit: "c0ffee",
            instead: "set SOME_DIR",
        };
        let fetcher = Fetcher {
            base_url: serve(BODY),
            cache: cache.clone(),
            offline: false,
        };
        assert!(fetcher.ensure_file(&wanted).expect("downloads"));
        assert!(!fetcher.ensure_file(&wanted).expect("cached"));
        assert_eq!(std::fs::read(&wanted.file).expect("cached file"), BODY);
        let offline = Fetcher {
            offline: true,
            ..fetcher
        };
        let missing = Wanted {
            file: cache.join("c0ffee/missing"),
            ..wanted.clone()
        };
        let err = offline
            .ensure_file(&missing)
            .expect_err("offline")
            .to_string();
        let _ = std::fs::remove_dir_all(&cache);
        assert!(err.contains("set SOME_DIR (from commit c0ffee)"), "{err}");
    }

    #[test]
    fn host_of_urls() {
        assert_eq!(
            host_of("https://raw.githubusercontent.com/o/n"),
            "raw.githubusercontent.com"
        );
        assert_eq!(host_of("http://127.0.0.1:8080"), "127.0.0.1:8080");
    }
}
