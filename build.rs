//! Compiles the diagnostic catalogue (`sgfconv::diag::CATALOGUE`, what
//! `sgfconv explain` prints) from the `Code::new` constants of `src/` and
//! their doc comments: the scan `tests/it/properties/diagnostics_table.rs` generates
//! `formats/diagnostics.md` with (`build/diag_scan.rs`); and names the
//! commit built (`SGFCONV_COMMIT`, shown by `sgfconv --version`); and
//! compiles the property table (`build/props_table.rs`); and links the
//! program at a fixed address on Linux, for a faster start.

#[path = "build/diag_scan.rs"]
mod diag_scan;
#[path = "build/props_table.rs"]
mod props_table;

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
             layer: {:?}, meaning: {:?}, example: {:?}, advice: {:?}, fixable: {:?}, once_a_run: {:?} }},",
            d.id,
            d.name,
            d.module,
            d.file,
            layer,
            d.meaning(),
            d.example(),
            d.advice(),
            d.fixable(),
            d.once_a_run()
        );
    }
    out.push_str("]\n");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("diag_catalogue.rs");
    std::fs::write(dest, out).unwrap();
    println!("cargo:rustc-env=SGFCONV_COMMIT={}", commit(&root));
    println!("cargo:rerun-if-changed=formats/properties.tsv");
    let tsv = std::fs::read_to_string(root.join("formats/properties.tsv")).unwrap();
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("props_table.rs");
    std::fs::write(dest, props_table::generate(&tsv)).unwrap();
    link_fixed_address();
}

/// On Linux, the `sgfconv` program is linked at a fixed address (not as a
/// position-independent executable): the loader then has none of the
/// binary's ~18 000 relative relocations to apply, which dirtied ~80
/// pages at every start (a short record's conversion: 256 → 193 page
/// faults, 1.5 → 1.3 ms of CPU; docs/benchmarks.md, "Start-up"). The
/// static link itself (no loader at all) is `build/rustc-static`'s, the
/// workspace's rustc wrapper: rustc flags a build script cannot give.
/// `SGFCONV_PIE=1` at build time keeps the default (ASLR for the binary's
/// own code, at that cost). Libraries, tests and examples are unchanged.
fn link_fixed_address() {
    println!("cargo:rerun-if-env-changed=SGFCONV_PIE");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if linux && std::env::var_os("SGFCONV_PIE").is_none_or(|v| v != "1") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}

/// The commit being built: `git rev-parse --short HEAD` in a checkout (a
/// `.git` here, not a repository the sources merely sit in), else the one
/// `cargo package` recorded in `.cargo_vcs_info.json`, else `unknown`.
fn commit(root: &std::path::Path) -> String {
    println!("cargo:rerun-if-env-changed=SGFCONV_COMMIT");
    if let Ok(c) = std::env::var("SGFCONV_COMMIT") {
        return c;
    }
    if root.join(".git").exists() {
        let git = |args: &[&str]| -> Option<String> {
            let out = std::process::Command::new("git")
                .args(args)
                .current_dir(root)
                .output()
                .ok()?;
            let text = String::from_utf8(out.stdout).ok()?;
            (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
        };
        // Built again when HEAD moves: HEAD itself, the branch it names.
        for name in ["HEAD", "packed-refs"] {
            if let Some(p) = git(&["rev-parse", "--git-path", name]) {
                println!("cargo:rerun-if-changed={}", root.join(p).display());
            }
        }
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            if let Some(p) = git(&["rev-parse", "--git-path", &branch]) {
                println!("cargo:rerun-if-changed={}", root.join(p).display());
            }
        }
        if let Some(c) = git(&["rev-parse", "--short", "HEAD"]) {
            return c;
        }
    }
    let vcs = std::fs::read_to_string(root.join(".cargo_vcs_info.json")).unwrap_or_default();
    let sha = vcs
        .split_once("\"sha1\"")
        .and_then(|(_, rest)| rest.split('"').nth(1))
        .filter(|s| s.len() >= 7 && s.bytes().all(|b| b.is_ascii_hexdigit()));
    match sha {
        Some(s) => s[..7].to_owned(),
        None => "unknown".to_owned(),
    }
}
