//! Randomized smoke fuzzer on stable Rust (no nightly, no libFuzzer, no C++):
//! mutates seed files and runs the same checks as the libFuzzer targets. Not
//! coverage-guided; `cargo +nightly fuzz run` is the real thing.
//!
//! ```text
//! smoke [--time SECS] [--seed N] [--max-len BYTES] [--target read_all|convert_sgf|structured_shape|archive_walk|all]
//!       [--artifacts DIR] SEED_DIR_OR_FILE...
//! ```
//!
//! A panic is caught, its input saved as `DIR/crash-<target>-<n>` and the run
//! goes on (at most 20 distinct panics); an input slower than 2 s is saved as
//! `slow-…`. The input under test is always in `DIR/current`, so an abort the
//! process cannot catch (stack overflow) leaves it behind; a watchdog ends
//! the run when one input takes more than 60 s. Exit status 1 when anything
//! was found.

use std::collections::BTreeSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use std::{fs, process, thread};

/// Bytes that mean something to at least one format's syntax.
const INTERESTING: &[u8] = b"()[];:\\\n\r\t \"<>{},=.-+0123456789ABWabstz\x00\x80\xbf\xc3\xe3\xff";

/// Fragments that reach the less common paths of the readers.
const TOKENS: &[&[u8]] = &[
    b"(;",
    b")",
    b";",
    b"[]",
    b"\\]",
    b"\\\\",
    b"\\\n",
    b"(;FF[4]GM[1]SZ[19]",
    b"CA[UTF-8]",
    b"CA[SJIS]",
    b"CA[Big5]",
    b"CA[GB2312]",
    b"CA[EUC-KR]",
    b"CA[nonsense]",
    b"FF[3]",
    b"FF[1]",
    b"SZ[52]",
    b"SZ[0]",
    b"SZ[19:9]",
    b"B[tt]",
    b"W[]",
    b"AB[aa:ss]",
    b"LB[pd:A]",
    b"KM[6.5]",
    b"HA[9]",
    b"PL[2]",
    b"S[pdqc]",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"\x81\x5D",
    b"\xA4\x5C",
    b"\r\n",
    b"\\[GAMEINFOMAIN=",
    b"\\[GAMEBLACKNAME=",
    b"STO 0 1 1 3 3",
    b"[Header]",
    b"[Data]",
    b"[Figure]",
    b"PlayerBlack=",
    b"<?xml version=\"1.0\"?>",
    b"<Go><GoGame>",
    b"{\"games\":[",
    b"\"props\":{",
    b"move,color,x,y\n",
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn mutate(rng: &mut Rng, data: &mut Vec<u8>, seeds: &[Vec<u8>], max_len: usize) {
    let rounds = 1 + rng.below(6);
    for _ in 0..rounds {
        let len = data.len();
        let at = rng.below(len + 1);
        match rng.below(10) {
            0 if len > 0 => {
                let i = rng.below(len);
                data[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                data[i] = INTERESTING[rng.below(INTERESTING.len())];
            }
            2 => {
                let n = 1 + rng.below(4);
                for _ in 0..n {
                    data.insert(at, INTERESTING[rng.below(INTERESTING.len())]);
                }
            }
            3 if len > 0 => {
                let n = 1 + rng.below(64.min(len));
                let from = rng.below(len - n + 1);
                data.drain(from..from + n);
            }
            4 if len > 0 => {
                let n = 1 + rng.below(256.min(len));
                let from = rng.below(len - n + 1);
                let chunk = data[from..from + n].to_vec();
                data.splice(at..at, chunk);
            }
            5 => {
                // Splice: our head, another seed's tail.
                let other = &seeds[rng.below(seeds.len())];
                let from = rng.below(other.len() + 1);
                data.truncate(at);
                data.extend_from_slice(&other[from..]);
            }
            6 => data.truncate(at),
            7 | 8 => {
                let t = TOKENS[rng.below(TOKENS.len())];
                data.splice(at..at, t.iter().copied());
            }
            _ => {
                // Deep nesting or long runs: the limits of stacks and buffers.
                let unit: &[u8] = match rng.below(4) {
                    0 => b"(;",
                    1 => b"(",
                    2 => b")",
                    _ => b"[",
                };
                let n = 1 + rng.below(20_000);
                let run: Vec<u8> = unit.iter().copied().cycle().take(unit.len() * n).collect();
                data.splice(at..at, run);
            }
        }
    }
    data.truncate(max_len);
}

fn collect_seeds(path: &Path, max_len: usize, out: &mut Vec<Vec<u8>>) {
    let mut stack = vec![path.to_path_buf()];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            if let Ok(rd) = fs::read_dir(&p) {
                let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
                entries.sort();
                stack.extend(entries);
            }
        } else if let Ok(mut bytes) = fs::read(&p) {
            bytes.truncate(max_len);
            out.push(bytes);
        }
    }
}

type Check = fn(&[u8]);

fn main() {
    let mut time = 60u64;
    let mut seed = 0x5eed_u64;
    let mut max_len = 1usize << 16;
    let mut target = String::from("all");
    let mut artifacts = PathBuf::from("fuzz/artifacts/smoke");
    let mut seed_paths = Vec::new();
    let mut args = std::env::args().skip(1);
    let usage = || -> ! {
        eprintln!("usage: smoke [--time SECS] [--seed N] [--max-len BYTES] [--target read_all|convert_sgf|structured_shape|archive_walk|all] [--artifacts DIR] SEEDS...");
        process::exit(2)
    };
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--time" => time = val().parse().unwrap_or_else(|_| usage()),
            "--seed" => seed = val().parse().unwrap_or_else(|_| usage()),
            "--max-len" => max_len = val().parse().unwrap_or_else(|_| usage()),
            "--target" => target = val(),
            "--artifacts" => artifacts = PathBuf::from(val()),
            "-h" | "--help" => usage(),
            _ => seed_paths.push(PathBuf::from(a)),
        }
    }
    let checks: Vec<(&str, Check)> = [
        ("read_all", sgfconv_fuzz::read_all as Check),
        ("convert_sgf", sgfconv_fuzz::convert_sgf as Check),
        ("structured_shape", sgfconv_fuzz::structured_shape as Check),
        ("archive_walk", sgfconv_fuzz::archive_walk as Check),
    ]
    .into_iter()
    .filter(|(name, _)| target == "all" || target == *name)
    .collect();
    if checks.is_empty() {
        usage();
    }

    let mut seeds: Vec<Vec<u8>> = vec![Vec::new(), b"(;)".to_vec()];
    for p in &seed_paths {
        if p.exists() {
            collect_seeds(p, max_len, &mut seeds);
        } else {
            eprintln!("smoke: seed path {} not found, skipped", p.display());
        }
    }
    fs::create_dir_all(&artifacts).unwrap_or_else(|e| {
        eprintln!("smoke: {}: {e}", artifacts.display());
        process::exit(2)
    });
    let current = artifacts.join("current");

    // Panics are caught; the hook keeps their message and place quiet until we print them.
    let last_panic: Arc<Mutex<String>> = Arc::default();
    {
        let last_panic = last_panic.clone();
        panic::set_hook(Box::new(move |info| {
            if let Ok(mut s) = last_panic.lock() {
                *s = info.to_string();
            }
        }));
    }

    // Watchdog: one input running for a minute is a hang.
    let started = Instant::now();
    let exec_started_ms = Arc::new(AtomicU64::new(u64::MAX));
    {
        let exec_started_ms = exec_started_ms.clone();
        let current = current.clone();
        thread::spawn(move || loop {
            thread::sleep(Duration::from_secs(1));
            let t = exec_started_ms.load(Ordering::Relaxed);
            let now = started.elapsed().as_millis() as u64;
            if t != u64::MAX && now.saturating_sub(t) > 60_000 {
                eprintln!(
                    "smoke: HANG: one input ran for over 60 s; it is in {}",
                    current.display()
                );
                process::exit(1);
            }
        });
    }

    eprintln!(
        "smoke: {} seeds, targets {:?}, {} s, seed {seed}, max-len {max_len}",
        seeds.len(),
        checks.iter().map(|c| c.0).collect::<Vec<_>>(),
        time
    );
    let mut rng = Rng(seed | 1);
    let deadline = Duration::from_secs(time);
    let mut execs = 0u64;
    let mut found: BTreeSet<String> = BTreeSet::new();
    let mut slow = 0u32;
    let mut input = Vec::new();
    // Every seed runs once, whatever the time; then mutations until the deadline.
    while (execs < seeds.len() as u64 || started.elapsed() < deadline) && found.len() < 20 {
        input.clear();
        // Every seed unmutated first: the corpus itself must pass.
        if let Some(s) = seeds.get(execs as usize) {
            input.extend_from_slice(s);
        } else {
            input.extend_from_slice(&seeds[rng.below(seeds.len())]);
            mutate(&mut rng, &mut input, &seeds, max_len);
        }
        let _ = fs::write(&current, &input);
        for (name, check) in &checks {
            exec_started_ms.store(started.elapsed().as_millis() as u64, Ordering::Relaxed);
            let t0 = Instant::now();
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| check(&input)));
            let took = t0.elapsed();
            exec_started_ms.store(u64::MAX, Ordering::Relaxed);
            if outcome.is_err() {
                let msg = last_panic.lock().map(|s| s.clone()).unwrap_or_default();
                // One artifact per distinct panic place (first line of the message).
                let key = format!("{name}: {}", msg.lines().next().unwrap_or(""));
                if found.insert(key.clone()) {
                    let path = artifacts.join(format!("crash-{name}-{}", found.len()));
                    let _ = fs::write(&path, &input);
                    let short: String = msg.chars().take(600).collect();
                    eprintln!("smoke: PANIC in {name} ({}):\n{short}\n", path.display());
                }
            } else if took > Duration::from_secs(2) && slow < 5 {
                slow += 1;
                let path = artifacts.join(format!("slow-{name}-{slow}"));
                let _ = fs::write(&path, &input);
                eprintln!(
                    "smoke: SLOW: {name} took {:.1} s on {} bytes ({})",
                    took.as_secs_f64(),
                    input.len(),
                    path.display()
                );
            }
        }
        execs += 1;
    }
    let _ = fs::remove_file(&current);
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "smoke: {execs} inputs in {secs:.0} s ({:.0}/s), {} distinct panics, {slow} slow inputs",
        execs as f64 / secs,
        found.len()
    );
    if !found.is_empty() || slow > 0 {
        process::exit(1);
    }
}
