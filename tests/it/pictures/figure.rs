//! What pictures show (`sgfconv::render::figure`): positions with exact
//! captures, book figures with numbered moves and their captions, the
//! selections (`--at`, `--node`, `--range`, `--figures`, `--every`), the
//! lines of a game (`--variation`), `VW`, `--crop`, `--area`, `PM`, `MN`
//! and markup. Every case is a crafted record with the expected result
//! written out by hand (formats/diagrams.md states the rules).

use crate::common;

use sgfconv::options::{BoardArea, Coords, Corner};
use sgfconv::render::figure::{
    column_label, hoshi, line, lines, pictures, row_label, Area, Figure, Markup, Numbering, Select,
    Style, Target,
};
use sgfconv::stone::{Colour, Point};
use sgfconv::Game;

fn game(sgf: &str) -> Game {
    let (g, _) = common::read_one(
        |i, o, s, r| sgfconv::formats::read(sgfconv::Format::Sgf, i, o, s, r),
        sgf.as_bytes(),
        &Default::default(),
        "t.sgf",
    );
    g
}

fn p(s: &str) -> Point {
    Point::parse(s).unwrap()
}

/// The stones of `f` as `pd:B`, `qc:W5`, in reading order.
fn stones(f: &Figure) -> Vec<String> {
    f.stones
        .iter()
        .map(|s| {
            let c = if s.colour == Colour::Black { "B" } else { "W" };
            let n = s.number.map(|n| n.to_string()).unwrap_or_default();
            format!("{}:{c}{n}", s.at)
        })
        .collect()
}

fn notes(f: &Figure) -> Vec<String> {
    f.notes
        .iter()
        .map(|n| n.text(Coords::Gtp, f.cols, f.rows))
        .collect()
}

fn one(sgf: &str, select: Select) -> Figure {
    let mut v = pictures(&game(sgf), select, Style::default());
    assert_eq!(v.len(), 1, "{v:?}");
    v.remove(0)
}

/// Black captures a white stone in the corner; the position has it gone.
const CAPTURE: &str = "(;SZ[9];B[ba];W[aa];B[ab];W[cc])";

#[test]
fn final_position_has_captures_and_last_move() {
    let f = one(CAPTURE, Select::Final);
    assert_eq!(stones(&f), ["ba:B", "ab:B", "cc:W"]);
    assert_eq!(f.last_move, Some(p("cc")));
    assert_eq!(f.move_number, 4);
    assert_eq!((f.cols, f.rows), (9, 9));
    assert_eq!(f.view, Area::whole(9, 9));
    assert_eq!(f.caption().as_deref(), Some("Move 4"));
    assert_eq!(f.first_colour, Colour::Black, "black to play after 4 moves");
}

#[test]
fn position_after_move_n() {
    let f = one(CAPTURE, Select::At(2));
    assert_eq!(stones(&f), ["aa:W", "ba:B"]);
    assert_eq!(f.last_move, Some(p("aa")));
    assert_eq!(f.first_colour, Colour::Black);
    let f = one(CAPTURE, Select::At(0));
    assert!(f.stones.is_empty());
    assert_eq!(f.caption(), None);
    let f = one(CAPTURE, Select::At(99));
    assert_eq!(f.move_number, 4, "past the end: the final position");
}

#[test]
fn figure_keeps_captured_numbered_stones_and_notes_replays() {
    // 1 B ba, 2 W aa, 3 B ab captures 2, 4 W cc, 5 W? no: 5 B cd, 6 W aa
    // (on the point of 2: "6 at 2").
    let sgf = "(;SZ[9];B[ba];W[aa];B[ab];W[cc];B[cd];W[aa])";
    let f = one(sgf, Select::Figures);
    assert_eq!(
        stones(&f),
        ["aa:W2", "ba:B1", "ab:B3", "cc:W4", "cd:B5"],
        "the first stone of each point, numbered"
    );
    assert_eq!(notes(&f), ["6 at 2"]);
    assert_eq!(f.moves, Some((1, 6)));
    assert_eq!(f.caption().as_deref(), Some("Figure 1 (moves 1–6)"));
    assert_eq!(f.last_move, None);
}

#[test]
fn ko_fight_captions() {
    // . B W . .    Black takes the ko at cb (1), White threatens (2), Black
    // B W . W .    answers (3), White retakes at bb (4, the point of a
    // . B W . .    starting stone: "4: ko at B4"), threat and answer (5, 6),
    //              and Black retakes at cb (7: "ko at 1").
    let sgf = "(;SZ[5]AB[ba][ab][bc]AW[ca][db][cc][bb]\
               ;B[cb];W[ee];B[ed];W[bb];B[ea];W[eb];B[cb])";
    let f = one(sgf, Select::Figures);
    assert_eq!(
        stones(&f),
        [
            "ba:B", "ca:W", "ea:B5", "ab:B", "bb:W", "cb:B1", "db:W", "eb:W6", "bc:B", "cc:W",
            "ed:B3", "ee:W2"
        ]
    );
    assert_eq!(notes(&f), ["4: ko at B4", "7: ko at 1"]);
    assert!(f.notes[1].ko);
}

#[test]
fn fg_nodes_cut_the_main_line_and_name_figures() {
    let sgf = "(;SZ[9]FG[0:Opening];B[aa];W[bb];B[cc]FG[0:Middle];W[dd];B[ee])";
    let v = pictures(&game(sgf), Select::Figures, Style::default());
    assert_eq!(v.len(), 2);
    assert_eq!(v[0].caption().as_deref(), Some("Opening (moves 1–2)"));
    assert_eq!(stones(&v[0]), ["aa:B1", "bb:W2"]);
    assert_eq!(v[1].caption().as_deref(), Some("Middle (moves 3–5)"));
    assert_eq!(stones(&v[1]), ["aa:B", "bb:W", "cc:B3", "dd:W4", "ee:B5"]);
    assert_eq!((v[0].index, v[1].index), (1, 2));
}

#[test]
fn restart_numbering_and_every() {
    let sgf = "(;SZ[9];B[aa];W[bb];B[cc];W[dd];B[ee])";
    let style = Style {
        numbering: Numbering::Restart,
        ..Style::default()
    };
    let v = pictures(&game(sgf), Select::Every(2), style);
    assert_eq!(v.len(), 3);
    assert_eq!(stones(&v[1]), ["aa:B", "bb:W", "cc:B1", "dd:W2"]);
    assert_eq!(v[1].moves, Some((3, 4)));
    assert_eq!(v[2].first_colour, Colour::Black);
    let v = pictures(&game(sgf), Select::Every(2), Style::default());
    assert_eq!(stones(&v[2]).last().unwrap(), "ee:B5");
}

#[test]
fn print_mode_2_reduces_numbers_and_mn_sets_them() {
    let sgf = "(;SZ[9]PM[2];B[aa]MN[101];W[bb])";
    let f = one(sgf, Select::Figures);
    assert_eq!(stones(&f), ["aa:B1", "bb:W2"]);
    assert_eq!(f.moves, Some((101, 102)));
}

#[test]
fn diagram_variations_are_figures_of_their_own() {
    // The UGF reader turns `.Fig` blocks into variations named by N.
    let sgf = "(;SZ[9];B[aa];W[bb](;B[cc];W[dd])(;B[ee]N[Reference]VW[aa:ee];W[ff]))";
    let v = pictures(&game(sgf), Select::Figures, Style::default());
    assert_eq!(v.len(), 2);
    assert_eq!(v[1].name.as_deref(), Some("Reference"));
    assert_eq!(stones(&v[1]), ["aa:B", "bb:W", "ee:B1", "ff:W2"]);
    assert_eq!(v[1].moves, Some((3, 4)));
    assert_eq!(
        v[1].view,
        Area {
            left: 0,
            top: 0,
            right: 4,
            bottom: 4
        }
    );
}

#[test]
fn ugf_sample_gives_its_figures() {
    let bytes = std::fs::read(common::root().join("corpus/ugf/figure.ugf")).unwrap();
    let mut report = sgfconv::Reporter::collecting("figure.ugf");
    let games = sgfconv::game::collect_games(
        |sink, r| sgfconv::formats::ugf::read(&mut &bytes[..], &Default::default(), sink, r),
        &mut report,
    )
    .unwrap();
    let v = pictures(&games[0], Select::Figures, Style::default());
    let names: Vec<_> = v.iter().map(|f| f.name.clone()).collect();
    assert_eq!(names, [None, Some("参考図".into()), Some("実戦図".into())]);
    let own = pictures(&games[1], Select::Figures, Style::default());
    assert_eq!(own[0].name.as_deref(), Some("失敗図"));
    assert_eq!(own[0].moves, Some((1, 1)));
}

#[test]
fn markup_labels_arrows_of_the_last_node() {
    let sgf = "(;SZ[9];B[aa]TR[bb]SQ[cc:cd]LB[dd:A]AR[aa:cc]LN[ee:ff]DD[gg])";
    let f = one(sgf, Select::Final);
    assert_eq!(
        f.marks,
        [
            (p("bb"), Markup::Triangle),
            (p("cc"), Markup::Square),
            (p("cd"), Markup::Square),
            (p("gg"), Markup::Dimmed),
        ]
    );
    assert_eq!(f.labels, [(p("dd"), "A".to_string())]);
    assert_eq!(f.arrows, [(p("aa"), p("cc"))]);
    assert_eq!(f.lines, [(p("ee"), p("ff"))]);
}

#[test]
fn crop_to_the_area_in_play() {
    let sgf = "(;SZ[19];B[pd];W[qf];B[pp])";
    let v = pictures(
        &game(sgf),
        Select::Final,
        Style {
            crop: true,
            ..Style::default()
        },
    );
    assert_eq!(
        v[0].view,
        Area {
            left: 14,
            top: 0,
            right: 18,
            bottom: 18
        }
    );
    let sgf = "(;SZ[19];B[dd])";
    let v = pictures(
        &game(sgf),
        Select::Final,
        Style {
            crop: true,
            ..Style::default()
        },
    );
    assert_eq!(
        v[0].view,
        Area {
            left: 0,
            top: 0,
            right: 4,
            bottom: 4
        }
    );
}

#[test]
fn rectangular_boards_and_hoshi() {
    let f = one("(;SZ[13:7];B[ma])", Select::Final);
    assert_eq!((f.cols, f.rows), (13, 7));
    assert_eq!(stones(&f), ["ma:B"]);
    let h: Vec<String> = hoshi(19, 19).iter().map(|p| p.to_string()).collect();
    assert_eq!(h, ["dd", "jd", "pd", "dj", "jj", "pj", "dp", "jp", "pp"]);
    let h: Vec<String> = hoshi(9, 9).iter().map(|p| p.to_string()).collect();
    assert_eq!(h, ["cc", "gc", "ee", "cg", "gg"]);
    let h: Vec<String> = hoshi(13, 13).iter().map(|p| p.to_string()).collect();
    assert_eq!(h, ["dd", "jd", "gg", "dj", "jj"]);
}

#[test]
fn coordinate_labels() {
    assert_eq!(column_label(Coords::Gtp, 8), "J");
    assert_eq!(column_label(Coords::Gtp, 25), "AA");
    assert_eq!(row_label(Coords::Gtp, 0, 19), "19");
    assert_eq!(column_label(Coords::Numeric, 0), "1");
    assert_eq!(row_label(Coords::Sgf, 27, 52), "B");
}

#[test]
fn a_pass_figure_note_and_unnumbered_target() {
    let sgf = "(;SZ[9]AB[cc];W[];B[cc])";
    let f = one(sgf, Select::Figures);
    assert_eq!(notes(&f), ["1: pass", "2 at C7"]);
    assert_eq!(f.notes[1].at, Target::Point(p("cc")));
}

#[test]
fn figures_cut_to_ten_alternating_moves() {
    // 12 moves, then black twice: parts of 10, 2, then a new part at the
    // second black move.
    let mut sgf = String::from("(;SZ[19]");
    let pts = [
        "aa", "ba", "ca", "da", "ea", "fa", "ga", "ha", "ia", "ja", "ka", "la",
    ];
    for (i, p) in pts.iter().enumerate() {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        sgf.push_str(&format!(";{c}[{p}]"));
    }
    sgf.push_str(";B[ab];B[bb])");
    let style = Style {
        numbering: Numbering::Restart,
        max_moves: 10,
        alternate: true,
        ..Style::default()
    };
    let v = pictures(&game(&sgf), Select::Figures, style);
    let ranges: Vec<_> = v.iter().map(|f| f.moves).collect();
    assert_eq!(ranges, [Some((1, 10)), Some((11, 13)), Some((14, 14))]);
    let numbered: Vec<String> = stones(&v[1])
        .into_iter()
        .filter(|s| s.ends_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(numbered, ["ka:B1", "la:W2", "ab:B3"]);
    assert_eq!(v[2].first_colour, Colour::Black);
}

#[test]
fn odd_records_still_draw() {
    // A size no board has: 19 × 19.
    let f = one("(;SZ[0];B[aa])", Select::Final);
    assert_eq!((f.cols, f.rows), (19, 19));
    let f = one("(;SZ[100];B[aa])", Select::Final);
    assert_eq!((f.cols, f.rows), (19, 19));
    // A move off the board is not a pass.
    let f = one("(;SZ[9];B[zz];W[tt])", Select::Figures);
    assert_eq!(notes(&f), ["1 at zz (off the board)", "2: pass"]);
    // FG on a node with no move before the next FG: no empty figure; the
    // root's setup is the figure's starting position.
    let v = pictures(
        &game("(;SZ[5]FG[]AB[cc];B[aa]FG[0:One];W[bb];B[dd]FG[0:Two];W[ee])"),
        Select::Figures,
        Style::default(),
    );
    let names: Vec<_> = v.iter().map(|f| f.caption().unwrap()).collect();
    assert_eq!(names, ["One (moves 1–2)", "Two (moves 3–4)"]);
    assert_eq!(stones(&v[0]), ["aa:B1", "bb:W2", "cc:B"]);
}

/// A tree with lines in tree order: the main line, one leaving it after
/// move 1, one leaving that after move 2, one leaving the main line after
/// move 2.
const LINES: &str = "(;SZ[9];B[aa](;W[bb](;B[cc];W[dd])(;B[ee]))(;W[ff];B[gg](;W[hh])(;W[ii])))";

#[test]
fn the_lines_of_a_game_in_tree_order() {
    let g = game(LINES);
    let got: Vec<(usize, usize, u32, u32)> = lines(&g)
        .iter()
        .map(|l| (l.number, l.parent, l.after_move, l.moves))
        .collect();
    assert_eq!(
        got,
        [(0, 0, 0, 4), (1, 0, 2, 1), (2, 0, 1, 3), (3, 2, 3, 1)]
    );
    let moves = |n: usize| -> Vec<String> {
        line(&g, n)
            .unwrap()
            .iter()
            .filter_map(|&id| g.node(id).mv().map(|(_, p)| p.to_string()))
            .collect()
    };
    assert_eq!(moves(0), ["aa", "bb", "cc", "dd"]);
    assert_eq!(moves(1), ["aa", "bb", "ee"]);
    assert_eq!(moves(2), ["aa", "ff", "gg", "hh"]);
    assert_eq!(moves(3), ["aa", "ff", "gg", "ii"]);
    assert!(line(&g, 4).is_none());
    assert!(pictures(&g, Select::Final, on_line(4)).is_empty());
}

fn on_line(n: usize) -> Style {
    Style {
        variation: Some(n),
        ..Style::default()
    }
}

#[test]
fn a_position_after_a_node_of_a_variation() {
    let v = pictures(&game(LINES), Select::Node(2), on_line(3));
    assert_eq!(stones(&v[0]), ["aa:B", "ff:W"]);
    assert_eq!(v[0].last_move, Some(p("ff")));
    let v = pictures(&game(LINES), Select::Final, on_line(3));
    assert_eq!(stones(&v[0]), ["aa:B", "ff:W", "gg:B", "ii:W"]);
    let v = pictures(&game(LINES), Select::At(1), on_line(3));
    assert_eq!(stones(&v[0]), ["aa:B"]);
}

#[test]
fn a_range_of_moves_is_one_book_figure() {
    let v = pictures(&game(LINES), Select::Range(2, 3), on_line(2));
    assert_eq!(v.len(), 1);
    assert_eq!(stones(&v[0]), ["aa:B", "ff:W2", "gg:B3"]);
    assert_eq!((v[0].moves, v[0].last_move), (Some((2, 3)), None));
    let restart = Style {
        numbering: Numbering::Restart,
        ..on_line(2)
    };
    let v = pictures(&game(LINES), Select::Range(2, 3), restart);
    assert_eq!(stones(&v[0]), ["aa:B", "ff:W1", "gg:B2"]);
    // Starting past the end: the final position.
    let v = pictures(&game(LINES), Select::Range(7, 9), Style::default());
    assert_eq!(v[0].moves, None);
    assert_eq!(v[0].stones.len(), 4);
}

fn corner(col: u8, row: u8, from_bottom: bool) -> Corner {
    Corner {
        col,
        row,
        from_bottom,
    }
}

#[test]
fn an_area_whatever_vw_says() {
    // B2-C3: columns 1 and 2, rows 2 and 3 from the bottom.
    let area = BoardArea {
        corners: [corner(1, 2, true), corner(2, 3, true)],
    };
    let style = Style {
        area: Some(area),
        ..Style::default()
    };
    let v = pictures(&game("(;SZ[9]VW[aa:ee];B[aa])"), Select::Final, style);
    assert_eq!(
        v[0].view,
        Area {
            left: 1,
            top: 6,
            right: 2,
            bottom: 7
        }
    );
    // A corner off the board is brought to its edge.
    // A1-Z30.
    let area = BoardArea {
        corners: [corner(0, 1, true), corner(24, 30, true)],
    };
    let style = Style {
        area: Some(area),
        ..Style::default()
    };
    let v = pictures(&game("(;SZ[9];B[aa])"), Select::Final, style);
    assert_eq!(v[0].view, Area::whole(9, 9));
}
