//! The `mcpwire` command line (placeholder until the CLI lands).

fn main() {
    for v in mcpwire::Version::enabled() {
        println!("{v}");
    }
}
