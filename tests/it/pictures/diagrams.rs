//! SVG and PNG pictures (`formats/diagrams.md`, `formats/svg.md`,
//! `formats/png.md`), through the command as a user runs it:
//!
//! - golden SVG files: every case of [`CASES`] (a record written for it in
//!   `corpus/diagrams/`) drawn under `-d` gives exactly the files
//!   `corpus/diagrams/NAME.svg` or `NAME-01.svg`, `NAME-02.svg`…, byte for
//!   byte (`SGFCONV_BLESS=1 cargo test --test it pictures::diagrams::` rewrites them; look
//!   at them before committing);
//! - PNG decoded back and checked at stone centres (black, white) and on
//!   empty points (the board's colour);
//! - the pictures' names under `-d`, one picture to stdout or `-o` (a
//!   second is refused: E703; `--game N` chooses a game), `--at` past the
//!   end (W701), what is refused;
//! - the README's pictures are what the current code draws.

use crate::common;

use resvg::tiny_skia::Pixmap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn sgfconv(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .args(args)
        .current_dir(common::root())
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The golden cases: a record of `corpus/diagrams/` and the options.
const CASES: &[(&str, &[&str])] = &[
    // 9 × 9, captures (a corner stone, two stones in the middle).
    ("captures", &[]),
    // A ko fought inside one figure: "4: ko at D7; 7: ko at 1…".
    ("ko", &["--figures"]),
    // 13 × 13: TR SQ CR MA SL DD on stones and empty points, AR, LN.
    ("markup", &[]),
    // LB on empty points, stones and a hoshi; XML characters; no coords.
    ("labels", &["--no-coords"]),
    // VW: a corner (two real edges) and the middle (all edges torn), two
    // games of one input numbered across it.
    ("partial", &[]),
    // FG figures: "7 at 2", "8: pass", the second figure named by FG.
    ("figure-at", &["--figures"]),
    // 19 × 19 in figures of 25 moves.
    ("board19", &["--every", "25"]),
    // 25 × 25, numeric coordinates.
    ("board25", &["--coords", "numeric"]),
    // 19 × 9, SGF letters.
    ("rect", &["--coords", "sgf"]),
    // 13 × 13 cropped to the area in play, 300 pixels wide.
    ("board13", &["--crop", "--size", "300"]),
];

fn corpus() -> PathBuf {
    common::root().join("corpus/diagrams")
}

/// The pictures of case `name` in `dir`: `name.svg`, `name-NN.svg`.
fn pictures_of(dir: &Path, name: &str, ext: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| {
            let Some(rest) = f.strip_prefix(name) else {
                return false;
            };
            let Some(mid) = rest.strip_suffix(&format!(".{ext}")) else {
                return false;
            };
            mid.is_empty()
                || mid
                    .strip_prefix('-')
                    .is_some_and(|n| n.len() >= 2 && n.bytes().all(|b| b.is_ascii_digit()))
        })
        .collect();
    v.sort();
    v
}

/// Draws case `name` under `-d` into a fresh directory.
fn draw(name: &str, ext: &str, options: &[&str]) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let input = corpus().join(format!("{name}.sgf"));
    let mut args = vec![
        input.to_str().unwrap(),
        "-d",
        out.path().to_str().unwrap(),
        "-t",
        ext,
    ];
    args.extend_from_slice(options);
    let o = sgfconv(&args);
    assert!(o.status.success(), "{name}: {}", stderr(&o));
    out
}

#[test]
fn svg_goldens() {
    let mut wrong = Vec::new();
    for (name, options) in CASES {
        let out = draw(name, "svg", options);
        let made = pictures_of(out.path(), name, "svg");
        assert!(!made.is_empty(), "{name}: no picture");
        if common::bless() {
            for old in pictures_of(&corpus(), name, "svg") {
                std::fs::remove_file(corpus().join(old)).unwrap();
            }
            for f in &made {
                std::fs::copy(out.path().join(f), corpus().join(f)).unwrap();
            }
            continue;
        }
        let expected = pictures_of(&corpus(), name, "svg");
        if made != expected {
            wrong.push(format!("{name}: made {made:?}, expected {expected:?}"));
            continue;
        }
        for f in &made {
            let got = std::fs::read_to_string(out.path().join(f)).unwrap();
            let want = std::fs::read_to_string(corpus().join(f)).unwrap();
            if got != want {
                wrong.push(format!("{f}: differs from corpus/diagrams/{f}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{}\n(SGFCONV_BLESS=1 rewrites them)",
        wrong.join("\n")
    );
}

#[test]
fn golden_pictures_are_svg_that_a_renderer_reads() {
    if common::bless() {
        return; // svg_goldens is rewriting them
    }
    let files = common::files_under(&corpus(), &|p| p.extension().is_some_and(|e| e == "svg"));
    assert!(files.len() >= 13, "{files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(text.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
        let tree = resvg::usvg::Tree::from_str(&text, &Default::default());
        assert!(tree.is_ok(), "{}: {:?}", f.display(), tree.err());
    }
}

/// The stones of an SVG drawing, as (x, y, black) in user units.
fn stone_centres(svg: &str) -> Vec<(f32, f32, bool)> {
    let attr = |el: &str, name: &str| -> f32 {
        let at = el.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        el[at..].split('"').next().unwrap().parse().unwrap()
    };
    svg.lines()
        .filter(|l| {
            l.starts_with("<circle") && (l.contains("r=\"10.7\"") || l.contains("r=\"10.25\""))
        })
        .map(|l| (attr(l, "cx"), attr(l, "cy"), l.contains("fill=\"#000\"")))
        .collect()
}

fn view_width(svg: &str) -> f32 {
    let at = svg.find("viewBox=\"0 0 ").unwrap() + 13;
    svg[at..].split(' ').next().unwrap().parse().unwrap()
}

fn rgb(p: &Pixmap, x: f32, y: f32) -> (u8, u8, u8) {
    let c = p.pixel(x.round() as u32, y.round() as u32).unwrap();
    (c.red(), c.green(), c.blue())
}

#[test]
fn png_pixels_at_stone_centres_and_empty_points() {
    let svg_dir = draw("captures", "svg", &[]);
    let svg = std::fs::read_to_string(svg_dir.path().join("captures.svg")).unwrap();
    let png_dir = draw("captures", "png", &["--size", "482"]);
    let png = std::fs::read(png_dir.path().join("captures.png")).unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();
    assert_eq!(pixmap.width(), 482);
    let scale = 482.0 / view_width(&svg);
    let stones = stone_centres(&svg);
    // 12 stones stay of the 15 played: three were captured.
    assert_eq!(stones.len(), 12, "{stones:?}");
    for &(x, y, black) in &stones {
        let (r, g, b) = rgb(&pixmap, x * scale, y * scale);
        if black {
            assert!(r < 40 && g < 40 && b < 40, "black at {x},{y}: {r},{g},{b}");
        } else {
            assert!(
                r > 235 && g > 235 && b > 235,
                "white at {x},{y}: {r},{g},{b}"
            );
        }
    }
    // The captured points (A9, D6 and D5) show the board between the
    // lines: a quarter cell off the crossing.
    let (x0, y0) = (32.5_f32, 32.5_f32);
    for (col, row) in [(0, 0), (3, 3), (3, 4)] {
        let x = (x0 + 22.0 * col as f32 + 5.5) * scale;
        let y = (y0 + 23.54 * row as f32 + 5.9) * scale;
        let (r, g, b) = rgb(&pixmap, x, y);
        let near = |a: u8, e: u8| a.abs_diff(e) <= 6;
        assert!(
            near(r, 0xee) && near(g, 0xd8) && near(b, 0xa4),
            "empty {col},{row}: {r},{g},{b}"
        );
    }
}

#[test]
fn figures_of_the_ugf_sample_each_in_its_own_file() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("figs");
    let o = sgfconv(&[
        "corpus/ugf/figure.ugf",
        "-d",
        dir.to_str().unwrap(),
        "-t",
        "svg",
        "--figures",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let names = pictures_of(&dir, "figure", "svg");
    assert_eq!(
        names,
        [
            "figure-01.svg",
            "figure-02.svg",
            "figure-03.svg",
            "figure-04.svg"
        ]
    );
    let titles: Vec<String> = names
        .iter()
        .map(|n| {
            let t = std::fs::read_to_string(dir.join(n)).unwrap();
            let a = t.find("<title>").unwrap() + 7;
            t[a..].split('<').next().unwrap().to_string()
        })
        .collect();
    assert_eq!(
        titles,
        [
            "Figure 1 (moves 1–14)",
            "参考図 (moves 13–15)",
            "実戦図 (moves 7–8)",
            "失敗図 (move 1)"
        ]
    );
}

#[test]
fn one_picture_keeps_the_input_name_and_several_inputs_each_their_own() {
    let out = tempfile::tempdir().unwrap();
    let o = sgfconv(&[
        "corpus/diagrams/captures.sgf",
        "corpus/diagrams/ko.sgf",
        "-d",
        out.path().to_str().unwrap(),
        "-t",
        "png",
        "--figures",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.path().join("captures.png").is_file());
    assert!(out.path().join("ko.png").is_file());
    assert!(!out.path().join("captures-01.png").exists());
}

fn split_on<'a>(bytes: &'a [u8], mark: &[u8]) -> Vec<&'a [u8]> {
    let mut starts: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i..].starts_with(mark))
        .collect();
    starts.push(bytes.len());
    starts.windows(2).map(|w| &bytes[w[0]..w[1]]).collect()
}

/// Refused with E703, exit 2: `o`'s stderr names `-d DIR` and `choose`.
fn refused_several(o: &Output, choose: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    assert!(o.stdout.is_empty(), "nothing on stdout");
    let err = stderr(o);
    assert!(err.contains("[E703]"), "{err}");
    assert!(err.contains("-d DIR"), "{err}");
    assert!(err.contains(choose), "{err}");
}

#[test]
fn several_pictures_of_one_game_are_never_concatenated() {
    // Four figures: no stream of SVG documents or PNG files on stdout.
    for to in ["svg", "png"] {
        let o = sgfconv(&["corpus/ugf/figure.ugf", "-t", to, "--figures"]);
        refused_several(&o, "without --figures or --every");
    }
    let o = sgfconv(&["corpus/diagrams/board19.sgf", "-t", "svg", "--every", "25"]);
    refused_several(&o, "--at N");
    // Into a file: nothing written, an old file kept.
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("figs.svg");
    std::fs::write(&file, "old").unwrap();
    let o = sgfconv(&[
        "corpus/ugf/figure.ugf",
        "--figures",
        "-o",
        file.to_str().unwrap(),
    ]);
    refused_several(&o, "--at N");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 1);
    // One picture is one file: an SVG document, a PNG.
    let o = sgfconv(&["corpus/diagrams/captures.sgf", "-t", "svg", "--at", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.starts_with(b"<?xml"));
    assert_eq!(split_on(&o.stdout, b"<?xml").len(), 1);
    let o = sgfconv(&["corpus/diagrams/captures.sgf", "-t", "png", "--size", "100"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(Pixmap::decode_png(&o.stdout).unwrap().width(), 100);
}

#[test]
fn a_collection_gives_one_picture_file_only_of_the_game_chosen() {
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("one.png");
    let one = file.to_str().unwrap();
    // `partial.sgf` holds two games: a PNG file holds one picture.
    let o = sgfconv(&["corpus/diagrams/partial.sgf", "-t", "png", "-o", one]);
    refused_several(&o, "--game N");
    assert!(!file.exists());
    let o = sgfconv(&["corpus/diagrams/partial.sgf", "-o", one, "--game", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(Pixmap::decode_png(&std::fs::read(&file).unwrap()).is_ok());
    // The same picture as the second file of `-d`.
    let dir = out.path().join("d");
    let d = dir.to_str().unwrap();
    let o = sgfconv(&["corpus/diagrams/partial.sgf", "-t", "png", "-d", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let second = std::fs::read(dir.join("partial-02.png")).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), second);
    // Past the last game: nothing to draw, said so.
    let o = sgfconv(&["corpus/diagrams/partial.sgf", "-t", "svg", "--game", "2"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("holds 2 games"), "{}", stderr(&o));
    // Several inputs into one picture file: refused before anything is
    // read, unless --game chooses one game of them all.
    let svg = out.path().join("all.svg");
    let all = svg.to_str().unwrap();
    let two = [
        "corpus/diagrams/captures.sgf",
        "corpus/diagrams/partial.sgf",
    ];
    let o = sgfconv(&[two[0], two[1], "-o", all]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--game N"), "{}", stderr(&o));
    assert!(!svg.exists());
    let o = sgfconv(&[two[0], two[1], "-o", all, "--game", "0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let alone = sgfconv(&[two[0], "-t", "svg"]);
    assert_eq!(std::fs::read(&svg).unwrap(), alone.stdout);
}

#[test]
fn at_past_the_end_draws_the_final_position_with_w701() {
    let o = sgfconv(&["corpus/diagrams/captures.sgf", "-t", "svg", "--at", "99"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("W701"), "{}", stderr(&o));
    let at_end = sgfconv(&["corpus/diagrams/captures.sgf", "-t", "svg"]);
    assert_eq!(o.stdout, at_end.stdout);
    let o = sgfconv(&["corpus/diagrams/captures.sgf", "-t", "svg", "--at", "3"]);
    assert!(!stderr(&o).contains("W701"));
    assert!(String::from_utf8_lossy(&o.stdout).contains("<title>Move 3</title>"));
}

#[test]
fn what_svg_and_png_refuse() {
    let refused: &[&[&str]] = &[
        // Pictures are written, never read.
        &["corpus/diagrams/captures.sgf", "-f", "svg"],
        &["corpus/diagrams/captures.sgf", "-f", "png"],
        // Options of other writers.
        &["corpus/diagrams/captures.sgf", "-t", "svg", "--moves"],
        &["corpus/diagrams/captures.sgf", "-t", "png", "--csv-safe"],
        // Two selections.
        &[
            "corpus/diagrams/captures.sgf",
            "-t",
            "svg",
            "--at",
            "3",
            "--figures",
        ],
        // Diagram options on a record format.
        &["corpus/diagrams/captures.sgf", "-t", "sgf", "--figures"],
    ];
    for args in refused {
        let o = sgfconv(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?}");
        if args.contains(&"-f") {
            assert!(stderr(&o).contains("does not read"), "{}", stderr(&o));
            assert!(!stderr(&o).contains("try -f"), "{}", stderr(&o));
        }
    }
}

#[test]
fn no_game_is_e700() {
    let out = tempfile::tempdir().unwrap();
    let empty = out.path().join("empty.sgf");
    std::fs::write(&empty, "no game here\n").unwrap();
    let o = sgfconv(&[empty.to_str().unwrap(), "-f", "sgf", "-t", "svg"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("E700"), "{}", stderr(&o));
}

#[test]
fn the_largest_board_and_its_coordinates() {
    let out = tempfile::tempdir().unwrap();
    let big = out.path().join("big.sgf");
    std::fs::write(&big, "(;SZ[52];B[ZZ];W[aa])").unwrap();
    let o = sgfconv(&[big.to_str().unwrap(), "-t", "svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = String::from_utf8(o.stdout).unwrap();
    // 51 cells of 22 and the margins and coordinate bands.
    assert!(svg.contains("viewBox=\"0 0 1187 "), "{}", &svg[..400]);
    assert!(svg.contains(">BB</text>") && svg.contains(">52</text>"));
    assert_eq!(stone_centres(&svg).len(), 2);
}

/// The README's pictures: the command that makes each, and the file.
const README_PICTURES: &[(&[&str], &str, &str)] = &[
    (
        &["corpus/ugf/figure.ugf", "-t", "svg", "--figures"],
        "figure-01.svg",
        "docs/images/figure.svg",
    ),
    (
        &[
            "corpus/diagrams/ko.sgf",
            "-t",
            "png",
            "--figures",
            "--size",
            "360",
        ],
        "ko.png",
        "docs/images/ko.png",
    ),
];

#[test]
fn the_readme_pictures_are_what_the_code_draws() {
    for (args, made, kept) in README_PICTURES {
        let out = tempfile::tempdir().unwrap();
        let mut a = args.to_vec();
        a.extend(["-d", out.path().to_str().unwrap()]);
        let o = sgfconv(&a);
        assert!(o.status.success(), "{}", stderr(&o));
        let got = std::fs::read(out.path().join(made)).unwrap();
        let path = common::root().join(kept);
        if common::bless() {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read(&path).unwrap();
        if kept.ends_with(".svg") {
            assert!(got == want, "{kept} is stale (SGFCONV_BLESS=1 rewrites it)");
            continue;
        }
        // PNG: the same pixels, give or take the rounding of another CPU.
        let (g, w) = (
            Pixmap::decode_png(&got).unwrap(),
            Pixmap::decode_png(&want).unwrap(),
        );
        assert_eq!((g.width(), g.height()), (w.width(), w.height()), "{kept}");
        let off = g
            .data()
            .iter()
            .zip(w.data())
            .filter(|(a, b)| a.abs_diff(**b) > 8)
            .count();
        assert!(
            off < 50,
            "{kept} is stale: {off} bytes differ (SGFCONV_BLESS=1)"
        );
    }
}

#[test]
fn a_picture_too_large_for_memory_is_e702() {
    let out = tempfile::tempdir().unwrap();
    let tall = out.path().join("tall.sgf");
    std::fs::write(&tall, "(;SZ[1:52];B[aa])").unwrap();
    let png = out.path().join("tall.png");
    let args = [tall.to_str().unwrap(), "-o", png.to_str().unwrap()];
    let o = sgfconv(&[&args[..], &["--size", "16384"]].concat());
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("E702"), "{}", stderr(&o));
    assert!(!png.exists());
    let o = sgfconv(&[&args[..], &["--size", "200"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        Pixmap::decode_png(&std::fs::read(&png).unwrap())
            .unwrap()
            .height()
            > 2000
    );
}

#[test]
fn a_numbered_picture_never_replaces_another_inputs_output() {
    let d = tempfile::tempdir().unwrap();
    let two_figures = std::fs::read(corpus().join("captures.sgf")).unwrap();
    std::fs::write(d.path().join("c.sgf"), &two_figures).unwrap();
    std::fs::write(d.path().join("c-01.sgf"), "(;SZ[9];B[ee])").unwrap();
    let out = d.path().join("out");
    let o = sgfconv(&[
        d.path().join("c.sgf").to_str().unwrap(),
        d.path().join("c-01.sgf").to_str().unwrap(),
        "-d",
        out.to_str().unwrap(),
        "-t",
        "svg",
        "--every",
        "10",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("c-01.sgf's output"), "{}", stderr(&o));
    // c-01.sgf's own picture is there, and is its own.
    let kept = std::fs::read_to_string(out.join("c-01.svg")).unwrap();
    assert!(kept.contains("Figure 1 (move 1)"), "{kept}");
}

/// Runs `sgfconv ARGS` in `dir`, killed after `secs` seconds (`None`: it
/// did not end in time).
fn within(secs: u64, dir: &Path, args: &[&str]) -> Option<Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= secs {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

/// A figure heading and a label of 100 000 characters each: the PNG draws
/// the first 500 of each and `…`, says so (`E704`, exit 1, the picture
/// written) and takes no time (5 s and more, quadratic in the length,
/// while each was drawn whole); the SVG keeps both whole.
#[test]
fn a_huge_heading_or_label_is_cut_in_png_and_whole_in_svg() {
    let dir = tempfile::tempdir().unwrap();
    let (heading, label) = ("x".repeat(100_000), "y".repeat(100_000));
    let sgf = format!("(;GM[1]FF[4]SZ[9];B[aa]FG[0:{heading}];W[bb]LB[cc:{label}])");
    std::fs::write(dir.path().join("g.sgf"), sgf).unwrap();
    let o = within(60, dir.path(), &["g.sgf", "--figures", "-o", "g.png"])
        .expect("the PNG of a 100 000-character text drawn in time");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let said = stderr(&o);
    assert_eq!(said.matches("E704 png-text-cut").count(), 2, "{said}");
    assert!(
        said.contains("the figure heading (100012 characters)"),
        "{said}"
    );
    assert!(
        said.contains("the label at C7 (100000 characters)"),
        "{said}"
    );
    let png = std::fs::read(dir.path().join("g.png")).unwrap();
    assert!(Pixmap::decode_png(&png).is_ok());
    let o = sgfconv(&[
        dir.path().join("g.sgf").to_str().unwrap(),
        "--figures",
        "-t",
        "svg",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(svg.contains(&heading) && svg.contains(&label));
}

/// A picture with more text than one picture draws (a 1 × 1 board with
/// 11 000 passes in one figure: a caption note each) is refused before the
/// renderer builds anything: `E702`, exit 2, no file. (`tests/memory.rs`
/// measures what it costs.)
#[test]
fn a_picture_with_too_much_text_is_refused_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let passes: String = (0..11_000)
        .map(|i| if i % 2 == 0 { ";B[]" } else { ";W[]" })
        .collect();
    std::fs::write(
        dir.path().join("p.sgf"),
        format!("(;GM[1]FF[4]SZ[1]{passes})"),
    )
    .unwrap();
    let o = within(
        60,
        dir.path(),
        &["p.sgf", "--figures", "--size", "16", "-o", "p.png"],
    )
    .expect("refused in time");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("[E702]"), "{}", stderr(&o));
    assert!(stderr(&o).contains("11005 texts"), "{}", stderr(&o));
    assert!(!dir.path().join("p.png").exists());
}
