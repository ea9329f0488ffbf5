//! Throughput benchmark: sgfconv beside a plain read and the peer parsers.
//!
//! One binary (`harness = false`), several roles, chosen by the first argument:
//!
//! * `prep OUT_DIR SRC_DIR...` — builds the inputs once from unpacked SGF
//!   files: `once.sgf` (every file once), `big.sgf` (≥ `BENCH_MB`, the corpus
//!   repeated), `slice.sgf` (≈ `BENCH_PEER_MB`, every k-th file, for the slow
//!   peers) and `deep.sgf` (a tree nested `BENCH_DEPTH` levels deep).
//! * `worker read|parse|convert FILE` — one measured action (stdout gets the
//!   converted data, stderr the counts):
//!   `read` = plain read in 1 MiB blocks (the baseline),
//!   `parse` = `formats::read` into a `sink::Counter` (parse-only),
//!   `convert` = `sgfconv::convert` SGF→SGF.
//! * `run DATA_DIR` — the benchmark: interleaves repeated runs of every row
//!   under `/usr/bin/time` (peak RSS), prints a Markdown table of medians.
//! * no role (what `cargo test --all-targets` does): a quick self-check of the
//!   workers on generated input, so the harness cannot rot unnoticed.
//!
//! Sizes are in MB = 10^6 bytes. See docs/benchmarks.md.

use sgfconv::diag::{Output, Reporter};
use sgfconv::formats::{self, Format};
use sgfconv::sink::Counter;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

const MB: f64 = 1e6;

fn main() -> ExitCode {
    // `cargo bench` appends `--bench`; it carries no meaning here.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let result = match args.first().map(String::as_str) {
        Some("prep") => prep(&args[1..]),
        Some("worker") => worker(&args[1..]),
        Some("run") => run(&args[1..]),
        Some(other) => Err(format!("unknown role {other:?} (prep, worker, run)")),
        None => self_check(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("throughput: {e}");
            ExitCode::FAILURE
        }
    }
}

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

// ---------------------------------------------------------------- workers

/// Reads everything in 1 MiB blocks; returns the byte count.
fn plain_read(input: &mut dyn Read) -> io::Result<u64> {
    let mut buf = vec![0u8; 1 << 20];
    let mut total = 0u64;
    loop {
        match input.read(&mut buf) {
            Ok(0) => return Ok(total),
            Ok(n) => total += n as u64,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Parse-only: the SGF reader into a counter.
fn parse_only(input: &mut dyn Read, name: &str) -> Result<(Counter, Reporter), String> {
    let mut counter = Counter::default();
    let mut report = Reporter::new(name, Output::Discard);
    formats::read(
        Format::Sgf,
        input,
        &Default::default(),
        &mut counter,
        &mut report,
    )
    .map_err(|e| format!("{name}: {e}"))?;
    Ok((counter, report))
}

/// SGF→SGF through the library's whole pipeline (transforms included).
fn convert_sgf(
    input: &mut dyn Read,
    output: &mut dyn Write,
    name: &str,
) -> Result<sgfconv::Stats, String> {
    let mut report = Reporter::new(name, Output::Discard);
    sgfconv::convert(
        input,
        Format::Sgf,
        output,
        Format::Sgf,
        &Default::default(),
        &mut report,
    )
    .map_err(|e| format!("{name}: {e}"))
}

fn worker(args: &[String]) -> Result<(), String> {
    let [mode, path] = args else {
        return Err("usage: worker read|parse|convert FILE".into());
    };
    let mut file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    match mode.as_str() {
        "read" => {
            let n = plain_read(&mut file).map_err(|e| e.to_string())?;
            eprintln!("bytes={n}");
        }
        "parse" => {
            let (c, r) = parse_only(&mut file, path)?;
            eprintln!(
                "games={} nodes={} props={} values={} warnings={} errors={}",
                c.games,
                c.nodes,
                c.properties,
                c.values,
                r.warnings(),
                r.errors()
            );
        }
        "convert" => {
            let stdout = io::stdout();
            let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
            let s = convert_sgf(&mut file, &mut out, path)?;
            out.flush().map_err(|e| e.to_string())?;
            eprintln!("games={} nodes={} props={}", s.games, s.nodes, s.properties);
        }
        other => return Err(format!("unknown worker mode {other:?}")),
    }
    Ok(())
}

// ---------------------------------------------------------------- prep

/// Every `*.sgf` file (any case) under `dir`, recursively.
fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    // An explicit stack: directory depth is not ours to bound.
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d)? {
            let entry = entry?;
            let path = entry.path();
            let kind = entry.file_type()?;
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file()
                && path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                out.push(path);
            }
        }
    }
    Ok(())
}

/// Whether the game trees of `bytes` close: every `(` has its `)` and no
/// value is left open. A truncated file (there are a few in the bulk corpus)
/// would swallow every game after it in a concatenation: prep skips those.
fn balanced(bytes: &[u8]) -> bool {
    let (mut depth, mut in_value, mut escaped) = (0u64, false, false);
    for &b in bytes {
        if in_value {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b']' {
                in_value = false;
            }
            continue;
        }
        match b {
            b'[' if depth > 0 => in_value = true,
            b'(' => depth += 1,
            b')' if depth == 0 => return false,
            b')' => depth -= 1,
            _ => {}
        }
    }
    depth == 0 && !in_value
}

/// `(;B[aa](;W[bb](;B[aa]…)))`: one move per level, `depth` levels, the way
/// OGS writes every move as a variation.
fn deep_nesting(depth: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(depth * 8 + 16);
    v.extend_from_slice(b"(;FF[4]GM[1]SZ[19]");
    for i in 0..depth {
        v.extend_from_slice(if i % 2 == 0 { b"(;B[aa]" } else { b"(;W[bb]" });
    }
    v.extend(std::iter::repeat_n(b')', depth + 1));
    v.push(b'\n');
    v
}

fn prep(args: &[String]) -> Result<(), String> {
    let Some((out_dir, sources)) = args.split_first() else {
        return Err("usage: prep OUT_DIR SRC_DIR...".into());
    };
    let out_dir = Path::new(out_dir);
    let big_bytes = env_num("BENCH_MB", 200) as f64 * MB;
    let slice_bytes = env_num("BENCH_PEER_MB", 20) as f64 * MB;
    let depth = env_num("BENCH_DEPTH", 100_000) as usize;

    let mut files = Vec::new();
    for s in sources {
        sgf_files(Path::new(s), &mut files).map_err(|e| format!("{s}: {e}"))?;
    }
    files.sort();
    let found = files.len();
    files.retain(|f| fs::read(f).is_ok_and(|b| balanced(&b)));
    let damaged = found - files.len();
    if files.is_empty() {
        return Err("no SGF files found in the sources".into());
    }
    let io_err = |p: &Path| {
        let p = p.display().to_string();
        move |e: io::Error| format!("{p}: {e}")
    };

    // once.sgf: every file once, a newline after each (a file may lack one).
    let once = out_dir.join("once.sgf");
    let mut w = BufWriter::new(File::create(&once).map_err(io_err(&once))?);
    let mut sizes = Vec::with_capacity(files.len());
    for f in &files {
        let bytes = fs::read(f).map_err(io_err(f))?;
        w.write_all(&bytes).map_err(io_err(&once))?;
        w.write_all(b"\n").map_err(io_err(&once))?;
        sizes.push(bytes.len() as u64 + 1);
    }
    w.flush().map_err(io_err(&once))?;
    drop(w);
    let once_len: u64 = sizes.iter().sum();

    // big.sgf: the corpus repeated until it is large enough.
    let big = out_dir.join("big.sgf");
    let copies = (big_bytes / once_len as f64).ceil().max(1.0) as u64;
    let mut w = BufWriter::new(File::create(&big).map_err(io_err(&big))?);
    for _ in 0..copies {
        let mut r = File::open(&once).map_err(io_err(&once))?;
        io::copy(&mut r, &mut w).map_err(io_err(&big))?;
    }
    w.flush().map_err(io_err(&big))?;
    drop(w);

    // slice.sgf: every k-th file, so the small input has the same mix.
    let slice = out_dir.join("slice.sgf");
    let step = ((once_len as f64 / slice_bytes).floor() as usize).max(1);
    let mut w = BufWriter::new(File::create(&slice).map_err(io_err(&slice))?);
    let mut slice_len = 0u64;
    let mut slice_files = Vec::new();
    for f in files.iter().step_by(step) {
        if slice_len as f64 >= slice_bytes {
            break;
        }
        slice_files.push(f.clone());
        let bytes = fs::read(f).map_err(io_err(f))?;
        w.write_all(&bytes).map_err(io_err(&slice))?;
        w.write_all(b"\n").map_err(io_err(&slice))?;
        slice_len += bytes.len() as u64 + 1;
    }
    w.flush().map_err(io_err(&slice))?;
    drop(w);

    let deep = out_dir.join("deep.sgf");
    fs::write(&deep, deep_nesting(depth)).map_err(io_err(&deep))?;
    prep_readers(out_dir, &slice, &slice_files)?;
    // small.sgf: one short record, for the start-up row.
    let small = out_dir.join(Input::Small.file());
    let first = files
        .iter()
        .filter_map(|f| fs::read(f).ok())
        .find(|b| b.len() < 2048);
    fs::write(
        &small,
        first.unwrap_or_else(|| b"(;GM[1]SZ[19];B[pd];W[dp])\n".to_vec()),
    )
    .map_err(io_err(&small))?;

    println!(
        "prep: {} files ({damaged} truncated ones left out), once.sgf {:.1} MB, big.sgf {:.1} MB ({copies} copies), \
         slice.sgf {:.1} MB (every {step}th file), deep.sgf {depth} levels",
        files.len(),
        once_len as f64 / MB,
        (once_len * copies) as f64 / MB,
        slice_len as f64 / MB,
    );
    Ok(())
}

/// The reader rows' inputs, written by our own writers from the slice:
/// JSON, XML and CSV from `slice.sgf` whole; GIB, UGF and NGF (one game a
/// file) from each file of the slice, concatenated.
fn prep_readers(out_dir: &Path, slice: &Path, slice_files: &[PathBuf]) -> Result<(), String> {
    let convert = |bytes: &[u8], to: Format, write: sgfconv::WriteOptions, out: &mut Vec<u8>| {
        let mut options = sgfconv::Options::default();
        options.write = write;
        let mut report = Reporter::new("prep", Output::Discard);
        sgfconv::convert(&mut &bytes[..], Format::Sgf, out, to, &options, &mut report).is_ok()
    };
    let whole = fs::read(slice).map_err(|e| format!("{}: {e}", slice.display()))?;
    for input in READER_INPUTS {
        let mut out = Vec::new();
        let to = input.format();
        if matches!(to, Format::Json | Format::Xml | Format::Csv) {
            convert(&whole, to, Default::default(), &mut out);
        } else {
            for f in slice_files {
                let bytes = fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
                let mut one = Vec::new();
                if convert(&bytes, to, Default::default(), &mut one) {
                    out.extend_from_slice(&one);
                }
            }
        }
        let path = out_dir.join(input.file());
        fs::write(&path, out).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

// ---------------------------------------------------------------- run

/// Which prepared input a row reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Input {
    Big,
    Slice,
    Deep,
    /// One short record: the start-up row.
    Small,
    /// The slice written by our own writers, for the reader rows.
    Json,
    Xml,
    Csv,
    Gib,
    Ugf,
    Ngf,
}

/// The reader rows' inputs.
const READER_INPUTS: [Input; 6] = [
    Input::Json,
    Input::Xml,
    Input::Csv,
    Input::Gib,
    Input::Ugf,
    Input::Ngf,
];

impl Input {
    fn file(self) -> &'static str {
        match self {
            Input::Big => "big.sgf",
            Input::Slice => "slice.sgf",
            Input::Deep => "deep.sgf",
            Input::Small => "small.sgf",
            Input::Json => "slice.json",
            Input::Xml => "slice.xml",
            Input::Csv => "slice.csv",
            Input::Gib => "slice.gib",
            Input::Ugf => "slice.ugf",
            Input::Ngf => "slice.ngf",
        }
    }

    /// The format of a reader row's input.
    fn format(self) -> Format {
        match self {
            Input::Json => Format::Json,
            Input::Xml => Format::Xml,
            Input::Csv => Format::Csv,
            Input::Gib => Format::Gib,
            Input::Ugf => Format::Ugf,
            Input::Ngf => Format::Ngf,
            _ => Format::Sgf,
        }
    }
}

/// What a row measures, for the ratios.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Baseline,
    Floor,
    Parse,
    /// Reading with transforms and diagnostics (`sgfconv check`).
    Check,
    Convert,
    /// SGF to another format (the slice).
    Writer,
    /// Another format to SGF (the slice in that format).
    Reader,
}

/// The writer rows: what, and the arguments before the input.
const WRITERS: &[(&str, &[&str])] = &[
    ("→ JSON", &["-t", "json"]),
    ("→ JSON Lines", &["-t", "json", "--json-lines"]),
    (
        "→ move lists (JSON Lines)",
        &["-t", "json", "--json-lines", "--moves"],
    ),
    ("→ XML", &["-t", "xml"]),
    ("→ CSV", &["-t", "csv"]),
    ("→ CSV, all variations", &["-t", "csv", "--all-variations"]),
    ("→ Parquet, games table", &["-t", "parquet"]),
    (
        "→ Parquet, games and moves tables",
        &["-t", "parquet", "--moves-parquet", "/dev/null"],
    ),
];

struct Row {
    input: Input,
    tool: String,
    what: &'static str,
    kind: Kind,
    ours: bool,
    /// Program and arguments; `{}` is replaced by the input path.
    cmd: Vec<String>,
    times: Vec<f64>,
    rss_kb: Vec<u64>,
    /// Failures (exit status, signal, last stderr line).
    failures: Vec<String>,
    /// CPU seconds (user + system) of the successful runs.
    cpu: Vec<f64>,
    /// Some run exited 1: finished, reporting input it could not keep.
    /// The first line of its stderr.
    exit1: Option<String>,
}

struct Outcome {
    secs: f64,
    /// User + system CPU seconds, from /usr/bin/time.
    cpu: Option<f64>,
    rss_kb: Option<u64>,
    failure: Option<String>,
    /// Finished with exit status 1 (input had errors it reported): the
    /// first line it wrote on stderr.
    exit1: Option<String>,
}

/// Runs `cmd` with stdout to /dev/null under `/usr/bin/time` (when present),
/// killing it after `limit`.
fn measure(cmd: &[String], log: &Path, limit: Duration) -> Result<Outcome, String> {
    let time_bin = Path::new("/usr/bin/time");
    let rss_file = log.with_extension("rss");
    let mut command = if time_bin.exists() {
        let mut c = Command::new(time_bin);
        c.arg("-f")
            .arg("%M %U %S")
            .arg("-o")
            .arg(&rss_file)
            .args(cmd);
        c
    } else {
        let mut c = Command::new(&cmd[0]);
        c.args(&cmd[1..]);
        c
    };
    let err = File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(err));
    let start = Instant::now();
    let mut child = command.spawn().map_err(|e| format!("{}: {e}", cmd[0]))?;
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(s);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let secs = start.elapsed().as_secs_f64();
    let time_out = fs::read_to_string(&rss_file).unwrap_or_default();
    // The last line is "maxrss_kb user_s sys_s".
    let fields: Vec<&str> = time_out
        .lines()
        .last()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let rss_kb = fields.first().and_then(|f| f.parse::<u64>().ok());
    let cpu = match (fields.get(1), fields.get(2)) {
        (Some(u), Some(s)) => u
            .parse::<f64>()
            .ok()
            .zip(s.parse::<f64>().ok())
            .map(|(u, s)| u + s),
        _ => None,
    };
    let stderr = fs::read_to_string(log).unwrap_or_default();
    let last_err = stderr
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .chars()
        .take(100)
        .collect::<String>();
    let mut exit1 = None;
    let failure = match status {
        None => Some(format!("killed after {} s", limit.as_secs())),
        Some(s) if s.success() => None,
        // sgfconv (and the peer drivers) exit 1 when they finished but some
        // input could not be kept: a complete run, with a note.
        Some(s) if s.code() == Some(1) => {
            let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            exit1 = Some(first.chars().take(100).collect());
            None
        }
        Some(s) => {
            // /usr/bin/time reports a child's death by signal in its output file.
            let how = time_out
                .lines()
                .find(|l| l.contains("signal"))
                .map(|l| l.trim().replace("Command terminated by ", ""))
                .unwrap_or_else(|| format!("exit {}", s.code().unwrap_or(-1)));
            Some(format!("{how}: {last_err}"))
        }
    };
    Ok(Outcome {
        secs,
        cpu,
        rss_kb,
        failure,
        exit1,
    })
}

fn median(v: &[f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let m = s.len() / 2;
    Some(if s.len() % 2 == 1 {
        s[m]
    } else {
        (s[m - 1] + s[m]) / 2.0
    })
}

/// True when `cmd` (with `{}` → `file`) exits 0 on a tiny valid game: used
/// to find out which CLI entry points the current sgfconv has.
fn probe(cmd: &[String], file: &Path) -> bool {
    let args: Vec<String> = cmd.iter().map(|a| subst(a, file)).collect();
    Command::new(&args[0])
        .args(&args[1..])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .is_ok_and(|o| o.status.success())
}

fn subst(arg: &str, file: &Path) -> String {
    if arg == "{}" {
        file.display().to_string()
    } else {
        arg.to_string()
    }
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn run(args: &[String]) -> Result<(), String> {
    let [data] = args else {
        return Err("usage: run DATA_DIR".into());
    };
    let data = Path::new(data);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let reps = env_num("BENCH_REPS", 5).max(1) as usize;
    let peer_reps = env_num("BENCH_PEER_REPS", 3).max(1) as usize;
    let limit = Duration::from_secs(env_num("BENCH_TIMEOUT", 300));
    let me = std::env::current_exe()
        .map_err(|e| e.to_string())?
        .display()
        .to_string();
    // `BENCH_SGFCONV`: another build of sgfconv (a branch's against main's).
    let sgfconv = std::env::var_os("BENCH_SGFCONV")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/release/sgfconv"));
    let peers = data.join("peers-target/release");
    let logs = data.join("logs");
    fs::create_dir_all(&logs).map_err(|e| e.to_string())?;
    for i in [Input::Big, Input::Slice, Input::Deep, Input::Small] {
        if !data.join(i.file()).exists() {
            return Err(format!("{} missing: run scripts/bench.sh", i.file()));
        }
    }

    // Which CLI entry points exist today (the CLI grows while we measure).
    let tiny = logs.join("probe.sgf");
    fs::write(&tiny, b"(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n").map_err(|e| e.to_string())?;
    let cli = sgfconv.display().to_string();
    let cli_convert = strings(&[&cli, "-q", "-f", "sgf", "-t", "sgf", "{}"]);
    let cli_parse = strings(&[&cli, "check", "-q", "--parse-only", "{}"]);
    let cli_check = strings(&[&cli, "check", "-q", "{}"]);
    let cli_check_values = strings(&[&cli, "check", "-q", "--no-board", "{}"]);
    let has_cli = sgfconv.exists();
    let has_convert = has_cli && probe(&cli_convert, &tiny);
    let has_parse = has_cli && probe(&cli_parse, &tiny);
    let has_check = has_cli && probe(&cli_check, &tiny);
    let has_check_values = has_cli && probe(&cli_check_values, &tiny);

    let lib = |mode: &str| strings(&[&me, "worker", mode, "{}"]);
    let floor = peers.join("sgf-floor").display().to_string();
    let parser = peers.join("sgf-parser-driver").display().to_string();
    let parse = peers.join("sgf-parse-driver").display().to_string();
    let has_floor = Path::new(&floor).exists();
    let has_parser = Path::new(&parser).exists();
    let has_parse_peer = Path::new(&parse).exists();
    // sgfconv through its CLI when the CLI has the entry point, else through
    // the library (the harness's own workers).
    let ours_parse = if has_parse {
        ("sgfconv check --parse-only", cli_parse.clone())
    } else {
        ("sgfconv (lib)", lib("parse"))
    };
    let ours_convert = if has_convert {
        ("sgfconv -t sgf", cli_convert.clone())
    } else {
        ("sgfconv (lib)", lib("convert"))
    };

    type Spec<'a> = (Input, &'a str, &'static str, Kind, bool, Vec<String>);
    let mut specs: Vec<Spec> = Vec::new();
    for input in [Input::Big, Input::Slice] {
        use Kind::*;
        specs.push((
            input,
            "plain read",
            "read, 1 MiB blocks",
            Baseline,
            false,
            lib("read"),
        ));
        if has_floor {
            let count = strings(&[&floor, "--mode", "count", "{}"]);
            let lex = strings(&[&floor, "--mode", "lex", "{}"]);
            specs.push((input, "floor", "memchr count of `[`", Floor, false, count));
            specs.push((input, "floor", "lexer, no tree", Floor, false, lex));
        }
        specs.push((
            input,
            ours_parse.0,
            "parse-only",
            Parse,
            true,
            ours_parse.1.clone(),
        ));
        if has_check {
            let what = "read + transforms + diagnostics";
            specs.push((input, "sgfconv check", what, Check, true, cli_check.clone()));
        }
        if has_check_values {
            let what = "check without the board replay";
            let cmd = cli_check_values.clone();
            specs.push((input, "sgfconv check --no-board", what, Check, true, cmd));
        }
        specs.push((
            input,
            ours_convert.0,
            "SGF→SGF",
            Convert,
            true,
            ours_convert.1.clone(),
        ));
        if has_parse && has_convert {
            // The same on one thread (`-j 1`): what the other parsers, all
            // single-threaded, compare with.
            let one = |cmd: &[String]| {
                let mut c = cmd.to_vec();
                c.insert(c.len() - 1, "-j".into());
                c.insert(c.len() - 1, "1".into());
                c
            };
            specs.push((
                input,
                ONE_THREAD_PARSE,
                "parse-only",
                Parse,
                true,
                one(&cli_parse),
            ));
            specs.push((
                input,
                ONE_THREAD_CONVERT,
                "SGF→SGF",
                Convert,
                true,
                one(&cli_convert),
            ));
        }
        if input == Input::Slice && has_convert {
            // Every writer on the slice, on every core as SGF→SGF above.
            for (what, args) in WRITERS {
                let mut cmd = strings(&[&cli, "-q"]);
                cmd.extend(args.iter().map(|a| a.to_string()));
                cmd.push("{}".into());
                specs.push((input, "sgfconv", what, Writer, true, cmd));
            }
        }
        if input == Input::Slice {
            for (ok, name, bin) in [
                (has_parser, "sgf-parser", &parser),
                (has_parse_peer, "sgf-parse", &parse),
            ] {
                if ok {
                    specs.push((
                        input,
                        name,
                        "parse-only",
                        Parse,
                        false,
                        strings(&[bin, "--count", "{}"]),
                    ));
                    specs.push((
                        input,
                        name,
                        "SGF→SGF",
                        Convert,
                        false,
                        strings(&[bin, "{}"]),
                    ));
                }
            }
        }
    }
    if has_convert {
        // Every reader, of the slice as our own writers wrote it, to SGF.
        for input in READER_INPUTS {
            let name = input.format().name();
            if fs::metadata(data.join(input.file())).is_ok_and(|m| m.len() > 0) {
                let cmd = strings(&[&cli, "-q", "-f", name, "-t", "sgf", "{}"]);
                specs.push((input, "sgfconv", "read → SGF", Kind::Reader, true, cmd));
            }
        }
    }
    {
        use Kind::*;
        let deep = Input::Deep;
        specs.push((
            deep,
            ours_parse.0,
            "parse-only",
            Parse,
            true,
            ours_parse.1.clone(),
        ));
        specs.push((
            deep,
            ours_convert.0,
            "SGF→SGF",
            Convert,
            true,
            ours_convert.1.clone(),
        ));
        for (ok, name, bin) in [
            (has_parser, "sgf-parser", &parser),
            (has_parse_peer, "sgf-parse", &parse),
        ] {
            if ok {
                specs.push((deep, name, "SGF→SGF", Convert, false, strings(&[bin, "{}"])));
            }
        }
    }
    let mut rows: Vec<Row> = specs
        .into_iter()
        .map(|(input, tool, what, kind, ours, cmd)| Row {
            input,
            tool: tool.to_string(),
            what,
            kind,
            ours,
            cmd,
            times: Vec::new(),
            rss_kb: Vec::new(),
            failures: Vec::new(),
            cpu: Vec::new(),
            exit1: None,
        })
        .collect();

    // `BENCH_ONLY=readers` (or `writers`): the reader (writer) rows and
    // SGF→SGF on the slice (their ratios' base), no start-up.
    let only = std::env::var("BENCH_ONLY").ok();
    let only_kind = match only.as_deref() {
        Some("readers") => Some(Kind::Reader),
        Some("writers") => Some(Kind::Writer),
        _ => None,
    };
    let only_some = only_kind.is_some();
    if let Some(kind) = only_kind {
        rows.retain(|r| {
            r.kind == kind || (r.ours && r.input == Input::Slice && r.kind == Kind::Convert)
        });
    }
    // `BENCH_ONLY=startup`: the start-up line alone (no row is run).
    if std::env::var("BENCH_ONLY").is_ok_and(|v| v == "startup") {
        rows.clear();
    }

    // Interleave: every row once per round, so load from elsewhere on the
    // machine spreads over all rows alike. Peers get fewer rounds, the deep
    // file one. Rounds stop early when the next would overrun the budget.
    let budget = Duration::from_secs(env_num("BENCH_BUDGET", 420));
    let started = Instant::now();
    let load_before = loadavg();
    let mut rounds_done = 0;
    for round in 0..reps {
        if round > 0 {
            let per_round = started.elapsed() / round as u32;
            if started.elapsed() + per_round > budget {
                eprintln!(
                    "stopping after {round} rounds: another would overrun BENCH_BUDGET={} s",
                    budget.as_secs()
                );
                break;
            }
        }
        for (i, row) in rows.iter_mut().enumerate() {
            let peer = !row.ours && matches!(row.kind, Kind::Parse | Kind::Convert);
            let rounds = match (row.input, peer) {
                (Input::Deep, _) => 1,
                (_, false) => reps,
                (_, true) => peer_reps,
            };
            if round >= rounds {
                continue;
            }
            let file = data.join(row.input.file());
            let cmd: Vec<String> = row.cmd.iter().map(|a| subst(a, &file)).collect();
            let log = logs.join(format!("row{i:02}.log"));
            let o = measure(&cmd, &log, limit)?;
            eprintln!(
                "round {}/{reps}  {:<28} {:<20} {:<9} {:>7.3} s  {}",
                round + 1,
                row.tool,
                row.what,
                row.input.file(),
                o.secs,
                o.failure.as_deref().unwrap_or("ok")
            );
            if let Some(kb) = o.rss_kb {
                row.rss_kb.push(kb);
            }
            if o.exit1.is_some() {
                row.exit1 = o.exit1;
            }
            match o.failure {
                Some(f) => row.failures.push(f),
                None => {
                    row.times.push(o.secs);
                    row.cpu.extend(o.cpu);
                }
            }
        }
        rounds_done = round + 1;
    }

    let startup = if has_convert && !only_some {
        start_up(&sgfconv, &data.join(Input::Small.file()))
    } else {
        None
    };
    let load = format!("{} at the start, {} at the end", load_before, loadavg());
    let mut table = report(
        &rows,
        data,
        rounds_done,
        peer_reps.min(rounds_done),
        has_cli,
        &load,
    );
    table += &formats_report(&rows, data, startup);
    println!("{table}");
    let out = data.join("results.md");
    fs::write(&out, &table).map_err(|e| e.to_string())?;
    eprintln!("(also written to {})", out.display());
    Ok(())
}

/// Start-up: `sgfconv -q small.sgf` and `cp small.sgf /dev/null`, each
/// run `BENCH_STARTUP_RUNS` times (40), interleaved, stdout to /dev/null:
/// the medians of wall time, and of CPU time (user + system, which other
/// work on a shared machine disturbs less), in seconds.
fn start_up(sgfconv: &Path, small: &Path) -> Option<StartUp> {
    let runs = env_num("BENCH_STARTUP_RUNS", 40).max(1) as usize;
    let time = |cmd: &mut Command| {
        let (t, cpu) = (Instant::now(), children_cpu());
        let ok = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success() || s.code() == Some(1));
        ok.then(|| (t.elapsed().as_secs_f64(), children_cpu() - cpu))
    };
    let (mut ours, mut cp) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        cp.extend(time(Command::new("cp").arg(small).arg("/dev/null")));
        ours.extend(time(Command::new(sgfconv).arg("-q").arg(small)));
    }
    let med = |v: &[(f64, f64)], cpu: bool| {
        median(
            &v.iter()
                .map(|t| if cpu { t.1 } else { t.0 })
                .collect::<Vec<_>>(),
        )
    };
    Some(StartUp {
        wall: (med(&ours, false)?, med(&cp, false)?),
        cpu: (med(&ours, true)?, med(&cp, true)?),
    })
}

/// The start-up medians, (sgfconv, cp) in seconds.
#[derive(Clone, Copy)]
struct StartUp {
    wall: (f64, f64),
    cpu: (f64, f64),
}

/// The CPU time (user + system) of this process's children that have
/// ended, in seconds.
#[cfg(unix)]
fn children_cpu() -> f64 {
    // SAFETY: an all-zero `rusage` is valid, and getrusage only writes
    // into the one we pass.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    secs(u.ru_utime) + secs(u.ru_stime)
}

#[cfg(not(unix))]
fn children_cpu() -> f64 {
    0.0
}

/// The writer and reader rows against SGF→SGF (all threads, the slice, the
/// same run), their targets, and the start-up against `cp`.
fn formats_report(rows: &[Row], data: &Path, startup: Option<StartUp>) -> String {
    let mut s = String::new();
    let slice = size_of(data, Input::Slice);
    let sgf = rows
        .iter()
        .find(|r| {
            r.input == Input::Slice
                && r.kind == Kind::Convert
                && r.ours
                && r.tool != ONE_THREAD_CONVERT
        })
        .and_then(|r| median(&r.times))
        .map(|m| slice / MB / m);
    s += "\n### Writers and readers (slice, same run)\n\n\
          Writers: MB/s of SGF input. Readers: MB/s of their own input (the slice as \
          our writers wrote it), to SGF. Ratio: to SGF→SGF on the slice (all threads).\n\n\
          | row | input MB | MB/s | × SGF→SGF | target | median s |\n|---|---:|---:|---:|---|---:|\n";
    let verdict = |ok: bool| if ok { "met" } else { "NOT met" };
    for r in rows
        .iter()
        .filter(|r| matches!(r.kind, Kind::Writer | Kind::Reader))
    {
        let size = size_of(data, r.input);
        let Some(m) = median(&r.times) else {
            s += &format!(
                "| {} {} | {:.1} | – | – | – | – |\n",
                r.input.format().name(),
                r.what,
                size / MB
            );
            continue;
        };
        let mbs = size / MB / m;
        let ratio = sgf.map_or(f64::NAN, |b| mbs / b);
        let target = match (r.kind, r.what) {
            // formats/parquet.md: at least half of SGF→SGF.
            (Kind::Writer, w) if w.contains("Parquet") => {
                format!("≥ 0.5×: {}", verdict(ratio >= 0.5))
            }
            (Kind::Writer, w) if w.contains("move") || w == "→ CSV" => {
                format!("≥ 0.8×: {}", verdict(ratio >= 0.8))
            }
            (Kind::Writer, w) if w.contains("variations") => String::new(),
            (Kind::Writer, _) => format!("≥ 0.6×: {}", verdict(ratio >= 0.6)),
            (_, _) if matches!(r.input, Input::Json | Input::Xml | Input::Csv) => {
                format!("≥ 100 MB/s: {}", verdict(mbs >= 100.0))
            }
            _ => String::new(),
        };
        let name = if r.kind == Kind::Writer {
            "sgf".into()
        } else {
            r.input.format().name().to_string()
        };
        s += &format!(
            "| {name} {} | {:.1} | {mbs:.1} | {ratio:.2} | {target} | {m:.3} |\n",
            r.what,
            size / MB
        );
    }
    match startup {
        Some(StartUp {
            wall: (ours, cp),
            cpu,
        }) => {
            let k = ours / cp;
            s += &format!(
                "\nStart-up ({}, {} bytes; medians of {} runs each, interleaved): sgfconv {:.2} ms, \
                 cp {:.2} ms: {k:.2}× cp (target ≤ 1.15×: {}); CPU time (user + system) \
                 {:.2} ms against {:.2} ms: {:.2}×\n",
                Input::Small.file(),
                size_of(data, Input::Small) as u64,
                env_num("BENCH_STARTUP_RUNS", 40),
                ours * 1e3,
                cp * 1e3,
                verdict(k <= 1.15),
                cpu.0 * 1e3,
                cpu.1 * 1e3,
                cpu.0 / cpu.1
            );
        }
        None => s += "\nStart-up: not measured\n",
    }
    s
}

fn size_of(data: &Path, input: Input) -> f64 {
    fs::metadata(data.join(input.file())).map_or(0.0, |m| m.len() as f64)
}

/// The 1-minute load average: how busy the machine was.
fn loadavg() -> String {
    fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(String::from))
        .unwrap_or_else(|| "?".into())
}

fn report(
    rows: &[Row],
    data: &Path,
    reps: usize,
    peer_reps: usize,
    has_cli: bool,
    load: &str,
) -> String {
    let mut s = String::new();
    let machine = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_default();
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    s += &format!(
        "Machine: {machine}, {cores} cores. Medians of {reps} interleaved runs \
         ({peer_reps} for peers); MB = 10^6 bytes; RSS = peak resident set \
         (max over runs). Load average: {load}.\n"
    );
    if !has_cli {
        s += "target/release/sgfconv missing: CLI rows skipped.\n";
    }
    for input in [Input::Big, Input::Slice] {
        let size = size_of(data, input);
        let base = rows
            .iter()
            .find(|r| r.input == input && r.kind == Kind::Baseline)
            .and_then(|r| median(&r.times));
        s += &format!(
            "\n### {} ({:.1} MB)\n\n| tool | what | MB/s | × plain read | median s | CPU MB/s | peak RSS MB | runs |\n|---|---|---:|---:|---:|---:|---:|---|\n",
            input.file(),
            size / MB
        );
        for r in rows.iter().filter(|r| r.input == input) {
            let m = median(&r.times);
            let rss = r
                .rss_kb
                .iter()
                .max()
                .map_or("n/a".into(), |kb| format!("{:.1}", *kb as f64 / 1024.0));
            let runs = if r.failures.is_empty() {
                let note = if r.exit1.is_some() { " (exit 1)" } else { "" };
                format!("{}{note}", r.times.len())
            } else {
                format!(
                    "{} ok, {} failed: {}",
                    r.times.len(),
                    r.failures.len(),
                    r.failures[0]
                )
            };
            match m {
                Some(m) => {
                    let ratio = base.map_or("".into(), |b| format!("{:.3}", b / m));
                    let cpu = median(&r.cpu)
                        .filter(|c| *c > 0.0)
                        .map_or("n/a".into(), |c| format!("{:.1}", size / MB / c));
                    s += &format!(
                        "| {} | {} | {:.1} | {} | {:.3} | {} | {} | {} |\n",
                        r.tool,
                        r.what,
                        size / MB / m,
                        ratio,
                        m,
                        cpu,
                        rss,
                        runs
                    );
                }
                None => {
                    s += &format!(
                        "| {} | {} | – | – | – | – | {} | {} |\n",
                        r.tool, r.what, rss, runs
                    )
                }
            }
        }
    }

    // Same-run ratios on the slice: ours against the best peer.
    let slice: Vec<&Row> = rows.iter().filter(|r| r.input == Input::Slice).collect();
    s += "\n### sgfconv against the best peer (slice.sgf, same run)\n\n";
    for (kind, label, threads) in [
        (Kind::Parse, "parse-only", "all threads"),
        (Kind::Convert, "SGF→SGF", "all threads"),
        (Kind::Parse, "parse-only", "one thread"),
        (Kind::Convert, "SGF→SGF", "one thread"),
    ] {
        let label = format!("{label} ({threads})");
        let best = |ours: bool| {
            slice
                .iter()
                .filter(|r| r.kind == kind && r.ours == ours)
                .filter(|r| {
                    !ours
                        || (threads == "one thread")
                            == (r.tool == ONE_THREAD_PARSE || r.tool == ONE_THREAD_CONVERT)
                })
                .filter_map(|r| median(&r.times).map(|m| (m, median(&r.cpu), r.tool.clone())))
                .min_by(|a, b| a.0.total_cmp(&b.0))
        };
        match (best(true), best(false)) {
            (Some((o, ocpu, ot)), Some((p, pcpu, pt))) => {
                let cpu = match (ocpu, pcpu) {
                    (Some(o), Some(p)) if o > 0.0 => format!(" (CPU time: {:.1}×)", p / o),
                    _ => String::new(),
                };
                s += &format!("- {label}: {ot} is {:.1}× faster than {pt}{cpu}\n", p / o)
            }
            _ => s += &format!("- {label}: no pair measured\n"),
        }
    }

    // Targets, on the big input: wall-clock MB/s decides; CPU-time MB/s is
    // what an idle machine would approach.
    let big_size = size_of(data, Input::Big);
    let ours_best = |kind: Kind| {
        rows.iter()
            .filter(|r| r.input == Input::Big && r.ours && r.kind == kind)
            .filter_map(|r| median(&r.times).map(|m| (m, median(&r.cpu))))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(m, cpu)| {
                (
                    big_size / MB / m,
                    cpu.filter(|c| *c > 0.0).map(|c| big_size / MB / c),
                )
            })
    };
    let ours_rss = rows
        .iter()
        .filter(|r| r.input == Input::Big && r.ours)
        .flat_map(|r| r.rss_kb.iter().copied())
        .max();
    let verdict = |ok: bool| if ok { "met" } else { "NOT met" };
    s += "\n### Targets (big.sgf)\n\n";
    for (kind, label, goal) in [
        (Kind::Parse, "parse-only ≥ 500 MB/s", 500.0),
        (Kind::Convert, "SGF→SGF ≥ 250 MB/s", 250.0),
    ] {
        match ours_best(kind) {
            Some((v, cpu)) => {
                let cpu = cpu.map_or(String::new(), |c| format!(" ({c:.0} MB/s of CPU time)"));
                s += &format!("- {label}: {v:.0} MB/s{cpu}, {}\n", verdict(v >= goal))
            }
            None => s += &format!("- {label}: not measured (failed)\n"),
        }
    }
    match ours_rss {
        Some(kb) => {
            let mb = kb as f64 / 1024.0;
            s += &format!("- peak RSS < 32 MB: {mb:.1} MB, {}\n", verdict(mb < 32.0))
        }
        None => s += "- peak RSS < 32 MB: not measured (no /usr/bin/time)\n",
    }

    let depth_size = size_of(data, Input::Deep);
    s += &format!(
        "\n### Deep nesting (deep.sgf, {:.1} MB, {} levels)\n\n| tool | what | result | s | peak RSS MB |\n|---|---|---|---:|---:|\n",
        depth_size / MB,
        env_num("BENCH_DEPTH", 100_000)
    );
    for r in rows.iter().filter(|r| r.input == Input::Deep) {
        let rss = r
            .rss_kb
            .iter()
            .max()
            .map_or("n/a".into(), |kb| format!("{:.1}", *kb as f64 / 1024.0));
        let (result, secs) = match (r.times.first(), r.failures.first()) {
            (Some(t), _) if r.exit1.is_some() => (
                format!("exit 1: {}", r.exit1.as_deref().unwrap_or("")),
                format!("{t:.3}"),
            ),
            (Some(t), _) => ("ok".to_string(), format!("{t:.3}")),
            (None, Some(f)) => (format!("FAILED: {f}"), "–".into()),
            (None, None) => ("not run".into(), "–".into()),
        };
        s += &format!(
            "| {} | {} | {} | {} | {} |\n",
            r.tool,
            r.what,
            result.replace('|', "/"),
            secs,
            rss
        );
    }
    s
}

/// Row names of sgfconv on one thread.
const ONE_THREAD_PARSE: &str = "sgfconv -j 1 check --parse-only";
const ONE_THREAD_CONVERT: &str = "sgfconv -j 1 -t sgf";

// ---------------------------------------------------------------- self-check

/// What `cargo test --all-targets` runs: the workers on generated input.
fn self_check() -> Result<(), String> {
    let games = b"(;FF[4]GM[1]SZ[19]PB[Black]PW[White];B[pd];W[dp])\n\
                  (;FF[4]GM[1]SZ[9];B[ee](;W[cc])(;W[gg];B[cg]))\n\
                  (;FF[4]GM[1]C[a \\] bracket];B[aa])\n";
    let (c, _) = parse_only(&mut &games[..], "self-check")?;
    let want = (3, 10, 18);
    if (c.games, c.nodes, c.properties) != want {
        return Err(format!(
            "parse-only counted (games, nodes, props) = {:?}, want {want:?}",
            (c.games, c.nodes, c.properties)
        ));
    }

    let mut out = Vec::new();
    let stats = convert_sgf(&mut &games[..], &mut out, "self-check")?;
    if stats.games != 3 || stats.nodes != 10 {
        return Err(format!("SGF→SGF went through {stats:?}"));
    }
    let (again, _) = parse_only(&mut &out[..], "self-check output")?;
    if (again.games, again.nodes) != (3, 10) {
        return Err(format!("SGF→SGF output re-read as {again:?}"));
    }

    let n = plain_read(&mut &games[..]).map_err(|e| e.to_string())?;
    if n != games.len() as u64 {
        return Err(format!("plain read counted {n} bytes"));
    }

    // The deep-nesting input, smaller: it must parse without recursion.
    let depth = 20_000;
    let deep = deep_nesting(depth);
    let (c, _) = parse_only(&mut &deep[..], "deep")?;
    if c.games != 1 || c.nodes != depth as u64 + 1 {
        return Err(format!("deep nesting counted {c:?}"));
    }
    println!("throughput self-check: ok");
    Ok(())
}
