//! The JSON reader: the lossless model (a collection document, a JSON Lines
//! stream of games, or an array of games) or the move-list projection,
//! one game at a time. The layouts the writer produces are read a line at
//! a time from memory; anything else goes to serde_json's streaming parser.
//!
//! This file reads the layouts (lines, documents, long games, serde_json's
//! stream); the document's and a game's fields are read by the serde seeds
//! of `document.rs`, nodes and properties by those of `nodes.rs`.

use super::bound::{too_long, Bounded, TooLong};
use super::codes::*;
use super::document::{Ctx, TopSeed};
use super::surrogates::{Found, Surrogates};
use super::{FORMAT_NAME, MOVES_FORMAT_NAME, VERSION};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Pos;
use crate::formats::structured::{self};
use crate::input::{HeldThen, PieceEnd, Resume};
use crate::options::ReadOptions;
use crate::sink::Sink;
use serde::de::{DeserializeSeed, IgnoredAny};
use std::io::{BufRead, BufReader, Read};

/// Reads the lossless model (a collection document, a JSON Lines stream of
/// games, or an array of games) or the move-list projection: the whole
/// input from [`Resume::default`], else a piece of a JSON Lines input or
/// its rest, from `resume` on (a line start: read as JSON Lines,
/// `super::cuts`): line numbers, game numbers and diagnostics as a reading
/// of the whole input gives them. A piece ends clean when every line of it
/// was read as a game.
///
/// Any layout is read by serde_json's streaming parser. The layouts this
/// writer produces (and JSON Lines in general) hold one game per line; those
/// lines are parsed from memory, several times faster, still one game at a
/// time. A line longer than `MAX_LINE` goes to the streaming parser.
pub fn read_from(
    input: &mut dyn Read,
    resume: Resume,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<PieceEnd, Error> {
    let max = options.max_value_size();
    let found = Found::default();
    let mut filtered = Surrogates::new(input, resume.pos, found.clone());
    let bounded = Bounded::new(&mut filtered as &mut dyn Read, max);
    if resume.continuing {
        // As one reading has it here: the last game replayed.
        report.set_game(resume.games.checked_sub(1));
    }
    let mut ctx = Ctx {
        sink,
        report,
        games: resume.games,
        error: None,
        line_offset: 0,
        hold: false,
        held: None,
        continuing: resume.continuing,
        clean: false,
    };
    let result = match resume.pos.offset {
        0 => read_bounded(bounded, &mut ctx),
        _ => read_lines_from(bounded, resume.pos.line, &mut ctx),
    };
    report_surrogates(&found, ctx.report);
    match result {
        Err(Error::Io(e)) => match too_long(&e) {
            Some(max) => Err(Error::unreadable(
                JSON_TOKEN_TOO_LONG,
                TooLong(max).to_string(),
            )),
            None => Err(Error::Io(e)),
        },
        Err(e) => Err(e),
        Ok(()) => Ok(PieceEnd {
            games: ctx.games - resume.games,
            clean: ctx.clean,
        }),
    }
}

/// The lone surrogates replaced in the input read ([`Surrogates`]), each
/// at its position (the game it is in is not known: the parser reads
/// ahead of the games it hands over).
fn report_surrogates(found: &Found, report: &mut Reporter) {
    let found = found.borrow();
    if found.is_empty() {
        return;
    }
    report.set_game(None);
    for pos in found.iter() {
        report.report(
            JSON_LONE_SURROGATE,
            *pos,
            "a lone surrogate escape (half of a pair, no character): replaced by U+FFFD",
        );
    }
}

/// [`read_from`], with no token longer than the bound of `input`.
fn read_bounded(input: Bounded<&mut dyn Read>, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    skip_bom(&mut buffered)?;
    let mut line = Vec::new();
    let complete = read_line(&mut buffered, &mut line)?;
    let head = line.trim_ascii();
    let opening = |name: &str| format!("{{\"format\":\"{name}\",\"version\":{VERSION},\"games\":[");
    if complete
        && (head == opening(FORMAT_NAME).as_bytes()
            || head == opening(MOVES_FORMAT_NAME).as_bytes())
    {
        return read_document_lines(&mut buffered, ctx);
    }
    if complete && is_json_lines(head) {
        return read_json_lines(line, 1, &mut buffered, ctx);
    }
    read_stream(HeldThen::new(line, buffered), ctx)
}

/// A first line (trimmed) that makes the input JSON Lines: an object, whole.
pub(super) fn is_json_lines(head: &[u8]) -> bool {
    head.starts_with(b"{") && serde_json::from_slice::<IgnoredAny>(head).is_ok()
}

/// JSON Lines from line `line_no` on (a piece of an input, or its rest).
fn read_lines_from(
    input: Bounded<&mut dyn Read>,
    line_no: u32,
    ctx: &mut Ctx<'_>,
) -> Result<(), Error> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    let mut line = Vec::new();
    if !read_line(&mut buffered, &mut line)? {
        ctx.line_offset = line_no - 1;
        return read_stream(std::io::Cursor::new(line).chain(buffered), ctx);
    }
    read_json_lines(line, line_no, &mut buffered, ctx)
}

/// Longest line parsed from memory; longer ones are streamed.
const MAX_LINE: usize = 1 << 20;

/// Reads one line into `buf` (cleared first), at most [`MAX_LINE`] bytes.
/// `true` when the line ended (newline or end of input) within the limit.
fn read_line(r: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    buf.clear();
    loop {
        let avail = r.fill_buf()?;
        if avail.is_empty() {
            return Ok(true);
        }
        let room = MAX_LINE.saturating_sub(buf.len());
        match memchr::memchr(b'\n', avail) {
            Some(i) if i < room => {
                buf.extend_from_slice(&avail[..=i]);
                r.consume(i + 1);
                return Ok(true);
            }
            _ => {
                let n = avail.len().min(room);
                buf.extend_from_slice(&avail[..n]);
                r.consume(n);
                if n == room {
                    return Ok(false);
                }
            }
        }
    }
}

/// One value parsed from memory; a syntax error is returned as is. A line
/// of UTF-8 (the common case, checked at once) is parsed as text, which
/// spares serde_json checking each string on its own; another is parsed
/// as bytes, where serde_json says where the fault is.
fn parse_line(ctx: &mut Ctx<'_>, text: &[u8]) -> Result<Result<(), serde_json::Error>, Error> {
    let result = match std::str::from_utf8(text) {
        Ok(s) => parse_with(ctx, serde_json::Deserializer::from_str(s)),
        Err(_) => parse_with(ctx, serde_json::Deserializer::from_slice(text)),
    };
    if let Some(e) = ctx.error.take() {
        return Err(e);
    }
    Ok(result)
}

/// One top-level value from `de`, and nothing after it.
fn parse_with<'de, R: serde_json::de::Read<'de>>(
    ctx: &mut Ctx<'_>,
    mut de: serde_json::Deserializer<R>,
) -> Result<(), serde_json::Error> {
    TopSeed::new(ctx)
        .deserialize(&mut de)
        .and_then(|()| de.end())
}

/// JSON Lines: one value per line, the first (`first`, whole) on line
/// `line_no`.
fn read_json_lines(
    first: Vec<u8>,
    mut line_no: u32,
    r: &mut impl BufRead,
    ctx: &mut Ctx<'_>,
) -> Result<(), Error> {
    let mut line = first;
    let mut complete = true;
    loop {
        if !complete {
            ctx.line_offset = line_no - 1;
            return read_stream(HeldThen::new(line, r), ctx);
        }
        let text = line.trim_ascii();
        if !text.is_empty() {
            if let Err(e) = parse_line(ctx, text)? {
                return syntax_error(ctx, &e, line_no, e.column() as u32);
            }
        }
        complete = read_line(r, &mut line)?;
        if line.is_empty() {
            ctx.clean = true;
            return Ok(());
        }
        line_no += 1;
    }
}

/// A collection document laid out as the writer writes it: the opening on
/// the first line, then one game per line, then `]}`.
fn read_document_lines(r: &mut impl BufRead, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut line = Vec::new();
    let mut line_no = 1u32;
    loop {
        let complete = read_line(r, &mut line)?;
        if line.is_empty() {
            return syntax_error_msg(ctx, "the document ends inside its games array", line_no, 1);
        }
        line_no += 1;
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        if text == b"]}" {
            // Another document may follow (concatenated collections).
            ctx.line_offset = line_no;
            return read_stream(r, ctx);
        }
        let game = text.strip_suffix(b",").unwrap_or(text);
        let fallback = if !complete {
            match read_long_game(&mut line, r, ctx, line_no)? {
                // A syntax error, reported: reading stops.
                None => return Ok(()),
                Some(ended) => !ended,
            }
        } else {
            match parse_line(ctx, game)? {
                Ok(()) => false,
                // The rest is laid out differently (edited by hand): stream
                // it, as the inside of the games array it is.
                Err(e) if e.is_eof() => true,
                Err(e) => return syntax_error(ctx, &e, line_no, e.column() as u32),
            }
        };
        if fallback {
            ctx.line_offset = line_no - 1;
            let mut start = b"{\"games\":[".to_vec();
            start.extend_from_slice(&line);
            return read_stream(HeldThen::new(start, r), ctx);
        }
    }
}

/// A game line longer than [`MAX_LINE`] (`line` holds its start), read
/// by a parser of its own and replayed once that parser is dropped: its
/// buffer held the longest string, so a huge value is held twice (the
/// game, the replay), not three times. `Some(true)` when the line ended
/// after the game (a `,` at most); `Some(false)` when something else
/// follows on it, left in `line` for the streaming parser; `None` after a
/// syntax error (reported).
fn read_long_game(
    line: &mut Vec<u8>,
    r: &mut impl BufRead,
    ctx: &mut Ctx<'_>,
    line_no: u32,
) -> Result<Option<bool>, Error> {
    let skip = line.iter().take_while(|c| c.is_ascii_whitespace()).count();
    if line.get(skip) != Some(&b'{') {
        return Ok(Some(false));
    }
    // The line read so far is given back once parsed (a long game goes on
    // far past it).
    line.drain(..skip);
    let mut start = HeldThen::new(std::mem::take(line), &mut *r);
    ctx.hold = true;
    let mut de = serde_json::Deserializer::from_reader(&mut start);
    let result = TopSeed::new(&mut *ctx).deserialize(&mut de);
    drop(de);
    ctx.hold = false;
    if let Some(e) = ctx.error.take() {
        return Err(e);
    }
    if let Err(e) = result {
        if e.is_io() {
            return Err(Error::Io(e.into()));
        }
        syntax_error(ctx, &e, line_no - 1 + e.line() as u32, e.column() as u32)?;
        return Ok(None);
    }
    if let Some(g) = ctx.held.take() {
        ctx.replay(g)?;
    }
    // The rest of the line: the part of the start not parsed, then more.
    let mut rest = start.into_unread();
    let mut more = Vec::new();
    read_line(r, &mut more)?;
    rest.extend_from_slice(&more);
    let tail = rest.trim_ascii();
    let tail = tail.strip_prefix(b",").unwrap_or(tail).trim_ascii();
    if tail.is_empty() {
        return Ok(Some(true));
    }
    *line = tail.to_vec();
    Ok(Some(false))
}

/// Any layout: serde_json's streaming parser, value after value.
fn read_stream(input: impl Read, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut de = serde_json::Deserializer::from_reader(input);
    loop {
        // `end` succeeds only at the end of input; otherwise another value follows.
        if de.end().is_ok() {
            break;
        }
        let result = TopSeed::new(&mut *ctx).deserialize(&mut de);
        if let Some(e) = ctx.error.take() {
            return Err(e);
        }
        if let Err(e) = result {
            if e.is_io() {
                return Err(Error::Io(e.into()));
            }
            let line = ctx.line_offset + e.line() as u32;
            return syntax_error(ctx, &e, line, e.column() as u32);
        }
    }
    Ok(())
}

fn syntax_error(
    ctx: &mut Ctx<'_>,
    e: &serde_json::Error,
    line: u32,
    col: u32,
) -> Result<(), Error> {
    // serde_json's message ends with its own "at line L column C"; ours is
    // relative to the whole input.
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    syntax_error_msg(ctx, &msg, line, col)
}

fn syntax_error_msg(ctx: &mut Ctx<'_>, msg: &str, line: u32, col: u32) -> Result<(), Error> {
    if ctx.continuing && ctx.games == 0 {
        // A piece read as if no game came before, when some may have: it
        // is read again from where the games before it are known.
        return Ok(());
    }
    structured::syntax_fault(
        JSON_SYNTAX,
        "not sgfconv JSON",
        "not sgfconv JSON",
        ctx.games,
        ctx.report,
        Pos::new(0, line, col),
        msg,
    )
}

/// Skips a UTF-8 byte-order mark (editors on Windows add one).
fn skip_bom(r: &mut impl BufRead) -> std::io::Result<()> {
    if r.fill_buf()?.starts_with(b"\xEF\xBB\xBF") {
        r.consume(3);
    }
    Ok(())
}
