//! The validator's board on real games: server-recorded games (KGS, Fox)
//! never play an illegal move, so replaying them must find nothing. Any
//! finding there is a false alarm of the board (a wrong capture, a ko
//! seen where there is none).
//!
//! The KGS games come as tar.gz archives in `$SHARED/corpus/bulk/kgs-u-go`:
//! the test unpacks one (`SGFCONV_BULK_ARCHIVE` names another) into a
//! temporary folder. The Fox games are the plain files of
//! `bulk/yenw-AI/CGI Fox Go Server`. The replay's speed is printed
//! (`cargo test --release --test it validate::board:: -- --ignored --nocapture`
//! for a meaningful number).

use crate::common;

use sgfconv::game::{Game, GameBuilder};
use sgfconv::options::ReadOptions;
use sgfconv::validate::board::replay;
use sgfconv::{Format, Reporter};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The archive of `bulk/kgs-u-go` the test unpacks by default.
const KGS_ARCHIVE: &str = "KGS-2015-19-8133-.tar.gz";

/// The games of an SGF file, read as a conversion reads them (through the
/// default dialect rules); none when it cannot be read.
fn games_of(path: &Path) -> Vec<Game> {
    let bytes = std::fs::read(path).unwrap();
    let options = ReadOptions::default();
    let mut report = Reporter::collecting("in.sgf");
    let mut games = Vec::new();
    {
        let mut builder = GameBuilder::new(|g, _: &mut Reporter| {
            games.push(g);
            Ok(())
        });
        let mut chain = sgfconv::transform::pipeline(Box::new(&mut builder), &options.dialect);
        let read = sgfconv::formats::read(
            Format::Sgf,
            &mut &bytes[..],
            &options,
            &mut *chain,
            &mut report,
        );
        if read.is_ok() {
            let _ = chain.finish(&mut report);
        }
    }
    games
}

fn is_sgf(p: &Path) -> bool {
    p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// What replaying a set of games gave.
#[derive(Default)]
struct Tally {
    games: usize,
    nodes: usize,
    replaying: Duration,
    /// `file: node N property[value]: message`, the first few.
    found: Vec<String>,
    findings: usize,
}

impl Tally {
    fn replay_files(&mut self, files: &[PathBuf]) {
        for f in files {
            for g in games_of(f) {
                let start = Instant::now();
                let found = replay(&g);
                self.replaying += start.elapsed();
                self.games += 1;
                self.nodes += g.len();
                self.findings += found.len();
                for x in found.iter().take(20usize.saturating_sub(self.found.len())) {
                    self.found.push(format!(
                        "{}: node {} {}[{}]: {}",
                        f.display(),
                        x.node,
                        x.property,
                        x.value,
                        x.message
                    ));
                }
            }
        }
    }

    fn report(&self, what: &str) {
        let secs = self.replaying.as_secs_f64().max(1e-9);
        println!(
            "{what}: {} games, {} nodes replayed in {:.3} s: {:.0} games/s, {:.0} nodes/s; {} findings",
            self.games,
            self.nodes,
            secs,
            self.games as f64 / secs,
            self.nodes as f64 / secs,
            self.findings
        );
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn server_games_replay_without_a_finding() {
    let Some(kgs) = common::shared_path("corpus/bulk/kgs-u-go") else {
        return;
    };
    let name = std::env::var("SGFCONV_BULK_ARCHIVE").unwrap_or_else(|_| KGS_ARCHIVE.into());
    let dir = tempfile::tempdir().unwrap();
    let status = std::process::Command::new("tar")
        .arg("xzf")
        .arg(kgs.join(&name))
        .arg("-C")
        .arg(dir.path())
        .status()
        .expect("tar runs");
    assert!(status.success(), "tar xzf {name} failed");
    let mut kgs_games = Tally::default();
    kgs_games.replay_files(&common::files_under(dir.path(), &is_sgf));
    kgs_games.report(&format!("KGS {name}"));

    let mut fox_games = Tally::default();
    if let Some(fox) = common::shared_path("corpus/bulk/yenw-AI/CGI Fox Go Server") {
        fox_games.replay_files(&common::files_under(&fox, &is_sgf));
        fox_games.report("Fox (yenw-AI/CGI Fox Go Server)");
    }

    assert!(
        kgs_games.games >= 500,
        "only {} KGS games read",
        kgs_games.games
    );
    assert!(
        fox_games.games >= 150,
        "only {} Fox games read",
        fox_games.games
    );
    let found: Vec<&String> = kgs_games.found.iter().chain(&fox_games.found).collect();
    assert!(
        found.is_empty(),
        "{} findings on server games, the first:\n{}",
        kgs_games.findings + fox_games.findings,
        found
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
