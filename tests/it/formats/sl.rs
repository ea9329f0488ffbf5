//! Sensei's Library diagrams (`formats/sl.md`): the sample pages of
//! `corpus/sl/` (written from the diagram documentation) read to exactly
//! `NAME.expected.sgf` with `NAME.expected.diag`; records written as
//! diagrams exactly as `corpus/sl/*.expected.sl`; and the round trip SGF →
//! SL → SGF keeps the starting position, every move and the final
//! position. `SGFCONV_BLESS=1 cargo test --test it formats::sl::` rewrites the goldens.

use crate::common;

use pretty_assertions::assert_eq;
use sgfconv::options::WriteOptions;
use sgfconv::render::figure::{pictures, Select, Style};
use sgfconv::{Format, Game, Options};
use std::path::{Path, PathBuf};
use std::process::Command;

fn diags(report: &sgfconv::Reporter) -> String {
    report
        .collected()
        .iter()
        .filter(|d| d.code.id != "I100")
        .map(|d| format!("{d}\n"))
        .collect()
}

/// `got` against the file `want` (written under bless).
fn golden(want: &Path, got: &str) {
    if common::bless() {
        std::fs::write(want, got).unwrap();
        return;
    }
    let w = std::fs::read_to_string(want).unwrap_or_else(|_| panic!("{} missing", want.display()));
    assert_eq!(got, w, "{}", want.display());
}

fn sl_dir() -> PathBuf {
    common::root().join("corpus/sl")
}

#[test]
fn sample_pages_read_to_their_expected_records() {
    let files = common::files_under(&sl_dir(), &|p| {
        p.extension().is_some_and(|e| e == "sl") && !p.to_string_lossy().contains(".expected.")
    });
    assert!(files.len() >= 3, "corpus/sl has its samples");
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let stem = name.trim_end_matches(".sl");
        let (out, report) = common::convert_bytes(
            &std::fs::read(&f).unwrap(),
            Format::Sl,
            Format::Sgf,
            &Options::default(),
            &name,
        );
        golden(
            &sl_dir().join(format!("{stem}.expected.sgf")),
            &String::from_utf8_lossy(&out),
        );
        golden(
            &sl_dir().join(format!("{stem}.expected.diag")),
            &diags(&report),
        );
    }
}

fn options(f: impl FnOnce(&mut WriteOptions)) -> Options {
    let mut o = Options::default();
    f(&mut o.write);
    o
}

/// Records written as diagrams: `corpus/sl/NAME.expected.sl`.
#[test]
fn records_write_their_expected_diagrams() {
    let cases: [(&str, &str, Format, Options); 4] = [
        (
            "ugf-figures",
            "corpus/ugf/figure.ugf",
            Format::Ugf,
            options(|w| w.figures = true),
        ),
        (
            "ugf-at-7",
            "corpus/ugf/figure.ugf",
            Format::Ugf,
            options(|w| w.at = Some(7)),
        ),
        (
            "ko-figures",
            "corpus/sl/ko-fight.sgf",
            Format::Sgf,
            options(|w| w.figures = true),
        ),
        (
            "corner-crop",
            "corpus/sl/corner.sgf",
            Format::Sgf,
            options(|w| {
                w.every = Some(4);
                w.crop = true;
                w.no_coords = true;
            }),
        ),
    ];
    for (stem, input, from, o) in cases {
        let bytes = std::fs::read(common::root().join(input)).unwrap();
        let (out, report) = common::convert_bytes(&bytes, from, Format::Sl, &o, input);
        let text = String::from_utf8_lossy(&out).to_string();
        golden(
            &sl_dir().join(format!("{stem}.expected.sl")),
            &format!("{text}{}", diags(&report)),
        );
    }
}

fn games(bytes: &[u8], from: Format) -> Vec<Game> {
    let mut report = sgfconv::Reporter::collecting("t");
    sgfconv::game::collect_games(
        |sink, r| sgfconv::formats::read(from, &mut &bytes[..], &Default::default(), sink, r),
        &mut report,
    )
    .unwrap()
}

/// Every move of the main line, as `B[pd]`.
fn main_moves(g: &Game) -> Vec<String> {
    common::main_moves(g)
}

fn setup(g: &Game) -> Vec<String> {
    let root = g.root();
    ["AB", "AW"]
        .iter()
        .flat_map(|id| {
            let mut v: Vec<String> = root
                .get(id)
                .map(|p| {
                    p.values()
                        .iter()
                        .map(|v| format!("{id}[{}]", v.text()))
                        .collect()
                })
                .unwrap_or_default();
            v.sort();
            v
        })
        .collect()
}

fn final_stones(g: &Game) -> Vec<String> {
    let f = &pictures(g, Select::Final, Style::default())[0];
    f.stones
        .iter()
        .map(|s| format!("{}{:?}", s.at, s.colour))
        .collect()
}

/// SGF → SL (figures of ten moves) → SGF, one game per diagram: the first
/// diagram's setup is the record's, the moves of all diagrams together are
/// the record's, and the last diagram ends in the record's final position.
fn round_trip(sgf: &str) {
    let o = options(|w| w.every = Some(10));
    let (sl, _) = common::convert_bytes(sgf.as_bytes(), Format::Sgf, Format::Sl, &o, "t.sgf");
    let back = games(&sl, Format::Sl);
    let orig = &games(sgf.as_bytes(), Format::Sgf)[0];
    assert_eq!(
        setup(&back[0]),
        setup(orig),
        "{}",
        String::from_utf8_lossy(&sl)
    );
    let moves: Vec<String> = back.iter().flat_map(main_moves).collect();
    assert_eq!(moves, main_moves(orig), "{}", String::from_utf8_lossy(&sl));
    let last = back.last().unwrap();
    assert_eq!(final_stones(last), final_stones(orig));
}

#[test]
fn round_trips_keep_position_and_moves() {
    let ko = std::fs::read_to_string(sl_dir().join("ko-fight.sgf")).unwrap();
    round_trip(&ko);
    round_trip(&std::fs::read_to_string(sl_dir().join("corner.sgf")).unwrap());
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn round_trips_keep_position_and_moves_of_whole_games() {
    let Some(dir) = common::shared_path("corpus/bulk/yenw-AI") else {
        return;
    };
    let mut files = common::sgf_files(&dir);
    files.sort();
    for f in files.iter().take(5) {
        round_trip(&std::fs::read_to_string(f).unwrap());
    }
}

#[test]
fn moves_past_ten_and_colours_twice_start_new_diagrams() {
    let sgf =
        "(;SZ[9];B[aa];W[ba];B[ca];W[da];B[ea];W[fa];B[ga];W[ha];B[ia];W[ab];B[bb];W[cb];W[db])";
    let (sl, _) = common::convert_bytes(
        sgf.as_bytes(),
        Format::Sgf,
        Format::Sl,
        &options(|w| w.figures = true),
        "t",
    );
    let sl = String::from_utf8(sl).unwrap();
    let headers: Vec<&str> = sl
        .lines()
        .filter(|l| l.starts_with("$$") && !l.starts_with("$$ "))
        .collect();
    assert_eq!(headers, ["$$Bc9", "$$Bc9m11", "$$Wc9m13"], "{sl}");
    round_trip(sgf);
}

fn sgfconv(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut c = Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A refused run may exit before reading its input.
    let _ = c.stdin.take().unwrap().write_all(stdin);
    c.wait_with_output().unwrap()
}

#[test]
fn the_command_reads_a_page_by_content_or_with_f_sl() {
    let dir = tempfile::tempdir().unwrap();
    let page = sl_dir().join("page.sl");
    let txt = dir.path().join("diagram.txt");
    std::fs::copy(&page, &txt).unwrap();
    let out = dir.path().join("out.sgf");
    let o = sgfconv(
        &["-f", "sl", txt.to_str().unwrap(), out.to_str().unwrap()],
        b"",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let want = std::fs::read_to_string(sl_dir().join("page.expected.sgf")).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), want);
    // Without -f: told from the content.
    let o = sgfconv(&[txt.to_str().unwrap(), "-t", "sgf"], b"");
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stdout), want);
}

#[test]
fn broken_diagrams_say_where_and_what() {
    let o = sgfconv(&["-f", "sl", "-", "-t", "sgf"], b"no diagram here\n");
    assert_eq!(
        o.status.code(),
        Some(2),
        "nothing read: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("E720"));
    let o = sgfconv(&["-f", "sl", "-", "-t", "sgf"], b"$$B\n$$ | . X ? |\n");
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(
        err.contains("<stdin>:2:10: error[E721 sl-bad-symbol]"),
        "{err}"
    );
    assert_eq!(
        o.status.code(),
        Some(1),
        "an error means data was lost: {err}"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("AB[ba]"));
    let mut long = b"$$B\n$$ ".to_vec();
    long.extend(std::iter::repeat_n(b'.', 5000));
    let o = sgfconv(
        &["-f", "sl", "--max-value-size", "1000", "-", "-t", "sgf"],
        &long,
    );
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("E722"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_ne!(o.status.code(), Some(0));
}

#[test]
fn what_a_diagram_cannot_carry_is_said() {
    let sgf = b"(;SZ[9]AB[cc];B[gg]LB[cc:x][dd:AB][ee:Q]SL[ff])";
    let o = sgfconv(&["-f", "sgf", "-", "-t", "sl"], sgf);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("W729")
            && err.contains("labels on stones (1)")
            && err.contains("labels other than one letter (1)")
            && err.contains("upper-case labels (written in lower case) (1)")
            && err.contains("SL and DD marks (1)"),
        "{err}"
    );
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(" q "),
        "Q written as q"
    );
    let o = sgfconv(&["-f", "sgf", "-", "-t", "sl"], b"(;SZ[13:9];B[aa])");
    assert!(String::from_utf8_lossy(&o.stderr).contains("13×9"));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("$$Wc\n"));
}

#[test]
fn options_sl_does_not_take_are_refused() {
    let o = sgfconv(
        &["-f", "sgf", "-", "-t", "sl", "--size", "300"],
        b"(;B[aa])",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--size does not apply to sl output"));
    let o = sgfconv(
        &["-f", "sgf", "-", "-t", "sl", "--at", "3", "--figures"],
        b"(;B[aa])",
    );
    assert_eq!(o.status.code(), Some(2));
}

/// Cut at every byte and mutated at random, the sample pages read without
/// a panic; so does a page larger than 64 KiB.
#[test]
fn broken_pages_never_panic() {
    let read = |bytes: &[u8]| {
        let mut report = sgfconv::Reporter::collecting("t");
        let mut log = sgfconv::sink::Counter::default();
        let _ = sgfconv::formats::read(
            Format::Sl,
            &mut &bytes[..],
            &Default::default(),
            &mut log,
            &mut report,
        );
    };
    let mut seed = 0x9e37_79b9_u32;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    for f in ["joseki.sl", "page.sl", "position.sl"] {
        let bytes = std::fs::read(sl_dir().join(f)).unwrap();
        for cut in 0..bytes.len() {
            read(&bytes[..cut]);
        }
        for _ in 0..500 {
            let mut b = bytes.clone();
            for _ in 0..1 + next() % 8 {
                let i = next() as usize % b.len();
                let pool = b"$|+-.XO0123456789m: \n{}[]ABWc";
                b[i] = pool[next() as usize % pool.len()];
            }
            read(&b);
        }
    }
    let mut big = String::from("$$Bc52m4294967295 big\n");
    for _ in 0..60 {
        big.push_str("$$ ");
        big.push_str(&". X O 1 ".repeat(200));
        big.push('\n');
    }
    assert!(big.len() > 64 * 1024);
    read(big.as_bytes());
}

#[test]
fn the_board_check_points_at_the_symbol_or_caption() {
    let o = sgfconv(&["check", "-f", "sl", "-"], b"$$B\n$$ | 1 2 |\n3 at 1\n");
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(
        err.contains("<stdin>:3:1: warning[W581 move-on-stone]"),
        "{err}"
    );
    let o = sgfconv(
        &["check", "-f", "sl", "-"],
        b"$$B\n$$ | 1 2 |\n$$ | . 3 |\n$$ | 5 4 |\n",
    );
    assert!(o.status.success());
    // The sample pages are real Go: nothing for the board check to say.
    for f in ["page.sl", "joseki.sl", "position.sl"] {
        let p = sl_dir().join(f);
        let o = sgfconv(&["check", p.to_str().unwrap()], b"");
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(o.status.success() && !err.contains("W58"), "{f}: {err}");
    }
}
