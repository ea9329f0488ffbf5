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
//!
//! This file holds the reader's state ([`Reader`]) and drives it over the
//! collection: what comes before a game, between games and around them.
//! Its other methods are in `tree.rs` (game trees, nodes and variations),
//! `runs.rs` (the fast path of simple nodes and runs of plain moves) and
//! `values.rs` (properties and their values).

use super::codes::*;
use super::encoding::{self, Decoding};
use super::input::Input;
use super::lex::{self};
use super::prescan::{self, Verdict};
use super::transcode;
use crate::diag::{Reporter, Severity};
use crate::error::Error;
use crate::event::{EncodingSource, GameHeader, MovesBuf, NodeArena, Pos};
pub use crate::input::{PieceEnd, Resume};
use crate::options::ReadOptions;
use crate::props;
use crate::sink::Sink;
use encoding_rs::UTF_8;
use std::io::Read;

/// Bytes at the start of an input searched for SGF nodes before the first
/// game tree, and for the trees after them (`MISSING_OPEN_PAREN`).
const LEADING_LOOK: usize = 64 * 1024;

/// Bytes after a `(` between games looked at for the `(` of the game it
/// holds (`PARENTHESIZED_GAMES`), and after a `(` inside a game for the
/// root properties of the next game.
pub(super) const PARENTHESIS_LOOK: usize = 300;

/// Reads an SGF collection from `input`, pushing events into `sink`, from
/// `resume` on ([`Resume::default`]: the whole input; a piece or the rest
/// of one otherwise): positions, game numbers and diagnostics are those a
/// reading of the whole input gives. A byte-order mark is looked for only
/// at offset 0.
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
pub(super) enum Level {
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

pub(super) struct Reader<'r, 'o> {
    pub(super) inp: Input<'r>,
    /// See [`Resume`].
    pub(super) continuing: bool,
    pub(super) games_before: usize,
    /// The input ended inside a game tree.
    pub(super) ended_inside_game: bool,
    /// Something other than white space came after the last game.
    pub(super) trailing_text: bool,
    /// Open `(` around games (`PARENTHESIZED_GAMES`): a `)` between games
    /// closes one.
    pub(super) wrappers: usize,
    /// The game being read lost its `(` (`MISSING_OPEN_PAREN`).
    pub(super) lost_paren: bool,
    pub(super) options: &'o ReadOptions,
    /// Set when a BOM decided the encoding of the whole input.
    pub(super) bom: Option<(&'static str, EncodingSource)>,
    /// The open node's properties, decoded, in one reused arena; sent
    /// whole when the node ends.
    pub(super) node: NodeArena,
    /// Plain moves read on the fast path, not sent yet.
    pub(super) moves: MovesBuf,
    /// A node is open (its `;` was read; it may have no property yet).
    pub(super) node_open: bool,
    /// The identifiers of the open node's properties.
    pub(super) node_names: NameSet,
    /// Open variations, innermost last, each with the `after_variation` of
    /// the level around it (restored when it closes empty).
    pub(super) levels: Vec<(Level, bool)>,
    /// Variations were closed at the current level since its last node: a
    /// node now would follow variations, which SGF does not allow.
    pub(super) after_variation: bool,
    pub(super) scratch: Vec<u8>,
    pub(super) games: usize,
    pub(super) decoding: Decoding,
    /// The property being read has a text type (only text is in the game's
    /// charset; the FF[4] spec keeps every other value ASCII).
    pub(super) text_typed: bool,
    /// The control bytes of the value being read, with their positions
    /// (`controls.rs`).
    pub(super) controls: Vec<(u8, Pos)>,
}

/// Where skipped text starts (its first non-blank byte) and its first
/// [`SKIPPED_KEPT`] bytes, for the report that says what it was.
type Skipped = Option<(Pos, Vec<u8>)>;

/// Adds the skipped `bytes` to what a report shows of skipped text, up to
/// [`SKIPPED_KEPT`] bytes.
fn keep_skipped(start: &mut Vec<u8>, bytes: &[u8]) {
    let room = SKIPPED_KEPT.saturating_sub(start.len());
    start.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

/// Bytes of skipped text kept for its report, and characters of it shown.
const SKIPPED_KEPT: usize = 256;
const SKIPPED_SHOWN: usize = 60;

/// The open node's text is kept for the next node up to this capacity;
/// past it (a huge value), it is freed.
pub(super) const KEPT_NODE_TEXT: usize = 1 << 20;

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
            controls: Vec::new(),
        }
    }

    fn end(&self) -> PieceEnd {
        PieceEnd {
            games: self.games,
            clean: !self.ended_inside_game && !self.trailing_text && self.wrappers == 0,
        }
    }

    /// Index of the game being read in the whole input.
    pub(super) fn game_index(&self) -> usize {
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
            let (found, skipped, nonblank) = self.skip_to_game(report)?;
            if let Some((at, start)) = nonblank {
                self.trailing_text |= !found;
                let first = self.games == 0 && !self.continuing;
                let (code, what) = if first {
                    (LEADING_TEXT, "text before the first game")
                } else if found {
                    (STRAY_TEXT, "text between games")
                } else {
                    (STRAY_TEXT, "text after the last game")
                };
                let shown =
                    || crate::diag::excerpt(&String::from_utf8_lossy(&start), SKIPPED_SHOWN);
                if let Some(lead) = lead.take().filter(|_| first) {
                    let to = self.inp.here();
                    report.report(MISSING_OPEN_PAREN, Some(at), || {
                        format!("{what} skipped ({skipped} bytes, to {to}): {lead}")
                    });
                } else if first || found {
                    report.report(code, Some(at), || {
                        format!("{what} skipped ({skipped} bytes): \"{}\"", shown())
                    });
                } else {
                    report.report(LEADING_TEXT, Some(at), || {
                        format!("{what} skipped ({skipped} bytes): \"{}\"", shown())
                    });
                }
            }
            if !found {
                break;
            }
            self.game(None, sink, report)?;
        }
        if self.games == 0 && !self.continuing {
            report.report(
                NO_GAME_TREE,
                None,
                "no game tree found: the input has no '(' that starts SGF",
            );
        }
        report.set_game(None);
        Ok(())
    }

    /// Decides the character set of the game tree starting at `inp` (its
    /// '('), and reports the decision.
    pub(super) fn decide_encoding(
        &mut self,
        start: Pos,
        report: &mut Reporter,
    ) -> Result<GameHeader, Error> {
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
            report.report(ENCODING, Some(start), || {
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
            let start = &rest[k..lead.start.min(k + SKIPPED_KEPT)];
            report.report(LEADING_TEXT, Some(at), || {
                format!(
                    "text before the first game skipped ({} bytes): \"{}\"",
                    lead.start,
                    crate::diag::excerpt(&String::from_utf8_lossy(start), SKIPPED_SHOWN)
                )
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
    fn skip_to_game(&mut self, report: &mut Reporter) -> Result<(bool, u64, Skipped), Error> {
        let mut skipped = 0u64;
        let mut nonblank: Skipped = None;
        loop {
            let rest = self.inp.rest();
            let hit = match self.wrappers {
                0 => memchr::memchr(b'(', rest),
                _ => memchr::memchr2(b'(', b')', rest),
            };
            let upto = hit.unwrap_or(rest.len());
            match &mut nonblank {
                None => {
                    if let Some(k) = rest[..upto].iter().position(|c| !lex::is_ws(*c)) {
                        let start = rest[k..upto.min(k + SKIPPED_KEPT)].to_vec();
                        nonblank = Some((self.inp.pos_after(k), start));
                    }
                }
                Some((_, start)) => keep_skipped(start, &rest[..upto]),
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
                        match &mut nonblank {
                            None => nonblank = Some((self.inp.here(), b"(".to_vec())),
                            Some((_, start)) => keep_skipped(start, b"("),
                        }
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
        report.report(
            PARENTHESIZED_GAMES,
            Some(self.inp.here()),
            "'(' around game trees, not a game: dropped, the trees after it are games",
        );
        self.inp.advance(1 + ws);
        self.wrappers += 1;
        true
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

/// The identifiers of a node, to find duplicates without comparing names:
/// one- and two-letter upper-case identifiers (nearly all of them) exactly,
/// others by a small hash.
#[derive(Clone, Copy, Default)]
pub(super) struct NameSet {
    short: [u64; props::SHORT_KEYS.div_ceil(64)],
    other: u64,
}

impl NameSet {
    /// Adds `name`; returns whether it may have been there already (for a
    /// short upper-case name: whether it was).
    #[inline]
    pub(super) fn insert(&mut self, name: &[u8]) -> bool {
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

    pub(super) fn clear(&mut self) {
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
    use crate::event::{Event, Moves, NodeRef};
    use crate::formats::sgf::values::HUGE_VALUE;

    /// The whole input read as Sgf (through the registry's row).
    fn read(
        input: &mut dyn std::io::Read,
        options: &crate::options::ReadOptions,
        sink: &mut dyn crate::sink::Sink,
        report: &mut crate::diag::Reporter,
    ) -> Result<(), crate::error::Error> {
        crate::formats::read(crate::formats::Format::Sgf, input, options, sink, report)
    }

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

    /// A repeated identifier merges into the first (`W004`), but a move:
    /// a second `B` is a second move, kept in its place.
    #[test]
    fn a_second_move_is_not_merged() {
        let mut rec = Recorder::default();
        let mut report = Reporter::collecting("t");
        let input = "(;GM[1];B[cc]W[cb]B[bb]AB[aa]C[x]AB[dd])";
        read(
            &mut input.as_bytes(),
            &ReadOptions::default(),
            &mut rec,
            &mut report,
        )
        .unwrap();
        assert!(
            rec.nodes[1].contains(" B[cc]W[cb]B[bb]AB[aa]C[x] "),
            "{}",
            rec.nodes[1]
        );
        let codes: Vec<_> = report.collected().iter().map(|d| d.code.id).collect();
        assert_eq!(codes, ["I100", "W004"]);
    }

    /// A game left open (`((` where one `(` was meant) ends where the
    /// layout starts the next game: a `(` at the start of a line whose
    /// first node has a root property. Its variations stay variations.
    #[test]
    fn a_game_left_open_ends_where_the_next_game_starts() {
        let mut input = String::from("(;GM[1]FF[4] AB\n((;\nN[a]\n;LB[aa:x]N[keep]))\n");
        input.push_str("(;GM[1]FF[4];B[aa]\n(;W[bb])\n(;W[cc]))\n");
        input.push_str("( GM[1]SZ[9];B[dd])\n(;FF[4]C[x])\n");
        let (s, codes) = shape(&input);
        assert_eq!(
            s,
            "G GM[1] ( N[a] LB[aa:x] ) E G GM[1] B[aa] ( W[bb] ) ( W[cc] ) E \
             G GM[1] B[dd] E G FF[4] E"
        );
        assert_eq!(codes, ["W007", "W010", "W005", "W003"]);
        // A variation at the start of a line with no root property, or a
        // root property after the start of a line, is a variation.
        let (s, codes) = shape("(;GM[1];B[aa]\n(;W[bb];PB[x])\n(;W[cc]) (;GM[1]))");
        assert_eq!(s, "G GM[1] B[aa] ( W[bb] PB[x] ) ( W[cc] ) ( GM[1] ) E");
        assert!(codes.is_empty(), "{codes:?}");
    }

    /// A `(` at the end of the input followed by a word and nothing else
    /// starts no game: it is text after the last game.
    #[test]
    fn a_last_open_paren_before_a_word_is_no_game() {
        let (s, codes) = shape("(;B[aa])(Nonsense");
        assert_eq!(s, "G B[aa] E");
        assert_eq!(codes, ["W001"]);
        let (s, _) = shape("(;B[aa])(Nonsense\n;B[bb])");
        assert_eq!(s, "G B[aa] E");
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
        assert_eq!(codes, ["W001", "W016"]);
    }

    /// A file that lost its `(` and its first `;` too: the properties it
    /// starts with are the root node, not text.
    #[test]
    fn leading_properties_become_the_root() {
        let (s, codes) = shape("PB[Lee]PW[Kim]KM[6.5];B[pd];W[dd]");
        assert_eq!(s, "G PB[Lee] B[pd] W[dd] E");
        assert_eq!(codes, ["W016", "W003"]);
        let (s, codes) = shape("\n B[hh] ;W[ii](;B[aa])(;B[bb]))\n(;GM[1])");
        assert_eq!(s, "G B[hh] W[ii] ( B[aa] ) ( B[bb] ) E G GM[1] E");
        assert_eq!(codes, ["W016", "W003"]);
        // Prose before them is still prose, skipped as before.
        let (s, codes) = shape("Hello B[aa];W[bb]");
        assert_eq!(s, "G W[bb] E");
        assert_eq!(codes, ["W001", "W016"]);
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
        assert_eq!(codes, ["W001"]);
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
}
