//! What the fuzz targets check, shared by the libFuzzer targets (nightly,
//! `cargo fuzz run`) and the stable smoke runner (`src/bin/smoke.rs`).
//!
//! A failed check is a panic: libFuzzer and the smoke runner both save the
//! input that caused it.

use sgfconv::diag::{Output, Reporter};
use sgfconv::formats::{self, FORMATS};
use sgfconv::options::ReadOptions;
use sgfconv::sink::Counter;
use sgfconv::{Format, Options};

/// Every reader, on the same bytes (plus format sniffing): none may panic.
/// Errors are fine: most random bytes are not a record of most formats.
pub fn read_all(data: &[u8]) {
    let _ = Format::sniff(data);
    for info in FORMATS {
        let mut sink = Counter::default();
        let mut report = Reporter::new("fuzz", Output::Discard);
        let _ = formats::read(
            info.format,
            &mut &data[..],
            &ReadOptions::default(),
            &mut sink,
            &mut report,
        );
    }
}

/// Every reader into the SGF writer, then that SGF read back and written
/// again. The SGF we write must read back as the same number of games and
/// nodes, and writing it again must give the same bytes (the writer is
/// canonical). None of it may panic.
pub fn convert_sgf(data: &[u8]) {
    let options = Options::default();
    for info in FORMATS {
        let mut first = Vec::new();
        let mut report = Reporter::new("fuzz", Output::Discard);
        let Ok(stats) = sgfconv::convert(
            &mut &data[..],
            info.format,
            &mut first,
            Format::Sgf,
            &options,
            &mut report,
        ) else {
            continue;
        };
        let mut second = Vec::new();
        let mut report = Reporter::new("fuzz-output", Output::Discard);
        let again = sgfconv::convert(
            &mut &first[..],
            Format::Sgf,
            &mut second,
            Format::Sgf,
            &options,
            &mut report,
        );
        let shown = || String::from_utf8_lossy(&first).into_owned();
        match again {
            Err(e) => panic!(
                "{} → SGF: our output does not read back ({e}):\n{}",
                info.name,
                shown()
            ),
            Ok(s) => {
                assert_eq!(
                    (s.games, s.nodes),
                    (stats.games, stats.nodes),
                    "{} → SGF: games/nodes changed on reading our output back:\n{}",
                    info.name,
                    shown()
                );
                assert!(
                    second == first,
                    "{} → SGF: writing our output again changed it:\nfirst:\n{}\nsecond:\n{}",
                    info.name,
                    shown(),
                    String::from_utf8_lossy(&second)
                );
            }
        }
    }
}
