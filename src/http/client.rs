//! The HTTP client of `mcpwire proxy` (its upstream) and of
//! `mcpwire::probe`'s HTTP link (feature `probe-http`): HTTP/1.1 over TCP,
//! or TLS (rustls, ring provider) trusting webpki-roots' Mozilla roots plus
//! any extra PEM file (`--upstream-ca`).

use std::{path::Path, sync::Arc};

use bytes::Bytes;
use http_body_util::BodyExt;

use hyper_rustls::HttpsConnector;
use hyper_util::{
    client::legacy::{connect::HttpConnector, Client},
    rt::TokioExecutor,
};
use rustls::{pki_types::CertificateDer, ClientConfig, RootCertStore};
use rustls_pki_types::pem::PemObject;

/// Errors a body can carry.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
/// The body type both ways.
pub type ClientBody = http_body_util::combinators::BoxBody<Bytes, BoxError>;

/// A whole body.
pub fn full(bytes: impl Into<Bytes>) -> ClientBody {
    http_body_util::Full::new(bytes.into())
        .map_err(|never| match never {})
        .boxed()
}

/// The client type.
pub type Upstream = Client<HttpsConnector<HttpConnector>, ClientBody>;

/// A client trusting the web roots and the certificates in `ca`.
pub fn client(ca: Option<&Path>) -> Result<Upstream, String> {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = ca {
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .collect::<Result<_, _>>()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if certs.is_empty() {
            return Err(format!("{} holds no PEM certificate", path.display()));
        }
        for c in certs {
            roots
                .add(c)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let https = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(config)
        .https_or_http()
        .enable_http1()
        .build();
    Ok(Client::builder(TokioExecutor::new()).build(https))
}
