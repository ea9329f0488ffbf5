//! Compiles `formats/properties.tsv` into `props_table.rs` (`OUT_DIR`): the
//! property definitions as a static slice and the index of the one- and
//! two-letter identifiers, so that a process does not parse the table at
//! start-up (`docs/benchmarks.md`, "start-up"). `src/props.rs` includes it; its tests parse the
//! file again at run time and compare.

use std::fmt::Write as _;

/// The Rust source of the table.
pub fn generate(tsv: &str) -> String {
    let mut defs = String::from("&[\n");
    let mut short = vec![u16::MAX; 28 * 27];
    let mut n = 0u16;
    for line in tsv.lines() {
        if line.starts_with('#') || line.starts_with("id\t") || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 6 {
            continue;
        }
        let (id, ty) = (f[0], f[1]);
        let aliases: Vec<&str> = f[4].split(',').filter(|a| !a.is_empty()).collect();
        let compose = ty.split('|').any(|alt| {
            alt.trim_start_matches("elist:")
                .trim_start_matches("list:")
                .contains(':')
        });
        let _ = writeln!(
            defs,
            "PropDef {{ id: {id:?}, value_type: {ty:?}, scope: Scope::{}, ff: {:?}, \
             aliases: &{aliases:?}, description: {:?}, compose: {compose}, text: {}, \
             multiline: {}, list: {} }},",
            scope(f[2]),
            f[3],
            f[5],
            ty.contains("text"),
            ty.split(['|', ':']).any(|t| t == "text"),
            ty.starts_with("list:") || ty.starts_with("elist:"),
        );
        if let Some(k) = short_key(id.as_bytes()) {
            short[k] = n;
        }
        n += 1;
    }
    defs.push(']');
    format!("static DEFS: &[PropDef] = {defs};\nstatic SHORT: [u16; SHORT_KEYS] = {short:?};\n")
}

/// The `Scope` variant a scope column names (`Misc` for anything else).
fn scope(s: &str) -> &'static str {
    match s {
        "root" => "Root",
        "game-info" => "GameInfo",
        "move" => "Move",
        "setup" => "Setup",
        "node" => "Node",
        "move-annotation" => "MoveAnnotation",
        "markup" => "Markup",
        "timing" => "Timing",
        _ => "Misc",
    }
}

/// `props::short_key`, the same formula.
fn short_key(id: &[u8]) -> Option<usize> {
    let up = |c: u8| c.is_ascii_uppercase().then(|| (c - b'A') as usize);
    match id {
        [a] => Some((up(*a)? + 1) * 27),
        [a, b] => Some((up(*a)? + 1) * 27 + up(*b)? + 1),
        _ => None,
    }
}
