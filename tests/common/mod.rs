//! Helpers shared by the integration tests.
#![allow(dead_code)]

use sgfconv::diag::Reporter;
use sgfconv::event::OwnedEvent;
use sgfconv::sink::EventLog;
use sgfconv::{Format, Options};
use std::path::{Path, PathBuf};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/corpus`, or `None` (with a message) when it is absent, as in a
/// fresh clone.
pub fn shared_corpus() -> Option<PathBuf> {
    let p = root().join("../shared/corpus");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("skipped: ../shared/corpus is not here (a fresh clone); nothing to sweep");
        None
    }
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
        let mut chain = sgfconv::transform::pipeline(Box::new(&mut log), &options);
        sgfconv::formats::read(Format::Sgf, &mut src, &options, &mut *chain, &mut report)
            .expect("read runs");
        chain.finish(&mut report).expect("finish runs");
    }
    log.events
}
