//! SGF → X → SGF for every writer whose output reads back (GIB, UGF, NGF,
//! JSON, XML, CSV, Jago XML), over generated games (moves, passes, setup,
//! comments, names, ranks, komi, result, date, handicap) and the project's
//! own SGF samples (`corpus/`): each thing the game holds reads back the
//! same, or a warning of the writer names it (by its property identifier,
//! or, for the moves, as moves, variations or nodes).

use crate::common;

use proptest::prelude::*;
use sgfconv::formats::{self, Format};
use sgfconv::game::{collect_games, Game};
use sgfconv::options::ReadOptions;
use sgfconv::{Options, Severity};

/// The writers whose output a reader reads back.
const WRITERS: [Format; 7] = [
    Format::Gib,
    Format::Ugf,
    Format::Ngf,
    Format::Json,
    Format::Xml,
    Format::Csv,
    Format::Jago,
];

/// The games of `bytes` read as `from` (diagnostics set aside).
fn read(from: Format, bytes: &[u8]) -> Vec<Game> {
    let mut r = sgfconv::Reporter::collecting("back");
    collect_games(
        |s, r| formats::read(from, &mut &bytes[..], &ReadOptions::default(), s, r),
        &mut r,
    )
    .unwrap_or_else(|e| panic!("{from:?} does not read back: {e}"))
}

/// `sgf` written as `to`, and the text of the writer's warnings and errors.
fn write(sgf: &[u8], to: Format) -> (Vec<u8>, String) {
    let (out, mut report) = common::convert_bytes(sgf, Format::Sgf, to, &Options::default(), "in");
    let said: Vec<String> = report
        .take_collected()
        .into_iter()
        .filter(|d| d.severity >= Severity::Warning)
        .map(|d| format!("{} {}", d.code.id, d.message))
        .collect();
    (out, said.join("\n"))
}

/// Whether `said` names `word` as a word of its own (`C`, not the C of
/// `CA`).
fn names(said: &str, word: &str) -> bool {
    said.split(|c: char| !c.is_alphanumeric() && c != '_')
        .any(|w| w == word)
}

/// A root property as the formats compare it, `None` when absent.
fn root_value(g: &Game, id: &str) -> Option<String> {
    let v = common::root_text(g, id);
    // No komi and no handicap are the formats' 0 (their fields are always
    // there).
    let v = match (id, v) {
        ("KM", None) => "0".to_string(),
        ("HA", Some(h)) if h == "0" => return None,
        (_, v) => v?,
    };
    Some(match id {
        "KM" => common::tenths(Some(&v)).map_or(v, |t| t.to_string()),
        "RE" => common::canonical_re(&v).unwrap_or(v),
        "BR" | "WR" => sgfconv::formats::ngf::normalize_rank(&v),
        _ => v,
    })
}

/// The root properties compared.
const ROOT: [&str; 9] = ["PB", "PW", "BR", "WR", "KM", "RE", "DT", "HA", "GN"];

/// The setup stones of the root and of the nodes before the first move
/// (where Fox puts a handicap), rectangles expanded, sorted.
fn setup(g: &Game, id: &str) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    let before_moves: Vec<_> = g
        .main_line()
        .into_iter()
        .map(|n| g.node(n))
        .take_while(|n| n.mv().is_none())
        .collect();
    let props: Vec<_> = before_moves.iter().filter_map(|n| n.get(id)).collect();
    for p in props.iter().flat_map(|p| p.values().iter()) {
        let t = p.text();
        let b = t.as_bytes();
        match t.split_once(':') {
            Some(_) if b.len() == 5 => {
                for x in b[0].min(b[3])..=b[0].max(b[3]) {
                    for y in b[1].min(b[4])..=b[1].max(b[4]) {
                        v.push(format!("{}{}", x as char, y as char));
                    }
                }
            }
            _ => v.push(t.to_string()),
        }
    }
    v.sort();
    v
}

/// The comments of the main line's move nodes, by move (line ends as
/// LF: a format's line ends are its own).
fn move_comments(g: &Game) -> Vec<Option<String>> {
    g.main_line()
        .into_iter()
        .map(|id| g.node(id))
        .filter(|n| n.mv().is_some())
        .map(|n| {
            n.text("C")
                .map(|c| c.replace("\r\n", "\n").trim().to_string())
        })
        .collect()
}

/// What `back` (read from `orig` written as `to`) lost or changed
/// without `said` naming it: one line each.
fn unsaid_losses(orig: &Game, back: &Game, to: Format, said: &str) -> Vec<String> {
    let mut bad = Vec::new();
    let mut check = |item: &str, named: bool, o: String, b: String| {
        if !named && o != b {
            bad.push(format!("{to:?} {item}: {o} → {b} (writer said: {said:?})"));
        }
    };
    // `B (root)`: a move in the root, which a format has no place for.
    let moves_named = ["moves", "move", "pass", "variations", "nodes", "B", "W"]
        .iter()
        .any(|w| names(said, w));
    let (o, b) = (common::main_moves(orig), common::main_moves(back));
    check("moves", moves_named, format!("{o:?}"), format!("{b:?}"));
    for id in ROOT {
        let (o, b) = (root_value(orig, id), root_value(back, id));
        check(id, names(said, id), format!("{o:?}"), format!("{b:?}"));
    }
    for id in ["AB", "AW"] {
        let (o, b) = (setup(orig, id), setup(back, id));
        check(
            id,
            names(said, id) || names(said, "HA"),
            format!("{o:?}"),
            format!("{b:?}"),
        );
    }
    let (o, b) = (move_comments(orig), move_comments(back));
    // Comments are compared move by move: lost moves shift them.
    let named = names(said, "C") || names(said, "comments") || moves_named;
    check("C", named, format!("{o:?}"), format!("{b:?}"));
    bad
}

/// `sgf` through every writer and back: what was lost or changed with
/// no word of the writer, one line each.
fn round_trips(sgf: &[u8]) -> Vec<String> {
    // What the converter makes of the SGF (its repairs made) is what every
    // writer is given.
    let orig = read(Format::Sgf, &write(sgf, Format::Sgf).0);
    let mut bad = Vec::new();
    for to in WRITERS {
        let (out, said) = write(sgf, to);
        let back = read(to, &out);
        let single = matches!(to, Format::Gib | Format::Ugf | Format::Ngf);
        let n = if single {
            orig.len().min(1)
        } else {
            orig.len()
        };
        // UGF's variations come back as figure games after the game; a
        // CSV game without a move has no row, as the writer says.
        let figures = to == Format::Ugf && back.len() > n;
        let said_gone = names(&said, "itself") && back.len() < n;
        if back.len() != n && !figures && !said_gone {
            bad.push(format!("{to:?}: {} games back of {n}", back.len()));
        }
        if said_gone {
            continue;
        }
        for (o, b) in orig.iter().zip(&back) {
            bad.extend(unsaid_losses(o, b, to, &said));
        }
    }
    bad
}

// ---- generated games ---------------------------------------------------------

/// A name: words with spaces between them, digits and CJK among them.
fn name() -> impl Strategy<Value = String> {
    let word = prop::sample::select(vec![
        "Lee",
        "Sedol",
        "李",
        "昌镐",
        "홍성지",
        "user",
        "42",
        "Fan",
        "x1",
        "3d",
    ]);
    prop::collection::vec(word, 1..3).prop_map(|w| w.join(" "))
}

/// A rank with or without a status mark.
fn rank() -> impl Strategy<Value = String> {
    let core = prop::sample::select(vec!["13k", "2k", "1d", "7d", "9p", "30k", "P2"]);
    let mark = prop::sample::select(vec!["", "", "?", "*"]);
    (core, mark).prop_map(|(c, m)| format!("{c}{m}"))
}

/// A game: root info, optional setup, then distinct moves (some passes)
/// with comments on some.
fn game() -> impl Strategy<Value = String> {
    let info = (
        prop::option::of(name()),
        prop::option::of(name()),
        prop::option::of(rank()),
        prop::option::of(rank()),
        prop::option::of(prop::sample::select(vec!["6.5", "7.5", "0.5", "5.5", "0"])),
        prop::option::of(prop::sample::select(vec![
            "B+R", "W+R", "B+3.5", "W+0.5", "B+T", "W+12", "0",
        ])),
        prop::option::of(prop::sample::select(vec![
            "2020-01-02",
            "1999-12-31",
            "2002-10-16,17",
        ])),
    );
    let moves = prop::collection::vec(
        (
            prop::option::of((0u8..19, 0u8..19)),
            prop::option::of(prop::sample::select(vec![
                "good move",
                "李 昌镐: 好",
                "two\nlines",
            ])),
        ),
        0..40,
    );
    let setup = prop::collection::vec((0u8..19, 0u8..19), 0..4);
    // A handicap on the points every format places it on (or stones on
    // them without `HA`).
    let handicap = prop::option::of(prop::sample::select(vec![
        ("2", "pd][dp"),
        ("3", "pd][dp][dd"),
        ("4", "pd][dp][dd][pp"),
        ("", "pd][dp"),
    ]));
    (info, moves, setup, handicap).prop_map(|((pb, pw, br, wr, km, re, dt), moves, setup, ha)| {
        let mut s = String::from("(;GM[1]FF[4]CA[UTF-8]SZ[19]");
        for (id, v) in [("PB", pb), ("PW", pw), ("BR", br), ("WR", wr)] {
            if let Some(v) = v {
                s += &format!("{id}[{v}]");
            }
        }
        for (id, v) in [("KM", km), ("RE", re), ("DT", dt)] {
            if let Some(v) = v {
                s += &format!("{id}[{v}]");
            }
        }
        let pt = |(x, y): (u8, u8)| format!("{}{}", (b'a' + x) as char, (b'a' + y) as char);
        let mut used = std::collections::BTreeSet::new();
        match ha {
            Some((n, stones)) => {
                if !n.is_empty() {
                    s += &format!("HA[{n}]");
                }
                s += &format!("AB[{stones}]");
                for p in stones.split("][") {
                    let b = p.as_bytes();
                    used.insert((b[0] - b'a', b[1] - b'a'));
                }
            }
            None => {
                let ab: Vec<String> = setup
                    .into_iter()
                    .filter(|p| used.insert(*p))
                    .map(pt)
                    .collect();
                if !ab.is_empty() {
                    s += &format!("AB[{}]", ab.join("]["));
                }
            }
        }
        // White plays first after a handicap.
        let first = usize::from(ha.is_some());
        for (i, (p, c)) in moves.into_iter().enumerate() {
            let colour = if (i + first) % 2 == 0 { 'B' } else { 'W' };
            let v = match p {
                Some(p) if used.insert(p) => pt(p),
                _ => String::new(),
            };
            s += &format!(";{colour}[{v}]");
            if let Some(c) = c {
                s += &format!("C[{c}]");
            }
        }
        s + ")"
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn generated_games_read_back_or_the_writer_says_what_it_lost(sgf in game()) {
        let bad = round_trips(sgf.as_bytes());
        prop_assert!(bad.is_empty(), "{}:\n{}", sgf, bad.join("\n"));
    }
}

/// The project's own SGF samples through every writer.
#[test]
fn own_sgf_samples_read_back_or_the_writer_says_what_it_lost() {
    let dir = common::root().join("corpus/sgf");
    let mut bad = Vec::new();
    for p in common::sgf_files(&dir) {
        let bytes = std::fs::read(&p).unwrap();
        for b in round_trips(&bytes) {
            bad.push(format!("{}: {b}", p.display()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The SGF files of `../shared/corpus/sgf` through every writer.
#[test]
#[ignore = "needs ../shared/corpus"]
fn shared_sgf_corpus_reads_back_or_the_writer_says_what_it_lost() {
    let Some(dir) = common::shared_path("corpus/sgf") else {
        return;
    };
    let mut bad = Vec::new();
    for p in common::sgf_files(&dir) {
        let bytes = std::fs::read(&p).unwrap();
        for b in round_trips(&bytes) {
            bad.push(format!("{}: {b}", p.display()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
