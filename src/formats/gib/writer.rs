//! SGF events → GIB. One game per file: the whole game is gathered
//! ([`OneGameWriter`]) and outlined (what GIB can say about it, and what it
//! cannot), then the header is composed, keeping every original value in
//! `XGIB` that still says what the SGF says, and the file encoded.
//!
//! This file is the sink and the steps; the outline is `write_outline.rs`,
//! the choice of values (original or derived) `write_decide.rs`, and the
//! header's text `write_header.rs`.

use super::charset::encoding_for_kind;
use super::codes::*;
use super::write_header::render_text;
use super::write_outline::{outline, private_get};
use super::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Property};
use crate::formats::lines::{self, OneGameWriter};
use crate::game::Game;
use crate::options::WriteOptions;
use crate::sink::Sink;
use encoding_rs::{Encoding, GB18030, GBK, UTF_8};
use std::io::Write;

/// A writer of GIB files (one game per file: GIB needs the whole game
/// before its header).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let to = options.to_encoding;
    Ok(Box::new(NameGuard {
        inner: OneGameWriter::new(
            output,
            Box::new(move |g, report| render_game(g, to, report)),
            "GIB",
            "a GIB file",
            GIB_ONE_GAME_PER_FILE,
        ),
        nodes: 0,
    }))
}

/// Refuses a root's player name longer than [`MAX_NAME`] as it arrives,
/// before the game gathered for the header holds a copy of it
/// ([`check_names`] does the same on the game).
struct NameGuard<'w> {
    inner: OneGameWriter<'w>,
    /// Nodes of the current game so far: the first is the root.
    nodes: usize,
}

impl Sink for NameGuard<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) => self.nodes = 0,
            Event::Node(_) => self.nodes += 1,
            Event::Property(p) if self.nodes == 1 => check_name(p)?,
            _ => {}
        }
        self.inner.event(event, report)
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.inner.finish(report)
    }
}

/// The text of a GIB file for `game`, CRLF line ends, then encoded; a
/// player name longer than [`MAX_NAME`] is refused (`E406`).
fn render_game(
    game: Game,
    to: Option<&'static Encoding>,
    report: &mut Reporter,
) -> Result<Vec<u8>, Error> {
    check_names(&game)?;
    let o = outline(&game);
    drop(game);
    let kind = private_get(&o.private, "GIBOKIND")
        .unwrap_or("Global")
        .trim()
        .to_string();
    let text = render_text(&o, &kind);
    // The character set of the game's own clients (Global ones write
    // UTF-8), unless it cannot carry the text: then UTF-8, losing nothing.
    let implied = match kind.to_ascii_lowercase().as_str() {
        "global" => None,
        k => encoding_for_kind(k).map(|e| if e == GB18030 { GBK } else { e }),
    }
    .filter(|e| !e.encode(&text).2);
    let encoding = to.or(implied).unwrap_or(UTF_8);
    Ok(lines::encode_listing_losses(
        &text,
        encoding,
        o.lost,
        "GIB",
        GIB_CANNOT_CARRY,
        report,
    ))
}

/// Refuses a game whose player name (`PB`, `PW`) is longer than
/// [`MAX_NAME`]: written six times, it would make a file of six times its
/// size whose `GAMETAG` line no reader takes back.
fn check_names(game: &Game) -> Result<(), Error> {
    game.root().props().iter().try_for_each(|p| check_name(&p))
}

/// [`check_names`] for one property.
fn check_name(p: &Property<'_>) -> Result<(), Error> {
    let len = p.values.text_len();
    if matches!(p.name, "PB" | "PW") && len > MAX_NAME {
        return Err(Error::unwritable(
            GIB_NAME_TOO_LONG,
            format!(
                "{} is {len} bytes long: GIB writes a player name six times, and names longer than {MAX_NAME} bytes are refused (nothing written)",
                p.name
            ),
        ));
    }
    Ok(())
}
