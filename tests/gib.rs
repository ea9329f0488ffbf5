//! GIB reader and writer, checked file by file against the real corpus
//! (`../shared/corpus/gib`, skipped when absent) and against our own samples
//! (`corpus/gib`).

use sgfconv::formats::{gib, ReadOptions, WriteOptions};
use sgfconv::game::{collect_games, Game};
use sgfconv::{Diagnostic, Reporter, Sink};
use std::path::{Path, PathBuf};

fn shared(rel: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/gib")
        .join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!("SKIP: {} not found (../shared absent)", p.display());
        None
    }
}

fn read_bytes(bytes: &[u8], options: &ReadOptions) -> (Game, Vec<Diagnostic>) {
    let mut report = Reporter::collecting("test.gib");
    let games = collect_games(
        |sink: &mut dyn Sink, r: &mut Reporter| gib::read(&mut &bytes[..], options, sink, r),
        &mut report,
    )
    .expect("readable");
    assert_eq!(games.len(), 1);
    (games.into_iter().next().unwrap(), report.take_collected())
}

fn root(g: &Game, id: &str) -> Option<String> {
    g.root().text(id).map(str::to_string)
}

fn moves(g: &Game) -> Vec<String> {
    g.main_line()
        .iter()
        .filter_map(|id| g.node(*id).mv().map(|(c, p)| format!("{c}[{p}]")))
        .collect()
}

#[test]
fn dump_corpus() {
    let Some(dir) = shared("") else { return };
    let mut files: Vec<PathBuf> = walk(&dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "gib"))
        .collect();
    files.sort();
    for f in files {
        let bytes = std::fs::read(&f).unwrap();
        let (g, diags) = read_bytes(&bytes, &ReadOptions::default());
        println!("== {}", f.display());
        for p in &g.root().props {
            let vals: Vec<String> = p.values().iter().map(|v| v.text().to_string()).collect();
            if p.name == "XGIB" {
                continue;
            }
            println!("  {}{:?}", p.name, vals);
        }
        let m = moves(&g);
        println!(
            "  moves {} first {:?} last {:?} enc {} {:?}",
            m.len(),
            m.iter().take(3).collect::<Vec<_>>(),
            m.last(),
            g.header.encoding,
            g.header.encoding_source
        );
        for d in diags {
            println!("  {d}");
        }
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
