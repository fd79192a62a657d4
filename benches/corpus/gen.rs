//! Deterministic raw material for the corpus: a seeded PRNG, prose, base64.
//!
//! Nothing here reads the clock or the environment, so two runs build the
//! same bytes and timings stay comparable across runs and machines.

/// SplitMix64: tiny, fast, and good enough to vary generated text.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator with a fixed seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// `true` with probability `1 / n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

const WORDS: &[&str] = &[
    "the",
    "server",
    "returns",
    "a",
    "list",
    "of",
    "files",
    "matching",
    "query",
    "with",
    "their",
    "sizes",
    "and",
    "modification",
    "times",
    "weather",
    "forecast",
    "for",
    "city",
    "tomorrow",
    "repository",
    "commit",
    "branch",
    "issue",
    "ticket",
    "customer",
    "invoice",
    "total",
    "amount",
    "currency",
    "timestamp",
    "latitude",
    "longitude",
    "temperature",
    "humidity",
    "pressure",
    "wind",
    "speed",
    "direction",
    "error",
    "retry",
    "later",
    "user",
    "account",
    "balance",
    "transfer",
    "pending",
    "complete",
    "search",
    "results",
    "page",
    "next",
    "cursor",
    "résumé",
    "naïve",
    "café",
    "日本語",
    "emoji 🚀",
    "quoted \"text\"",
    "tab\there",
    "line\nbreak",
];

/// `n` words of prose (some non-ASCII, some needing JSON escapes).
pub fn words(rng: &mut Rng, n: usize) -> String {
    let mut out = String::new();
    for i in 0..n {
        if i > 0 {
            out.push(' ');
        }
        let word = rng.pick(WORDS);
        out.push_str(word);
    }
    out
}

/// An identifier-like name: `get_weather_17`.
pub fn ident(rng: &mut Rng, i: usize) -> String {
    const VERBS: &[&str] = &[
        "get", "list", "create", "update", "delete", "search", "sync",
    ];
    const NOUNS: &[&str] = &[
        "weather", "file", "issue", "invoice", "user", "commit", "ticket", "record",
    ];
    format!("{}_{}_{i}", rng.pick(VERBS), rng.pick(NOUNS))
}

/// `n` pseudo-random bytes.
pub fn bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| (rng.next_u64() >> 56) as u8).collect()
}

/// Standard base64 with padding (RFC 4648 §4), as MCP's `format: byte`.
pub fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Panics unless [`base64`] reproduces the RFC 4648 §10 test vectors (the
/// bench harness has no `#[test]`s, so setup calls this).
pub fn check_base64() {
    for (raw, enc) in [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(base64(raw.as_bytes()), enc, "base64 of {raw:?}");
    }
}
