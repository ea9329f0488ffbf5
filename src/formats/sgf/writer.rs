//! The SGF writer: FF[4], UTF-8 with `CA[UTF-8]` (or the encoding asked
//! for), one deterministic layout.
//!
//! Layout: the root node's properties one per line; other nodes packed on
//! lines of at most [`WIDTH`] columns (a long value may overrun); each
//! variation starts on a new line. The layout depends only on the events,
//! so converting the output again gives the same bytes.
//!
//! This file is the writer's state and its layout (the root, nodes,
//! variations, games); how a value is escaped and encoded is in
//! `write_values.rs`.

use super::codes::*;
use crate::charset;
use crate::diag::{At, Reporter};
use crate::error::Error;
use crate::event::{Event, Moves, NodeRef, Property};
use crate::options::WriteOptions;
use crate::sink::Sink;
use crate::validate;
use encoding_rs::{Encoding, UTF_8};
use std::io::Write;

/// A variation being written: its `(` waits for its first node, since
/// SGF has no variation without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variation {
    /// No node yet.
    Pending,
    /// Its `(` is written.
    Written,
    /// It held variations before any node: its parentheses are dropped, as
    /// a reader drops them.
    Transparent,
    /// Opened by the writer for a node that follows variations (SGF has no
    /// node after variations); it closes with the variation around it.
    Implicit,
}

/// Lines are kept under this many columns where values allow.
pub const WIDTH: usize = 79;

/// Bytes buffered before they go to the output.
pub(super) const FLUSH_AT: usize = 64 * 1024;

/// A value longer than twice this is escaped a piece of this size at a time, and
/// a node (or root) that holds more than [`FLUSH_AT`] bytes meanwhile goes
/// out before it ends ([`SgfWriter::spill`]): a huge value is never copied
/// whole.
pub(super) const PIECE: usize = 64 * 1024;

/// The SGF writer: clean `FF[4]`, the root one property per line, moves
/// packed on lines, in UTF-8 or the encoding asked for (formats/sgf.md §3).
pub struct SgfWriter<'w> {
    out: Box<dyn Write + 'w>,
    pub(super) buf: Vec<u8>,
    pub(super) encoding: &'static Encoding,
    keep_dialect: bool,
    /// Column of the end of `buf` (bytes since the last line break).
    pub(super) col: usize,
    /// The root node being written, one property per line; it goes out
    /// when the node ends, with `FF` and `CA` added if missing.
    root: Vec<u8>,
    in_root: bool,
    /// Where the `FF` line ends in `root`, and whether `CA` was written.
    root_ff_end: Option<usize>,
    root_has_ca: bool,
    /// The node being written (not the root), held to decide line breaks.
    node: Vec<u8>,
    /// Where the first line break in `node` is, if any.
    node_newline: Option<usize>,
    in_node: bool,
    /// Nodes written in this game (the first is the root).
    nodes_in_game: u64,
    /// The current game's `(` is written (it has a node).
    game_open: bool,
    /// The open variations of the game, innermost last, each with the
    /// `after_variation` of the level around it.
    variations: Vec<(Variation, bool)>,
    /// Variations closed at the current level since its last node.
    after_variation: bool,
    /// `Meta` keys of this game (SGF has no place for them).
    meta_keys: Vec<String>,
    /// Characters the output encoding could not carry, in this game.
    pub(super) lost: Vec<char>,
    /// Properties dropped for an identifier without a capital, in this game.
    pub(super) dropped: Vec<String>,
    /// Identifiers of the game's properties that had no value: not written.
    pub(super) valueless: Vec<String>,
    warned_unsafe: bool,
    /// The open node's first bytes went out before it ended (a huge value):
    /// its line break is decided, the rest follows as it comes.
    node_spilled: bool,
    /// The same for the root: its `;`, `FF` and `CA` lines are written, a
    /// later `FF` (unless the dialect is kept) or `CA` is not.
    root_spilled: bool,
    /// Times a node or root was spilled, to tell whether a property wrote.
    spills: u64,
    /// A write error met while spilling, returned by the next write or by
    /// `finish`.
    failed: Option<std::io::Error>,
}

impl<'w> SgfWriter<'w> {
    /// A writer into `out`; with `keep_ff` (`--keep-dialect`) the root's
    /// `FF` is kept as it was, otherwise it is written `FF[4]`.
    pub fn new(
        out: Box<dyn Write + 'w>,
        options: &WriteOptions,
        keep_ff: bool,
    ) -> Result<Self, Error> {
        let encoding = options.to_encoding.unwrap_or(UTF_8);
        if !encoding.is_ascii_compatible() {
            return Err(Error::Usage(format!(
                "SGF cannot be written in {}: its syntax needs an ASCII-compatible encoding",
                encoding.name()
            )));
        }
        Ok(SgfWriter {
            out,
            // Grows to FLUSH_AT on a large input; small files stay small.
            buf: Vec::with_capacity(4096),
            encoding,
            keep_dialect: keep_ff,
            col: 0,
            root: Vec::with_capacity(1024),
            in_root: false,
            root_ff_end: None,
            root_has_ca: false,
            node: Vec::with_capacity(256),
            node_newline: None,
            in_node: false,
            nodes_in_game: 0,
            game_open: false,
            variations: Vec::new(),
            after_variation: false,
            meta_keys: Vec::new(),
            lost: Vec::new(),
            dropped: Vec::new(),
            valueless: Vec::new(),
            warned_unsafe: false,
            node_spilled: false,
            root_spilled: false,
            spills: 0,
            failed: None,
        })
    }

    fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
        match memchr::memrchr(b'\n', bytes) {
            Some(i) => self.col = bytes.len() - i - 1,
            None => self.col += bytes.len(),
        }
    }

    fn newline(&mut self) {
        if self.col > 0 {
            self.buf.push(b'\n');
            self.col = 0;
        }
    }

    fn maybe_flush(&mut self) -> Result<(), Error> {
        if self.buf.len() >= FLUSH_AT {
            if let Some(e) = self.failed.take() {
                return Err(e.into());
            }
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Ends the node being written: the root with its FF/CA, or a packed
    /// node on the current line or the next.
    fn end_node(&mut self) {
        if self.in_root {
            self.in_root = false;
            self.write_root();
            return;
        }
        if !self.in_node {
            return;
        }
        self.in_node = false;
        let first_line = self.node_newline.unwrap_or(self.node.len());
        let spilled = std::mem::take(&mut self.node_spilled);
        if self.col > 0 && self.col + first_line > WIDTH && !spilled {
            self.newline();
        }
        self.buf.extend_from_slice(&self.node);
        // Only a node with a line break in a value needs a scan (and a
        // spilled one, whose line breaks after the spill are not recorded).
        if self.node_newline.is_some() || spilled {
            match memchr::memrchr(b'\n', &self.node) {
                Some(last) => self.col = self.node.len() - last - 1,
                None => self.col += self.node.len(),
            }
        } else {
            self.col += self.node.len();
        }
        self.node.clear();
        self.node_newline = None;
    }

    /// A property of the root node, on a line of its own. `FF` becomes
    /// `FF[4]` (unless the dialect is kept) and `CA` the output encoding.
    fn root_property(&mut self, p: &Property<'_>) {
        if self.root_spilled && (p.name == "CA" || (p.name == "FF" && !self.keep_dialect)) {
            // Written with the root's first lines already.
            return;
        }
        let mut root = std::mem::take(&mut self.root);
        let before = root.len();
        if !root.is_empty() || self.root_spilled {
            root.push(b'\n');
        }
        let line_start = root.len();
        let spills = self.spills;
        match p.name {
            "FF" if !self.keep_dialect => root.extend_from_slice(b"FF[4]"),
            "CA" => {
                root.extend_from_slice(b"CA[");
                root.extend_from_slice(charset::ca_name(self.encoding).as_bytes());
                root.push(b']');
                self.root_has_ca = true;
            }
            _ => {
                self.property_into(p, &mut root);
                if root.len() == line_start && self.spills == spills {
                    // Dropped (no capital letter, or no value): no empty
                    // line either.
                    root.truncate(before);
                }
            }
        }
        if p.name == "FF" && self.root_ff_end.is_none() && !self.root_spilled {
            self.root_ff_end = Some(root.len());
        }
        self.root = root;
    }

    /// Writes the root node: `FF` first and `CA` right after it when they
    /// were missing.
    fn write_root(&mut self) {
        let root = std::mem::take(&mut self.root);
        if std::mem::take(&mut self.root_spilled) {
            self.push(&root);
        } else {
            self.root_lines(&root);
        }
        self.newline();
        self.root = root;
        self.root.clear();
        self.root_ff_end = None;
        self.root_has_ca = false;
    }

    /// The root's `;` and lines so far (`root`), with `FF` first and `CA`
    /// right after it when they are missing.
    fn root_lines(&mut self, root: &[u8]) {
        let ca = charset::ca_name(self.encoding);
        self.push(b";");
        match self.root_ff_end {
            None => {
                let mut first = true;
                if !self.keep_dialect {
                    self.push(b"FF[4]");
                    first = false;
                }
                if !self.root_has_ca {
                    if !first {
                        self.newline();
                    }
                    self.push_ca(ca);
                    first = false;
                }
                if !root.is_empty() {
                    if !first {
                        self.newline();
                    }
                    self.push(root);
                }
            }
            Some(end) => {
                self.push(&root[..end]);
                if !self.root_has_ca {
                    self.newline();
                    self.push_ca(ca);
                }
                self.push(&root[end..]);
            }
        }
    }

    /// `CA[…]`, the output encoding's name (no line break in it).
    fn push_ca(&mut self, ca: &str) {
        self.buf.extend_from_slice(b"CA[");
        self.buf.extend_from_slice(ca.as_bytes());
        self.buf.push(b']');
        self.col += ca.len() + 4;
    }

    /// Sends out what `out` (the root or the node being written) holds,
    /// when it has grown past [`FLUSH_AT`] inside a huge value: a node's line
    /// break is decided by then (its first line is longer than [`WIDTH`],
    /// or it holds a line break); a root gets its `FF` and `CA` lines as if
    /// they were missing (a later `FF` or `CA` is not written: the only
    /// layout a huge value changes).
    pub(super) fn spill(&mut self, out: &mut Vec<u8>) {
        if out.len() < FLUSH_AT || !(self.in_root || self.in_node) {
            return;
        }
        if self.in_root && !self.root_spilled {
            self.root_spilled = true;
            self.root_lines(out);
        } else {
            if self.in_node && !self.node_spilled {
                self.node_spilled = true;
                let first_line = memchr::memchr(b'\n', out).unwrap_or(out.len());
                if self.col > 0 && self.col + first_line > WIDTH {
                    self.newline();
                }
            }
            self.push(out);
        }
        out.clear();
        self.spills += 1;
        if self.buf.len() >= FLUSH_AT && self.failed.is_none() {
            if let Err(e) = self.out.write_all(&self.buf) {
                self.failed = Some(e);
            }
            self.buf.clear();
        }
    }

    /// Writes the `(` of the variation a node is the first of.
    fn open_variation(&mut self) {
        if let Some((top @ Variation::Pending, _)) = self.variations.last_mut() {
            *top = Variation::Written;
            self.newline();
            self.push(b"(");
        }
        if self.after_variation {
            // A node after variations starts a variation of its own, as a
            // reader reads it (W015).
            self.variations.push((Variation::Implicit, true));
            self.after_variation = false;
            self.newline();
            self.push(b"(");
        }
    }

    /// Closes the variations the writer opened for nodes after variations,
    /// which end with the level around them.
    fn close_implicit(&mut self) {
        while let Some((Variation::Implicit, _)) = self.variations.last() {
            self.variations.pop();
            self.push(b")");
        }
    }

    fn end_game(&mut self, report: &mut Reporter) {
        if !self.valueless.is_empty() {
            report.report(PROPERTY_WITHOUT_VALUE_W405, None, || {
                format!(
                    "properties with no value cannot be written as SGF: dropped {}",
                    std::mem::take(&mut self.valueless).join(" ")
                )
            });
        }
        if !self.dropped.is_empty() {
            report.report(
                IDENTIFIER_WITHOUT_CAPITAL,
                None,
                || format!(
                    "properties whose identifier is not letters with a capital cannot be written as SGF: dropped {}",
                    std::mem::take(&mut self.dropped).join(" ")
                ),
            );
        }
        if !self.meta_keys.is_empty() {
            report.report(SOURCE_METADATA_NOT_WRITTEN, None, || {
                format!(
                    "source metadata {} not written (SGF keeps what readers put in properties)",
                    self.meta_keys.join(", ")
                )
            });
            self.meta_keys.clear();
        }
        if !self.lost.is_empty() {
            let mut chars: Vec<char> = std::mem::take(&mut self.lost);
            chars.sort_unstable();
            chars.dedup();
            let shown: String = chars.iter().take(20).collect();
            report.report(UNENCODABLE_CHARACTER, None, || {
                format!(
                    "{} cannot carry {} character(s) ({shown}): written as '?'",
                    self.encoding.name(),
                    chars.len()
                )
            });
        }
    }

    /// A game starts: its `(` waits for its first node, as a game with
    /// none is not written.
    fn game_start(&mut self, report: &mut Reporter) {
        if !self.warned_unsafe && charset::has_unsafe_trail_bytes(self.encoding) {
            self.warned_unsafe = true;
            report.report(
                BYTE_LEVEL_ESCAPING,
                None,
                || format!(
                    "{}: ']' and '\\' trail bytes are escaped at the byte level, as FF[4] says; many readers mis-read such files",
                    self.encoding.name()
                ),
            );
        }
        self.game_open = false;
        self.nodes_in_game = 0;
        self.variations.clear();
        self.after_variation = false;
    }

    /// A node starts (its properties come as events): the game's `(` if it
    /// is the first, the root, or a `;`.
    fn node_start(&mut self) {
        if !self.game_open {
            self.game_open = true;
            self.newline();
            self.push(b"(");
            // Parentheses opened before the root (`((;`) would make the
            // game a collection of trees to a reader (W017): not written.
            for (v, _) in &mut self.variations {
                if *v == Variation::Pending {
                    *v = Variation::Transparent;
                }
            }
        }
        self.end_node();
        self.open_variation();
        if self.nodes_in_game == 0 {
            self.in_root = true;
        } else {
            self.in_node = true;
            self.node.push(b';');
        }
        self.nodes_in_game += 1;
    }

    /// A property of the open node: the root's are held for
    /// [`SgfWriter::write_root`], others go into the node's bytes.
    fn property(&mut self, p: &Property<'_>) {
        if self.in_root {
            self.root_property(p);
        } else if self.in_node {
            let mut node = std::mem::take(&mut self.node);
            let before = node.len();
            self.property_into(p, &mut node);
            if self.node_newline.is_none() && !self.node_spilled {
                let added = &node[before..];
                // Short properties (moves) are checked without memchr's set-up.
                let found = if added.len() <= 16 {
                    added.iter().position(|&c| c == b'\n')
                } else {
                    memchr::memchr(b'\n', added)
                };
                self.node_newline = found.map(|k| k + before);
            }
            self.node = node;
        }
    }

    /// A variation opens; it is written when its first node comes.
    fn variation_start(&mut self) {
        self.end_node();
        // Parentheses around nothing but variations would be
        // dropped by a reader (W010): they are not written.
        if let Some((top @ Variation::Pending, outer)) = self.variations.last_mut() {
            *top = Variation::Transparent;
            // Its variations belong to the level around it.
            self.after_variation = *outer;
        }
        self.variations
            .push((Variation::Pending, self.after_variation));
        self.after_variation = false;
    }

    /// A variation closes: its `)` if it was written.
    fn variation_end(&mut self) {
        self.end_node();
        self.close_implicit();
        match self.variations.pop() {
            Some((Variation::Written, _)) => {
                self.push(b")");
                self.after_variation = true;
            }
            Some((Variation::Transparent, _)) => self.after_variation = true,
            // An empty variation is not written either (W008).
            Some((_, outer)) => self.after_variation = outer,
            None => {}
        }
    }

    /// The game ends: its `)`, or a warning when it had no node.
    fn game_end(&mut self, report: &mut Reporter) {
        if self.game_open {
            self.end_node();
            // Variations the events left open close with the game: the
            // output stays balanced whatever the events were.
            while let Some((v, _)) = self.variations.pop() {
                if matches!(v, Variation::Written | Variation::Implicit) {
                    self.push(b")");
                }
            }
            self.push(b")\n");
        } else {
            report.report(
                EMPTY_GAME_NOT_WRITTEN,
                None,
                "a game with no node cannot be written as SGF (it would read as nothing): not written",
            );
        }
        self.end_game(report);
    }
}

/// Reports a root `FF` other than 1 to 4, which the writer replaces.
fn unknown_version(p: &Property<'_>, report: &mut Reporter) {
    let v = p.values.first().map_or("", |v| v.text());
    if let Some(m) = validate::unknown_file_format(v) {
        let at = At::property("FF", p.pos);
        report.report(
            validate::UNKNOWN_FILE_FORMAT,
            at,
            format!("{m}, written FF[4]"),
        );
    }
}

impl Sink for SgfWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) => self.game_start(report),
            Event::Meta { key, .. } => self.meta_keys.push(key.to_string()),
            Event::Node(_) => self.node_start(),
            Event::Property(p) => {
                if self.in_root && p.name == "FF" && !self.keep_dialect {
                    unknown_version(p, report);
                }
                self.property(p)
            }
            Event::VariationStart(_) => self.variation_start(),
            Event::VariationEnd(_) => self.variation_end(),
            Event::GameEnd(_) => self.game_end(report),
        }
        self.maybe_flush()
    }

    /// A whole node below the root goes straight into place: it is
    /// serialised once and its line break decided, with no per-property
    /// dispatch.
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        if self.nodes_in_game == 0 {
            // The root: one property per line, through the event path.
            return crate::sink::node_as_events(self, node, report);
        }
        // Usually no node is pending: nodes came whole before this one.
        if self.in_root || self.in_node {
            self.end_node();
        }
        self.open_variation();
        self.nodes_in_game += 1;
        if self.encoding == UTF_8 {
            if let Some(sgf) = node.sgf() {
                self.write_packed(sgf.as_bytes());
                return self.maybe_flush();
            }
            if self.write_plain(node) {
                return self.maybe_flush();
            }
        }
        let mut out = std::mem::take(&mut self.node);
        out.push(b';');
        // Before its properties: a huge value spills the node.
        self.in_node = true;
        for p in node.iter() {
            self.property_into(&p, &mut out);
        }
        self.node_newline = if out.len() <= 32 {
            out.iter().position(|&c| c == b'\n')
        } else {
            memchr::memchr(b'\n', &out)
        };
        self.node = out;
        self.in_node = true;
        self.end_node();
        self.maybe_flush()
    }

    /// A run of plain moves below the root: its text is copied a line at
    /// a time, laid out as [`Sink::node`] lays out each of its nodes.
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        if self.nodes_in_game == 0 || self.encoding != UTF_8 {
            return crate::sink::moves_as_nodes(self, moves, report);
        }
        if self.in_root || self.in_node {
            self.end_node();
        }
        self.open_variation();
        self.nodes_in_game += moves.len() as u64;
        self.write_packed_run(moves.sgf().as_bytes());
        self.maybe_flush()
    }

    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        self.end_node();
        if let Some(e) = self.failed.take() {
            return Err(e.into());
        }
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{GameHeader, Pos, PropertyBuf};
    use crate::formats::sgf::write_values::writable_identifier;

    /// Writes a game given as `(`, `)`, `;` and `ID=value` tokens.
    fn write(tokens: &[&str]) -> String {
        write_as(tokens, |w| Box::new(w))
    }

    /// [`write`], with the writer wrapped by `wrap` (which re-sends the
    /// events in another form).
    fn write_as(
        tokens: &[&str],
        wrap: impl for<'w> FnOnce(&'w mut SgfWriter<'_>) -> Box<dyn Sink + 'w>,
    ) -> String {
        let mut out = Vec::new();
        let mut report = Reporter::collecting("t");
        {
            let mut writer =
                SgfWriter::new(Box::new(&mut out), &WriteOptions::default(), false).unwrap();
            let mut w = wrap(&mut writer);
            let header = GameHeader::new(0);
            let at = Pos::default();
            w.event(&Event::GameStart(&header), &mut report).unwrap();
            for t in tokens {
                let e = match *t {
                    "(" => Event::VariationStart(at),
                    ")" => Event::VariationEnd(at),
                    ";" => Event::Node(at),
                    p => {
                        let (id, v) = p.split_once('=').unwrap();
                        let p = PropertyBuf::with_values(id, &[v]);
                        w.event(&Event::Property(p.as_property()), &mut report)
                            .unwrap();
                        continue;
                    }
                };
                w.event(&e, &mut report).unwrap();
            }
            w.event(&Event::GameEnd(at), &mut report).unwrap();
            w.finish(&mut report).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    /// A huge value is escaped and sent out a piece at a time, with the
    /// bytes and line breaks a short one gets: `]`, `\\` escaped, the node
    /// on a line of its own, the next node after it on its last line.
    #[test]
    fn a_huge_value_is_written_as_a_short_one() {
        let big = format!("a]b\\c:{}\nend", "x]".repeat(3 * PIECE));
        let escaped = big.replace('\\', "\\\\").replace(']', "\\]");
        let small = "a:b";
        for tokens in [
            vec![";", "GN=x", ";", "B=pd", ";", "W=dp", "C=@", ";", "B=qq"],
            vec![";", "GN=x", ";", "B=pd", "C=@", "GC=y", ";", "W=dp"],
            vec![";", "FF=4", "C=@", "GN=x", ";", "B=pd"],
            vec![";", "GN=@", ";", "B=pd"],
        ] {
            let with =
                |v: &str| -> Vec<String> { tokens.iter().map(|t| t.replace('@', v)).collect() };
            let huge = with(&big);
            let short = with(small);
            let huge: Vec<&str> = huge.iter().map(String::as_str).collect();
            let short: Vec<&str> = short.iter().map(String::as_str).collect();
            let mut want = write(&short).replace(small, &escaped);
            if tokens.get(5) == Some(&"W=dp") {
                // The huge node's first line is too long for the line
                // that holds `;B[pd]`.
                want = want.replace(";B[pd];W[dp]", ";B[pd]\n;W[dp]");
            }
            let got = write(&huge);
            let differs = got.bytes().zip(want.bytes()).position(|(a, b)| a != b);
            assert!(got == want, "{tokens:?}: differs at {differs:?}");
        }
    }

    /// A huge value in the root before its `FF` and `CA`: those are written
    /// first, as if missing, and not again.
    #[test]
    fn a_huge_root_value_before_ff_puts_ff_first() {
        let big = "x".repeat(3 * PIECE);
        let tokens = [";", "GN=@", "FF=3", "CA=latin1", "PB=y", ";", "B=pd"];
        let huge: Vec<String> = tokens.iter().map(|t| t.replace('@', &big)).collect();
        let huge: Vec<&str> = huge.iter().map(String::as_str).collect();
        let want = format!("(;FF[4]\nCA[UTF-8]\nGN[{big}]\nPB[y]\n;B[pd])\n");
        assert!(write(&huge) == want);
    }

    /// A game with no node has no SGF form (`()` reads as nothing): it is
    /// not written, and not counted as a game, so the output reads back as
    /// the games and nodes the conversion reports.
    #[test]
    fn a_game_with_no_node_is_not_written() {
        let mut out = Vec::new();
        let mut report = Reporter::collecting("t");
        let mut counted = crate::sink::Tee(
            crate::sink::Counter::default(),
            SgfWriter::new(Box::new(&mut out), &WriteOptions::default(), false).unwrap(),
        );
        let header = GameHeader::new(0);
        for e in [
            Event::GameStart(&header),
            Event::VariationStart(Pos::default()),
            Event::VariationEnd(Pos::default()),
            Event::GameEnd(Pos::default()),
            Event::GameStart(&header),
            Event::Node(Pos::default()),
            Event::GameEnd(Pos::default()),
        ] {
            counted.event(&e, &mut report).unwrap();
        }
        counted.finish(&mut report).unwrap();
        let counter = counted.0;
        drop(counted);
        assert_eq!(String::from_utf8(out).unwrap(), "(;FF[4]\nCA[UTF-8]\n)\n");
        assert_eq!((counter.games, counter.nodes), (1, 1));
        let codes: Vec<_> = report.collected().iter().map(|d| d.code.id).collect();
        assert_eq!(codes, ["W404"]);
    }

    /// An identifier that is not letters with a capital is not written.
    #[test]
    fn only_letter_identifiers_with_a_capital_are_written() {
        for (name, ok) in [
            ("B", true),
            ("AB", true),
            ("Black", true),
            ("b", false),
            ("]W", false),
            ("X1", false),
            ("", false),
        ] {
            assert_eq!(writable_identifier(name.as_bytes()), ok, "{name}");
        }
    }

    /// A property with no value is not written (a reader would drop the
    /// identifier, and `W[]` would be a pass), and says so.
    #[test]
    fn a_property_with_no_value_is_not_written() {
        let mut out = Vec::new();
        let mut report = Reporter::collecting("t");
        {
            let mut w =
                SgfWriter::new(Box::new(&mut out), &WriteOptions::default(), false).unwrap();
            let header = GameHeader::new(0);
            let at = Pos::default();
            let empty = PropertyBuf::new("XY");
            let mv = PropertyBuf::new("W");
            let b = PropertyBuf::with_values("B", &["pd"]);
            w.event(&Event::GameStart(&header), &mut report).unwrap();
            for p in [&empty, &b, &mv, &b] {
                w.event(&Event::Node(at), &mut report).unwrap();
                w.event(&Event::Property(p.as_property()), &mut report)
                    .unwrap();
            }
            w.event(&Event::GameEnd(at), &mut report).unwrap();
            w.finish(&mut report).unwrap();
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "(;FF[4]\nCA[UTF-8]\n;B[pd];;B[pd])\n"
        );
        let d = &report.collected()[0];
        assert_eq!(d.code.id, "W405");
        assert!(d.message.ends_with("dropped XY W"), "{}", d.message);
    }

    /// Runs of plain moves (`Sink::moves`) are laid out exactly as the same
    /// nodes one at a time: lines wrapped at the same places, around
    /// variations, passes and nodes with more properties.
    #[test]
    fn runs_of_moves_are_written_as_their_nodes() {
        let mut tokens = vec![";", "GM=1", "PB=someone"];
        let points = ["pd", "dd", "pp", "dp", "qf", "nc", "rd", "qc", "qi", "tt"];
        for i in 0..70 {
            let colour = if i % 2 == 0 { "B=" } else { "W=" };
            tokens.push(";");
            let v: &'static str = Box::leak(format!("{colour}{}", points[i % 10]).into_boxed_str());
            tokens.push(v);
            match i {
                13 => tokens.push("C=a comment long enough to move the column somewhere odd"),
                31 => tokens.extend(["(", ";", "B=aa", ";", "W=bb", ")", "(", ";", "B=cc"]),
                52 => tokens.extend([";", "W=", ";", "B=ss"]),
                _ => {}
            }
        }
        tokens.push(")");
        let by_events = write(&tokens);
        let by_nodes = write_as(&tokens, |w| {
            Box::new(crate::transform::testing::WholeNodes::new(w))
        });
        let by_runs = write_as(&tokens, |w| {
            Box::new(crate::transform::testing::WholeNodes::with_runs(w))
        });
        assert!(by_events.lines().count() > 5, "{by_events}");
        assert_eq!(by_events, by_nodes);
        assert_eq!(by_events, by_runs);
    }

    #[test]
    fn variations_without_a_node_are_not_written() {
        // Parentheses around variations only, and an empty variation: a
        // reader would drop both, so the writer does (the output reads
        // back as itself).
        let sgf = write(&[
            ";", "GM=1", ";", "B=pd", "(", "(", ";", "W=dd", ")", "(", ";", "W=dp", ")", ")", "(",
            ")",
        ]);
        assert_eq!(
            sgf,
            "(;FF[4]\nCA[UTF-8]\nGM[1]\n;B[pd]\n(;W[dd])\n(;W[dp]))\n"
        );
        let nested = write(&[
            ";", "GM=1", ";", "B=pd", "(", ";", "W=dd", "(", ";", "B=cc", ")", ")",
        ]);
        assert_eq!(
            nested,
            "(;FF[4]\nCA[UTF-8]\nGM[1]\n;B[pd]\n(;W[dd]\n(;B[cc])))\n"
        );
    }

    #[test]
    fn a_node_after_variations_starts_a_variation() {
        let sgf = write(&[
            ";", "GM=1", ";", "B=pd", "(", ";", "W=dd", ")", ";", "B=dp", ";", "W=cc",
        ]);
        assert_eq!(
            sgf,
            "(;FF[4]\nCA[UTF-8]\nGM[1]\n;B[pd]\n(;W[dd])\n(;B[dp];W[cc]))\n"
        );
    }

    /// Whatever the parentheses of the events (a hand-written JSON `gap`
    /// or `tail`), the output is balanced SGF: nothing before the root,
    /// every variation closed with the game, extra `)` ignored.
    #[test]
    fn odd_parentheses_still_make_balanced_sgf() {
        let root = ["(", "(", ";", "GM=1", ";", "B=pd"];
        assert_eq!(write(&root), "(;FF[4]\nCA[UTF-8]\nGM[1]\n;B[pd])\n");
        let open = [";", "GM=1", "(", "(", ";", "B=pd", "(", ";", "W=dd"];
        assert_eq!(
            write(&open),
            "(;FF[4]\nCA[UTF-8]\nGM[1]\n(;B[pd]\n(;W[dd])))\n"
        );
        let closed_root = ["(", ";", "GM=1", ")", "(", ";", "B=pd", ")", ")", ")"];
        assert_eq!(
            write(&closed_root),
            "(;FF[4]\nCA[UTF-8]\nGM[1]\n(;B[pd]))\n"
        );
    }
}
