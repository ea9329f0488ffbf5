//! What an earlier run's report (`--report`, the same file) holds of the
//! files a resumed run skips as up to date: whose findings it has (its
//! entry names the games it read), so that they need not be read again.
//! The entries themselves are taken over at the end (`log::carry`); here
//! only the hashes of their sources are kept, 8 bytes an entry, so a
//! resumed run's memory stays bounded.
//!
//! A skipped file the earlier report says nothing of (no report was
//! given, the run that converted it was killed before writing one, or
//! wrote it elsewhere), or whose input or output is newer than the report
//! (a run killed after writing the output, before writing its report, over
//! an input changed since the report: the entry is stale), is read again, not written, so that its warnings
//! and errors are counted as an uninterrupted run counts them
//! (`docs/migrate.md`, "Resuming").

use super::entry::Status;
use super::entry_text;
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::BufReader;
use std::path::Path;
use std::time::SystemTime;

/// The hash an entry's source is known by.
pub(super) fn source_hash(source: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    source.hash(&mut h);
    h.finish()
}

/// The sources an earlier report holds the findings of, as hashes.
#[derive(Debug, Default)]
pub(super) struct Known {
    hashes: Vec<u64>,
    /// When the earlier report was written (its modification time).
    written: Option<SystemTime>,
}

impl Known {
    /// What the report at `path` holds (nothing when there is none, or it
    /// cannot be read as a report).
    pub(super) fn read(path: Option<&Path>) -> Known {
        let Some(file) = path
            .filter(|p| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file()))
            .and_then(|p| File::open(p).ok())
        else {
            return Known::default();
        };
        let mut hashes = Vec::new();
        let reader = BufReader::with_capacity(64 * 1024, file);
        let read = entry_text::each_earlier_file(reader, &mut |v| {
            if let Some(source) = holds_findings(v) {
                hashes.push(source_hash(source));
            }
        });
        if read.is_err() {
            return Known::default();
        }
        hashes.sort_unstable();
        hashes.dedup();
        let written = path.and_then(|p| std::fs::metadata(p).ok()?.modified().ok());
        Known { hashes, written }
    }

    /// Whether the earlier report holds the findings of `source` as it is
    /// now: it names them, and `times` (the input's and its output's
    /// modification times) are not newer than the report (equal: written
    /// in the same tick of the file system's clock as the report, by the
    /// run that wrote it). An output written since (by a run killed before
    /// it wrote its report: `SIGKILL`, a crash), or an input changed since,
    /// makes the entry stale: the file is read again.
    pub(super) fn holds(&self, source: &str, times: &[SystemTime]) -> bool {
        let before = |w: SystemTime| times.iter().all(|t| *t <= w);
        self.written.is_some_and(before) && self.knows(source)
    }

    /// Whether the earlier report holds the findings of `source`.
    pub(super) fn knows(&self, source: &str) -> bool {
        self.hashes.binary_search(&source_hash(source)).is_ok()
    }
}

/// The source of an earlier entry that holds what was found in its file:
/// converted or skipped, with the games it read (a file that gives no game
/// fails, so an entry without games found nothing: an older report's
/// skipped entry, or a failure).
fn holds_findings(v: &serde_json::Value) -> Option<&str> {
    let status = v.get("status")?.as_str().and_then(Status::named)?;
    let games = v.get("games")?.as_u64()?;
    (matches!(status, Status::Converted | Status::Skipped) && games > 0)
        .then(|| v.get("source")?.as_str())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_entries_with_games_are_known() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("r.json");
        std::fs::write(
            &p,
            r#"{"files": [
                {"source": "s/a.sgf", "status": "converted", "games": 1},
                {"source": "s/b.sgf", "status": "skipped", "games": 2},
                {"source": "s/c.sgf", "status": "skipped", "games": 0},
                {"source": "s/d.sgf", "status": "failed", "games": 0},
                {"source": "s/e.txt", "status": "ignored", "games": 0}
            ], "totals": {}}"#,
        )
        .unwrap();
        let k = Known::read(Some(&p));
        assert!(k.knows("s/a.sgf") && k.knows("s/b.sgf"));
        for unknown in ["s/c.sgf", "s/d.sgf", "s/e.txt", "s/z.sgf"] {
            assert!(!k.knows(unknown), "{unknown}");
        }
        let now = std::time::SystemTime::now();
        let hour = std::time::Duration::from_secs(3600);
        assert!(k.holds("s/a.sgf", &[now - hour, now - hour]));
        assert!(!k.holds("s/a.sgf", &[now - hour, now + hour]), "stale");
        assert!(!k.holds("s/c.sgf", &[now - hour]));
        std::fs::write(&p, "not a report").unwrap();
        assert!(!Known::read(Some(&p)).knows("s/a.sgf"));
        assert!(!Known::read(None).knows("s/a.sgf"));
        assert!(!Known::read(Some(&d.path().join("none.json"))).knows("s/a.sgf"));
    }
}
