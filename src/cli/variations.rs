//! `sgfconv variations`: lists each game of the records read, with its
//! players and its variations (every line from the root to a leaf,
//! numbered from 0 in tree order: [`sgfconv::render::figure::lines`]), so
//! that `--game N --variation M` can be chosen for a picture.
//!
//! Games are numbered from 0 across the files, as `--game N` numbers the
//! games of one output. The listing goes to stdout (text, or one JSON
//! object per game with `--json`); the records' diagnostics to stderr, as
//! `check` says them.

use super::args::VariationsArgs;
use super::exit::{self, finish, usage_error};
use super::inputs::{self, Sources};
use super::say::{self, shown, Speaker};
use sgfconv::batch::{self, Batch, Target, Verdict, Voice};
use sgfconv::game::GameBuilder;
use sgfconv::input::open::Record;
use sgfconv::pipeline::{self, Start};
use sgfconv::render::figure::{lines, Line};
use sgfconv::{Error, Game, Options, Reporter};
use std::path::Path;
use std::process::ExitCode;

/// Runs `sgfconv variations`.
pub fn run(args: VariationsArgs) -> ExitCode {
    let mut batch = Batch::new(Vec::new(), Target::Stdout);
    let read = args.read.options().and_then(|r| Ok((r, args.read.from()?)));
    let (read, from) = match read {
        Ok(r) => r,
        Err(e) => return usage_error(e),
    };
    batch.from = from;
    batch.options = Options::default();
    batch.options.read = read;
    batch.archive_limits = args.read.archive_limits();
    let src = Sources {
        paths: &args.files,
        recursive: false,
        files_from: None,
        null: false,
        out_dir: None,
    };
    let gathered = match inputs::gather(&src) {
        Ok(g) => g,
        Err(e) => return usage_error(e),
    };
    let mut games = 0usize;
    let mut worst = Verdict::Done;
    for input in &gathered.inputs {
        let mut one = |record: Record<'_>, _: &Path, voice: &mut dyn Voice| {
            worst = worst.max(list_one(record, &args, &batch.options, &mut games, voice));
            Ok(())
        };
        let mut voice = Speaker { read: &args.read };
        let v = match batch::each_record(input, &batch, &mut voice, &mut one) {
            Ok(Ok(0)) => Verdict::Done,
            Ok(Ok(_)) => Verdict::Lost,
            Ok(Err(e)) | Err(e) => {
                say::say_note(&batch::unusable_note(&input.name(), &e));
                Verdict::Failed
            }
        };
        worst = worst.max(v);
    }
    say::end_of_run(None, args.read.quiet);
    exit::status(worst)
}

/// Reads one record and lists its games as they end.
fn list_one(
    record: Record<'_>,
    args: &VariationsArgs,
    options: &Options,
    games: &mut usize,
    voice: &mut dyn Voice,
) -> Verdict {
    let mut report = voice.reporter(&record.name);
    let name = record.name.clone();
    let json = args.json;
    if !json {
        say::line_to_stdout(shown(&name));
    }
    let on_game = |game: Game, _: &mut Reporter| -> Result<(), Error> {
        say::line_to_stdout(listing(&game, *games, &name, json));
        *games += 1;
        Ok(())
    };
    let mut builder = GameBuilder::new(on_game);
    let mut reader = record.reader;
    let result = pipeline::run(
        &mut reader,
        Start::whole(record.format),
        &options.read,
        Some(&options.read.dialect),
        &mut builder,
        &mut report,
    );
    drop(builder);
    finish(result.map(|_| ()), &mut report, args.read.strict, &name)
}

/// The listing of game `n` of `file`: text lines, or one JSON object.
fn listing(game: &Game, n: usize, file: &str, json: bool) -> String {
    let all = lines(game);
    let player = |id: &str| {
        game.root()
            .text(id)
            .map(str::trim)
            .unwrap_or("")
            .to_string()
    };
    let (black, white) = (player("PB"), player("PW"));
    if json {
        let variations: Vec<serde_json::Value> = all.iter().map(line_json).collect();
        let object = serde_json::json!({
            "file": file,
            "game": n,
            "black": black,
            "white": white,
            "variations": variations,
        });
        return object.to_string();
    }
    let or_unknown = |s: String| if s.is_empty() { "?".to_string() } else { s };
    let count = match all.len() {
        1 => "1 variation (the main line)".to_string(),
        k => format!("{k} variations"),
    };
    let mut out = format!(
        "game {n}: {} (black) - {} (white), {count}",
        shown(or_unknown(black)),
        shown(or_unknown(white))
    );
    for l in &all {
        out.push_str("\n  ");
        out.push_str(&line_text(l));
    }
    out
}

/// `variation 3: leaves 1 after move 45, 6 moves (51 in all)`.
fn line_text(l: &Line) -> String {
    let moves = |k: u32| match k {
        1 => "1 move".to_string(),
        k => format!("{k} moves"),
    };
    match l.number {
        0 => format!("variation 0: the main line, {}", moves(l.moves)),
        n => format!(
            "variation {n}: leaves {} after move {}, {} ({} in all)",
            l.parent,
            l.after_move,
            moves(l.moves),
            l.total()
        ),
    }
}

fn line_json(l: &Line) -> serde_json::Value {
    serde_json::json!({
        "variation": l.number,
        "parent": l.parent,
        "after_move": l.after_move,
        "moves": l.moves,
        "total_moves": l.total(),
    })
}
