//! Game-parallel conversion gives exactly what one pass gives: the same
//! bytes, the same diagnostics (positions, game numbers, order) and the same
//! counts, whatever the number of threads and wherever the input is cut.

use crate::common;

use common::*;
use proptest::prelude::*;
use sgfconv::diag::Reporter;
use sgfconv::{Format, Options, WriteOptions};

/// Output, every diagnostic as JSON (info included), counts by severity.
fn run(input: &[u8], jobs: usize, piece_size: usize) -> (Vec<u8>, Vec<String>, [usize; 3]) {
    run_as(input, jobs, piece_size, &target("sgf"))
}

/// A target format and its writer options, by a short name.
fn target(name: &str) -> (Format, WriteOptions) {
    let mut w = WriteOptions::default();
    let format = match name {
        "sgf" => Format::Sgf,
        "json" => Format::Json,
        "json-lines" | "moves-lines" => {
            w.json_lines = true;
            w.moves = name == "moves-lines";
            Format::Json
        }
        "moves" => {
            w.moves = true;
            Format::Json
        }
        "xml" => Format::Xml,
        "csv" => Format::Csv,
        "csv-all" => {
            w.all_variations = true;
            Format::Csv
        }
        _ => unreachable!("no target {name}"),
    };
    (format, w)
}

/// The targets that number their games and are written in pieces too.
const NUMBERED_TARGETS: &[&str] = &[
    "json",
    "json-lines",
    "moves",
    "moves-lines",
    "xml",
    "csv",
    "csv-all",
];

fn run_as(
    input: &[u8],
    jobs: usize,
    piece_size: usize,
    (to, write): &(Format, WriteOptions),
) -> (Vec<u8>, Vec<String>, [usize; 3]) {
    let options = {
        let mut o = Options::default().with_jobs(jobs);
        o.piece_size = piece_size;
        o.write = write.clone();
        o
    };
    let mut report = Reporter::collecting("in.sgf");
    let mut out = Vec::new();
    let mut src = input;
    let stats = sgfconv::convert(&mut src, Format::Sgf, &mut out, *to, &options, &mut report)
        .expect("conversion runs");
    let diags: Vec<String> = report.collected().iter().map(|d| d.to_json()).collect();
    let counts = [
        report.count(sgfconv::Severity::Info),
        report.warnings(),
        report.errors(),
    ];
    assert!(stats.games as usize <= input.len());
    (out, diags, counts)
}

/// `check`: counts and every diagnostic, with or without the transforms.
fn check(input: &[u8], jobs: usize, piece_size: usize, transforms: bool) -> (String, Vec<String>) {
    let options = {
        let mut o = Options::default().with_jobs(jobs);
        o.piece_size = piece_size;
        o
    };
    let mut report = Reporter::collecting("in.sgf");
    let mut src = input;
    let checks = if transforms {
        sgfconv::Checks::All
    } else {
        sgfconv::Checks::Parse
    };
    let c =
        sgfconv::check(&mut src, Format::Sgf, &options, checks, &mut report).expect("check runs");
    let diags = report.collected().iter().map(|d| d.to_json()).collect();
    (format!("{c:?}"), diags)
}

fn assert_same_as_one_pass(input: &[u8], what: &str) {
    for transforms in [false, true] {
        let one = check(input, 1, 0, transforms);
        let many = check(input, 3, 2048, transforms);
        assert_eq!(one.0, many.0, "{what}: check counts");
        pretty_assertions::assert_eq!(one.1, many.1, "{what}: check diagnostics");
    }
    // Pieces of one byte cut at every possible place: for small inputs.
    let small: &[(usize, usize)] = &[(2, 1), (3, 700), (4, 4096), (2, 64 << 10)];
    let large: &[(usize, usize)] = &[(3, 4096), (2, 64 << 10)];
    let one = run(input, 1, 0);
    for &(jobs, piece) in if input.len() < 200_000 { small } else { large } {
        let many = run(input, jobs, piece);
        assert!(
            one.0 == many.0,
            "{what}: output differs with -j {jobs}, pieces of {piece} bytes"
        );
        pretty_assertions::assert_eq!(one.1, many.1, "{what}: -j {jobs}, pieces of {piece}");
        assert_eq!(
            one.2, many.2,
            "{what}: counts, -j {jobs}, pieces of {piece}"
        );
    }
}

/// What [`assert_same_as_one_pass`] says of SGF, for the writers that
/// number games and write a document around them (JSON, JSON Lines, move
/// lists, XML, CSV): the pieces' parts make the one-pass output, byte for
/// byte, with the same diagnostics (`W361` names its game).
fn assert_targets_alike(input: &[u8], what: &str) {
    let sizes: &[(usize, usize)] = if input.len() < 200_000 {
        &[(3, 700), (2, 64 << 10)]
    } else {
        &[(3, 4096)]
    };
    for name in NUMBERED_TARGETS {
        let to = target(name);
        let one = run_as(input, 1, 0, &to);
        for &(jobs, piece) in sizes {
            let many = run_as(input, jobs, piece, &to);
            assert!(
                one.0 == many.0,
                "{what}: {name} output differs with -j {jobs}, pieces of {piece} bytes"
            );
            pretty_assertions::assert_eq!(one.1, many.1, "{what}: {name}, -j {jobs}, {piece}");
            assert_eq!(one.2, many.2, "{what}: {name} counts, -j {jobs}, {piece}");
        }
    }
}

/// Our own sample files, each repeated and all concatenated: games of
/// every dialect and charset, damaged ones included, with many cuts.
#[test]
fn own_corpus_concatenated() {
    let dir = root().join("corpus");
    let mut all = Vec::new();
    for f in files_under(&dir, &|p| is_sgf(p)) {
        let bytes = std::fs::read(&f).unwrap();
        for _ in 0..3 {
            all.extend_from_slice(&bytes);
            all.push(b'\n');
        }
    }
    assert!(all.len() > 10_000, "corpus/ has SGF samples");
    assert_same_as_one_pass(&all, "corpus/*");
    assert_targets_alike(&all, "corpus/*");
}

/// Every SGF file of $SHARED/corpus, concatenated (real files from other
/// programs: legacy charsets, Fox, KGS, variations, broken files).
#[test]
#[ignore = "needs ../shared/corpus"]
fn shared_corpus_concatenated() {
    let dir = shared_corpus();
    let mut all = Vec::new();
    for f in files_under(&dir, &|p| {
        is_sgf(p) && !p.to_string_lossy().contains("/bulk/")
    }) {
        all.extend_from_slice(&std::fs::read(&f).unwrap());
        all.push(b'\n');
    }
    assert_same_as_one_pass(&all, "../shared/corpus");
    assert_targets_alike(&all, "../shared/corpus");
}

/// Inputs made to look like cuts where there are none.
#[test]
fn false_cuts_are_not_trusted() {
    let cases: &[&[u8]] = &[
        // Variations that start lines, with game information.
        b"(;GM[1]\n(;B[aa])\n(;GN[v];W[bb]))\n(;GM[1];B[cc])\n",
        // A comment holding what looks like a game boundary.
        b"(;GM[1]C[see\n)\n(;GM[1]PB[x]) here];B[aa])\n(;GM[1];W[bb])\n",
        // An unescaped bracket whose end is decided by what follows.
        b"(;GM[1]C[a] b)\n(;GM[1]PW[y];B[aa])\n(;GM[1])\n",
        // Empty games first: no game came before the second piece.
        b"()\n()\n(;GM[1]PB[a])\n(;GM[1]PB[b])\n",
        // Text between games, and an unterminated last game.
        b"junk\n(;GM[1])\n stray\n(;GM[1]PB[c])\n(;GM[1]C[never ends",
        // One long game whose variations look like games at every cut.
        &b"(;GM[1]\n;B[aa]C[x]\n(;GN[v];W[bb])\n(;GN[w];W[cc])\n;B[dd]\n(;GN[y];W[ee]))\n(;GM[1])\n"[..],
        // CRLF line ends and a game declaring its charset.
        b"(;GM[1]CA[ISO-8859-1]PB[\xe9])\r\n(;GM[1]PB[\xc3\xa9])\r\n(;GM[1]CA[UTF-8])\r\n",
    ];
    for (k, c) in cases.iter().enumerate() {
        let mut input = Vec::new();
        for _ in 0..4 {
            input.extend_from_slice(c);
        }
        assert_same_as_one_pass(&input, &format!("case {k}"));
        assert_targets_alike(&input, &format!("case {k}"));
    }
}

/// Inputs where the pieces' games, guessed from their cuts, are not what
/// the reading finds (games that do not start a line, a game whose root is
/// a move, a comment holding a cut's look), now and then or from the start:
/// the pieces are numbered right all the same.
#[test]
fn games_guessed_wrong_are_numbered_right() {
    let game = |k: usize| format!("(;GM[1]PB[p{k}];B[aa];W[bb])");
    let mut mixed = String::new();
    for k in 0..300 {
        mixed += &match k % 50 {
            7 => format!("{}{}\n", game(k), game(k)),
            19 => format!("(;B[cc];W[dd]PB[r{k}])\n"),
            33 => "(;GM[1]C[a cut's look:)\n(;GM[1]PB[x]];B[aa])\n".to_string(),
            _ => format!("{}\n", game(k)),
        };
    }
    // Two games a line throughout.
    let paired: String = (0..300)
        .map(|k| format!("{}{}\n", game(k), game(k)))
        .collect();
    for (what, input) in [("now and then", mixed), ("throughout", paired)] {
        assert_same_as_one_pass(input.as_bytes(), what);
        assert_targets_alike(input.as_bytes(), what);
    }
}

/// Structure repairs (`W016`, `W017`) whose look-ahead reaches past the
/// cuts: a file that lost its `(`, parentheses around games, a stray `(`
/// between games. Read in pieces cut anywhere, they give what one pass
/// gives.
#[test]
fn structure_repairs_read_alike_in_pieces() {
    let game = |k: usize| format!("(;GM[1]PB[p{k}];B[aa])\n");
    let games = |r: std::ops::Range<usize>| r.map(game).collect::<String>();
    let cases = [
        // Lost '(': a root, variations that look like games to the cutter,
        // the stray ')', then games.
        format!(
            ";AW[bb]C[Black to play.]\n(;C[try];B[af])\n(;C[other];B[ah]))\n{}",
            games(0..6)
        ),
        // Lost '(' and no ')': the trees run to the end.
        format!(";AW[bb]\n{}", "(;C[v];B[af])\n".repeat(8)),
        // Leading nodes before games: skipped.
        format!(";AW[bb];B[cc]\n{}", games(0..6)),
        // A stray '(' after the first game, never closed.
        format!("{}(\n{}", game(0), games(1..14)),
        // `(;…)((;…)(;…))(;…)`, twice.
        format!("{}({}){}(\n{})", game(0), games(1..5), game(5), games(6..9)),
    ];
    for (k, c) in cases.iter().enumerate() {
        assert_same_as_one_pass(c.as_bytes(), &format!("case {k}"));
        assert_targets_alike(c.as_bytes(), &format!("case {k}"));
    }
}

/// A game left open in ASCII before games in GBK: the open game's encoding
/// is decided on its own bytes, up to where the reader ends it, in one pass
/// as in pieces.
#[test]
fn a_game_left_open_decides_its_encoding_alone() {
    let mut input = b"(;GM[1]FF[4]PB[a]\n((;GM[1]FF[4]PB[a](;FF[4]PB[b])\n".to_vec();
    for _ in 0..3 {
        input.extend_from_slice(b"(;GM[1]FF[4]PB[\xba\xda\xc6\xe5]C[\xba\xda])\n");
    }
    assert_same_as_one_pass(&input, "left open before GBK");
    let (_, diags, _) = run(&input, 1, 0);
    assert!(
        diags[0].contains("encoding UTF-8"),
        "the ASCII game is UTF-8, not what the games after it are: {}",
        diags[0]
    );
}

/// Values with an unescaped `]` that SGF cannot go on after (kept as text,
/// `W012`), before games in GBK: each game's encoding is decided on its
/// own bytes, ending where the reader ends it (the cases the property test
/// below found).
#[test]
fn unescaped_brackets_end_a_game_where_the_reader_ends_it() {
    let gbk = b"(;GN[x](;GM[1]FF[4]PB[a]CA[gbk]PB[\xba\xda]";
    let cases: [&[u8]; 2] = [
        b"(;GM[1]FF[4]PB[a](;GM[1]FF[4]PB[a])\n();B[aa]junk\n(])\n",
        b";W[bb]C[x)\n(;y]junk\n(](;B[cc])\n)\n",
    ];
    for (k, head) in cases.iter().enumerate() {
        let input = [*head, &gbk[..]].concat();
        for piece in [1, 7, 20] {
            let one = run(&input, 1, 0);
            let many = run(&input, 2, piece);
            assert_eq!(one, many, "case {k}, pieces of {piece}");
        }
    }
}

/// A byte-order mark decides for the whole input: one pass.
#[test]
fn a_bom_input_is_read_whole() {
    let mut input = vec![0xEF, 0xBB, 0xBF];
    for _ in 0..50 {
        input.extend_from_slice(b"(;GM[1]PB[\xe5\x90\x8d])\n");
    }
    assert_same_as_one_pass(&input, "BOM");
    assert_targets_alike(&input, "BOM");
}

fn fragment() -> impl Strategy<Value = &'static [u8]> {
    prop::sample::select(vec![
        &b"(;GM[1]FF[4]PB[a]"[..],
        b"(;GN[x]",
        b";B[aa]",
        b";W[bb]C[x)\n(;y]",
        b")",
        b")\n",
        b"\n(",
        b"(;B[cc]",
        b"C[a]b]",
        b"]",
        b"\\",
        b"\r\n",
        b" ",
        b"CA[gbk]PB[\xba\xda]",
        b"PW[\xe6\xae\xb5]",
        b"()",
        b"junk",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random collections of fragments (valid, damaged, misleading), cut
    /// anywhere: one pass and many threads agree.
    #[test]
    fn any_input_any_cut(
        parts in proptest::collection::vec(fragment(), 0..120),
        piece in 1usize..200,
        jobs in 2usize..5,
    ) {
        let input: Vec<u8> = parts.concat();
        let one = run(&input, 1, 0);
        let many = run(&input, jobs, piece);
        prop_assert_eq!(&one.0, &many.0);
        prop_assert_eq!(&one.1, &many.1);
        prop_assert_eq!(one.2, many.2);
    }
}
