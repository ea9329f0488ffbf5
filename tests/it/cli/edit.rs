//! The record edits through the command (docs/cli.md, "Editing"): the
//! main line, comments and properties dropped, the board turned, on
//! hand-made games checked point by point and on the real files of the
//! shared corpus (a GIB's `XGIB` header stripped, a file's variations
//! dropped, every record turned four times and mirrored twice back to
//! itself); every output format edited alike; what cannot be done refused.

use crate::common::{self, run, text};
use std::path::{Path, PathBuf};

/// `sgfconv ARGS` on `input` (stdin): exit code, stdout on one line (SGF's
/// line breaks removed), stderr.
fn edited(args: &[&str], input: &str) -> (i32, String, String) {
    let out = run(args, input.as_bytes());
    let code = out.status.code().unwrap_or(-1);
    (code, text(&out.stdout).replace('\n', ""), text(&out.stderr))
}

const HEAD: &str = "(;FF[4]CA[UTF-8]GM[1]";

#[test]
fn the_main_line_is_the_first_variation_at_every_branch() {
    let input = "(;GM[1]SZ[19];B[pd](;W[dd];B[pp](;W[dp])(;W[cc]))(;W[qq];B[dd]))\
                 (;GM[1]SZ[9];B[ee](;W[cc])(;W[gg]))";
    let (code, out, err) = edited(&["--main-line"], input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("{HEAD}SZ[19];B[pd];W[dd];B[pp];W[dp]){HEAD}SZ[9];B[ee];W[cc])")
    );
}

#[test]
fn a_quarter_turn_moves_setup_markup_labels_lines_and_the_view_together() {
    // Hand-computed: a quarter turn clockwise takes column x, row y of
    // a 19 × 19 board to column 18 - y, row x (aa → sa, pd → pp).
    let input = "(;GM[1]SZ[19]AB[pd][aa:cb]AW[dp]VW[aa:jj]\
                 ;B[qd]TR[pd]SQ[aa]CR[ss]MA[as]SL[ba]LB[dd:A]LN[aa:ss]AR[ab:ba]\
                 ;W[]DD[];B[tt];W[cc]TB[ab]TW[ba])";
    let (code, out, err) = edited(&["--rotate", "90"], input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!(
            "{HEAD}SZ[19]AB[pp][ra:sc]AW[dd]VW[ja:sj]\
             ;B[pq]TR[pp]SQ[sa]CR[as]MA[aa]SL[sb]LB[pd:A]LN[sa:as]AR[ra:sb]\
             ;W[]DD[];B[];W[qc]TB[ra]TW[sb])"
        )
    );
}

#[test]
fn mirror_flip_transpose_and_half_turns() {
    let game = "(;GM[1]SZ[19];B[pd];W[dc])";
    let cases: [(&[&str], &str); 5] = [
        (&["--mirror"], ";B[dd];W[pc]"),
        (&["--flip"], ";B[pp];W[dq]"),
        (&["--transpose"], ";B[dp];W[cd]"),
        (&["--rotate", "180"], ";B[dp];W[pq]"),
        (&["--rotate", "270"], ";B[dd];W[cp]"),
    ];
    for (args, moves) in cases {
        let (code, out, err) = edited(args, game);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, format!("{HEAD}SZ[19]{moves})"), "{args:?}");
    }
}

#[test]
fn a_rectangular_board_turned_a_quarter_exchanges_columns_and_rows() {
    // 5 columns, 3 rows: the top-right corner goes to the bottom right of
    // the 3 × 5 board; a half turn keeps the board.
    let game = "(;GM[1]SZ[5:3]AB[ea];B[ac])";
    let (_, out, _) = edited(&["--rotate", "90"], game);
    assert_eq!(out, format!("{HEAD}SZ[3:5]AB[ce];B[aa])"));
    let (_, out, _) = edited(&["--rotate", "180"], game);
    assert_eq!(out, format!("{HEAD}SZ[5:3]AB[ac];B[ea])"));
    let (_, out, _) = edited(&["--transpose"], game);
    assert_eq!(out, format!("{HEAD}SZ[3:5]AB[ae];B[ca])"));
}

#[test]
fn a_root_that_is_a_move_and_a_large_board_are_turned_too() {
    let (_, out, _) = edited(&["--mirror"], "(;B[aa];W[bb];B[cc])");
    assert_eq!(out, "(;FF[4]CA[UTF-8]B[sa];W[rb];B[qc])");
    // On 52 × 52 a point may need a capital, and tt is a point.
    let (_, out, _) = edited(&["--mirror"], "(;GM[1]SZ[52];B[aa];W[tt])");
    assert_eq!(out, format!("{HEAD}SZ[52];B[Za];W[Gt])"));
}

#[test]
fn a_game_that_is_not_go_is_said_and_not_turned() {
    let (code, out, err) = edited(&["--rotate", "90"], "(;FF[4]GM[3];B[aa])");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "(;FF[4]CA[UTF-8]GM[3];B[aa])");
    assert!(
        err.contains("W528 not-go") && err.contains("GM[3]"),
        "{err}"
    );
    assert!(err.contains("W770 board-not-turned"), "{err}");
    // Without an edit, the warning that it is not Go stands alone.
    let (code, _, err) = edited(&[], "(;FF[4]GM[2]SZ[8];B[dd])");
    assert_eq!(code, 0);
    assert!(
        err.contains("W528 not-go") && !err.contains("W770"),
        "{err}"
    );
}

#[test]
fn comments_and_chosen_properties_go_and_what_makes_the_record_stays() {
    let game = "(;GM[1]SZ[19]PB[x]GC[g]XGIB[h]C[root];B[pd]C[a]N[n]TR[aa];W[dd]BL[30])";
    let cases: [(&[&str], &str); 4] = [
        (
            &["--no-comments"],
            "SZ[19]PB[x]GC[g]XGIB[h];B[pd]N[n]TR[aa];W[dd]BL[30])",
        ),
        (
            &["--strip", "private,markup,timing"],
            "SZ[19]PB[x]GC[g]C[root];B[pd]C[a]N[n];W[dd])",
        ),
        (
            &["--strip", "GC,N"],
            "SZ[19]PB[x]XGIB[h]C[root];B[pd]C[a]TR[aa];W[dd]BL[30])",
        ),
        (&["--keep", "PB"], "SZ[19]PB[x];B[pd];W[dd])"),
    ];
    for (args, rest) in cases {
        let (code, out, err) = edited(args, game);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, format!("{HEAD}{rest}"), "{args:?}");
    }
}

#[test]
fn every_output_format_is_edited_alike() {
    let game = "(;GM[1]SZ[19]C[hello];B[pd](;W[dd])(;W[qq]))";
    let args = ["--main-line", "--no-comments", "--rotate", "90", "-t"];
    let json = run(&[&args[..], &["json"]].concat(), game.as_bytes());
    let json = text(&json.stdout);
    assert!(json.contains("\"pp\"") && json.contains("\"pd\""), "{json}");
    assert!(
        !json.contains("hello") && !json.contains("\"qq\""),
        "{json}"
    );
    // pd turned is pp (Q4 in GTP): the CSV move list says so.
    let csv = run(&[&args[..], &["csv"]].concat(), game.as_bytes());
    let csv = text(&csv.stdout);
    assert!(csv.contains("pp") && !csv.contains("hello"), "{csv}");
}

#[test]
fn what_cannot_be_done_is_refused_before_anything_is_read() {
    for args in [
        &["--rotate", "45"][..],
        &["--strip", "pb"],
        &["--strip", "SZ"],
        &["--strip", "B,PB"],
        &["--strip", "PB", "--keep", "PW"],
        &["--keep", "PB,"],
    ] {
        let out = run(args, b"(;GM[1];B[pd])");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = run(&["--strip", "SZ,B"], b"(;GM[1];B[pd])");
    assert!(
        text(&out.stderr).contains("SZ, B always kept"),
        "{}",
        text(&out.stderr)
    );
}

/// The records of the shared corpus a reader reads (SGF, GIB, NGF, UGF).
fn records() -> Vec<PathBuf> {
    let keep = |p: &Path| {
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        matches!(ext, "sgf" | "gib" | "ngf" | "ugf")
    };
    let corpus = common::shared_corpus();
    ["sgf", "gib", "ngf", "ugf"]
        .iter()
        .flat_map(|d| common::files_under(&corpus.join(d), &keep))
        .collect()
}

/// `sgfconv -q ARGS`, the input given as bytes, its output (SGF).
fn through(args: &[&str], input: &[u8]) -> Vec<u8> {
    run(&[&["-q", "-f", "sgf"][..], args].concat(), input).stdout
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_record_turned_back_is_itself() {
    let records = records();
    assert!(records.len() > 100, "{}", records.len());
    for path in &records {
        let p = path.to_str().unwrap_or_default();
        let plain = run(&["-q", p], b"").stdout;
        let mut turned = run(&["-q", "--rotate", "90", p], b"").stdout;
        for args in [&["--rotate", "90"][..], &["--rotate", "180"], &[]] {
            turned = through(args, &turned);
        }
        assert_eq!(text(&turned), text(&plain), "{p}: four quarter turns");
        let once = run(&["-q", "--mirror", "--flip", p], b"").stdout;
        let back = through(&[], &through(&["--rotate", "180"], &once));
        assert_eq!(
            text(&back),
            text(&plain),
            "{p}: a half turn is a mirror and a flip"
        );
        let once = run(&["-q", "--transpose", p], b"").stdout;
        let back = through(&[], &through(&["--transpose"], &once));
        assert_eq!(text(&back), text(&plain), "{p}: transposed twice");
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn a_gib_loses_its_xgib_header_and_nothing_else() {
    let gib = common::shared_corpus().join("gib/rooklift-sgf/3handicap.gib");
    let p = gib.to_str().unwrap_or_default();
    let plain = text(&run(&["-q", p], b"").stdout);
    let out = run(&["--strip", "private", p], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stripped = text(&out.stdout);
    assert!(plain.contains("XGIB[") && !stripped.contains("XGIB["));
    // The same record, but for the header's one property.
    let without: String = plain
        .lines()
        .filter(|l| !l.starts_with("XGIB["))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(stripped.trim_end(), without.trim_end());
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn a_file_with_variations_keeps_its_main_line() {
    let f = common::shared_corpus().join("sgf/variations/sabaki/complex.sgf");
    let p = f.to_str().unwrap_or_default();
    let out = run(&["--main-line", "-t", "json", p], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Without the comments (which hold brackets), a game tree with no
    // variation has one '(' to open it.
    let main = text(&run(&["-q", "--no-comments", "--main-line", p], b"").stdout);
    let all = text(&run(&["-q", "--no-comments", p], b"").stdout);
    assert!(all.matches('(').count() > 1, "the file has variations");
    assert_eq!(main.matches('(').count(), 1, "{main}");
    // The main line is what the CSV move list (the main line) says of the
    // whole file.
    let csv_main = run(&["-q", "-t", "csv", "--main-line", p], b"").stdout;
    let csv_all = run(&["-q", "-t", "csv", p], b"").stdout;
    assert_eq!(text(&csv_main), text(&csv_all));
}
