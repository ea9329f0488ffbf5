//! The edits through the library's conversion: SGF in, SGF out, with the
//! reader's whole nodes and runs of plain moves.

use super::*;
use crate::diag::Reporter;
use crate::formats::Format;
use crate::options::Options;

/// `input` converted to SGF with `edits`: the output on one line, and the
/// codes reported.
fn edited(input: &str, edits: Edits) -> (String, Vec<&'static str>) {
    let mut options = Options::default();
    options.edit = edits;
    let mut out = Vec::new();
    let mut report = Reporter::collecting("t.sgf");
    let mut src = input.as_bytes();
    crate::convert(
        &mut src,
        Format::Sgf,
        &mut out,
        Format::Sgf,
        &options,
        &mut report,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap().replace('\n', "");
    let codes = report.collected().iter().map(|d| d.code.id).collect();
    (text, codes)
}

fn turn(degrees: u32, mirror: bool, flip: bool, transpose: bool) -> Edits {
    Edits {
        symmetry: Symmetry::of(degrees, mirror, flip, transpose).unwrap(),
        ..Edits::default()
    }
}

fn filter(no_comments: bool, strip: Option<&str>, keep: Option<&str>) -> Edits {
    Edits {
        filter: Filter {
            no_comments,
            strip: strip.map(|s| Props::parse(s).unwrap()),
            keep: keep.map(|s| Props::parse(s).unwrap()),
        },
        ..Edits::default()
    }
}

const HEAD: &str = "(;FF[4]CA[UTF-8]GM[1]";

#[test]
fn the_main_line_is_the_first_variation_at_every_branch() {
    let main = Edits {
        main_line: true,
        ..Edits::default()
    };
    let (out, _) = edited(
        "(;GM[1]SZ[19];B[pd](;W[dd];B[pp](;W[dp])(;W[cc]))(;W[qq];B[dd]))(;SZ[9];B[ee](;W[cc])(;W[gg]))",
        main,
    );
    assert_eq!(
        out,
        format!("{HEAD}SZ[19];B[pd];W[dd];B[pp];W[dp])(;FF[4]CA[UTF-8]SZ[9];B[ee];W[cc])")
    );
}

#[test]
fn a_quarter_turn_moves_setup_markup_labels_lines_and_the_view_together() {
    let (out, codes) = edited(
        "(;GM[1]SZ[19]AB[pd][aa:cb]AW[dp]VW[aa:jj];B[qd]TR[pd]LB[dd:A]LN[aa:ss]AR[ab:ba];W[];B[tt])",
        turn(90, false, false, false),
    );
    assert_eq!(
        out,
        format!(
            "{HEAD}SZ[19]AB[pp][ra:sc]AW[dd]VW[ja:sj];B[pq]TR[pp]LB[pd:A]LN[sa:as]AR[ra:sb];W[];B[])"
        )
    );
    assert!(!codes.contains(&"W770"), "{codes:?}");
}

#[test]
fn a_rectangular_board_turned_a_quarter_exchanges_columns_and_rows() {
    let (out, _) = edited("(;GM[1]SZ[5:3]AB[ea];B[ac])", turn(90, false, false, false));
    assert_eq!(out, format!("{HEAD}SZ[3:5]AB[ce];B[aa])"));
    let (out, _) = edited(
        "(;GM[1]SZ[5:3]AB[ea];B[ac])",
        turn(180, false, false, false),
    );
    assert_eq!(out, format!("{HEAD}SZ[5:3]AB[ac];B[ea])"));
}

#[test]
fn mirror_flip_and_transpose() {
    let game = "(;GM[1]SZ[19];B[pd];W[dc])";
    let (m, _) = edited(game, turn(0, true, false, false));
    assert_eq!(m, format!("{HEAD}SZ[19];B[dd];W[pc])"));
    let (f, _) = edited(game, turn(0, false, true, false));
    assert_eq!(f, format!("{HEAD}SZ[19];B[pp];W[dq])"));
    let (t, _) = edited(game, turn(0, false, false, true));
    assert_eq!(t, format!("{HEAD}SZ[19];B[dp];W[cd])"));
}

#[test]
fn a_game_that_is_not_go_or_has_no_board_size_is_not_turned() {
    let (out, codes) = edited("(;GM[3];B[aa])", turn(90, false, false, false));
    assert_eq!(out, "(;FF[4]CA[UTF-8]GM[3];B[aa])");
    assert!(codes.contains(&"W770"), "{codes:?}");
}

#[test]
fn a_root_that_is_a_move_is_turned_too() {
    let (out, _) = edited("(;B[aa];W[bb];B[cc])", turn(0, true, false, false));
    assert_eq!(out, "(;FF[4]CA[UTF-8]B[sa];W[rb];B[qc])");
}

#[test]
fn a_turn_on_a_large_board_writes_capitals_and_tt_as_a_point() {
    let (out, _) = edited("(;GM[1]SZ[52];B[aa];W[tt])", turn(0, true, false, false));
    assert_eq!(out, format!("{HEAD}SZ[52];B[Za];W[Gt])"));
}

#[test]
fn comments_go_and_what_is_kept_stays() {
    let game = "(;GM[1]SZ[19]PB[x]GC[g]XGIB[h]C[root];B[pd]C[a]N[n]TR[aa];W[dd]BL[30])";
    let (out, _) = edited(game, filter(true, None, None));
    assert_eq!(
        out,
        format!("{HEAD}SZ[19]PB[x]GC[g]XGIB[h];B[pd]N[n]TR[aa];W[dd]BL[30])")
    );
    let (out, _) = edited(game, filter(false, Some("private,markup,timing"), None));
    assert_eq!(
        out,
        format!("{HEAD}SZ[19]PB[x]GC[g]C[root];B[pd]C[a]N[n];W[dd])")
    );
    let (out, _) = edited(game, filter(false, None, Some("PB")));
    assert_eq!(out, format!("{HEAD}SZ[19]PB[x];B[pd];W[dd])"));
}

#[test]
fn lists_name_identifiers_and_groups_only() {
    assert!(Props::parse("PB, XGIB,private").is_ok());
    assert!(Props::parse("pb").is_err());
    assert!(Props::parse("").is_err());
    assert!(Props::parse("PB,").is_err());
    assert_eq!(Props::parse("SZ,PB,B").unwrap().always_kept(), ["SZ", "B"]);
    assert!(Symmetry::of(45, false, false, false).is_err());
    assert!(Symmetry::of(360, false, false, false).is_err());
    assert!(Edits::default().is_none());
}
