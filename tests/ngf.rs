//! NGF reader and writer, checked file by file against the real corpus
//! (`../shared/corpus/ngf`, skipped when absent) and our own samples.

use sgfconv::formats::{ngf, ReadOptions};
use sgfconv::game::{collect_games, Game};
use sgfconv::{Diagnostic, Reporter, Sink};
use std::path::{Path, PathBuf};

fn shared(rel: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/ngf")
        .join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!("SKIP: {} not found (../shared absent)", p.display());
        None
    }
}

fn read_bytes(bytes: &[u8], options: &ReadOptions) -> (Game, Vec<Diagnostic>) {
    let mut report = Reporter::collecting("test.ngf");
    let games = collect_games(
        |sink: &mut dyn Sink, r: &mut Reporter| ngf::read(&mut &bytes[..], options, sink, r),
        &mut report,
    )
    .expect("readable");
    assert_eq!(games.len(), 1);
    (games.into_iter().next().unwrap(), report.take_collected())
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
    for sub in [
        "gokifu/sample3.ngf",
        "gokifu/sample4.ngf",
        "rooklift-sgf/3handicap.ngf",
        "sabaki/even.ngf",
        "sabaki/gb2312.ngf",
        "sabaki/handicap2.ngf",
    ] {
        let f = dir.join(sub);
        let bytes = std::fs::read(&f).unwrap();
        let (g, diags) = read_bytes(&bytes, &ReadOptions::default());
        println!("== {}", f.display());
        for p in &g.root().props {
            let vals: Vec<String> = p.values().iter().map(|v| v.text().to_string()).collect();
            println!("  {}{:?}", p.name, vals);
        }
        let m = moves(&g);
        println!(
            "  moves {} first {:?} last {:?} enc {} {:?}",
            m.len(),
            m.iter().take(4).collect::<Vec<_>>(),
            m.last(),
            g.header.encoding,
            g.header.encoding_source
        );
        for d in diags {
            println!("  {d}");
        }
    }
}
