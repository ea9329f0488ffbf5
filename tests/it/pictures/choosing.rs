//! Choosing a picture as a person does (`formats/diagrams.md`, "Which
//! pictures" and "Styles"), through the command: `sgfconv variations`
//! lists a file's games and variations, `--variation N` draws along one,
//! `--range A-B` draws a book figure of a range of moves, `--node N`,
//! `--area`, `--style`; what does not apply is refused (exit 2).
//!
//! The real multi-game file is `sgf/collections/rooklift-sgf/collection.sgf`
//! of the shared corpus (3 games, the third with 811 lines of analysis);
//! the moves expected on variation 1 were read from its CSV projection
//! (`-t csv --all-variations --coords gtp`: node, path, move, colour,
//! point), not from a picture.

use crate::common;

use std::process::Output;

fn sgfconv(args: &[&str]) -> Output {
    common::sgfconv()
        .args(args)
        .current_dir(common::root())
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn collection() -> String {
    let f = common::shared_corpus().join("sgf/collections/rooklift-sgf/collection.sgf");
    f.to_string_lossy().into_owned()
}

/// The value of attribute `name` of the element on `line`.
fn attr(line: &str, name: &str) -> Option<f64> {
    let at = line.find(&format!(" {name}=\""))? + name.len() + 3;
    line[at..].split('"').next()?.parse().ok()
}

/// The GTP name of the point at (x, y) of a whole 19 × 19 board drawn with
/// coordinates (`src/render/svg.rs`: the first point at 32.5, 36.1, cells
/// 22 × 23.54).
fn gtp(x: f64, y: f64) -> String {
    let col = ((x - 32.5) / 22.0).round() as usize;
    let row = ((y - 36.1) / 23.54).round() as usize;
    let letter = b"ABCDEFGHJKLMNOPQRST"[col] as char;
    format!("{letter}{}", 19 - row)
}

/// The numbered stones of an SVG drawing: `124:N6:W` (a white number is
/// on a black stone).
fn numbered(svg: &str) -> Vec<String> {
    let mut out: Vec<String> = svg
        .lines()
        .filter(|l| l.starts_with("<text") && l.contains("text-anchor=\"middle\" fill="))
        .filter_map(|l| {
            let text = l.split('>').nth(1)?.split('<').next()?;
            let n: u32 = text.parse().ok()?;
            let size = attr(l, "font-size")?;
            let at = gtp(attr(l, "x")?, attr(l, "y")? - 0.36 * size);
            let colour = if l.contains("fill=\"#fff\"") {
                "B"
            } else {
                "W"
            };
            Some(format!("{n}:{at}:{colour}"))
        })
        .collect();
    out.sort();
    out
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn a_variation_and_a_range_of_moves_of_a_real_collection() {
    let file = collection();
    let args = ["--game", "2", "--variation", "1", "--range", "124-131"];
    let o = sgfconv(&[
        &file, "-q", "-t", "svg", args[0], args[1], args[2], args[3], args[4], args[5],
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(
        svg.contains("<title>Figure 1 (moves 124–131)</title>"),
        "{svg}"
    );
    assert_eq!(
        numbered(&svg),
        [
            "124:N6:W",
            "125:O8:B",
            "126:Q10:W",
            "127:P6:B",
            "128:R11:W",
            "129:R16:B",
            "130:S15:W",
            "131:P17:B"
        ]
    );
    // The main line plays its move 124 elsewhere, and ends there.
    let o = sgfconv(&[
        &file, "-q", "-t", "svg", "--game", "2", "--range", "120-124",
    ]);
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(numbered(&svg).contains(&"124:Q9:W".to_string()), "{svg}");
    let o = sgfconv(&[&file, "-t", "svg", "--game", "2", "--range", "120-200"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "W701 diagram-move-past-end]: game 2: --range 120-200, but its main line has 124 \
             moves: the figure up to its end is drawn"
        ),
        "{}",
        stderr(&o)
    );
    // The position after move 125 of variation 1: its last move marked.
    let o = sgfconv(&[
        &file,
        "-q",
        "-t",
        "sl",
        "--game",
        "2",
        "--variation",
        "1",
        "--at",
        "125",
    ]);
    let sl = String::from_utf8(o.stdout).unwrap();
    // The header, the top edge, then rows 19 to 9 come before row 8: the
    // black stone of move 125 at O8 is circled (B).
    let row8 = sl.lines().nth(13).unwrap();
    assert_eq!(
        &row8[3..],
        "| . . . O O . O X . . . O X B O . . . . |",
        "{sl}"
    );
    assert_eq!(
        sl.matches(['B', 'W']).count(),
        2,
        "the header's W and the mark: {sl}"
    );
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_variations_of_a_real_collection_listed() {
    let file = collection();
    let o = sgfconv(&["variations", "-q", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], file);
    assert_eq!(
        lines[1],
        "game 0: Lu: Fan (black) - Sun Ce (white), 1 variation (the main line)"
    );
    assert_eq!(lines[2], "  variation 0: the main line, 43 moves");
    assert_eq!(
        lines[5],
        "game 2: Rigen (black) - Honinbo Sansa (white), 811 variations"
    );
    assert_eq!(lines[6], "  variation 0: the main line, 124 moves");
    assert_eq!(
        lines[7],
        "  variation 1: leaves 0 after move 123, 8 moves (131 in all)"
    );
    assert_eq!(
        lines[8],
        "  variation 2: leaves 1 after move 129, 1 move (130 in all)"
    );
    assert_eq!(lines.len(), 1 + 2 + 2 + 1 + 811);
    let o = sgfconv(&["variations", "--json", "-q", &file]);
    let games: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[2]["game"], 2);
    assert_eq!(games[2]["white"], "Honinbo Sansa");
    let v = games[2]["variations"].as_array().unwrap();
    assert_eq!(v.len(), 811);
    assert_eq!(
        v[1],
        serde_json::json!({"variation": 1, "parent": 0, "after_move": 123, "moves": 8, "total_moves": 131})
    );
    // Past the last variation: the game is not drawn (E705), and then
    // nothing is (E700).
    let o = sgfconv(&[
        &file,
        "-q",
        "-t",
        "svg",
        "--game",
        "2",
        "--variation",
        "811",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("E705"), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
}

/// A small game with one variation, written for these tests.
const TREE: &str = "(;SZ[9];B[cc];W[gg](;B[cg];W[gc])(;B[gc]N[try];W[cg];B[ee]))";

fn draw(args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.sgf");
    std::fs::write(&f, TREE).unwrap();
    let mut all = vec![f.to_str().unwrap()];
    all.extend_from_slice(args);
    sgfconv(&all)
}

#[test]
fn the_variations_of_a_small_tree() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.sgf");
    std::fs::write(&f, TREE).unwrap();
    let o = sgfconv(&["variations", f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.ends_with(
        "game 0: ? (black) - ? (white), 2 variations\n  \
         variation 0: the main line, 4 moves\n  \
         variation 1: leaves 0 after move 2, 3 moves (5 in all)\n"
    ));
}

#[test]
fn node_and_variation_choose_the_position() {
    // Node 3 of variation 1 is B[gc]: its name is the picture's heading.
    let o = draw(&["-t", "svg", "--variation", "1", "--node", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(svg.contains("<title>try</title>"), "{svg}");
    // Two black stones (c7, g7) and a white one (g3).
    assert_eq!(svg.matches("r=\"10.7\"").count(), 2, "{svg}");
    assert_eq!(svg.matches("r=\"10.25\"").count(), 1, "{svg}");
    // Past the end: the final position, with W701.
    let o = draw(&["-t", "svg", "--variation", "1", "--node", "9"]);
    assert!(o.status.success());
    assert!(
        stderr(&o).contains("--node 9, but variation 1 has 6 nodes"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_area_shows_that_part_of_the_board() {
    // C3-E5 is columns 2..=4, rows 4..=6 from the top on 9 × 9; so is
    // cg:ee in SGF letters (corners in any order).
    let gtp = draw(&["-t", "svg", "--area", "C3-E5"]);
    let sgf = draw(&["-t", "svg", "--area", "ee:cg"]);
    assert!(gtp.status.success(), "{}", stderr(&gtp));
    assert_eq!(gtp.stdout, sgf.stdout);
    let svg = String::from_utf8(gtp.stdout).unwrap();
    let whole = String::from_utf8(draw(&["-t", "svg"]).stdout).unwrap();
    assert_ne!(svg, whole);
    // The coordinates are those of the area: C to E, 3 to 5.
    for label in [">C<", ">D<", ">E<", ">3<", ">5<"] {
        assert!(svg.contains(label), "{label}");
    }
    for label in [">B<", ">F<", ">2<", ">6<"] {
        assert!(!svg.contains(label), "{label}");
    }
}

#[test]
fn each_style_draws_a_valid_picture_that_differs_from_the_book() {
    let book = draw(&["-t", "svg"]).stdout;
    assert_eq!(draw(&["-t", "svg", "--style", "book"]).stdout, book);
    for style in ["wood", "minimal"] {
        let o = draw(&["-t", "svg", "--style", style]);
        assert!(o.status.success(), "{style}: {}", stderr(&o));
        assert_ne!(o.stdout, book, "{style}");
        let text = String::from_utf8(o.stdout).unwrap();
        let tree = resvg::usvg::Tree::from_str(&text, &Default::default());
        assert!(tree.is_ok(), "{style}: {:?}", tree.err());
        let png = draw(&["-t", "png", "--style", style, "--size", "200"]);
        assert!(png.status.success(), "{style}: {}", stderr(&png));
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png.stdout).unwrap();
        assert_eq!(pixmap.width(), 200);
    }
    let wood = String::from_utf8(draw(&["-t", "svg", "--style", "wood"]).stdout).unwrap();
    assert!(wood.contains("fill=\"url(#sgfconv-black)\""));
    assert!(wood.contains(">A<"), "wood keeps the coordinates");
    let minimal = String::from_utf8(draw(&["-t", "svg", "--style", "minimal"]).stdout).unwrap();
    assert!(!minimal.contains(">A<"), "minimal has no coordinates");
    assert!(!minimal.contains("#eed8a4"), "minimal has no board colour");
}

#[test]
fn what_the_choosing_options_refuse() {
    let refused: &[(&[&str], &str)] = &[
        (
            &["-t", "sl", "--style", "wood"],
            "--style does not apply to sl output",
        ),
        (
            &["-t", "json", "--variation", "1"],
            "--variation does not apply to json",
        ),
        (
            &["-t", "sgf", "--range", "1-2"],
            "--range does not apply to sgf",
        ),
        (
            &["-t", "html", "--area", "C3-E5"],
            "--area does not apply to html",
        ),
        (
            &["-t", "csv", "--node", "2"],
            "--node does not apply to csv",
        ),
        (
            &["-t", "svg", "--at", "2", "--range", "1-2"],
            "--at and --range cannot",
        ),
        (
            &["-t", "svg", "--node", "2", "--every", "5"],
            "--node and --every cannot",
        ),
        (
            &["-t", "svg", "--crop", "--area", "C3-E5"],
            "--crop and --area cannot",
        ),
        (
            &["-t", "svg", "--range", "5-3"],
            "ends at or after its start",
        ),
        (
            &["-t", "svg", "--range", "0-3"],
            "starts at move 1 or later",
        ),
        (&["-t", "svg", "--area", "I3-E5"], "is not an area"),
        (&["-t", "svg", "--style", "paper"], "invalid value 'paper'"),
    ];
    for (args, says) in refused {
        let o = draw(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}
