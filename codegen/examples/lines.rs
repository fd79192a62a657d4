//! Generated lines per revision: runs the generator as `build.rs` does
//! (all revisions, or those named) and prints each module's line count,
//! for `mcpwire` (everything) and `mcpwire-macros` (validators only).
//!
//! ```sh
//! cargo run -p mcpwire-codegen --example lines [-- --out DIR] [REVISION…]
//! ```
//!
//! The spec directory is `$MCPWIRE_SPEC_DIR` (else `../shared/mcp-spec`
//! next to the repository); `--out DIR` also writes the modules there.

use std::path::PathBuf;

use mcpwire_codegen::{generate_all, Config, Options, Stages, Version};

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let out = match args.iter().position(|a| a == "--out") {
        Some(i) if i + 1 < args.len() => {
            let dir = PathBuf::from(args.remove(i + 1));
            args.remove(i);
            Some(dir)
        }
        _ => None,
    };
    let versions: Vec<Version> = if args.is_empty() {
        Version::ALL.to_vec()
    } else {
        args.iter()
            .map(|n| Version::by_name(n).unwrap_or_else(|| panic!("unknown revision {n}")))
            .collect()
    };
    let spec_dir = match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("../shared/mcp-spec"),
    };
    let cfg = Config {
        spec_dir,
        pin_file: root.join("schemas/pin.toml"),
    };
    for (crate_name, stages) in [
        ("mcpwire", Stages::All),
        ("mcpwire-macros", Stages::Validators),
    ] {
        let options = Options {
            stages,
            asserted_formats: mcpwire_codegen::build::asserted_formats_from_env(),
            ..Options::default()
        };
        let generated = generate_all(&versions, &cfg, options).unwrap_or_else(|e| panic!("{e}"));
        let mut total = 0;
        for g in &generated {
            let lines = g.source.lines().count();
            total += lines;
            println!("{crate_name}\t{}\t{lines}", g.version.name);
            if let Some(dir) = &out {
                let dir = dir.join(crate_name);
                std::fs::create_dir_all(&dir).expect("create --out dir");
                std::fs::write(dir.join(format!("{}.rs", g.version.module)), &g.source)
                    .expect("write module");
            }
        }
        println!("{crate_name}\ttotal\t{total}");
    }
}
