//! Compiles the diagnostic catalogue (`sgfconv::diag::CATALOGUE`, what
//! `sgfconv explain` prints) from the `Code::new` constants of `src/` and
//! their doc comments: the scan `tests/diagnostics_table.rs` generates
//! `formats/diagnostics.md` with (`build/diag_scan.rs`).

#[path = "build/diag_scan.rs"]
mod diag_scan;

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=build");
    println!("cargo:rerun-if-changed=build.rs");
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let defs = diag_scan::scan(&root).unwrap_or_else(|e| panic!("{e}"));
    let layers = diag_scan::layers(&root).unwrap_or_else(|e| panic!("{e}"));
    let mut sorted: Vec<&diag_scan::CodeDef> = defs.iter().collect();
    sorted.sort_by(|a, b| (a.number(), &a.id).cmp(&(b.number(), &b.id)));
    let mut out = String::from("&[\n");
    for d in sorted {
        let layer = diag_scan::layer_of(&layers, d.number()).map_or("", |l| l.name.as_str());
        let _ = writeln!(
            out,
            "Entry {{ code: Code {{ id: {:?}, name: {:?} }}, module: {:?}, file: {:?}, \
             layer: {:?}, meaning: {:?}, example: {:?}, advice: {:?} }},",
            d.id,
            d.name,
            d.module,
            d.file,
            layer,
            d.meaning(),
            d.example(),
            d.advice()
        );
    }
    out.push_str("]\n");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("diag_catalogue.rs");
    std::fs::write(dest, out).unwrap();
}
