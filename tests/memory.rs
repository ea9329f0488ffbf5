//! Memory bounded by what the user can see (`make memory`
//! measures the same at 200 and 300 MiB): a huge value costs at most twice
//! its size on the paths that hold a game (a player name, which the
//! dialect rules read, on every path), and a reader refuses a row
//! past `--max-value-size` having touched about that much, not twice.
//! Each case runs the binary once on an input made beforehand and takes
//! its peak resident size from `wait4`, minus the peak of a tiny record.
//! A test runs its value cases one after another, so that they do not
//! compete for the machine's memory.
#![cfg(target_os = "linux")]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The value: above glibc's largest dynamic mmap threshold (32 MiB), so a
/// value-sized block is always its own mapping and freeing it gives the
/// pages back, as it is for the 200 MiB of `make memory`.
const VALUE: usize = 40 << 20;

/// Held by every test of this file while it runs: a child's peak counts
/// from the test process's size when it was forked, so a test measuring
/// while another one has a large input in memory would measure that too.
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sgfconv")
}

/// Runs `sgfconv ARGS` (stdout and stderr thrown away); its exit status
/// and peak resident size in bytes.
fn peak(args: &[&str]) -> (i32, usize) {
    peak_with(args, Stdio::null())
}

/// [`peak`] with `stdin`. (The child is reaped by `wait4`, not by
/// `Child::wait`, which would not give its usage.)
#[allow(clippy::zombie_processes)]
fn peak_with(args: &[&str], stdin: Stdio) -> (i32, usize) {
    let child = Command::new(bin())
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is valid; `wait4` on the id of a child
    // nothing else waits for, with pointers to our own locals.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (code, usage.ru_maxrss as usize * 1024)
}

/// An SGF game whose root holds `prop` with a value of [`VALUE`] bytes,
/// written a piece at a time: the test process stays small, for its peak
/// is the child's too until the child outgrows it (Linux keeps the high
/// water mark across `execve`).
fn sgf_with(dir: &Path, prop: &str) -> String {
    sgf_with_breaks(dir, prop, "")
}

/// [`sgf_with`], with `brk` (a line break: `\n`, `\r\n`) in the middle
/// of every 64 KiB of the value, in place of as many letters.
fn sgf_with_breaks(dir: &Path, prop: &str, brk: &str) -> String {
    sgf_with_value(dir, prop, "", brk)
}

/// [`sgf_with_breaks`], the value led by `lead` (`Place:` in `XUGFH`).
fn sgf_with_value(dir: &Path, prop: &str, lead: &str, brk: &str) -> String {
    let tag: String = brk
        .bytes()
        .map(|b| if b == b'\r' { 'r' } else { 'n' })
        .collect();
    let path = dir.join(format!("{prop}{tag}.sgf"));
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    write!(f, "(;FF[4]GM[1]SZ[19]{prop}[{lead}").unwrap();
    let mut piece = [b'a'; 1 << 16];
    piece[1 << 15..][..brk.len()].copy_from_slice(brk.as_bytes());
    for _ in 0..VALUE / piece.len() {
        f.write_all(&piece).unwrap();
    }
    f.write_all(b"];B[pd];W[dp])\n").unwrap();
    f.flush().unwrap();
    path.to_string_lossy().into_owned()
}

/// A Jago file whose first node's comment is text with no `<P>` (as Jago
/// itself writes it), of [`VALUE`] bytes between blanks.
fn jago_without_paragraphs(dir: &Path) -> String {
    let path = dir.join("bare.jago");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    f.write_all(
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Go><GoGame><Nodes>\n<Node><Comment> ",
    )
    .unwrap();
    let piece = [b'a'; 1 << 16];
    for _ in 0..VALUE / piece.len() {
        f.write_all(&piece).unwrap();
    }
    f.write_all(b" </Comment></Node>\n<Black number=\"1\" at=\"Q16\"/>\n</Nodes></GoGame></Go>\n")
        .unwrap();
    f.flush().unwrap();
    path.to_string_lossy().into_owned()
}

/// `sgf` written as `to` by the binary, next to it.
fn written(sgf: &str, to: &str) -> String {
    let out = format!("{sgf}.{to}");
    let (code, _) = peak(&["-q", "-t", to, sgf, &out]);
    assert_eq!(code, 0, "writing {out}");
    assert!(std::fs::metadata(&out).unwrap().len() as usize > VALUE);
    out
}

#[test]
fn a_huge_value_costs_at_most_twice_its_size() {
    let _one = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let tiny = tiny_in(dir.path());
    let comment = sgf_with(dir.path(), "C");
    let name = sgf_with(dir.path(), "PB");
    let mut cases: Vec<(String, Vec<String>)> = Vec::new();
    for to in ["ugf", "jago", "ngf", "gib"] {
        let args = vec![
            "-q".into(),
            "-t".into(),
            to.into(),
            comment.clone(),
            "/dev/null".into(),
        ];
        cases.push((format!("SGF → {to}, a comment"), args));
    }
    // Read back: UGF and Jago carry the comment, NGF the player name.
    for (from, sgf) in [("ugf", &comment), ("jago", &comment), ("ngf", &name)] {
        let file = written(sgf, from);
        let args = vec![
            "-q".into(),
            "-f".into(),
            from.into(),
            file,
            "/dev/null".into(),
        ];
        cases.push((format!("read {from}"), args));
    }
    let bare = jago_without_paragraphs(dir.path());
    let args = vec![
        "-q".into(),
        "-f".into(),
        "jago".into(),
        bare,
        "/dev/null".into(),
    ];
    cases.push(("read jago, a comment without <P>".into(), args));
    let over = over_twice(&tiny, &cases);
    assert!(over.is_empty(), "over 2× the value: {over:?}");
}

/// A tiny record in `dir`, for the baseline peak.
fn tiny_in(dir: &Path) -> String {
    let tiny = dir.join("tiny.sgf");
    std::fs::write(&tiny, "(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n").unwrap();
    tiny.to_string_lossy().into_owned()
}

/// Runs each case (what, arguments) one after another; those whose peak,
/// minus the peak on `tiny`, is over 2.05× [`VALUE`].
/// The peak on `tiny` is taken with the command line read the same way as
/// the case's: clap's command (built for a line with `-j`) stays on the
/// heap, a plain line is read without it (`src/cli/plain.rs`), and that
/// difference is no part of the value's cost.
fn over_twice(tiny: &str, cases: &[(String, Vec<String>)]) -> Vec<String> {
    let (_, plain) = peak(&["-q", tiny, "/dev/null"]);
    let (_, clap) = peak(&["-q", "-j", "1", tiny, "/dev/null"]);
    let mut over = Vec::new();
    for (what, args) in cases {
        let base = if args.iter().any(|a| a == "-j") {
            clap
        } else {
            plain
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, rss) = peak(&args);
        assert_eq!(code, 0, "{what}");
        let ratio = rss.saturating_sub(base) as f64 / VALUE as f64;
        eprintln!("{what}: peak RSS {rss} bytes, {ratio:.2}× the value");
        if ratio > 2.05 {
            over.push(format!("{what}: {ratio:.2}×"));
        }
    }
    over
}

/// A player name of [`VALUE`] bytes written as each of `targets` (`check`
/// for the command) costs at most twice the name. A player name is game
/// information, which the dialect rules read and may repair (a comment
/// passes them as a stub): 3× (UGF 6×) while the rules' copy lived on
/// beside what the writers gather and the UGF header copied the name on
/// its way. SGF, JSON, XML and `check` cut the input for game-parallel
/// reading above `-j 1`, which holds a constant 6.6 MB (0.16× of this
/// value; `make memory`'s 200 MiB rows show it): `-j 1` here. The targets
/// are split among tests to keep each short (the debug binary writes NGF
/// at about 5 MB/s).
fn a_huge_player_name_written_as(targets: &[&str]) {
    a_huge_game_info_value_written_as("PB", targets);
}

/// [`a_huge_player_name_written_as`] for a value of `prop`.
fn a_huge_game_info_value_written_as(prop: &str, targets: &[&str]) {
    a_huge_value_with_breaks_written_as(prop, "", targets);
}

/// [`a_huge_game_info_value_written_as`], the value with line breaks
/// `brk` ([`sgf_with_breaks`]).
fn a_huge_value_with_breaks_written_as(prop: &str, brk: &str, targets: &[&str]) {
    a_huge_value_led_written_as(prop, "", brk, targets);
}

/// [`a_huge_value_with_breaks_written_as`], the value led by `lead`.
fn a_huge_value_led_written_as(prop: &str, lead: &str, brk: &str, targets: &[&str]) {
    let over = huge_value_led_over(prop, lead, brk, targets);
    assert!(over.is_empty(), "over 2× the value: {over:?}");
}

/// The cases of [`a_huge_value_led_written_as`] over 2× the value.
fn huge_value_led_over(prop: &str, lead: &str, brk: &str, targets: &[&str]) -> Vec<String> {
    let _one = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let tiny = tiny_in(dir.path());
    let name = sgf_with_value(dir.path(), prop, lead, brk);
    let games = dir.path().join("games.csv").to_string_lossy().into_owned();
    let mut cases: Vec<(String, Vec<String>)> = Vec::new();
    for &to in targets {
        let mut args: Vec<String> = vec!["-q".into(), "-j".into(), "1".into()];
        match to {
            "check" => args.insert(0, "check".into()),
            _ => args.extend(["-t".into(), to.into()]),
        }
        if to == "csv" {
            args.extend(["--games-csv".into(), games.clone()]);
        }
        args.push(name.clone());
        if to != "check" {
            args.push("/dev/null".into());
        }
        let what = format!("SGF → {to}, a huge {prop} led by {lead:?} (breaks {brk:?})");
        cases.push((what, args));
    }
    over_twice(&tiny, &cases)
}

#[test]
fn a_huge_player_name_costs_at_most_twice_its_size_streamed() {
    a_huge_player_name_written_as(&["sgf", "json", "xml", "check"]);
}

#[test]
fn a_huge_player_name_costs_at_most_twice_its_size_held() {
    a_huge_player_name_written_as(&["jago", "csv", "ugf"]);
}

#[test]
fn a_huge_player_name_costs_at_most_twice_its_size_ngf() {
    a_huge_player_name_written_as(&["ngf"]);
}

/// A huge player name with line breaks, which the values rule makes
/// spaces (a simpletext value): 4× while the rules copied the value read,
/// made the new value beside their copy and kept a copy of the old, and
/// the next sink gathered the new one while the value read was still held.
/// The SGF reader now hands the node over: the rules take its text and
/// make the breaks spaces where they lie (`CR LF` one space, the text
/// moved down).
#[test]
fn a_huge_name_with_line_breaks_costs_at_most_twice_its_size() {
    a_huge_value_with_breaks_written_as("PB", "\n", &["json", "sgf"]);
}

/// [`a_huge_name_with_line_breaks_costs_at_most_twice_its_size`], `CR LF`
/// breaks, to JSON and to NGF (which gathers the game).
#[test]
fn a_huge_name_with_crlf_breaks_costs_at_most_twice_its_size() {
    a_huge_value_with_breaks_written_as("PB", "\r\n", &["json", "ngf"]);
}

/// UGF writes a game comment (`GC`) and an event (`EV`, its `Title`) in
/// its header as it writes a player's name: 6× before the header line was
/// written from the game as it is.
#[test]
fn a_huge_game_comment_costs_at_most_twice_its_size_ugf() {
    a_huge_game_info_value_written_as("GC", &["ugf"]);
}

/// See [`a_huge_game_comment_costs_at_most_twice_its_size_ugf`].
#[test]
fn a_huge_event_costs_at_most_twice_its_size_ugf() {
    a_huge_game_info_value_written_as("EV", &["ugf"]);
}

/// UGF's `Date` (`DT`), `Rule` (`RU`) and `Winner` (`RE`) fields were
/// made from copies of the root's values and read back from more copies:
/// about 6× for a huge one. They are now made from the values borrowed
/// (`Rule`, when long, written as a text field piece by piece).
#[test]
fn a_huge_date_costs_at_most_twice_its_size_ugf() {
    a_huge_game_info_value_written_as("DT", &["ugf"]);
}

/// See [`a_huge_date_costs_at_most_twice_its_size_ugf`].
#[test]
fn a_huge_rule_costs_at_most_twice_its_size_ugf() {
    a_huge_game_info_value_written_as("RU", &["ugf"]);
}

/// See [`a_huge_date_costs_at_most_twice_its_size_ugf`].
#[test]
fn a_huge_result_costs_at_most_twice_its_size_ugf() {
    a_huge_game_info_value_written_as("RE", &["ugf"]);
}

/// A header field kept from a UGF input (`XUGFH[Place:…]`) was copied,
/// its line breaks replaced in another copy, then read back from more:
/// it is now written piece by piece, and compared with the root's `PC`
/// where it lies.
#[test]
fn a_huge_kept_header_field_costs_at_most_twice_its_size_ugf() {
    a_huge_value_led_written_as("XUGFH", "Place:", "", &["ugf"]);
}

/// The other kept header fields (`XUGFH[Title:…]`, `Rule`, `Winner`, a
/// win reason, a komi, `Date`): 2.9× to 3.9× while the writer decided
/// whether to keep one from copies (its line breaks made spaces in one,
/// the properties it reads as in more, lower-cased in more). They are now
/// compared with the root's values where they lie.
#[test]
fn every_huge_kept_header_field_costs_at_most_twice_its_size_ugf() {
    let mut over = Vec::new();
    for lead in [
        "Title:",
        "Title:a,",
        "Rule:",
        "Winner:",
        "Winner:B,",
        "Hdcp:0,",
        "Date:",
    ] {
        over.extend(huge_value_led_over("XUGFH", lead, "", &["ugf"]));
    }
    assert!(over.is_empty(), "over 2× the value: {over:?}");
}

/// A file of `n` zero bytes (no line end), written a piece at a time.
fn zeros(dir: &Path, n: usize) -> std::path::PathBuf {
    let path = dir.join("zero");
    let mut f = std::fs::File::create(&path).unwrap();
    let piece = [0u8; 1 << 16];
    for _ in 0..n / piece.len() {
        f.write_all(&piece).unwrap();
    }
    path
}

/// Peak RSS above a tiny CSV's of reading `input` (a path, or `-` for
/// `stdin`) as CSV under `--max-value-size max`, as a multiple of `max`;
/// the reading must be refused (E377, exit status 2).
fn csv_refusal_ratio(max: usize, input: &str, stdin: Stdio) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let tiny = dir.path().join("tiny.csv");
    std::fs::write(&tiny, "game,color,move\n").unwrap();
    let (_, base) = peak(&["-q", "-f", "csv", &tiny.to_string_lossy(), "/dev/null"]);
    let limit = max.to_string();
    let args = [
        "-q",
        "-f",
        "csv",
        "--max-value-size",
        &limit,
        input,
        "/dev/null",
    ];
    let (code, rss) = peak_with(&args, stdin);
    assert_eq!(code, 2, "refused (E377)");
    rss.saturating_sub(base) as f64 / max as f64
}

#[test]
fn an_endless_csv_row_is_refused_having_touched_about_the_bound() {
    let _one = one_at_a_time();
    // 33 MiB: just past a power of two, where the csv crate's buffer,
    // doubling from empty, reached 64 MiB before the row was refused.
    let max = 33 << 20;
    let dir = tempfile::tempdir().unwrap();
    let zero = std::fs::File::open(zeros(dir.path(), 40 << 20)).unwrap();
    let ratio = csv_refusal_ratio(max, "-", Stdio::from(zero));
    eprintln!("CSV, a row past {max} bytes: {ratio:.2}× the bound");
    assert!(ratio < 1.25, "{ratio:.2}× --max-value-size");
}

#[test]
fn a_csv_row_of_separators_is_refused_having_touched_about_the_bound() {
    let _one = one_at_a_time();
    // A comma is a byte of the row but a field end (a `usize`, in a list
    // grown by doubling) to the csv crate: a row of commas alone used to
    // cost 8 to 16 times the bound before it was refused.
    let max = 16 << 20;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("commas.csv");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    f.write_all(b"game,color,move\n").unwrap();
    let piece = [b','; 1 << 16];
    for _ in 0..(24 << 20) / piece.len() {
        f.write_all(&piece).unwrap();
    }
    f.flush().unwrap();
    let ratio = csv_refusal_ratio(max, &path.to_string_lossy(), Stdio::null());
    eprintln!("CSV, a row of commas past {max} bytes: {ratio:.2}× the bound");
    assert!(ratio < 1.25, "{ratio:.2}× --max-value-size");
}

/// A tree of `n` tiny SGF files, 100 a directory.
fn tiny_tree(dir: &Path, n: usize) -> String {
    let src = dir.join(format!("src{n}"));
    for i in 0..n {
        let d = src.join(format!("d{}", i / 100));
        if i % 100 == 0 {
            std::fs::create_dir_all(&d).unwrap();
        }
        let game = format!("(;FF[4]GM[1]SZ[19]PB[b{i}];B[pd];W[dp])\n");
        std::fs::write(d.join(format!("g{i}.sgf")), game).unwrap();
    }
    src.to_string_lossy().into_owned()
}

#[test]
fn migrate_keeps_little_per_file() {
    let _one = one_at_a_time();
    // The cost of a file: the difference of two runs' peaks over the
    // difference of their files (what a run costs whatever its size
    // cancels out). With --report, about 1.4 KB before the entries went
    // to disk, and 5 KB on a resumed run (every output up to date, each
    // entry carried from the earlier report); about 100 B after. Resumed
    // without a report, every file is read again (not written) to count
    // what it holds.
    let dir = tempfile::tempdir().unwrap();
    let (small, large) = (500, 4_000);
    let trees = [tiny_tree(dir.path(), small), tiny_tree(dir.path(), large)];
    let mut over = Vec::new();
    for what in ["migrate --report", "resumed", "resumed without a report"] {
        let mut peaks = Vec::new();
        for (n, src) in [small, large].iter().zip(&trees) {
            let dst = dir.path().join(format!("dst{n}"));
            let rep = dir.path().join(format!("report{n}.json"));
            let (dst, rep) = (dst.to_string_lossy(), rep.to_string_lossy());
            let args = match what {
                "resumed without a report" => vec!["migrate", "-q", src, &dst],
                _ => vec!["migrate", "-q", "--report", &rep, src, &dst],
            };
            let (code, rss) = peak(&args);
            assert_eq!(code, 0, "{what} {n}");
            peaks.push(rss);
        }
        let per_file = peaks[1].saturating_sub(peaks[0]) as f64 / (large - small) as f64;
        eprintln!("{what}: peaks {peaks:?}, {per_file:.0} B/file");
        if per_file > 500.0 {
            over.push(format!("{what}: {per_file:.0} B/file"));
        }
    }
    assert!(over.is_empty(), "over 500 B/file: {over:?}");
}

#[test]
fn named_migrate_keeps_little_per_file() {
    let _one = one_at_a_time();
    // Named mode (`--name`, `--split-collections`) held every record's
    // entry, game facts and open temporary file until all were converted:
    // about 1.5 KB and a descriptor a file. Now a window of records.
    let dir = tempfile::tempdir().unwrap();
    let (small, large) = (500, 4_000);
    let trees = [tiny_tree(dir.path(), small), tiny_tree(dir.path(), large)];
    let mut over = Vec::new();
    for (k, mode) in [["--name", "{PB} {SZ}"], ["--split-collections", "--force"]]
        .iter()
        .enumerate()
    {
        let mut peaks = Vec::new();
        for (n, src) in [small, large].iter().zip(&trees) {
            let dst = dir.path().join(format!("named{k}-{n}"));
            let dst = dst.to_string_lossy();
            let args = ["migrate", "-q", mode[0], mode[1], src, &dst];
            let (code, rss) = peak(&args);
            assert_eq!(code, 0, "{mode:?} {n}");
            peaks.push(rss);
        }
        let per_file = peaks[1].saturating_sub(peaks[0]) as f64 / (large - small) as f64;
        eprintln!("{mode:?}: peaks {peaks:?}, {per_file:.0} B/file");
        if per_file > 300.0 {
            over.push(format!("{mode:?}: {per_file:.0} B/file"));
        }
    }
    assert!(over.is_empty(), "over 300 B/file: {over:?}");
}

/// A huge player name that looks double-encoded (`À±¹Ì`, CP949 read as
/// Latin-1, then 40 MiB of letters) is past what the mojibake rule looks
/// at (`transform::mojibake::REPAIR_MAX`): 2×, not the 6.8× of its repair
/// (the bytes and every candidate decoding beside the value).
#[test]
fn a_huge_name_that_looks_double_encoded_costs_at_most_twice_its_size() {
    a_huge_value_led_written_as("PB", "À±¹Ì", "", &["json"]);
}

/// One game of `n` plain moves, in SGF.
fn long_game(dir: &Path, n: usize) -> String {
    let path = dir.join("long.sgf");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    f.write_all(b"(;FF[4]GM[1]SZ[19]").unwrap();
    for _ in 0..n / 2 {
        f.write_all(b";B[aa];W[ba]").unwrap();
    }
    f.write_all(b")\n").unwrap();
    f.flush().unwrap();
    path.to_string_lossy().into_owned()
}

/// A game read from JSON, XML or CSV is held (its tree is known only at
/// its end) at most 100 bytes a node, on two threads as on one: the
/// bytes read ahead for cutting the input (`parallel`'s largest piece, 4
/// MiB, for a game longer than it) and the JSON reader's first line of a
/// long game are given back once read again, not held to the game's end
/// (`input::HeldThen`): 139 and 104 bytes a node before.
#[test]
fn a_game_read_whole_costs_at_most_100_bytes_a_node() {
    let _one = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let n = 100_000;
    let sgf = long_game(dir.path(), n);
    let tiny = tiny_in(dir.path());
    let (_, base) = peak(&["-q", "-j", "1", &tiny, "/dev/null"]);
    let mut over = Vec::new();
    for from in ["json", "xml", "csv"] {
        let file = format!("{sgf}.{from}");
        let (code, _) = peak(&["-q", "-t", from, &sgf, &file]);
        assert_eq!(code, 0, "writing {file}");
        for jobs in ["1", "2"] {
            let (code, rss) = peak(&["-q", "-j", jobs, "-f", from, &file, "/dev/null"]);
            assert_eq!(code, 0, "reading {file}");
            let per_node = rss.saturating_sub(base) / n;
            eprintln!("read {from} -j {jobs}: {per_node} bytes a node");
            if per_node > 100 {
                over.push(format!("{from} -j {jobs}: {per_node} B/node"));
            }
        }
    }
    assert!(over.is_empty(), "over 100 bytes a node: {over:?}");
}

/// `check --fix` holds the file once: on 40 games of 1 MiB comments
/// each, each game with a value to fix (`KM[6,5]`), its peak is that of
/// `check` on the same file plus about the file's size (the bytes read
/// once, checked and converted from there, the new text streamed to the
/// temporary file). About twice the file more while the check read a copy
/// of the bytes held for the fix and the new text was gathered in memory
/// before it was written.
#[test]
fn check_fix_holds_the_file_once() {
    let _one = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.sgf");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&big).unwrap());
    let comment = vec![b'a'; VALUE / 40];
    for g in 0..40 {
        write!(f, "(;FF[4]GM[1]SZ[19]KM[6,5]PB[b{g}]C[").unwrap();
        f.write_all(&comment).unwrap();
        f.write_all(b"];B[pd];W[dp])\n").unwrap();
    }
    f.flush().unwrap();
    drop(f);
    let size = std::fs::metadata(&big).unwrap().len() as f64;
    let big = big.to_str().unwrap();
    let (code, check) = peak(&["check", "-q", big]);
    assert_eq!(code, 0, "check");
    let (code, fix) = peak(&["check", "-q", "--fix", big]);
    assert_eq!(code, 0, "check --fix");
    let fixed = std::fs::read(big).unwrap();
    assert!(fixed.windows(7).any(|w| w == b"KM[6.5]"), "fixed");
    let ratio = fix.saturating_sub(check) as f64 / size;
    eprintln!("check --fix: peak RSS {fix} bytes, check {check}: {ratio:.2}× the file more");
    // 1.3× measured (the conversion's working set is a little over the
    // check's); about 2× before.
    assert!(ratio < 1.6, "{ratio:.2}× the file more than check");
}

/// A PNG picture of a 1 × 1 board with 40 000 passes in one figure (a
/// caption note each: 40 000 texts) is refused before the renderer builds
/// its tree (`E702`): 3.6 GB and 32 s for 150 000 passes while each note
/// was built (about 12 KB each) before any bound was met.
#[test]
fn a_png_with_too_much_text_is_refused_before_it_costs() {
    let _one = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("passes.sgf");
    let passes: String = (0..40_000)
        .map(|i| if i % 2 == 0 { ";B[]" } else { ";W[]" })
        .collect();
    std::fs::write(&path, format!("(;GM[1]FF[4]SZ[1]{passes})")).unwrap();
    let out = dir.path().join("p.png");
    let args = [
        path.to_str().unwrap(),
        "--figures",
        "--size",
        "16",
        "-o",
        out.to_str().unwrap(),
    ];
    let (code, rss) = peak(&args);
    eprintln!("40 000 passes as PNG: peak RSS {rss} bytes");
    assert_eq!(code, 2, "refused");
    assert!(!out.exists());
    assert!(rss < 100 << 20, "{rss} bytes");
}
