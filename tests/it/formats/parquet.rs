//! Parquet output (`formats/parquet.md`): the games table in the output,
//! the moves table in `--moves-parquet`'s file, read back by pyarrow,
//! DuckDB and Polars; the schema as documented; a partial input's rows
//! and diagnostics; the KGS archive's 733 games and their moves (counted
//! again from the CSV move list).
//!
//! Without Python 3 and its `pyarrow`, `duckdb` and `polars` modules
//! (`pip install pyarrow duckdb polars`) the read-back tests print SKIP;
//! under `CI=true` they fail (`.ci/run` installs them).

use crate::common;
use std::path::Path;
use std::process::{Command, Stdio};

/// Whether python3 has `modules` to read the Parquet files back.
fn python_with(modules: &[&str]) -> bool {
    crate::common::python_with(modules, "reading the Parquet outputs back")
}

/// What `script` prints, run by python3 in `dir`; it must succeed.
fn python(dir: &Path, script: &str) -> String {
    let out = Command::new("python3")
        .args(["-c", script])
        .current_dir(dir)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    common::text(&out.stdout).trim().to_string()
}

/// sgfconv run in `dir` with `args`; its output.
fn sgfconv_in(dir: &Path, args: &[&str]) -> std::process::Output {
    common::sgfconv()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("sgfconv runs")
}

/// Two games: one with game info, a variation, comments and a pass; one
/// with a handicap and a month for a date.
const TWO_GAMES: &str =
    "(;GM[1]FF[4]SZ[19]KM[6.5]RE[W+3.5]DT[2024-05-06,07]PB[Ann]BR[3d]PW[Bo]WR[2k]RU[Japanese]\
;B[pd]C[first];W[dp](;B[];W[tt])(;B[dd]C[the other]))\
(;GM[1]FF[4]SZ[9]HA[2]AB[cc][gg]DT[2024-05]RE[B+R];W[ee])";

/// The two games written as both tables (every variation, comments).
fn two_tables(dir: &Path) {
    std::fs::write(dir.join("two.sgf"), TWO_GAMES).unwrap();
    let args = [
        "two.sgf",
        "-o",
        "games.parquet",
        "--moves-parquet",
        "moves.parquet",
        "--all-variations",
        "--comments",
    ];
    let out = sgfconv_in(dir, &args);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
}

#[test]
fn pyarrow_reads_both_tables_as_documented() {
    if !python_with(&["pyarrow"]) {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    two_tables(d.path());
    let games = python(
        d.path(),
        "import pyarrow.parquet as pq\n\
         t = pq.read_table('games.parquet')\n\
         for r in t.to_pylist():\n\
         \x20   print(r['game'], r['file'], r['index'], r['black'], r['black_rank'], \
         r['black_rank_number'], r['winner'], r['margin'], r['win_reason'], r['day'], r['date'], \
         r['komi'], r['handicap'], r['width'], r['rules'], r['setup_b'], r['moves'])",
    );
    assert_eq!(
        games,
        "0 two.sgf 0 Ann 3d 3.0 W 3.5 score 2024-05-06 2024-05-06,07 6.5 None 19 Japanese [] 4\n\
         1 two.sgf 1 None None None B None resign None 2024-05 None 2 9 None ['cc', 'gg'] 1"
    );
    let moves = python(
        d.path(),
        "import pyarrow.parquet as pq\n\
         for r in pq.read_table('moves.parquet').to_pylist():\n\
         \x20   print(r['game'], r['move'], r['color'], r['x'], r['y'], r['pass'], r['node'], \
         r['variation'], r['comment'])",
    );
    assert_eq!(
        moves,
        "0 1 B 15 3 False 1 [] first\n\
         0 2 W 3 15 False 2 [] None\n\
         0 3 B None None True 3 [0] None\n\
         0 4 W None None True 4 [0] None\n\
         0 3 B 3 3 False 5 [1] the other\n\
         1 1 W 4 4 False 1 [] None"
    );
}

/// The schema, as `formats/parquet.md` gives it: the default moves
/// table (main line, no comments) and the games table.
#[test]
fn the_schema_is_the_documented_one() {
    if !python_with(&["pyarrow"]) {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("two.sgf"), TWO_GAMES).unwrap();
    let args = ["two.sgf", "-o", "g.parquet", "--moves-parquet", "m.parquet"];
    assert!(sgfconv_in(d.path(), &args).status.success());
    let schema = |f: &str| {
        python(
            d.path(),
            &format!("import pyarrow.parquet as pq\nprint(pq.read_schema('{f}').to_string(show_schema_metadata=False))"),
        )
    };
    assert_eq!(
        schema("m.parquet"),
        "game: int64 not null\nmove: int64 not null\ncolor: string not null\n\
         x: int64\ny: int64\npass: bool not null"
    );
    let games = schema("g.parquet");
    let doc = std::fs::read_to_string(common::root().join("formats/parquet.md")).unwrap();
    // A list's item is on a line of its own (`  child 0, item: string`).
    for line in games.lines().filter(|l| !l.starts_with(' ')) {
        let (name, ty) = line.split_once(": ").unwrap();
        let row = format!("| `{name}` | `{ty}` |");
        assert!(doc.contains(&row), "formats/parquet.md lacks the row {row}");
    }
    assert!(games.starts_with("game: int64 not null\nfile: string not null\nindex: int64 not null"));
}

#[test]
fn duckdb_and_polars_join_the_tables() {
    if !python_with(&["duckdb", "polars"]) {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    two_tables(d.path());
    let joined = python(
        d.path(),
        "import duckdb\n\
         print(duckdb.sql(\"select g.black, count(*), max(m.move) from 'games.parquet' g \
         join 'moves.parquet' m using (game) group by all order by 1 nulls last\").fetchall())\n\
         print(duckdb.sql(\"select typeof(day), typeof(komi) from 'games.parquet' limit 1\").fetchall())",
    );
    assert_eq!(
        joined,
        "[('Ann', 5, 4), (None, 1, 1)]\n[('DATE', 'DOUBLE')]"
    );
    let polars = python(
        d.path(),
        "import polars as pl\n\
         g = pl.read_parquet('games.parquet'); m = pl.read_parquet('moves.parquet')\n\
         print(g.height, m.height, g['day'].dtype, m['variation'].dtype)\n\
         print(m.filter(pl.col('pass'))['move'].to_list())",
    );
    assert_eq!(polars, "2 6 Date List(UInt32)\n[3, 4]");
}

/// A game cut short: its diagnostics, and the rows of what was read.
#[test]
fn a_partial_input_gives_its_rows_and_its_diagnostics() {
    if !python_with(&["pyarrow"]) {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let cut = "(;GM[1]FF[4]PB[Ann];B[pd];W[dp])(;GM[1]FF[4];B[dd];W[cc";
    std::fs::write(d.path().join("cut.sgf"), cut).unwrap();
    let args = ["cut.sgf", "-o", "g.parquet", "--moves-parquet", "m.parquet"];
    let out = sgfconv_in(d.path(), &args);
    let stderr = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("E006"), "{stderr}");
    let rows = python(
        d.path(),
        "import pyarrow.parquet as pq\n\
         print(pq.read_table('g.parquet').column('moves').to_pylist())\n\
         print(pq.read_table('m.parquet').num_rows)",
    );
    assert_eq!(rows, "[2, 2]\n4");
}

/// Without Python: the file is Parquet (its magic at both ends), and the
/// option combinations that make no sense are refused.
#[test]
fn the_output_is_parquet_and_misuse_is_refused() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("two.sgf"), TWO_GAMES).unwrap();
    let out = sgfconv_in(d.path(), &["two.sgf", "-t", "parquet", "-o", "g.pq"]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let bytes = std::fs::read(d.path().join("g.pq")).unwrap();
    assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
    let same = ["two.sgf", "-o", "g.parquet", "--moves-parquet", "g.parquet"];
    let out = sgfconv_in(d.path(), &same);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::text(&out.stderr).contains("--moves-parquet g.parquet is the output too"),
        "{}",
        common::text(&out.stderr)
    );
    let csv = ["two.sgf", "-o", "m.csv", "--moves-parquet", "m.parquet"];
    let out = sgfconv_in(d.path(), &csv);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::text(&out.stderr).contains("--moves-parquet"));
    assert!(!d.path().join("m.parquet").exists());
}

/// The KGS archive of 733 games: 733 game rows, and as many move rows as
/// the CSV move list has rows (read by pyarrow and DuckDB).
#[test]
#[ignore = "reads ../shared/corpus/bulk (make test runs it when present)"]
fn the_kgs_archive_gives_733_games_and_every_move() {
    let Some(kgs) = common::shared_path("corpus/bulk/kgs-u-go/KGS-2017_01-19-733-.tar.gz") else {
        return;
    };
    let d = tempfile::tempdir().unwrap();
    let kgs = kgs.to_str().unwrap();
    let args = [kgs, "-o", "g.parquet", "--moves-parquet", "m.parquet"];
    let out = sgfconv_in(d.path(), &args);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let out = sgfconv_in(d.path(), &[kgs, "-t", "csv", "--coords", "numeric"]);
    let csv_rows = common::text(&out.stdout).lines().count() - 1;
    if !python_with(&["pyarrow", "duckdb"]) {
        return;
    }
    let counts = python(
        d.path(),
        "import pyarrow.parquet as pq, duckdb\n\
         print(pq.read_table('g.parquet').num_rows, pq.read_table('m.parquet').num_rows)\n\
         print(*duckdb.sql(\"select count(*), sum(moves) from 'g.parquet'\").fetchall()[0])",
    );
    assert_eq!(
        counts,
        format!("733 {csv_rows}\n733 {csv_rows}"),
        "CSV: {csv_rows} moves"
    );
    assert!(csv_rows > 100_000, "{csv_rows}");
}

/// pyarrow's name of an Arrow type (`int64`, `list<item: string>`).
fn pyarrow_name(t: &sgfconv::table::arrow::DataType) -> String {
    use sgfconv::table::arrow::DataType as T;
    match t {
        T::Int64 => "int64".into(),
        T::UInt32 => "uint32".into(),
        T::Float64 => "double".into(),
        T::Utf8 => "string".into(),
        T::Boolean => "bool".into(),
        T::Date32 => "date32[day]".into(),
        T::List(item) => format!("list<item: {}>", pyarrow_name(item.data_type())),
        other => format!("{other:?}"),
    }
}

/// A Markdown table of `columns` with their Arrow types, as pyarrow
/// names them (`not null` added where a column has no nulls).
fn columns_table(columns: &[sgfconv::table::Column]) -> String {
    let mut s = String::from("| column | type | meaning |\n|---|---|---|\n");
    for c in columns {
        let field = sgfconv::table::arrow::field(c);
        let mut ty = pyarrow_name(field.data_type());
        if !field.is_nullable() {
            ty += " not null";
        }
        s += &format!("| `{}` | `{ty}` | {} |\n", c.name, c.doc);
    }
    s
}

/// `doc` with the generated part after `begin` replaced by `body`.
fn with_generated(doc: &str, begin: &str, body: &str) -> String {
    const END: &str = "<!-- end of generated part -->";
    let start = doc.find(begin).expect("the generated part's start") + begin.len();
    let end = start + doc[start..].find(END).expect("the generated part's end");
    format!("{}\n{body}{}", &doc[..start], &doc[end..])
}

/// The column tables of `formats/parquet.md` are the schema's (one home:
/// the column lists of `sgfconv::table`).
#[test]
fn the_documented_columns_are_the_schema() {
    use sgfconv::table::{move_columns, MovesOptions, GAME_COLUMNS};
    let path = common::root().join("formats/parquet.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let every = MovesOptions {
        all_variations: true,
        comments: true,
    };
    let games = "<!-- games: generated from sgfconv::table::GAME_COLUMNS by tests/it/formats/parquet.rs; SGFCONV_BLESS=1 cargo test --test it parquet rewrites it -->";
    let moves = "<!-- moves: generated from sgfconv::table::move_columns by tests/it/formats/parquet.rs; SGFCONV_BLESS=1 cargo test --test it parquet rewrites it -->";
    let want = with_generated(&doc, games, &columns_table(GAME_COLUMNS));
    let want = with_generated(&want, moves, &columns_table(&move_columns(every)));
    if common::bless() {
        std::fs::write(&path, &want).unwrap();
    }
    pretty_assertions::assert_eq!(doc, want, "SGFCONV_BLESS=1 rewrites formats/parquet.md");
}
