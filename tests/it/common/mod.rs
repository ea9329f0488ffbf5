//! Helpers shared by the integration tests.
//!
//! Two habits every test file follows:
//!
//! * **Expected outputs.** `SGFCONV_BLESS=1 cargo test` rewrites the
//!   golden files of the tests that compare with one (corpus/sgf
//!   `*.expected.*`, the structured samples, the UGF round trips,
//!   formats/diagnostics.md) instead of comparing: [`bless`] says when.
//!   Read the diff before committing it.
//! * **The shared corpus.** Tests that read `$SHARED/corpus` (the Makefile
//!   exports `SHARED`, default `../shared`, relative to the repository root)
//!   are `#[ignore = "needs ../shared/corpus"]`, so that `cargo test` counts
//!   them as ignored rather than passing them silently where it is absent.
//!   `make test` runs them in a second pass when the corpus is there; by
//!   hand: `cargo test --test it AREA::NAME:: -- --include-ignored`. Asked to run
//!   without the corpus, they fail ([`shared_path`]).
#![allow(dead_code)]

pub mod archive_kit;
pub mod long_game;

use sgfconv::diag::Reporter;
use sgfconv::event::OwnedEvent;
use sgfconv::sink::EventLog;
use sgfconv::{Format, Options};
use std::path::{Path, PathBuf};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether the tests rewrite their expected outputs rather than compare
/// (`SGFCONV_BLESS` set, to anything but `0` or nothing).
pub fn bless() -> bool {
    std::env::var_os("SGFCONV_BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The shared folder: `$SHARED` (relative to the repository root, as the
/// Makefile exports it), else `../shared`.
pub fn shared_root() -> PathBuf {
    root().join(std::env::var_os("SHARED").unwrap_or_else(|| "../shared".into()))
}

/// `$SHARED/corpus`. A corpus test runs only when asked
/// (`--include-ignored`), so the corpus must be there: panics when it is
/// not.
pub fn shared_corpus() -> PathBuf {
    let p = shared_root().join("corpus");
    assert!(
        p.is_dir(),
        "{} is absent: this test needs the shared corpus (set SHARED=...)",
        p.display()
    );
    p
}

/// Every file below `dir` (sorted), for which `keep` says yes.
pub fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if keep(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

pub fn is_sgf(p: &Path) -> bool {
    matches!(
        p.extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase())
            .as_deref(),
        Some("sgf") | Some("sgfs")
    ) && !p.to_string_lossy().contains(".expected.")
}

/// Converts bytes with the library; returns output and the reporter.
pub fn convert_bytes(
    input: &[u8],
    from: Format,
    to: Format,
    options: &Options,
    name: &str,
) -> (Vec<u8>, Reporter) {
    let mut report = Reporter::collecting(name);
    let mut out = Vec::new();
    let mut src = input;
    sgfconv::convert(&mut src, from, &mut out, to, options, &mut report).expect("conversion runs");
    (out, report)
}

/// SGF → SGF with default options.
pub fn sgf_to_sgf(input: &[u8]) -> Vec<u8> {
    convert_bytes(input, Format::Sgf, Format::Sgf, &Options::default(), "t").0
}

/// The events the SGF reader produces (positions dropped).
pub fn sgf_events(input: &[u8]) -> Vec<OwnedEvent> {
    let mut log = EventLog::default();
    let mut report = Reporter::collecting("t");
    let mut src = input;
    sgfconv::formats::read(
        Format::Sgf,
        &mut src,
        &Default::default(),
        &mut log,
        &mut report,
    )
    .expect("read runs");
    log.events
}

/// The events the SGF reader produces after the default transforms: what
/// a writer receives.
pub fn sgf_events_transformed(input: &[u8]) -> Vec<OwnedEvent> {
    let mut log = EventLog::default();
    let mut report = Reporter::collecting("t");
    let mut src = input;
    let options = sgfconv::ReadOptions::default();
    {
        let mut chain = sgfconv::transform::pipeline(Box::new(&mut log), &options.dialect);
        sgfconv::formats::read(Format::Sgf, &mut src, &options, &mut *chain, &mut report)
            .expect("read runs");
        chain.finish(&mut report).expect("finish runs");
    }
    log.events
}

// ---------------------------------------------------------------------------
// Harness of the line-based format tests (GIB, NGF, UGF)

use sgfconv::game::{collect_games, Game};
use sgfconv::options::{ReadOptions, WriteOptions};
use sgfconv::{Diagnostic, Error, Sink};
use std::io::{Read, Write};

/// A format's `read` function.
pub type ReadFn =
    fn(&mut dyn Read, &ReadOptions, &mut dyn Sink, &mut Reporter) -> Result<(), Error>;
/// A format's `writer` function.
pub type WriterFn =
    for<'w> fn(Box<dyn Write + 'w>, &WriteOptions) -> Result<Box<dyn Sink + 'w>, Error>;

/// `$SHARED/<rel>`, or `None` (with a SKIP message) when the corpus is
/// there but lacks that file. Panics when the corpus itself is absent
/// ([`shared_corpus`]): corpus tests are ignored unless asked for.
pub fn shared_path(rel: &str) -> Option<PathBuf> {
    shared_corpus();
    let p = shared_root().join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!("SKIP: {} not found", p.display());
        None
    }
}

/// The one game of `bytes` read with `read`, and its diagnostics.
pub fn read_one(
    read: ReadFn,
    bytes: &[u8],
    options: &ReadOptions,
    name: &str,
) -> (Game, Vec<Diagnostic>) {
    let mut report = Reporter::collecting(name);
    let games = collect_games(
        |sink: &mut dyn Sink, r: &mut Reporter| read(&mut &bytes[..], options, sink, r),
        &mut report,
    )
    .expect("readable");
    assert_eq!(games.len(), 1);
    (games.into_iter().next().unwrap(), report.take_collected())
}

/// `g` written with `writer`, and the writer's diagnostics.
pub fn write_one(
    writer: WriterFn,
    g: &Game,
    options: &WriteOptions,
    name: &str,
) -> (Vec<u8>, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let mut report = Reporter::collecting(name);
    {
        let mut w = writer(Box::new(&mut out), options).unwrap();
        g.replay(&mut *w, &mut report).unwrap();
        w.finish(&mut report).unwrap();
    }
    (out, report.take_collected())
}

/// The main-line moves, `B[pd]` style.
pub fn moves(g: &Game) -> Vec<String> {
    g.main_line()
        .iter()
        .filter_map(|id| g.node(*id).mv().map(|(c, p)| format!("{c}[{p}]")))
        .collect()
}

/// Main-line moves as the formats keep them: `tt` is a pass on 19×19.
pub fn main_moves(g: &Game) -> Vec<String> {
    moves(g)
        .into_iter()
        .map(|m| {
            if m.ends_with("[tt]") {
                format!("{}[]", &m[..1])
            } else {
                m
            }
        })
        .collect()
}

/// The root properties `ids`, `ID=value|value`, absent ones left out.
pub fn root_info(g: &Game, ids: &[&str]) -> Vec<String> {
    ids.iter()
        .filter_map(|id| {
            g.root().get(id).map(|p| {
                let v: Vec<&str> = p.values().iter().map(|v| v.text()).collect();
                format!("{id}={}", v.join("|"))
            })
        })
        .collect()
}

/// The codes of `d`, in order.
pub fn codes(d: &[Diagnostic]) -> Vec<&str> {
    d.iter().map(|d| d.code.id).collect()
}

/// Every `.sgf` file below `dir`, sorted.
pub fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    files_under(dir, &|p: &Path| {
        p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
    })
}

/// The games of an SGF file (none when it cannot be read).
pub fn read_sgf_file(path: &Path) -> Vec<Game> {
    let bytes = std::fs::read(path).unwrap();
    let mut report = Reporter::collecting("in.sgf");
    collect_games(
        |sink: &mut dyn Sink, r: &mut Reporter| {
            sgfconv::formats::read(
                Format::Sgf,
                &mut &bytes[..],
                &ReadOptions::default(),
                sink,
                r,
            )
        },
        &mut report,
    )
    .unwrap_or_default()
}

/// A number ×10 (absent: 0), `None` unless a whole number of tenths.
pub fn tenths(v: Option<&str>) -> Option<i64> {
    let v = v.unwrap_or("0").trim();
    let f: f64 = v.parse().ok()?;
    let t = (f * 10.0).round();
    ((t - f * 10.0).abs() < 1e-6).then_some(t as i64)
}

/// The canonical form of an RE the formats carry, `None` for others.
pub fn canonical_re(re: &str) -> Option<String> {
    let re = re.trim();
    if re == "0" || re.eq_ignore_ascii_case("draw") {
        return Some("0".into());
    }
    let (w, how) = re.split_once('+')?;
    if !matches!(w, "B" | "W") {
        return None;
    }
    let how = match how.to_ascii_uppercase().as_str() {
        "R" | "RESIGN" => "R".to_string(),
        "T" | "TIME" => "T".to_string(),
        "F" | "FORFEIT" => "F".to_string(),
        "" => String::new(),
        n => {
            let t = tenths(Some(n)).filter(|t| *t > 0)?;
            if t % 10 == 0 {
                (t / 10).to_string()
            } else {
                format!("{}.{}", t / 10, t % 10)
            }
        }
    };
    Some(format!("{w}+{how}"))
}

/// A root property, trimmed; `None` when absent or blank.
pub fn root_text(g: &Game, id: &str) -> Option<String> {
    g.root()
        .text(id)
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// Checks that `back` keeps KM, RE, DT and HA of `orig`, except what `lost`
/// (the writer's one warning) lists.
pub fn assert_km_re_dt_ha_kept(orig: &Game, back: &Game, lost: &str, what: &str) {
    let text = root_text;
    if !lost.contains("KM") {
        assert_eq!(
            tenths(back.root().text("KM")),
            tenths(orig.root().text("KM")),
            "{what}: KM"
        );
    }
    match text(orig, "RE").as_deref().map(canonical_re) {
        Some(Some(re)) => assert_eq!(text(back, "RE"), Some(re), "{what}: RE"),
        Some(None) => assert!(lost.contains("RE"), "{what}: RE loss not reported"),
        None => assert_eq!(text(back, "RE"), None, "{what}: RE"),
    }
    // The writers write the first day the date says, read as every format
    // reads dates (`29th September 2012` is `2012-09-29`).
    let first_day = |dt: &str| sgfconv::values::first_day(dt).and_then(|d| d.ymd());
    match text(orig, "DT").map(|dt| first_day(&dt)) {
        Some(Some((y, m, d))) => {
            let day = format!("{y:04}-{m:02}-{d:02}");
            assert_eq!(text(back, "DT"), Some(day), "{what}: DT")
        }
        Some(None) => assert!(lost.contains("DT"), "{what}: DT loss not reported"),
        None => assert_eq!(text(back, "DT"), None, "{what}: DT"),
    }
    if lost.contains("AB") || lost.contains("HA") {
        return;
    }
    assert_eq!(
        text(back, "HA").unwrap_or_else(|| "0".into()),
        text(orig, "HA").filter(|h| h != "1").unwrap_or_else(|| {
            // AB alone on the handicap points counts as a handicap.
            orig.root()
                .get("AB")
                .map_or("0".into(), |p| p.values().len().to_string())
        }),
        "{what}: HA"
    );
}

/// Calls `check(what, game)` for every 19×19 game of
/// `$SHARED/corpus/sgf/ff4`; the number checked, `None` when skipped.
pub fn each_ff4_19x19_game(check: &mut dyn FnMut(&str, &Game)) -> Option<usize> {
    let dir = shared_path("corpus/sgf/ff4")?;
    let mut checked = 0;
    for f in &sgf_files(&dir) {
        for (i, g) in read_sgf_file(f).iter().enumerate() {
            if g.root().text("SZ").unwrap_or("19").trim() != "19" {
                continue;
            }
            check(&format!("{} game {i}", f.display()), g);
            checked += 1;
        }
    }
    println!("{checked} games checked");
    Some(checked)
}

/// Plays `moves` from `stones` (black) with captures; `Err(n)` when move
/// `n` (1-based) lands on an occupied point.
pub fn replay(stones: &[&str], moves: &[String]) -> Result<(), usize> {
    use std::collections::HashMap;
    let pt = |s: &str| {
        let b = s.as_bytes();
        ((b[0] - b'a') as i32, (b[1] - b'a') as i32)
    };
    let mut board: HashMap<(i32, i32), char> = stones.iter().map(|s| (pt(s), 'B')).collect();
    let neighbours = |(x, y): (i32, i32)| {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .into_iter()
            .filter(|(a, b)| (0..19).contains(a) && (0..19).contains(b))
    };
    for (i, m) in moves.iter().enumerate() {
        let colour = m.chars().next().unwrap();
        let v = &m[2..m.len() - 1];
        if v.is_empty() {
            continue;
        }
        let p = pt(v);
        if board.contains_key(&p) {
            return Err(i + 1);
        }
        board.insert(p, colour);
        for n in neighbours(p) {
            if board.get(&n).is_some_and(|c| *c != colour) {
                // Flood the group; capture it when it has no liberty.
                let c = board[&n];
                let (mut group, mut stack, mut free) = (vec![n], vec![n], false);
                while let Some(q) = stack.pop() {
                    for r in neighbours(q) {
                        match board.get(&r) {
                            None => free = true,
                            Some(x) if *x == c && !group.contains(&r) => {
                                group.push(r);
                                stack.push(r);
                            }
                            _ => {}
                        }
                    }
                }
                if !free {
                    for s in group {
                        board.remove(&s);
                    }
                }
            }
        }
    }
    Ok(())
}

/// `refused` is refused with the unreadable-input `code`; each of `junk`
/// is read (refused or not) without a panic.
pub fn assert_garbage_handled(read: ReadFn, refused: &[u8], code: &str, junk: &[&[u8]]) {
    let mut report = Reporter::collecting("x");
    let mut sink = EventLog::default();
    let r = read(
        &mut &refused[..],
        &ReadOptions::default(),
        &mut sink,
        &mut report,
    );
    assert!(
        matches!(&r, Err(Error::Unreadable { code: c, .. }) if c.id == code),
        "{r:?}"
    );
    for junk in junk {
        let mut sink = EventLog::default();
        let _ = read(
            &mut &junk[..],
            &ReadOptions::default(),
            &mut sink,
            &mut report,
        );
    }
}

/// Reads copies of `bytes` cut at every `step`th byte, and the same copies
/// with the rest damaged (`skip` bytes dropped, then each byte shifted by
/// `cut % modulus`), writing back every game read: nothing may panic.
pub fn read_cut_and_damaged(
    read: ReadFn,
    writer: WriterFn,
    bytes: &[u8],
    step: usize,
    skip: usize,
    modulus: u8,
) {
    for cut in (0..bytes.len()).step_by(step) {
        let mut damaged = bytes[..cut].to_vec();
        damaged.extend(
            bytes[cut..]
                .iter()
                .skip(skip)
                .map(|b| b.wrapping_add(cut as u8 % modulus)),
        );
        for input in [&bytes[..cut], &damaged[..]] {
            let mut report = Reporter::collecting("x");
            let mut sink = sgfconv::game::GameBuilder::new(|g: Game, _: &mut Reporter| {
                write_one(writer, &g, &WriteOptions::default(), "out");
                Ok(())
            });
            let _ = read(
                &mut &input[..],
                &ReadOptions::default(),
                &mut sink,
                &mut report,
            );
        }
    }
}

/// Every 19×19 game of `../shared/corpus/sgf/ff4` written with `writer`
/// (its only diagnostic the one `cannot_carry` warning) and read back with
/// `read`; `check(orig, back, lost, what)` compares them (`lost`: the
/// warning's text). At least 30 games must be checked.
pub fn assert_ff4_corpus_through(
    read: ReadFn,
    writer: WriterFn,
    cannot_carry: &str,
    check: &dyn Fn(&Game, &Game, &str, &str),
) {
    let checked = each_ff4_19x19_game(&mut |what, g| {
        let (out, diags) = write_one(writer, g, &WriteOptions::default(), "out");
        let lost: String = diags.iter().map(|d| d.message.clone()).collect();
        assert!(
            diags.iter().all(|d| d.code.id == cannot_carry),
            "{what}: {diags:?}"
        );
        let (back, _) = read_one(read, &out, &ReadOptions::default(), "test");
        check(g, &back, &lost, what);
    });
    if let Some(checked) = checked {
        assert!(checked >= 30, "only {checked} 19×19 games found");
    }
}

/// The built `sgfconv` binary, as a command.
pub fn sgfconv() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_sgfconv"))
}

/// `sgfconv` with SIGINT, SIGTERM and SIGHUP at their default handling
/// (`env --default-signal`), whatever the test runner inherited: a job
/// started in the background by a non-interactive shell, or under `nohup`,
/// ignores them, and sgfconv rightly keeps an ignored signal ignored.
#[cfg(target_os = "linux")]
pub fn with_default_signals() -> std::process::Command {
    let works = std::process::Command::new("env")
        .args(["--default-signal=HUP,INT,TERM", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !works {
        eprintln!("env --default-signal is not available: signals as inherited");
        return sgfconv();
    }
    let mut c = std::process::Command::new("env");
    c.arg("--default-signal=HUP,INT,TERM")
        .arg(env!("CARGO_BIN_EXE_sgfconv"));
    c
}

/// Runs `sgfconv ARGS` with `stdin` on its standard input; its output.
pub fn run(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = sgfconv()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sgfconv runs");
    // sgfconv may refuse the input and exit before reading it all.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// Bytes as text, lossily.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Whether python3 has every module of `modules`, for a test that reads
/// sgfconv's output with them (`what`: what is not checked without them).
/// When not: SKIP printed, or under `CI=true` a failure (`.ci/run`
/// installs them).
pub fn python_with(modules: &[&str], what: &str) -> bool {
    let found = std::process::Command::new("python3")
        .args(["-c", &format!("import {}", modules.join(", "))])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true and python3 lacks one of {modules:?}: {what} must run in CI (.ci/run installs them)"
        );
        println!("SKIP: python3 lacks one of {modules:?}: {what} is not checked");
    }
    found
}
