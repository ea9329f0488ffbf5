//! The streaming SGF reader: bytes in, events out.
//!
//! The grammar's structure rules (`Collection`, `GameTree`, `Sequence`)
//! are an explicit state machine with a stack of open variations, so depth
//! costs one bit of memory per level and no recursion. Its tokens come
//! from the nom grammar in [`super::lex`], one at a time: when the window
//! ends inside one, more is read and it is parsed again.
//!
//! Each game tree decides its own character set before its first node (a
//! collection may mix them): see [`super::encoding`]. Properties of a node
//! are held until the node ends, so duplicates can be merged; that is the
//! only buffering besides the window.

use super::encoding::{self, Decoding};
use super::input::Input;
use super::lex::{self, Mode, Token, ValueCx};
use super::prescan::{self, Verdict};
use super::transcode;
use crate::charset;
use crate::diag::{Code, Reporter, Severity};
use crate::error::Error;
use crate::event::{
    EncodingSource, Event, GameHeader, MovesBuf, NodeArena, NodeRef, PlainMove, Pos, PropSlot,
    Span, MAX_RUN, NO_SPLIT,
};
pub use crate::input::{PieceEnd, Resume};
use crate::options::ReadOptions;
use crate::props;
use crate::sink::Sink;
use encoding_rs::UTF_8;
use nom::IResult;
use std::io::Read;

// Syntax (001–099).
/// Text before the first game tree (a mail header, a title), or after the
/// last: skipped.
pub const LEADING_TEXT: Code = Code::new("I001", "leading-text");
/// Text between or inside game trees that is not SGF: skipped.
pub const STRAY_TEXT: Code = Code::new("W002", "stray-text");
/// A property where a node must start (`(B[pd]`): a `;` is assumed.
pub const MISSING_SEMICOLON: Code = Code::new("W003", "missing-semicolon");
/// A property repeated in one node: its values are merged.
pub const DUPLICATE_PROPERTY: Code = Code::new("W004", "duplicate-property");
/// The input ends inside a game tree: the missing `)` are added.
pub const MISSING_CLOSE_PAREN: Code = Code::new("W005", "missing-close-paren");
/// The input ends inside a value: what was there is kept.
///
/// Example: `(;GM[1]C[a comment` cut off by a truncated download: the
/// comment is kept as `a comment`, the game is closed.
///
/// What to do: the end of the record is missing; find a complete copy if
/// what followed matters.
pub const UNTERMINATED_VALUE: Code = Code::new("E006", "unterminated-value");
/// A value is longer than `--max-value-size` (an endless value, or not
/// SGF): the input is refused, not held.
pub const VALUE_TOO_LONG: Code = Code::new("E099", "value-too-long");
/// An identifier with no `[value]` after it: dropped.
pub const PROPERTY_WITHOUT_VALUE: Code = Code::new("W007", "property-without-value");
/// A variation with no node (`()`): dropped.
pub const EMPTY_VARIATION: Code = Code::new("W008", "empty-variation");
// W009 is reserved (was stray-close-paren: a ')' between games is stray text).
/// A variation with no node of its own, holding only variations
/// (`((;B[aa])(;B[bb]))`): its parentheses are dropped.
pub const REDUNDANT_PARENTHESIS: Code = Code::new("W010", "redundant-parenthesis");
/// A `[value]` with no identifier before it: dropped.
pub const VALUE_WITHOUT_PROPERTY: Code = Code::new("E011", "value-without-property");
/// A `]` that cannot end its value (what follows is not SGF): kept as text.
///
/// Example: `C[see [1] below]` written without escaping: the `]` after `1`
/// is followed by ` below]`, which is no property, so it is part of the
/// comment, read as `see [1] below`.
///
/// What to do: Nothing; the written SGF escapes it (`\]`). If the text is
/// cut in the wrong place, the writer of the record did not escape `]`:
/// check that comment.
pub const UNESCAPED_BRACKET: Code = Code::new("W012", "unescaped-bracket");
/// A game tree with no node: dropped.
pub const EMPTY_GAME: Code = Code::new("W013", "empty-game");
/// No game tree in the input at all.
pub const NOT_SGF: Code = Code::new("E014", "no-game-tree");
/// A node after the variations of its level (`(;A(;B)(;C);D)`): read as a variation of its own.
pub const NODE_AFTER_VARIATIONS: Code = Code::new("W015", "node-after-variations");
/// SGF nodes before the first `(`, in a file that lost its opening
/// parenthesis: read as the root of one game when the trees after them read
/// as its variations, else skipped with the text they are in.
pub const MISSING_OPEN_PAREN: Code = Code::new("W016", "missing-open-paren");
/// A `(` between games whose first token is another `(` (`(;…)((;…))`, a
/// stray `(` before a game): dropped, so the trees after it stay games.
pub const PARENTHESIZED_GAMES: Code = Code::new("W017", "parenthesized-games");

// Character sets (100–109; 110–149 belong to src/charset.rs).
/// A game's character set, and what decided it (declaration, byte-order mark, validity, detection).
pub const ENCODING: Code = Code::new("I100", "encoding");
/// `CA[]` names a character set the bytes cannot be in: the detected one is used.
///
/// Example: `CA[UTF-8]` on a record whose names are Shift_JIS bytes (an
/// editor changed the declaration, not the bytes): read as Shift_JIS.
///
/// What to do: check the names and comments in the output; if the guess is
/// wrong, force the character set with `--encoding NAME`.
pub const CA_OVERRULED: Code = Code::new("W101", "charset-overruled");
/// `CA[]` names no known character set: the bytes decide.
///
/// What to do: if the text comes out wrong, name the character set with
/// `--encoding NAME` (any WHATWG label, or SJIS, GB2312, KS_C_5601-1987...).
pub const UNKNOWN_CHARSET: Code = Code::new("W102", "unknown-charset");
/// Bytes invalid in the chosen character set: replaced by U+FFFD.
///
/// Example: a GB2312 record with one damaged byte in a comment: that
/// character becomes `�`, the rest of the comment is kept.
///
/// What to do: if many characters are replaced, the character set was
/// probably guessed wrong (see `I100` with `-v`): force it with
/// `--encoding NAME`.
pub const UNDECODABLE: Code = Code::new("E103", "undecodable-bytes");
/// A writer escaped bytes of multi-byte characters (`\\]` inside Shift_JIS): undone.
pub const BYTE_LEVEL_ESCAPES: Code = Code::new("W104", "byte-level-escapes");

/// Bytes of a value [`Reader::plain_value`] looks at.
const PLAIN_VALUE_MAX: usize = 128;

/// Bytes at the start of an input searched for SGF nodes before the first
/// game tree, and for the trees after them (`MISSING_OPEN_PAREN`).
const LEADING_LOOK: usize = 64 * 1024;

/// Bytes after a `(` between games looked at for the `(` of the game it
/// holds (`PARENTHESIZED_GAMES`).
const PARENTHESIS_LOOK: usize = 300;

/// A value longer than this gives back the memory it took (the window, the
/// unescaped copy) as soon as it is done with. (The node's text keeps its
/// room, reused by the next huge value.)
const HUGE_VALUE: usize = 1 << 20;

/// Reads an SGF collection from `input`, pushing events into `sink`.
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    read_from(input, Resume::default(), options, sink, report).map(|_| ())
}

/// [`read`] for the rest of an input from `resume` on: positions, game
/// numbers and diagnostics are those a reading of the whole input gives.
/// A byte-order mark is looked for only at offset 0.
pub fn read_from(
    input: &mut dyn Read,
    resume: Resume,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<PieceEnd, Error> {
    if resume.pos.offset > 0 {
        let mut r = Reader::new(input, options, None, resume);
        r.run(sink, report)?;
        return Ok(r.end());
    }
    // A byte-order mark decides for the whole input, then `--encoding`,
    // then the NUL pattern of UTF-16/32 without a mark; those are turned
    // into UTF-8 first so the grammar can scan ASCII syntax.
    let mut head = [0u8; transcode::WIDE_HEAD];
    let got = read_head(input, &mut head)?;
    let head = &head[..got];
    let (bom, skip) = transcode::sniff_bom(head);
    let mut chained = std::io::Read::chain(&head[skip..], input);
    let wide = match bom {
        Some(b) => Some((b, EncodingSource::Bom)),
        // A forced byte encoding wins over the NUL pattern.
        None if options.encoding.is_some() => {
            transcode::forced_wide(options.encoding).map(|b| (b, EncodingSource::Forced))
        }
        None => transcode::sniff_wide(head).map(|b| (b, EncodingSource::Detected)),
    };
    let mut r = match wide {
        Some((transcode::Bom::Utf8, source)) => {
            Reader::new(&mut chained, options, Some(("UTF-8", source)), resume)
        }
        Some((enc, source)) => {
            let mut t = transcode::ToUtf8::new(&mut chained, enc);
            let mut r = Reader::new(&mut t, options, Some((enc.name(), source)), resume);
            r.run(sink, report)?;
            return Ok(r.end());
        }
        None => Reader::new(&mut chained, options, None, resume),
    };
    r.run(sink, report)?;
    Ok(r.end())
}

fn read_head(input: &mut dyn Read, head: &mut [u8]) -> Result<usize, Error> {
    let mut got = 0;
    while got < head.len() {
        match input.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(got)
}

/// An open `(` inside a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    /// No node yet: not announced (it may be empty).
    Pending(Pos),
    /// Sent as `VariationStart`.
    Written,
    /// Redundant parentheses around variations: not sent.
    Transparent,
    /// Opened by the reader for nodes that followed variations; closes with
    /// the variation around it.
    Implicit,
}

struct Reader<'r, 'o> {
    inp: Input<'r>,
    /// See [`Resume`].
    continuing: bool,
    games_before: usize,
    /// The input ended inside a game tree.
    ended_inside_game: bool,
    /// Something other than white space came after the last game.
    trailing_text: bool,
    /// Open `(` around games (`PARENTHESIZED_GAMES`): a `)` between games
    /// closes one.
    wrappers: usize,
    /// The game being read lost its `(` (`MISSING_OPEN_PAREN`).
    lost_paren: bool,
    options: &'o ReadOptions,
    /// Set when a BOM decided the encoding of the whole input.
    bom: Option<(&'static str, EncodingSource)>,
    /// The open node's properties, decoded, in one reused arena; sent
    /// whole when the node ends.
    node: NodeArena,
    /// Plain moves read on the fast path, not sent yet.
    moves: MovesBuf,
    /// A node is open (its `;` was read; it may have no property yet).
    node_open: bool,
    /// The identifiers of the open node's properties.
    node_names: NameSet,
    /// Open variations, innermost last, each with the `after_variation` of
    /// the level around it (restored when it closes empty).
    levels: Vec<(Level, bool)>,
    /// Variations were closed at the current level since its last node: a
    /// node now would follow variations, which SGF does not allow.
    after_variation: bool,
    scratch: Vec<u8>,
    games: usize,
    decoding: Decoding,
    /// The property being read has a text type (only text is in the game's
    /// charset; the FF[4] spec keeps every other value ASCII).
    text_typed: bool,
}

/// The open node's text is kept for the next node up to this capacity;
/// past it (a huge value), it is freed.
const KEPT_NODE_TEXT: usize = 1 << 20;

impl<'r, 'o> Reader<'r, 'o> {
    fn new(
        src: &'r mut dyn Read,
        options: &'o ReadOptions,
        bom: Option<(&'static str, EncodingSource)>,
        resume: Resume,
    ) -> Self {
        Reader {
            inp: Input::starting_at(src, resume.pos),
            continuing: resume.continuing,
            games_before: resume.games,
            ended_inside_game: false,
            trailing_text: false,
            wrappers: 0,
            lost_paren: false,
            options,
            bom,
            node: NodeArena::default(),
            moves: MovesBuf::default(),
            node_open: false,
            node_names: NameSet::default(),
            levels: Vec::new(),
            after_variation: false,
            scratch: Vec::new(),
            games: 0,
            decoding: Decoding::new(UTF_8),
            text_typed: true,
        }
    }

    fn end(&self) -> PieceEnd {
        PieceEnd {
            games: self.games,
            clean: !self.ended_inside_game && !self.trailing_text && self.wrappers == 0,
        }
    }

    /// Index of the game being read in the whole input.
    fn game_index(&self) -> usize {
        self.games_before + self.games
    }

    /// `Collection = GameTree { GameTree }`: game trees one after the
    /// other, with whatever is not SGF between them skipped.
    fn run(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        let mut lead = None;
        if self.games == 0 && !self.continuing && self.inp.offset() == 0 {
            lead = self.leading_nodes(sink, report)?;
        }
        loop {
            // Between games: everything up to the next '(' is not SGF.
            let (found, skipped, nonblank_at) = self.skip_to_game(report)?;
            if let Some(at) = nonblank_at {
                self.trailing_text |= !found;
                let first = self.games == 0 && !self.continuing;
                let (code, what) = if first {
                    (LEADING_TEXT, "text before the first game")
                } else if found {
                    (STRAY_TEXT, "text between games")
                } else {
                    (STRAY_TEXT, "text after the last game")
                };
                if let Some(lead) = lead.take().filter(|_| first) {
                    let to = self.inp.here();
                    report.warn(MISSING_OPEN_PAREN, Some(at), || {
                        format!("{what} skipped ({skipped} bytes, to {to}): {lead}")
                    });
                } else if first || found {
                    report.report(code, Some(at), || {
                        format!("{what} skipped ({skipped} bytes)")
                    });
                } else {
                    report.info(LEADING_TEXT, Some(at), || {
                        format!("{what} skipped ({skipped} bytes)")
                    });
                }
            }
            if !found {
                break;
            }
            self.game(None, sink, report)?;
        }
        if self.games == 0 && !self.continuing {
            report.error(
                NOT_SGF,
                None,
                "no game tree found: the input has no '(' that starts SGF",
            );
        }
        report.set_game(None);
        Ok(())
    }

    /// At the start of the input: SGF nodes before the first game tree, in
    /// a file that lost its `(` ([`prescan::leading_nodes`]), are read as
    /// the root of one game when the trees after them read as its
    /// variations; that game is read here. When they are not, returns what
    /// the report of the text they are in says about them.
    fn leading_nodes(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<Option<String>, Error> {
        self.inp.ensure(LEADING_LOOK)?;
        let rest = self.inp.rest();
        let n = rest.len().min(LEADING_LOOK);
        let complete = self.inp.eof && rest.len() <= LEADING_LOOK;
        let Some(lead) = prescan::leading_nodes(&rest[..n], complete) else {
            return Ok(None);
        };
        let prose = rest[..lead.start].iter().position(|c| !lex::is_ws(*c));
        let message = match leading_message(&lead, |k| self.inp.pos_after(k)) {
            Ok(message) => message,
            Err(skipped) => return Ok(Some(skipped)),
        };
        if let Some(k) = prose {
            let at = self.inp.pos_after(k);
            report.info(LEADING_TEXT, Some(at), || {
                format!("text before the first game skipped ({} bytes)", lead.start)
            });
        }
        self.inp.advance(lead.start);
        self.game(Some(message), sink, report)?;
        Ok(None)
    }

    /// Skips to the next '(' that starts a game tree, and over `(` around
    /// games and the `)` that close them. Returns whether a game was found,
    /// how many bytes were skipped, and where the first non-blank skipped
    /// byte was.
    fn skip_to_game(&mut self, report: &mut Reporter) -> Result<(bool, u64, Option<Pos>), Error> {
        let mut skipped = 0u64;
        let mut nonblank: Option<Pos> = None;
        loop {
            let rest = self.inp.rest();
            let hit = match self.wrappers {
                0 => memchr::memchr(b'(', rest),
                _ => memchr::memchr2(b'(', b')', rest),
            };
            let upto = hit.unwrap_or(rest.len());
            if nonblank.is_none() {
                if let Some(k) = rest[..upto].iter().position(|c| !lex::is_ws(*c)) {
                    nonblank = Some(self.inp.pos_after(k));
                }
            }
            skipped += upto as u64;
            self.inp.advance(upto);
            if hit.is_some() && self.inp.rest().first() == Some(&b')') {
                // Closes parentheses around games.
                self.wrappers -= 1;
                self.inp.skip(1);
                continue;
            }
            if hit.is_some() {
                // A '(' in a mail header or a note is not a game: SGF follows
                // with ';' or a property identifier and '['.
                self.inp.ensure(PARENTHESIS_LOOK)?;
                match lex::game_tree_start(self.inp.rest(), self.inp.eof) {
                    true if self.parenthesized_games(report) => continue,
                    true => return Ok((true, skipped, nonblank)),
                    false => {
                        nonblank.get_or_insert(self.inp.here());
                        skipped += 1;
                        self.inp.skip(1);
                        continue;
                    }
                }
            }
            if !self.inp.fill()? {
                return Ok((false, skipped, nonblank));
            }
        }
    }

    /// At a `(` between games that starts a game tree: whether its first
    /// token is another `(`. Then it holds games, not the nodes of one
    /// (`(;…)((;…)(;…))`, or a stray `(` before a game): it is dropped, so
    /// the trees after it are read as games, as they would be without it,
    /// and its `)`, if one comes between games, is dropped too.
    fn parenthesized_games(&mut self, report: &mut Reporter) -> bool {
        let rest = self.inp.rest();
        let look = &rest[1..rest.len().min(PARENTHESIS_LOOK)];
        let ws = look.iter().take_while(|c| lex::is_ws(**c)).count();
        if look.get(ws) != Some(&b'(') {
            return false;
        }
        report.warn(
            PARENTHESIZED_GAMES,
            Some(self.inp.here()),
            "'(' around game trees, not a game: dropped, the trees after it are games",
        );
        self.inp.advance(1 + ws);
        self.wrappers += 1;
        true
    }

    /// Reads one game tree (`GameTree = "(" Sequence { GameTree } ")"` at
    /// the top level); `inp` is at its '(', or at its first node when it
    /// lost its '(' (`lost`: what `MISSING_OPEN_PAREN` says).
    fn game(
        &mut self,
        lost: Option<String>,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let start = self.inp.here();
        report.set_game(Some(self.game_index()));
        self.lost_paren = lost.is_some();
        if let Some(message) = lost {
            report.warn(MISSING_OPEN_PAREN, Some(start), message);
        }
        let header = self.decide_encoding(start, report)?;
        if !self.lost_paren {
            self.accept(lex::game_tree_open);
        }
        self.skip_ws()?;
        let mut header = header;
        match self.inp.rest().first() {
            Some(b')') => {
                self.inp.skip(1);
                report.warn(EMPTY_GAME, Some(start), "empty game tree '()' skipped");
                return Ok(());
            }
            None => {
                self.ended_inside_game = true;
                report.warn(
                    EMPTY_GAME,
                    Some(start),
                    "input ends inside an empty game tree",
                );
                return Ok(());
            }
            Some(b';') => {}
            Some(_) => {
                header.implicit_root = true;
                report.warn(
                    MISSING_SEMICOLON,
                    Some(self.inp.here()),
                    "game tree starts without ';': root node created",
                );
            }
        }
        self.games += 1;
        // A new game: nothing of the last one's structure carries over.
        self.levels.clear();
        self.after_variation = false;
        self.clear_node();
        sink.event(&Event::GameStart(&header), report)?;
        if header.implicit_root {
            self.open_node(self.inp.here(), sink, report)?;
        }
        self.tree(sink, report)?;
        self.clear_node();
        Ok(())
    }

    /// The body of a game tree, up to and including its ')': its tokens one
    /// by one. `Sequence = Node { Node }` is the nodes between parentheses;
    /// the variations nested in it (`{ GameTree }`) are kept in `levels`.
    fn tree(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        loop {
            self.skip_ws()?;
            let Ok((_, token)) = lex::peek_token(self.inp.rest()) else {
                return self.end_inside_game(sink, report);
            };
            match token {
                Token::Node => {
                    let at = self.inp.here();
                    if self.simple_nodes(sink, report)? {
                        continue;
                    }
                    self.accept(lex::node);
                    self.open_node(at, sink, report)?;
                }
                Token::GameTreeOpen => self.open_variation(sink, report)?,
                Token::GameTreeClose => {
                    if self.close_game_tree(sink, report)? {
                        return Ok(());
                    }
                }
                Token::PropValue => {
                    let at = self.inp.here();
                    self.accept(lex::prop_value_open);
                    self.value(None, report)?;
                    report.error(
                        VALUE_WITHOUT_PROPERTY,
                        Some(at),
                        "value without a property identifier dropped",
                    );
                }
                Token::PropIdent => self.property(sink, report)?,
                Token::Stray => self.stray(report)?,
            }
        }
    }

    /// Reads the one-line token `parse` recognises at `inp`, if it is
    /// there. Returns whether it was.
    #[inline]
    fn accept(&mut self, parse: fn(&[u8]) -> IResult<&[u8], char>) -> bool {
        let rest = self.inp.rest();
        match parse(rest) {
            Ok((after, _)) => {
                let n = rest.len() - after.len();
                self.inp.skip(n);
                true
            }
            Err(_) => false,
        }
    }

    /// The input ends inside the game: closes what is open.
    fn end_inside_game(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        self.ended_inside_game = true;
        self.flush(sink, report)?;
        let at = self.inp.here();
        // A game that lost its '(' lost its ')' too: `MISSING_OPEN_PAREN`
        // said so.
        let missing = self.levels.len() + usize::from(!self.lost_paren);
        if missing > 0 {
            report.warn(MISSING_CLOSE_PAREN, Some(at), || {
                format!("input ends inside a game tree: {missing} ')' added")
            });
        }
        while let Some((level, _)) = self.levels.pop() {
            if matches!(level, Level::Written | Level::Implicit) {
                sink.event(&Event::VariationEnd(at), report)?;
            }
        }
        sink.event(&Event::GameEnd(at), report)
    }

    /// A ')' inside a game: closes the innermost variation, or the game.
    /// Returns whether it was the game.
    fn close_game_tree(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<bool, Error> {
        let at = self.inp.here();
        self.accept(lex::game_tree_close);
        self.flush(sink, report)?;
        // Implicit variations end with the variation around them.
        while matches!(self.levels.last(), Some((Level::Implicit, _))) {
            self.levels.pop();
            sink.event(&Event::VariationEnd(at), report)?;
        }
        match self.levels.pop() {
            Some((Level::Pending(start), outer)) => {
                report.warn(EMPTY_VARIATION, Some(start), "empty variation removed");
                self.after_variation = outer;
            }
            Some((Level::Transparent, _)) => self.after_variation = true,
            Some(_) => {
                sink.event(&Event::VariationEnd(at), report)?;
                self.after_variation = true;
            }
            None => {
                sink.event(&Event::GameEnd(at), report)?;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The fast path for the nodes that make up most of every record,
    /// `;B[pd]`: a known upper-case identifier and a point (or a pass),
    /// followed by `;`, `(` or `)` (perhaps after a line break), so the node
    /// is complete and is sent at once. Plain moves are gathered into runs
    /// ([`Sink::moves`]); anything else takes the general path. Returns
    /// whether any node was sent.
    fn simple_nodes(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<bool, Error> {
        if self.after_variation || matches!(self.levels.last(), Some((Level::Pending(_), _))) {
            return Ok(false);
        }
        let sent = self.gather_simple_nodes(sink, report);
        // What was gathered goes out before anything that follows.
        let run = self.send_moves(sink, report);
        let sent = sent?;
        run?;
        Ok(sent)
    }

    /// [`Reader::simple_nodes`] without the last run sent.
    #[inline]
    fn gather_simple_nodes(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<bool, Error> {
        let mut sent = false;
        loop {
            // The open node (if any) goes out before the run, which is
            // sent later.
            if self.gather_plain_moves() {
                if !sent {
                    self.flush(sink, report)?;
                    sent = true;
                }
                if self.moves.len() >= MAX_RUN {
                    self.send_moves(sink, report)?;
                }
                continue;
            }
            let Some(node) = lex::short_node(self.inp.rest()) else {
                return Ok(sent);
            };
            if !self.short_node(&node, &mut sent, sink, report)? {
                return Ok(sent);
            }
            if node.newline {
                self.inp.skip(node.len - 1);
                // `node.len - 1` is the '\n'.
                self.inp.newline_at_pos();
            } else {
                self.inp.skip(node.len);
            }
        }
    }

    /// Sends a node [`lex::short_node`] found at `inp` (a plain move into
    /// the run), unless its identifier is unknown (it may be compose or
    /// text). Returns whether it was sent; `sent`: whether anything was.
    #[inline]
    fn short_node(
        &mut self,
        node: &lex::ShortNode,
        sent: &mut bool,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<bool, Error> {
        let name = node.ident();
        let value = match node.point {
            None => "",
            Some([x, y]) => {
                let k = ((x - b'a') as usize * 26 + (y - b'a') as usize) * 2;
                &point_names()[k..k + 2]
            }
        };
        let at = self.inp.here();
        let text = match (name, value.as_bytes()) {
            (&[c], &[x, y]) => Some([b';', c, b'[', x, y, b']']),
            _ => None,
        };
        let plain = text.and_then(PlainMove::new);
        // Known identifiers only: unknown ones may be compose or text.
        let def = match plain {
            Some(_) => None,
            None => match props::lookup_short(name) {
                Some(def) => Some(def),
                None => return Ok(false),
            },
        };
        if !*sent {
            self.flush(sink, report)?;
            *sent = true;
        }
        if let Some(m) = plain {
            self.moves.push_plain(m, at);
            if self.moves.len() >= MAX_RUN {
                self.send_moves(sink, report)?;
            }
        } else if let Some(def) = def {
            self.send_moves(sink, report)?;
            let spans = [Span {
                start: 0,
                end: value.len() as u32,
                split: NO_SPLIT,
            }];
            let slot = [PropSlot {
                name: (0, def.id.len() as u32),
                spans: (0, 1),
                pos: self.inp.pos_ahead(1),
            }];
            let mut node = NodeRef::new(at, def.id, value, &spans, &slot);
            if let Some(sgf) = move_text(def.id, value) {
                node = node.with_sgf(sgf);
            }
            sink.node(&node, report)?;
        }
        Ok(true)
    }

    /// Gathers the plain moves that follow one another from `inp` on, up to
    /// [`MAX_RUN`] in the run (the loop that reads most of every record).
    /// Returns whether there was one.
    #[inline]
    fn gather_plain_moves(&mut self) -> bool {
        let rest = self.inp.rest();
        let mut at = self.inp.cursor();
        let mut k = 0;
        while self.moves.len() < MAX_RUN {
            let Some((m, step)) = rest.get(k..).and_then(lex::plain_move) else {
                break;
            };
            self.moves.push_plain(m, at.pos());
            k += step;
            at.advance(step, step > 6);
        }
        self.inp.set_cursor(at);
        k > 0
    }

    /// Sends the plain moves gathered, if any.
    fn send_moves(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        if self.moves.is_empty() {
            return Ok(());
        }
        let result = sink.moves(&self.moves.as_moves(), report);
        self.moves.clear();
        result
    }

    /// `Node = ";" { Property }`: a node starts at `at` (its `;` read, or
    /// missing); its properties follow.
    fn open_node(
        &mut self,
        at: Pos,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        self.flush(sink, report)?;
        self.start_pending_variation(sink, report)?;
        if self.after_variation {
            report.warn(
                NODE_AFTER_VARIATIONS,
                Some(at),
                "node after variations: it starts a variation of its own",
            );
            sink.event(&Event::VariationStart(at), report)?;
            self.levels.push((Level::Implicit, true));
            self.after_variation = false;
        }
        self.node.pos = at;
        self.node_open = true;
        Ok(())
    }

    /// A '(' inside a game: a `GameTree` nested in the current one (a
    /// variation).
    fn open_variation(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        let at = self.inp.here();
        self.accept(lex::game_tree_open);
        self.flush(sink, report)?;
        // A '(' before the enclosing variation had a node: those outer
        // parentheses hold only variations, and are dropped.
        if let Some((top, saved)) = self.levels.last_mut() {
            if let Level::Pending(outer) = *top {
                *top = Level::Transparent;
                // Not a level of its own: inside it, nodes follow what the
                // level around it had (variations or not).
                self.after_variation = *saved;
                report.warn(
                    REDUNDANT_PARENTHESIS,
                    Some(outer),
                    "variation without a node: its parentheses were dropped",
                );
            }
        }
        // Announced when its first node comes: a variation may turn out empty.
        self.levels.push((Level::Pending(at), self.after_variation));
        self.after_variation = false;
        Ok(())
    }

    /// Announces the innermost variation if no node has done so yet.
    #[inline]
    fn start_pending_variation(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        if let Some((top, _)) = self.levels.last_mut() {
            if let Level::Pending(at) = *top {
                *top = Level::Written;
                sink.event(&Event::VariationStart(at), report)?;
            }
        }
        Ok(())
    }

    /// Sends the open node, whole.
    fn flush(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        if self.node_open {
            self.node_open = false;
            if self.node.text.len() > KEPT_NODE_TEXT {
                // A huge value: the rules may take it rather than copy it.
                sink.node_taking(&mut self.node, report)?;
            } else {
                sink.node(&self.node.as_ref(), report)?;
            }
        }
        self.clear_node();
        Ok(())
    }

    fn clear_node(&mut self) {
        self.node_names.clear();
        self.node.clear();
        // A huge value's text is given back once its node is sent (a sink
        // that holds the game, NGF's or GIB's writer, has its own copy).
        if self.node.text.capacity() > KEPT_NODE_TEXT {
            self.node.text = String::new();
        }
        self.node_open = false;
    }

    /// Skips whitespace (the grammar's `ws`), reading more as needed.
    #[inline]
    fn skip_ws(&mut self) -> Result<(), Error> {
        loop {
            let rest = self.inp.rest();
            // Most tokens follow each other directly, or after one line break.
            match rest.first() {
                Some(c) if !lex::is_ws(*c) => return Ok(()),
                Some(b'\n') if rest.get(1).is_some_and(|c| !lex::is_ws(*c)) => {
                    self.inp.newline_at_pos();
                    return Ok(());
                }
                _ => {}
            }
            match lex::ws(rest) {
                Ok((after, _)) => {
                    let n = rest.len() - after.len();
                    self.inp.advance(n);
                    return Ok(());
                }
                Err(_) => {
                    // Incomplete: all of the window was whitespace.
                    let n = rest.len();
                    self.inp.advance(n);
                    if !self.inp.fill()? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Skips a run of bytes that cannot start anything.
    fn stray(&mut self, report: &mut Reporter) -> Result<(), Error> {
        let at = self.inp.here();
        let mut n = 0u64;
        let mut sample = Vec::new();
        loop {
            let rest = self.inp.rest();
            let k = rest
                .iter()
                .position(|&c| {
                    matches!(c, b';' | b'(' | b')' | b'[')
                        || c.is_ascii_alphabetic()
                        || lex::is_ws(c)
                })
                .unwrap_or(rest.len());
            if sample.len() < 20 {
                sample.extend_from_slice(&rest[..k.min(20 - sample.len())]);
            }
            n += k as u64;
            self.inp.advance(k);
            if !self.inp.rest().is_empty() || !self.inp.fill()? {
                break;
            }
        }
        report.warn(STRAY_TEXT, Some(at), || {
            format!(
                "stray characters skipped: {:?} ({n} bytes)",
                String::from_utf8_lossy(&sample)
            )
        });
        Ok(())
    }

    /// `Property = PropIdent PropValue { PropValue }`: the identifier, then
    /// one or more values.
    fn property(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        let at = self.inp.here();
        let len = loop {
            match lex::prop_ident(self.inp.rest()) {
                Ok((rest, _)) => break self.inp.rest().len() - rest.len(),
                Err(_) if !self.inp.eof => {
                    self.inp.fill()?;
                }
                Err(_) => break self.inp.rest().len(),
            }
        };
        let mut name_start = self.node.names.len();
        // Identifiers are ASCII letters: always valid UTF-8.
        let ident = &self.inp.rest()[..len];
        self.node
            .names
            .push_str(std::str::from_utf8(ident).unwrap_or_default());
        self.inp.skip(len);
        self.skip_ws()?;
        if lex::prop_value_open(self.inp.rest()).is_err() {
            let name = self.node.names.split_off(name_start);
            report.warn(PROPERTY_WITHOUT_VALUE, Some(at), || {
                format!("property {name} has no value: dropped")
            });
            return Ok(());
        }
        if !self.node_open {
            report.warn(
                MISSING_SEMICOLON,
                Some(at),
                "property outside a node: ';' added before it",
            );
            // Opening the node flushes the arena the name is in: keep it.
            let name = self.node.names.split_off(name_start);
            self.open_node(at, sink, report)?;
            name_start = self.node.names.len();
            self.node.names.push_str(&name);
        }
        let name = &self.node.names[name_start..];
        let def = if name.bytes().all(|c| c.is_ascii_uppercase()) {
            props::lookup(name)
        } else {
            props::uppercase_form(name).and_then(|n| props::lookup(&n))
        };
        // Unknown properties may be compose and may be text.
        let compose = def.is_none_or(|d| d.allows_compose());
        self.text_typed = def.is_none_or(|d| d.is_text());
        let span_start = self.node.spans.len() as u32;
        while self.accept(lex::prop_value_open) {
            self.value(Some(compose), report)?;
            self.skip_ws()?;
        }
        self.node.slots.push(PropSlot {
            name: (name_start as u32, self.node.names.len() as u32),
            spans: (span_start, self.node.spans.len() as u32),
            pos: at,
        });
        // Most nodes have no duplicate: only a name that may be one is
        // compared with the others.
        let maybe_duplicate = self
            .node_names
            .insert(&self.node.names.as_bytes()[name_start..]);
        if maybe_duplicate && self.node.merge_last() {
            report.warn(DUPLICATE_PROPERTY, Some(at), || {
                format!(
                    "property {} repeated in one node: values merged",
                    &self.node.names[name_start..]
                )
            });
            self.node.names.truncate(name_start);
        }
        Ok(())
    }

    /// `PropValue = "[" CValueType "]"`: a value; `inp` is just after its
    /// '['. `compose: None` scans and discards it (a value with no
    /// property).
    fn value(&mut self, compose: Option<bool>, report: &mut Reporter) -> Result<(), Error> {
        if compose.is_some_and(|c| self.plain_value(c)) {
            return Ok(());
        }
        let at = self.inp.here();
        let mode = self.decoding.mode;
        let as_compose = compose.unwrap_or(false);
        let (mut len, value) = loop {
            let cx = ValueCx {
                mode,
                compose: as_compose,
                eof: self.inp.eof,
            };
            let rest = self.inp.rest();
            match lex::prop_value(rest, cx, &mut self.scratch) {
                Ok((after, value)) => break (rest.len() - after.len(), value),
                Err(_) => {
                    // Incomplete: the window ends inside the value.
                    self.within_max_value_size(rest.len(), at)?;
                    self.inp.fill()?;
                }
            }
        };
        self.within_max_value_size(len.saturating_sub(1), at)?;
        let (mut split, mut brackets) = (value.split, value.brackets);
        if matches!(mode, Mode::DoubleByte(_)) {
            if let Some((alt_len, alt_split, alt_brackets)) =
                self.byte_level_reading(len, as_compose, brackets)
            {
                report.warn(
                    BYTE_LEVEL_ESCAPES,
                    Some(at),
                    "value read with byte-level escapes (a '\\' written before a trail byte)",
                );
                len = alt_len;
                split = alt_split;
                brackets = alt_brackets;
            }
        }
        if brackets > 0 {
            report.warn(UNESCAPED_BRACKET, Some(at), || {
                format!("{brackets} unescaped ']' kept as text: what follows cannot end the value")
            });
        }
        if value.unterminated {
            report.error(
                UNTERMINATED_VALUE,
                Some(at),
                "input ends inside a value: kept what was there",
            );
        }
        self.inp.advance(len);
        if len <= HUGE_VALUE {
            if compose.is_some() {
                self.push_value(split, at, report);
            }
            return Ok(());
        }
        // The raw bytes are read: their window goes before the value is
        // decoded, and the unescaped copy after, so a huge value is held
        // twice at most (window and copy, then copy and decoded text).
        self.inp.release();
        if compose.is_some() {
            self.push_value(split, at, report);
        }
        self.scratch = Vec::new();
        Ok(())
    }

    /// Refuses a value of `len` bytes (so far) past `--max-value-size`.
    fn within_max_value_size(&self, len: usize, at: Pos) -> Result<(), Error> {
        let max = self.options.max_value_size();
        if len <= max {
            return Ok(());
        }
        Err(Error::unreadable(
            VALUE_TOO_LONG.id,
            format!(
                "the value at line {}, column {} is longer than {max} bytes (--max-value-size): not read further",
                at.line, at.col
            ),
        ))
    }

    /// The usual value, taken straight from the window into the open node:
    /// short, nothing escaped, no compose `:`, ended by its first `]` (by
    /// the look-ahead's quick cases), and text the game's encoding reads as
    /// it is (ASCII, or valid UTF-8 in a UTF-8 game). `inp` is just after
    /// the `[`; false, with nothing consumed, for any other value.
    #[inline]
    fn plain_value(&mut self, compose: bool) -> bool {
        if !matches!(self.decoding.mode, Mode::Bytes) {
            return false;
        }
        let rest = self.inp.rest();
        let Some(end) = lex::short_value(rest, PLAIN_VALUE_MAX, compose, self.inp.eof) else {
            return false;
        };
        let mut enc = self.decoding.encoding;
        if !self.text_typed && !enc.is_ascii_compatible() {
            enc = UTF_8;
        }
        let Ok(text) = std::str::from_utf8(&rest[..end]) else {
            return false;
        };
        if enc != UTF_8 && !(enc.is_ascii_compatible() && text.is_ascii()) {
            return false;
        }
        let start = self.node.text.len() as u32;
        self.node.text.push_str(text);
        self.node.spans.push(Span {
            start,
            end: self.node.text.len() as u32,
            split: NO_SPLIT,
        });
        self.inp.advance(end + 1);
        true
    }

    /// In double-byte encodings a writer may have escaped `]`/`\` trail
    /// bytes at the byte level (a `\` inserted before them, as the FF[4] spec
    /// reads). When the character reading of a value looks damaged and the
    /// byte reading decodes cleanly, the byte reading wins: `scratch` then
    /// holds it, and its length and split are returned.
    fn byte_level_reading(
        &mut self,
        len: usize,
        compose: bool,
        char_brackets: usize,
    ) -> Option<(usize, Option<usize>, usize)> {
        let rest = self.inp.rest();
        let raw = &rest[..len.min(rest.len())];
        // Only a value with a '\\' in it can have two readings.
        memchr::memchr(b'\\', raw)?;
        let enc = self.decoding.encoding;
        // The character reading looks damaged: undecodable, an escape no
        // writer needs, or a ']' kept as text by the look-ahead.
        let damaged = char_brackets > 0
            || !charset::decodes_cleanly(enc, &self.scratch)
            || encoding::suspicious_escapes(raw, self.decoding.mode);
        if !damaged {
            return None;
        }
        let mut alt = Vec::new();
        let cx = ValueCx {
            mode: Mode::Bytes,
            compose,
            eof: self.inp.eof,
        };
        match lex::prop_value(rest, cx, &mut alt) {
            Ok((after, v))
                if !v.unterminated && v.brackets == 0 && charset::decodes_cleanly(enc, &alt) =>
            {
                self.scratch = alt;
                Some((rest.len() - after.len(), v.split, v.brackets))
            }
            _ => None,
        }
    }

    /// Decodes the scanned value (in `scratch`) into the open node.
    fn push_value(&mut self, split: Option<usize>, at: Pos, report: &mut Reporter) {
        let mut enc = self.decoding.encoding;
        if !self.text_typed && !enc.is_ascii_compatible() {
            enc = UTF_8;
        }
        let text = &mut self.node.text;
        let start = text.len();
        let mut bad = Vec::new();
        let mut decode = |bytes: &[u8], base: usize, text: &mut String| {
            if enc == UTF_8 {
                if let Ok(s) = std::str::from_utf8(bytes) {
                    text.push_str(s);
                    return;
                }
            }
            for b in charset::decode_into(enc, bytes, text) {
                bad.push(base + b);
            }
        };
        let split_at = match split {
            Some(k) if k < self.scratch.len() => {
                decode(&self.scratch[..k], 0, text);
                let s = text.len();
                text.push(':');
                decode(&self.scratch[k + 1..], k + 1, text);
                s as u32
            }
            _ => {
                decode(&self.scratch, 0, text);
                NO_SPLIT
            }
        };
        self.node.spans.push(Span {
            start: start as u32,
            end: text.len() as u32,
            split: split_at,
        });
        for b in bad {
            report.error(UNDECODABLE, Some(at), || {
                format!(
                    "byte 0x{:02X} at offset {} is not {}: kept as U+FFFD",
                    self.scratch.get(b).copied().unwrap_or(0),
                    at.offset + 1 + b as u64,
                    enc.name()
                )
            });
        }
    }

    /// Decides the character set of the game tree starting at `inp` (its
    /// '('), and reports the decision.
    fn decide_encoding(&mut self, start: Pos, report: &mut Reporter) -> Result<GameHeader, Error> {
        let cx = encoding::Context {
            inp: &mut self.inp,
            options: self.options,
            bom: self.bom,
            start,
        };
        let (choice, decoding) = encoding::decide(cx, report)?;
        self.decoding = decoding;
        let mut h = GameHeader::new(self.game_index());
        h.pos = start;
        h.encoding = choice.name;
        h.encoding_source = choice.source;
        h.confidence = choice.confidence;
        if report.wants(Severity::Info) {
            report.info(ENCODING, Some(start), || {
                format!(
                    "encoding {} ({}, confidence {:.2})",
                    choice.name,
                    choice.source.as_str(),
                    choice.confidence
                )
            });
        }
        Ok(h)
    }
}

/// What `MISSING_OPEN_PAREN` says about leading nodes: `Ok` when they are
/// read as the root of a game, `Err` when they are skipped (the end of a
/// sentence about the text they are in). `pos`: the position of an index.
fn leading_message(lead: &prescan::Leading, pos: impl Fn(usize) -> Pos) -> Result<String, String> {
    let nodes = match lead.nodes {
        1 => "1 SGF node".to_string(),
        k => format!("{k} SGF nodes"),
    };
    let start = format!("the input starts with {nodes}, not '('");
    let them = if lead.nodes == 1 { "it" } else { "them" };
    let not_root = |what: &str, k: usize| {
        Err(format!(
            "it holds {nodes} (from {}), not the root of the trees after {them}: {what} at {}",
            pos(lead.start),
            pos(k)
        ))
    };
    let to = match lead.verdict {
        Verdict::Closed(k) => format!("to the ')' at {}", pos(k)),
        Verdict::ToEnd => "to the end of the input".to_string(),
        Verdict::Unseen => {
            return Ok(format!(
                "{start}: read as the root of one game, with the game trees after {them} \
                 as its variations (nothing in the first 64 KiB says otherwise)"
            ))
        }
        Verdict::GameAt(k) => return not_root("a game follows", k),
        Verdict::TextAt(k) => return not_root("text that is not SGF", k),
    };
    let what = match lead.trees {
        0 => "one game".to_string(),
        1 => format!("the root of one game, with the game tree after {them} as its variation"),
        t => {
            format!("the root of one game, with the {t} game trees after {them} as its variations")
        }
    };
    Ok(format!("{start}: read as {what}, {to}"))
}

/// `;B[aa]` … `;W[zz]` in one string: the SGF text of every move node the
/// fast path reads, so it travels with the node at no cost. Built by the
/// compiler: a table filled at run time cost a short record a tenth of its
/// start-up.
fn move_text(id: &str, point: &str) -> Option<&'static str> {
    const BYTES: [u8; 2 * 26 * 26 * 6] = {
        let mut b = [0u8; 2 * 26 * 26 * 6];
        let mut k = 0;
        while k < 2 * 26 * 26 {
            let (colour, x, y) = (k / (26 * 26), (k / 26) % 26, k % 26);
            let node = [
                b';',
                [b'B', b'W'][colour],
                b'[',
                b'a' + x as u8,
                b'a' + y as u8,
                b']',
            ];
            let mut i = 0;
            while i < 6 {
                b[k * 6 + i] = node[i];
                i += 1;
            }
            k += 1;
        }
        b
    };
    const MOVES: &str = match std::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("the move table is ASCII"),
    };
    let colour = match id {
        "B" => 0,
        "W" => 1,
        _ => return None,
    };
    let [x @ b'a'..=b'z', y @ b'a'..=b'z'] = point.as_bytes() else {
        return None;
    };
    let k = ((colour * 26 + usize::from(x - b'a')) * 26 + usize::from(y - b'a')) * 6;
    MOVES.get(k..k + 6)
}

/// "aa", "ab", … "zz" in one string, built by the compiler: the text of
/// every two-letter point, so the fast path needs no copy.
fn point_names() -> &'static str {
    const BYTES: [u8; 26 * 26 * 2] = {
        let mut b = [0u8; 26 * 26 * 2];
        let mut k = 0;
        while k < 26 * 26 {
            b[2 * k] = b'a' + (k / 26) as u8;
            b[2 * k + 1] = b'a' + (k % 26) as u8;
            k += 1;
        }
        b
    };
    const POINTS: &str = match std::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("the point table is ASCII"),
    };
    POINTS
}

/// The identifiers of a node, to find duplicates without comparing names:
/// one- and two-letter upper-case identifiers (nearly all of them) exactly,
/// others by a small hash.
#[derive(Clone, Copy, Default)]
struct NameSet {
    short: [u64; props::SHORT_KEYS.div_ceil(64)],
    other: u64,
}

impl NameSet {
    /// Adds `name`; returns whether it may have been there already (for a
    /// short upper-case name: whether it was).
    #[inline]
    fn insert(&mut self, name: &[u8]) -> bool {
        let (word, bit) = match props::short_key(name) {
            Some(k) => (self.short.get_mut(k / 64), k % 64),
            None => (Some(&mut self.other), (name_hash(name) % 64) as usize),
        };
        let Some(word) = word else {
            return true;
        };
        let was = *word & (1 << bit) != 0;
        *word |= 1 << bit;
        was
    }

    fn clear(&mut self) {
        *self = NameSet::default();
    }
}

/// A small hash of an identifier, for [`NameSet`].
fn name_hash(name: &[u8]) -> u32 {
    name.iter()
        .fold(0u32, |h, &c| h.wrapping_mul(31).wrapping_add(u32::from(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Moves;

    /// Records each node as `line:col text`, and the length of each run.
    #[derive(Default)]
    struct Recorder {
        nodes: Vec<String>,
        runs: Vec<usize>,
    }

    impl Sink for Recorder {
        fn event(&mut self, event: &Event<'_>, _: &mut Reporter) -> Result<(), Error> {
            match event {
                Event::VariationStart(_) => self.nodes.push("(".into()),
                Event::VariationEnd(_) => self.nodes.push(")".into()),
                _ => {}
            }
            Ok(())
        }
        fn node(&mut self, node: &NodeRef<'_>, _: &mut Reporter) -> Result<(), Error> {
            let text: String = node
                .iter()
                .map(|p| format!("{}[{}]", p.name, p.first_text().unwrap_or("")))
                .collect();
            let ident = node.iter().next().map(|p| p.pos);
            self.nodes.push(format!(
                "{}:{} {text} {:?} {}",
                node.pos.line,
                node.pos.col,
                node.sgf(),
                ident.is_some_and(|p| p.offset == node.pos.offset + 1 && p.col == node.pos.col + 1)
            ));
            Ok(())
        }
        fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
            self.runs.push(moves.len());
            crate::sink::moves_as_nodes(self, moves, report)
        }
    }

    /// Plain moves go out in runs, broken by anything else; each node of a
    /// run is what a single node would be, positions included. (The first
    /// node of a variation takes the general path.)
    #[test]
    fn plain_moves_are_sent_in_runs() {
        let input = "(;GM[1]\n;B[pd];W[dd]\r\n;B[pp]\n;W[tt];B[]\n;W[qq]BL[3];B[cc](;W[dp];B[ee])(;W[AA];B[ff]))";
        let mut rec = Recorder::default();
        let mut report = Reporter::collecting("t");
        read(
            &mut input.as_bytes(),
            &ReadOptions::default(),
            &mut rec,
            &mut report,
        )
        .unwrap();
        assert_eq!(
            rec.nodes,
            vec![
                "1:2 GM[1] None true",
                "2:1 B[pd] Some(\";B[pd]\") true",
                "2:7 W[dd] Some(\";W[dd]\") true",
                "3:1 B[pp] Some(\";B[pp]\") true",
                "4:1 W[tt] Some(\";W[tt]\") true",
                "4:7 B[] None true",
                "5:1 W[qq]BL[3] None true",
                "5:12 B[cc] Some(\";B[cc]\") true",
                "(",
                "5:19 W[dp] None true",
                "5:25 B[ee] Some(\";B[ee]\") true",
                ")",
                "(",
                "5:33 W[AA] None true",
                "5:39 B[ff] Some(\";B[ff]\") true",
                ")",
            ]
        );
        assert_eq!(rec.runs, vec![3, 1, 1, 1]);
    }

    /// Values read straight from the window and values that need the
    /// general path (escapes, compose, a `]` that cannot end, bytes the
    /// game's encoding must decode, long ones) come out alike.
    #[test]
    fn every_kind_of_value_reads_as_written() {
        let long = "x".repeat(300);
        let input = format!(
            "(;CA[ISO-8859-1]GN[plain]C[café]LB[pd:A]GC[a\\]b]N[see [1] here]PC[{long}]\nPB[ok];B[pd])"
        );
        let (latin1, _, _) = encoding_rs::WINDOWS_1252.encode(&input);
        let mut rec = Recorder::default();
        let mut report = Reporter::collecting("t");
        read(
            &mut &latin1[..],
            &ReadOptions::default(),
            &mut rec,
            &mut report,
        )
        .unwrap();
        let root = &rec.nodes[0];
        for part in [
            "CA[ISO-8859-1]",
            "GN[plain]",
            "C[caf\u{e9}]",
            "LB[pd:A]",
            "GC[a]b]",
            "N[see [1] here]",
            "PB[ok]",
        ] {
            assert!(root.contains(part), "{part} in {root}");
        }
        assert!(root.contains(&format!("PC[{long}]")));
    }

    /// A value past `HUGE_VALUE`, read through a window that grows for it
    /// and is given back, is read as a short one is: escapes undone, soft
    /// line breaks removed, CR LF kept, Latin-1 decoded, the compose split
    /// found, positions after it right.
    #[test]
    fn a_huge_value_reads_as_a_short_one() {
        let body = "ab\\]\\\\c\\\r\nd\r\n\u{e9}".repeat(HUGE_VALUE / 8);
        let text = "ab]\\cd\r\n\u{e9}".repeat(HUGE_VALUE / 8);
        let input = format!("(;CA[ISO-8859-1]C[{body}]LB[pd:{body}];B[pd]GN[\u{e9}];W)");
        let (latin1, _, _) = encoding_rs::WINDOWS_1252.encode(&input);
        let mut rec = Recorder::default();
        let mut report = Reporter::collecting("t");
        let mut src = Chunks(&latin1, 100_000);
        read(&mut src, &ReadOptions::default(), &mut rec, &mut report).unwrap();
        assert!(rec.nodes[0].contains(&format!("C[{text}]LB[pd:{text}] ")));
        assert!(
            rec.nodes[1].contains(" B[pd]GN[\u{e9}] "),
            "{}",
            rec.nodes[1]
        );
        let lines = input.matches('\n').count() as u32;
        let d: Vec<_> = report
            .collected()
            .iter()
            .filter(|d| d.code.id != ENCODING.id)
            .collect();
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code.id, PROPERTY_WITHOUT_VALUE.id);
        assert_eq!(d[0].pos.map(|p| p.line), Some(lines + 1));
    }

    /// Records the structure: `G` a game, `(`/`)` a variation, `E` a game's
    /// end, and each node as its first property.
    #[derive(Default)]
    struct Shape(Vec<String>);

    impl Sink for Shape {
        fn event(&mut self, event: &Event<'_>, _: &mut Reporter) -> Result<(), Error> {
            match event {
                Event::GameStart(_) => self.0.push("G".into()),
                Event::GameEnd(_) => self.0.push("E".into()),
                Event::VariationStart(_) => self.0.push("(".into()),
                Event::VariationEnd(_) => self.0.push(")".into()),
                _ => {}
            }
            Ok(())
        }
        fn node(&mut self, node: &NodeRef<'_>, _: &mut Reporter) -> Result<(), Error> {
            let first = node.iter().next();
            self.0.push(first.map_or(String::new(), |p| {
                format!("{}[{}]", p.name, p.first_text().unwrap_or(""))
            }));
            Ok(())
        }
    }

    /// The structure `input` reads as (one string), and the codes of its
    /// diagnostics other than `I100`.
    fn shape(input: &str) -> (String, Vec<&'static str>) {
        let mut sink = Shape::default();
        let mut report = Reporter::collecting("t");
        read(
            &mut input.as_bytes(),
            &ReadOptions::default(),
            &mut sink,
            &mut report,
        )
        .unwrap();
        let codes = report
            .collected()
            .iter()
            .map(|d| d.code.id)
            .filter(|c| *c != "I100")
            .collect();
        (sink.0.join(" "), codes)
    }

    /// A collection of `n` games, `(;GM[1]PB[pK];B[aa])` each, with `gap`
    /// after the first.
    fn collection(n: usize, gap: &str) -> String {
        let mut s = String::new();
        for k in 0..n {
            s.push_str(&format!("(;GM[1]PB[p{k}];B[aa])\n"));
            if k == 0 {
                s.push_str(gap);
            }
        }
        s
    }

    /// A stray `(` after the first game of 14 leaves the 13 others games.
    #[test]
    fn a_stray_open_paren_between_games_swallows_no_game() {
        let (s, codes) = shape(&collection(14, "(\n"));
        assert_eq!(s.split(' ').filter(|t| *t == "G").count(), 14, "{s}");
        assert!(!s.contains('('), "{s}");
        assert_eq!(codes, ["W017"]);
    }

    /// `(;…)((;…)(;…)…)`: the parentheses around the later games are
    /// dropped, and so is their `)`, with one warning.
    #[test]
    fn games_in_parentheses_stay_games() {
        let mut input = collection(1, "(");
        input.push_str(&collection(13, ""));
        input.push(')');
        let (s, codes) = shape(&input);
        assert_eq!(s.split(' ').filter(|t| *t == "G").count(), 14, "{s}");
        assert!(!s.contains('('), "{s}");
        assert_eq!(codes, ["W017"]);
        // `((;…))`, and nested: one warning per `(`, no stray text.
        let (s, codes) = shape("(;B[aa])((;B[bb]))\n(((;B[cc])))(;B[dd])");
        assert_eq!(s, "G B[aa] E G B[bb] E G B[cc] E G B[dd] E");
        assert_eq!(codes, ["W017", "W017", "W017"]);
        // A `)` with no `(` around games to close is stray text, as before.
        let (s, codes) = shape("(;B[aa]))\n(;B[bb])");
        assert_eq!(s, "G B[aa] E G B[bb] E");
        assert_eq!(codes, ["W002"]);
    }

    /// Variations, and parentheses around variations (`W010`), are what
    /// they were: the look-ahead is only between games.
    #[test]
    fn variations_stay_variations() {
        let (s, codes) = shape("(;GM[1];B[pd](;B[aa])(;B[bb]))");
        assert_eq!(s, "G GM[1] B[pd] ( B[aa] ) ( B[bb] ) E");
        assert!(codes.is_empty(), "{codes:?}");
        let (s, codes) = shape("(;GM[1]((;B[aa])(;B[bb])))");
        assert_eq!(s, "G GM[1] ( B[aa] ) ( B[bb] ) E");
        assert_eq!(codes, ["W010"]);
    }

    /// A file that lost its `(`: its leading nodes are the root of the
    /// trees after them, up to the stray `)` or the end of the input.
    #[test]
    fn leading_nodes_become_the_root() {
        let input =
            " ;AW[bb]C[Black to play.]\n(;B[af];W[ah]\n(;B[ce])(;B[ag]))\n(;B[ah])\n(;B[ae]))\n";
        let (s, codes) = shape(input);
        assert_eq!(
            s,
            "G AW[bb] ( B[af] W[ah] ( B[ce] ) ( B[ag] ) ) ( B[ah] ) ( B[ae] ) E"
        );
        assert_eq!(codes, ["W016"]);
        // To the end of the input: no `W005` for the lost parentheses.
        let (s, codes) = shape(";AB[aa];W[bb](;B[cc])(;B[dd]");
        assert_eq!(s, "G AB[aa] W[bb] ( B[cc] ) ( B[dd] ) E");
        assert_eq!(codes, ["W016", "W005"]);
        let (s, codes) = shape(";FF[4]GM[1];B[pd];W[dd]\n");
        assert_eq!(s, "G FF[4] B[pd] W[dd] E");
        assert_eq!(codes, ["W016"]);
        // Games after the `)` stay games; prose before the nodes is skipped.
        let (s, codes) = shape("Problem 3:\n;AB[aa]C[x](;B[bb]))\n(;GM[1]PB[y])");
        assert_eq!(s, "G AB[aa] ( B[bb] ) E G GM[1] E");
        assert_eq!(codes, ["I001", "W016"]);
    }

    /// Leading nodes that are not the root of what follows (a game with game
    /// information, text) are skipped as before, with a warning that says
    /// what they were.
    #[test]
    fn leading_nodes_before_games_are_skipped_with_a_warning() {
        let input = ";GM[1]PB[x];B[aa]\n(;GM[1]PB[y];B[bb])\n";
        let mut sink = Shape::default();
        let mut report = Reporter::collecting("t");
        read(
            &mut input.as_bytes(),
            &ReadOptions::default(),
            &mut sink,
            &mut report,
        )
        .unwrap();
        assert_eq!(sink.0.join(" "), "G GM[1] B[bb] E");
        let d = &report.collected()[0];
        assert_eq!(d.code, MISSING_OPEN_PAREN);
        assert_eq!(
            d.message,
            "text before the first game skipped (18 bytes, to 2:1): it holds 2 SGF nodes \
             (from 1:1), not the root of the trees after them: a game follows at 2:1"
        );
        let (s, codes) = shape(";B[aa] !!\n(;B[bb])");
        assert_eq!(s, "G B[bb] E");
        assert_eq!(codes, ["W016"]);
        // Prose alone is info, as before; so is a `;` in it.
        let (_, codes) = shape("From: me; to: you\n(;B[aa])");
        assert_eq!(codes, ["I001"]);
    }

    /// The same input read with any read size: the look-ahead does not
    /// depend on where the window ends.
    #[test]
    fn leading_nodes_are_read_alike_in_any_window() {
        for long in [3000, 14000] {
            let input = format!(
                ";AB[aa]C[{}](;B[bb]C[x (y) z])\n(;B[dd]))\n(;GM[1])",
                "long ".repeat(long)
            );
            reads_alike(&input, &["W016"]);
        }
    }

    fn reads_alike(input: &str, want: &[&str]) {
        let (whole, codes) = shape(input);
        assert_eq!(codes, want);
        for size in [1, 7, 300, 4096] {
            let mut sink = Shape::default();
            let mut report = Reporter::collecting("t");
            let mut src = Chunks(input.as_bytes(), size);
            read(&mut src, &ReadOptions::default(), &mut sink, &mut report).unwrap();
            assert_eq!(sink.0.join(" "), whole, "reads of {size} bytes");
        }
    }

    /// Every short string of SGF punctuation reads without a panic, and
    /// leaves no variation open.
    #[test]
    fn short_structures_read_without_panic() {
        let alphabet = b";()[]B ";
        let mut input = Vec::new();
        for len in 0..=5u32 {
            for mut k in 0..alphabet.len().pow(len) {
                input.clear();
                for _ in 0..len {
                    input.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                let (s, _) = shape(std::str::from_utf8(&input).unwrap());
                let count = |t: &str| s.split(' ').filter(|x| *x == t).count();
                assert_eq!(count("("), count(")"), "{s}");
                assert_eq!(count("G"), count("E"), "{s}");
            }
        }
    }

    /// Hands out its data `.1` bytes at a time.
    struct Chunks<'a>(&'a [u8], usize);
    impl Read for Chunks<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(self.0.len()).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn move_nodes_carry_their_sgf_text() {
        assert_eq!(move_text("B", "pd"), Some(";B[pd]"));
        assert_eq!(move_text("W", "aa"), Some(";W[aa]"));
        assert_eq!(move_text("W", "zz"), Some(";W[zz]"));
        assert_eq!(move_text("B", "tt"), Some(";B[tt]"));
        assert_eq!(move_text("C", "pd"), None);
        assert_eq!(move_text("B", ""), None);
        let points = point_names();
        assert_eq!(
            (points.len(), &points[..4], &points[1350..]),
            (1352, "aaab", "zz")
        );
        assert_eq!(&points[(15 * 26 + 3) * 2..][..2], "pd");
        assert_eq!(move_text("B", "pD"), None);
    }
}
