//! The games table as data people want it: the binary's games list
//! (`--games-only`, `--games-csv`) on real KGS, Fox/Tygem GIB, UGF and NGF
//! files, read by column name (ranks as text and on the EGF scale, winner,
//! margin, reason, day, clocks in seconds, setup points as lists); the
//! refusals of `--games-only`; the column table of `formats/csv.md`
//! generated from `sgfconv::table::GAME_COLUMNS`; and the list read back by
//! DuckDB with its types.
//!
//! The DuckDB test needs python3 with duckdb (`pip install duckdb`): without
//! it the test prints SKIP; under `CI=true` it fails (`.ci/run` installs
//! it).

use crate::common::{self, run, text};
use sgfconv::table::GAME_COLUMNS;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// The rows of a games list, each a map from column name to cell.
fn rows(csv_text: &str) -> Vec<BTreeMap<String, String>> {
    let mut list = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = list.headers().unwrap().iter().map(String::from).collect();
    let records = list.records().map(|r| r.unwrap());
    records
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// `sgfconv -t csv --games-only FILE`: its rows (exit 0 asserted).
fn games_of(file: &Path) -> Vec<BTreeMap<String, String>> {
    let out = run(
        &["-q", "-t", "csv", "--games-only", file.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    rows(&text(&out.stdout))
}

/// The cells of `columns` of `row`, joined by `|`.
fn cells(row: &BTreeMap<String, String>, columns: &[&str]) -> String {
    let cell = |c: &&str| {
        row.get(*c)
            .unwrap_or_else(|| panic!("no column {c}"))
            .as_str()
    };
    columns.iter().map(cell).collect::<Vec<_>>().join("|")
}

const RANKS: &[&str] = &[
    "black_rank",
    "black_rank_number",
    "white_rank",
    "white_rank_number",
];
const RESULT: &[&str] = &["result", "winner", "margin", "win_reason"];
const CLOCK: &[&str] = &[
    "main_time",
    "overtime",
    "overtime_system",
    "overtime_periods",
    "overtime_seconds",
    "overtime_moves",
];

/// Real files of each source, each row's ranks, result and clock.
#[test]
#[ignore = "needs ../shared/corpus"]
fn real_games_read_into_numbers_dates_and_codes() {
    for (rel, ranks, result, clock) in [
        (
            "sgf/ff4/gogui/time-settings-kgs.sgf",
            "2d|2|7d|7",
            "B+Resign|B||resign",
            "1800|5x30 byo-yomi|byo-yomi|5|30|1",
        ),
        (
            "sgf/ff4/gnugo/kgs/GNU-marfan.sgf",
            "20k|-19|13k|-12",
            "B+Resign|B||resign",
            "600|25/600 Canadian|canadian||600|25",
        ),
        (
            "sgf/ff4/trevoke/12098710-203-Patrice-shigazaru.sgf",
            "5k|-4|5k|-4",
            "?|unknown||",
            "259200|86400 fischer|fischer||86400|",
        ),
        (
            "gib/ekenstein/Menskit(4D)_W_003ej9(4D)_202009051109.gib",
            "4d|4|4d|4",
            "W+F|W||forfeit",
            "300|1x30 byo-yomi|byo-yomi|1|30|1",
        ),
        (
            "gib/ekenstein/ychenggk(4D)_Menskit(4D)_202008141429.gib",
            "4d|4|4d|4",
            "B+T|B||time",
            "600|3x20 byo-yomi|byo-yomi|3|20|1",
        ),
        (
            "ugf/sabaki/amateur.ugf",
            "7d|7|8d|8",
            "B+7.5|B|7.5|score",
            "|||||",
        ),
        (
            "ngf/sabaki/gb2312.ngf",
            "五段|5|初段|1",
            "B+R|B||resign",
            "|||||",
        ),
        (
            "ngf/gokifu/sample3.ngf",
            "5d*|5|7p|8.8",
            "B+7|B|7|score",
            "|||||",
        ),
        (
            "ngf/gokifu/sample4.ngf",
            "22k*|-21|21k*|-20",
            "W+R|W||resign",
            "|||||",
        ),
    ] {
        let Some(path) = common::shared_path(&format!("corpus/{rel}")) else {
            continue;
        };
        let games = games_of(&path);
        let row = &games[0];
        assert_eq!(cells(row, RANKS), ranks, "{rel}");
        assert_eq!(cells(row, RESULT), result, "{rel}");
        assert_eq!(cells(row, CLOCK), clock, "{rel}");
    }
}

/// Where a game came from, its day and setup, from real files.
#[test]
#[ignore = "needs ../shared/corpus"]
fn origin_day_and_setup_of_real_games() {
    let Some(ugf) = common::shared_path("corpus/ugf/sabaki/amateur.ugf") else {
        return;
    };
    let row = &games_of(&ugf)[0];
    // A two-day game: the first day, the text kept; Shift_JIS decoded.
    let columns = ["encoding", "komi", "date", "day", "year"];
    assert_eq!(
        cells(row, &columns),
        "Shift_JIS|-5.5|2019-03-08,09|2019-03-08|2019"
    );
    let Some(kgs) = common::shared_path("corpus/sgf/ff4/gogui/time-settings-kgs.sgf") else {
        return;
    };
    let row = &games_of(&kgs)[0];
    let columns = [
        "file", "index", "size", "width", "height", "handicap", "setup_b", "moves",
    ];
    let file = kgs.to_str().unwrap();
    let want = format!("{file}|0|19|19|19|5|dd pd jj dp pp|188");
    assert_eq!(cells(row, &columns), want);
}

/// Results that only a few records say, in their `FF[4]` spellings.
#[test]
fn draws_voids_and_points() {
    let sgf = "(;RE[0])(;RE[Void])(;RE[W+12.5])(;RE[B+])(;RE[Jigo])(;RE[lost])";
    let out = run(
        &["-q", "-f", "sgf", "-t", "csv", "--games-only"],
        sgf.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let got: Vec<String> = rows(&text(&out.stdout))
        .iter()
        .map(|r| cells(r, RESULT))
        .collect();
    let want = [
        "0|draw||",
        "Void|void||",
        "W+12.5|W|12.5|score",
        "B+|B||",
        // Respelled `0` by the dialect rules before the list is written.
        "0|draw||",
        "lost|||",
    ];
    assert_eq!(got, want);
}

/// `--games-only` writes the games list alone: the same rows `--games-csv`
/// writes beside the moves, one file per input under `-d`, read back by
/// `-f csv`; with the move list's options or a second list it is refused.
#[test]
fn the_games_table_alone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = "(;FF[4]SZ[9]KM[6.5]PB[Ann]BR[3k]PW[Bo]WR[1d]RE[W+R]AB[cc:dd];W[ee];B[ff])";
    std::fs::write(d.join("a.sgf"), game).unwrap();
    let a = d.join("a.sgf");
    let alone = run(&["-t", "csv", "--games-only", a.to_str().unwrap()], b"");
    assert_eq!(alone.status.code(), Some(0), "{}", text(&alone.stderr));
    assert_eq!(
        text(&alone.stderr),
        "",
        "nothing to say: the moves are left out as asked"
    );
    let games = d.join("g.csv");
    let (g, m) = (games.to_str().unwrap(), d.join("m.csv"));
    let beside = run(
        &[
            "-t",
            "csv",
            "--games-csv",
            g,
            a.to_str().unwrap(),
            "-o",
            m.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(beside.status.code(), Some(0), "{}", text(&beside.stderr));
    assert_eq!(
        text(&alone.stdout),
        std::fs::read_to_string(&games).unwrap()
    );
    let row = &rows(&text(&alone.stdout))[0];
    let columns = [
        "black_rank_number",
        "white_rank_number",
        "winner",
        "setup_b",
        "moves",
    ];
    assert_eq!(cells(row, &columns), "-2|1|W|cc dc cd dd|2");
    // Under -d, one games list per input.
    let out_dir = d.join("out");
    let each = run(
        &[
            "-t",
            "csv",
            "--games-only",
            "-d",
            out_dir.to_str().unwrap(),
            a.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(each.status.code(), Some(0), "{}", text(&each.stderr));
    let written = std::fs::read_to_string(out_dir.join("a.csv")).unwrap();
    assert_eq!(written, text(&alone.stdout));
    // Read back: the root's game info and setup.
    let back = run(&["-f", "csv", "-t", "sgf"], written.as_bytes());
    let sgf = text(&back.stdout);
    for kept in [
        "BR[3k]",
        "WR[1d]",
        "RE[W+R]",
        "KM[6.5]",
        "AB[cc][dc][cd][dd]",
    ] {
        assert!(sgf.contains(kept), "{kept} in {sgf}");
    }
    for (flag, value) in [
        ("--all-variations", None),
        ("--coords", Some("gtp")),
        ("--games-csv", Some(g)),
    ] {
        let mut args = vec!["-t", "csv", "--games-only", flag];
        args.extend(value);
        args.push(a.to_str().unwrap());
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = text(&out.stderr);
        assert!(err.contains("--games-only") && err.contains(flag), "{err}");
        assert!(out.stdout.is_empty());
    }
    let sgf_out = run(&["-t", "sgf", "--games-only", a.to_str().unwrap()], b"");
    assert_eq!(sgf_out.status.code(), Some(2));
    assert!(
        text(&sgf_out.stderr).contains("applies to: csv"),
        "{}",
        text(&sgf_out.stderr)
    );
}

/// A value a number column cannot hold leaves it empty, and W375 says so
/// (a `KM[lots]` the dialect rules set aside in `ILLEGAL`, W507, never
/// reaches the list).
#[test]
fn a_time_that_is_no_number_is_named() {
    let game = "(;FF[4]KM[lots]HA[2]TM[-];B[aa])";
    let out = run(&["-f", "sgf", "-t", "csv", "--games-only"], game.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let row = &rows(&text(&out.stdout))[0];
    assert_eq!(cells(row, &["komi", "handicap", "main_time"]), "|2|");
    let err = text(&out.stderr);
    assert!(
        err.contains("W375")
            && err.contains(
                "the CSV games list keeps the game info; not carried: TM (not a time) ×1"
            ),
        "{err}"
    );
}

// ---- The generated column table of formats/csv.md ----

const BEGIN: &str = "<!-- games-columns: generated from sgfconv::table::GAME_COLUMNS by tests/it/formats/games_table.rs; SGFCONV_BLESS=1 cargo test --test it games_table rewrites it -->";
const END: &str = "<!-- end of generated part -->";

/// The columns as a Markdown table.
fn columns_table() -> String {
    let mut out = String::from("| column | type | holds |\n|---|---|---|\n");
    for c in GAME_COLUMNS {
        let null = if c.nullable { "" } else { ", never null" };
        out.push_str(&format!(
            "| `{}` | {}{null} | {} |\n",
            c.name,
            c.ty.as_str(),
            c.doc
        ));
    }
    out
}

#[test]
fn the_column_table_in_formats_csv_md_is_the_library_s() {
    let path = common::root().join("formats/csv.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let start = doc
        .find(BEGIN)
        .expect("formats/csv.md has the games-columns marker")
        + BEGIN.len();
    let end = start + doc[start..].find(END).expect("an end marker");
    let want = format!("{}\n{}{}", &doc[..start], columns_table(), &doc[end..]);
    if common::bless() {
        std::fs::write(&path, &want).unwrap();
    } else {
        pretty_assertions::assert_eq!(
            doc,
            want,
            "SGFCONV_BLESS=1 cargo test --test it games_table"
        );
    }
}

// ---- Read back by DuckDB ----

/// Whether python3 has duckdb to read the games list back.
fn duckdb() -> bool {
    crate::common::python_with(&["duckdb"], "reading the games list with DuckDB")
}

/// DuckDB reads the games list of a real archive of KGS games with the
/// columns' types (numbers, dates, texts) and answers questions of it.
#[test]
#[ignore = "needs ../shared/corpus"]
fn duckdb_reads_the_games_table_with_its_types() {
    if !duckdb() {
        return;
    }
    let Some(kgs) = common::shared_path("corpus/bulk/kgs-u-go/KGS-2001-19-2298-.tar.gz") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.csv");
    let args = [
        "-q",
        "-t",
        "csv",
        "--games-only",
        "-o",
        games.to_str().unwrap(),
        kgs.to_str().unwrap(),
    ];
    let out = run(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let query = r#"
import sys, duckdb
con = duckdb.connect()
con.execute("create table t as select * from read_csv_auto(?)", [sys.argv[1]])
types = {r[0]: r[1] for r in con.execute("describe t").fetchall()}
print(" ".join(types[c] for c in ["komi", "handicap", "black_rank_number", "margin", "day", "year", "main_time", "overtime_periods", "winner"]))
one = lambda q: con.execute(q).fetchall()[0]
print(one("select count(*), count(distinct winner), min(white_rank_number), max(white_rank_number) from t"))
print(one("select count(*) from t where result is not null and winner is null")[0])
print(one("select count(*) from t where winner = 'W' and win_reason = 'score' and margin > 0")[0] > 0)
print(one("select count(*) from t where day is not null and year = extract(year from day)")[0] > 0)
print(one("select count(*) from t where len(string_split(setup_b, ' ')) = handicap")[0] > 0)
"#;
    let read = Command::new("python3")
        .args(["-c", query, games.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(read.status.success(), "{}", text(&read.stderr));
    let lines: Vec<String> = text(&read.stdout).lines().map(String::from).collect();
    assert_eq!(
        lines[0],
        "DOUBLE BIGINT DOUBLE DOUBLE DATE BIGINT BIGINT BIGINT VARCHAR"
    );
    // Every game counted; B and W; ranks from 26k to 7p.
    assert_eq!(lines[1], "(2298, 2, -26.0, 8.8)");
    // Every result has its winner.
    assert_eq!(lines[2], "0");
    assert_eq!(lines[3..], ["True", "True", "True"]);
}
