//! The SGF reader's fast path: short nodes and runs of plain moves.
//!
//! The fast path of [`Reader`]: nodes of one short property read whole
//! off the window, and runs of plain moves (`;B[pd]`) gathered and sent in
//! one call (`Sink::moves`).

use super::lex::{self};
use super::reader::{Level, Reader};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{NodeRef, PlainMove, PropSlot, Span, MAX_RUN, NO_SPLIT};
use crate::props;
use crate::sink::Sink;

impl<'r, 'o> Reader<'r, 'o> {
    /// The fast path for the nodes that make up most of every record,
    /// `;B[pd]`: a known upper-case identifier and a point (or a pass),
    /// followed by `;`, `(` or `)` (perhaps after a line break), so the node
    /// is complete and is sent at once. Plain moves are gathered into runs
    /// ([`Sink::moves`]); anything else takes the general path. Returns
    /// whether any node was sent.
    pub(super) fn simple_nodes(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<bool, Error> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
