//! Two promises of the memory work (speed of every target) that no other test pins down
//! byte for byte:
//!
//! * a JSON or XML game replayed by `structured::flat` sends its plain
//!   moves in runs of at most `event::MAX_RUN` (1 024): every writer must
//!   still write what it writes from the same game read as SGF, whatever
//!   the run's edges fall on (1 023, 1 024, 1 025, 2 049 moves; a node
//!   that is not a plain move, or a branch, at an edge);
//! * bytes read ahead (`input::HeldThen`: a JSON document's first line
//!   when it starts a long game, the splitter's held piece) are given back
//!   a chunk at a time: a long game on one line with more games after it
//!   on the same line, or a JSON Lines line longer than the first MiB in
//!   the middle of the input, reads the same on one thread and on several,
//!   and as the SGF it was made from.

use crate::common;

use common::*;
use sgfconv::diag::Reporter;
use sgfconv::{Format, Options, WriteOptions};

const LETTERS: &[u8] = b"abcdefghijklmnopqrs";

/// The `i`-th plain move of a made-up game (colours alternating, points
/// walking the board).
fn mv(i: usize) -> String {
    let colour = if i % 2 == 0 { 'B' } else { 'W' };
    let (x, y) = (LETTERS[i % 19] as char, LETTERS[(i / 19) % 19] as char);
    format!(";{colour}[{x}{y}]")
}

/// `n` plain moves from the `from`-th.
fn moves(n: usize, from: usize) -> String {
    (from..from + n).map(mv).collect()
}

/// The games whose plain moves cross the run limit: straight lines of
/// 1 023 to 2 049 moves, a comment on the moves at the edges, and
/// branches at the edges.
fn run_games() -> Vec<(String, String)> {
    let root = "(;FF[4]GM[1]SZ[19]PB[b]PW[w]RE[B+R]";
    let mut games = Vec::new();
    for n in [1023, 1024, 1025, 2049] {
        games.push((
            format!("{n} plain moves"),
            format!("{root}{})\n", moves(n, 0)),
        ));
    }
    let commented: String = (0..3000)
        .map(|i| match i {
            0 | 1023 | 1024 | 2048 => format!("{}C[edge {i}]", mv(i)),
            _ => mv(i),
        })
        .collect();
    games.push((
        "comments at the edges".into(),
        format!("{root}{commented})\n"),
    ));
    for k in [1023, 1024, 1025] {
        let tree = format!(
            "{root}{}({})({}({})(;B[aa]))(;W[ss]C[z]{}))\n",
            moves(k, 0),
            moves(1024, 1),
            moves(1025, 2),
            moves(1024, 3),
            moves(1024, 0)
        );
        games.push((format!("a branch after {k} moves"), tree));
    }
    games
}

/// `input` (in `from`) converted to `to` with `write`: the output and the
/// codes of the warnings and errors (a reader's infos, such as how the
/// SGF's encoding was decided, depend on the source).
fn converted(
    input: &[u8],
    from: Format,
    to: Format,
    write: &WriteOptions,
) -> (Vec<u8>, Vec<String>) {
    let mut o = Options::default();
    o.write = write.clone();
    let (out, report) = convert_bytes(input, from, to, &o, "t");
    let codes = report
        .collected()
        .iter()
        .map(|d| d.code.id.to_string())
        .filter(|id| !id.starts_with('I'))
        .collect();
    (out, codes)
}

/// Every writer that takes a whole game tree or its main line, with the
/// options that change what they write from a run.
fn writers() -> Vec<(Format, WriteOptions)> {
    let mut list = Vec::new();
    for f in [
        Format::Sgf,
        Format::Gib,
        Format::Ugf,
        Format::Ngf,
        Format::Json,
        Format::Xml,
        Format::Jago,
        Format::Csv,
        Format::Html,
    ] {
        list.push((f, WriteOptions::default()));
    }
    let mut lines = WriteOptions::default();
    lines.json_lines = true;
    let mut all = WriteOptions::default();
    all.all_variations = true;
    let mut review = WriteOptions::default();
    review.ugf_review = true;
    list.extend([
        (Format::Json, lines),
        (Format::Csv, all),
        (Format::Ugf, review),
    ]);
    list
}

#[test]
fn runs_of_plain_moves_write_as_the_sgf_does() {
    let mut lines = WriteOptions::default();
    lines.json_lines = true;
    let sources = [
        (Format::Json, WriteOptions::default()),
        (Format::Json, lines),
        (Format::Xml, WriteOptions::default()),
    ];
    for (what, sgf) in run_games() {
        for (from, how) in &sources {
            let source = converted(sgf.as_bytes(), Format::Sgf, *from, how).0;
            for (to, write) in writers() {
                let want = converted(sgf.as_bytes(), Format::Sgf, to, &write);
                let got = converted(&source, *from, to, &write);
                assert!(
                    want.0 == got.0,
                    "{what}: {} → {} differs from SGF → {}",
                    from.name(),
                    to.name(),
                    to.name()
                );
                assert_eq!(want.1, got.1, "{what}: {} → {}", from.name(), to.name());
            }
        }
    }
}

/// A game of `n` plain moves with a comment of `pad` bytes on its root.
fn long_game(tag: &str, n: usize, pad: usize) -> String {
    let comment = "x".repeat(pad);
    format!("(;FF[4]GM[1]SZ[19]PB[{tag}]C[{comment}]{})\n", moves(n, 0))
}

/// Small games, a long one, small games: as SGF.
fn around_a_long_game(n: usize, pad: usize) -> String {
    let small = |t: &str, k: usize| format!("(;FF[4]GM[1]SZ[19]PB[{t}]{})\n", moves(k, 0));
    [
        small("a", 3),
        small("b", 4),
        long_game("long", n, pad),
        small("c", 5),
        small("d", 2),
    ]
    .concat()
}

/// `input` (JSON) on `jobs` threads in pieces of `piece` bytes, to SGF:
/// the output (or the error) and every diagnostic.
fn json_to_sgf(input: &[u8], jobs: usize, piece: usize) -> (Result<Vec<u8>, String>, Vec<String>) {
    let mut o = Options::default().with_jobs(jobs);
    o.piece_size = piece;
    let mut report = Reporter::collecting("in");
    let mut out = Vec::new();
    let r = sgfconv::convert(
        &mut &input[..],
        Format::Json,
        &mut out,
        Format::Sgf,
        &o,
        &mut report,
    );
    let diags = report.collected().iter().map(|d| d.to_json()).collect();
    (r.map(|_| out).map_err(|e| e.to_string()), diags)
}

/// `json` reads as `sgf` does, on one thread and in pieces on several.
fn assert_reads_as(json: &[u8], sgf: &str, what: &str) {
    let want = converted(
        sgf.as_bytes(),
        Format::Sgf,
        Format::Sgf,
        &WriteOptions::default(),
    )
    .0;
    let one = json_to_sgf(json, 1, 0);
    assert!(one.0.as_deref() == Ok(&want[..]), "{what}: one thread");
    assert!(one.1.is_empty(), "{what}: {:?}", one.1);
    for (jobs, piece) in [(2, 0), (3, 4096), (2, 256 << 10)] {
        let many = json_to_sgf(json, jobs, piece);
        assert!(one.0 == many.0, "{what}: -j {jobs}, pieces of {piece}");
        assert_eq!(one.1, many.1, "{what}: -j {jobs}, pieces of {piece}");
    }
}

#[test]
fn a_long_game_line_with_more_games_after_it_reads_whole() {
    // A comment of 1.3 MiB: the game's line is longer than the first MiB
    // the JSON reader holds, and several chunks of it are given back.
    let sgf = around_a_long_game(3000, 1_300_000);
    let document = converted(
        sgf.as_bytes(),
        Format::Sgf,
        Format::Json,
        &WriteOptions::default(),
    )
    .0;
    let one_line: Vec<u8> = document.iter().copied().filter(|&b| b != b'\n').collect();
    assert!(one_line.len() > 1 << 20);
    assert_reads_as(&one_line, &sgf, "a JSON document on one line");
    assert_reads_as(&document, &sgf, "a JSON document");
    let mut lines = WriteOptions::default();
    lines.json_lines = true;
    let json_lines = converted(sgf.as_bytes(), Format::Sgf, Format::Json, &lines).0;
    assert_reads_as(
        &json_lines,
        &sgf,
        "JSON Lines with a long line in the middle",
    );
}
