//! UGF/UGI reader and writer: real and crafted files, value by value.

use pretty_assertions::assert_eq;
use sgfconv::formats::{ugf, ReadOptions, WriteOptions};
use sgfconv::game::{collect_games, Game, NodeId};
use sgfconv::{Reporter, Severity};
use std::path::{Path, PathBuf};

fn shared(rel: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("SKIP: {} not found", p.display());
        None
    }
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/ugf")
        .join(name)
}

fn read_bytes(bytes: &[u8]) -> (Vec<Game>, Reporter) {
    read_with(bytes, &ReadOptions::default())
}

fn read_with(bytes: &[u8], options: &ReadOptions) -> (Vec<Game>, Reporter) {
    let mut r = Reporter::collecting("test.ugf");
    let games = collect_games(|s, r| ugf::read(&mut &bytes[..], options, s, r), &mut r).unwrap();
    (games, r)
}

/// A compact SGF rendering of a game (properties in their order), for
/// golden comparisons that do not depend on the SGF writer.
fn render(g: &Game) -> String {
    enum Step {
        Node(NodeId),
        Open,
        Close,
    }
    let mut out = String::from("(");
    let mut stack = vec![Step::Node(0)];
    while let Some(step) = stack.pop() {
        let id = match step {
            Step::Open => {
                out.push('(');
                continue;
            }
            Step::Close => {
                out.push(')');
                continue;
            }
            Step::Node(id) => id,
        };
        let n = g.node(id);
        out.push(';');
        for p in &n.props {
            out.push_str(&p.name);
            for v in p.values().iter() {
                out.push('[');
                out.push_str(&v.text().replace('\\', "\\\\").replace(']', "\\]"));
                out.push(']');
            }
        }
        let branch = n.children.len() > 1
            || n.children
                .first()
                .is_some_and(|&c| g.node(c).starts_variation);
        for &c in n.children.iter().rev() {
            if branch {
                stack.push(Step::Close);
                stack.push(Step::Node(c));
                stack.push(Step::Open);
            } else {
                stack.push(Step::Node(c));
            }
        }
    }
    out.push(')');
    out
}

fn main_moves(g: &Game) -> Vec<String> {
    g.main_line()
        .into_iter()
        .filter_map(|id| g.node(id).mv().map(|(c, v)| format!("{c}[{v}]")))
        .collect()
}

#[test]
fn dump_amateur() {
    let Some(p) = shared("corpus/ugf/sabaki/amateur.ugf") else {
        return;
    };
    let (games, r) = read_bytes(&std::fs::read(p).unwrap());
    for d in r.collected() {
        eprintln!("{d}");
    }
    eprintln!("{}", render(&games[0]));
    eprintln!("{:?}", games[0].meta);
}

#[test]
fn dump_crafted() {
    for f in ["figure.ugf", "review.ugi", "header.ugf", "encrypted.ugf"] {
        let bytes = std::fs::read(corpus(f)).unwrap();
        let mut r = Reporter::collecting(f);
        let res = collect_games(
            |s, r| ugf::read(&mut &bytes[..], &ReadOptions::default(), s, r),
            &mut r,
        );
        for d in r.collected() {
            eprintln!("{d}");
        }
        match res {
            Ok(games) => {
                for g in &games {
                    eprintln!("{}\n{:?}\n", render(g), g.meta);
                }
            }
            Err(e) => eprintln!("ERR {e}"),
        }
    }
}

fn write(games: &[Game], options: &WriteOptions) -> (Vec<u8>, Reporter) {
    let mut out = Vec::new();
    let mut r = Reporter::collecting("out.ugf");
    {
        let mut w = ugf::writer(Box::new(&mut out), options).unwrap();
        for g in games {
            g.replay(&mut *w, &mut r).unwrap();
        }
        w.finish(&mut r).unwrap();
    }
    (out, r)
}

#[test]
fn dump_round_trip() {
    for f in ["figure.ugf", "review.ugi", "header.ugf"] {
        for review in [false, true] {
            let (games, _) = read_bytes(&std::fs::read(corpus(f)).unwrap());
            let opts = WriteOptions {
                ugf_review: review,
                ..Default::default()
            };
            let (bytes, r) = write(&games, &opts);
            for d in r.collected() {
                eprintln!("{d}");
            }
            eprintln!("{}", String::from_utf8_lossy(&bytes));
            let (back, r2) = read_bytes(&bytes);
            for d in r2.collected() {
                eprintln!("{d}");
            }
            for (a, b) in games.iter().zip(&back) {
                if render(a) != render(b) {
                    eprintln!("DIFF {f} review={review}\n{}\n{}", render(a), render(b));
                }
            }
        }
    }
}
