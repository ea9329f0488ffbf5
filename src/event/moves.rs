//! Runs of plain moves, sent in one call.
//!
//! Runs of plain moves (`;B[pd]`): [`Moves`], sent in one call so that
//! each layer pays per run rather than per node, gathered in a
//! [`MovesBuf`].

use super::{NodeRef, Pos, PropSlot, Span, NO_SPLIT};

/// Bytes of one plain move in [`Moves`]: `;B[pd]`.
pub const MOVE_TEXT_LEN: usize = 6;

/// A run of consecutive plain move nodes, each exactly one `B` or `W` with
/// a two-letter point other than `tt` (`;B[pd]`), which is what most of
/// every record is made of. Readers send such runs in one call
/// ([`crate::sink::Sink::moves`]), so that each layer pays per run rather
/// than per node. The run means exactly its nodes in order, as
/// [`Moves::try_for_each`] gives them; a sink that does not look at runs
/// receives them node by node.
///
/// Built with [`MovesBuf`], which keeps the form.
#[derive(Clone, Copy, Debug)]
pub struct Moves<'a> {
    /// The nodes as `FF[4]` SGF, [`MOVE_TEXT_LEN`] bytes each, back to back.
    sgf: &'a str,
    /// Where each node's `;` is in the input.
    pos: &'a [Pos],
}

impl<'a> Moves<'a> {
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.pos.len()
    }

    /// Whether the run has no node.
    pub fn is_empty(&self) -> bool {
        self.pos.is_empty()
    }

    /// All the nodes as `FF[4]` SGF (`;B[pd];W[dd]`), [`MOVE_TEXT_LEN`] bytes
    /// a node: what an SGF writer writes for them.
    pub fn sgf(&self) -> &'a str {
        self.sgf
    }

    /// Where each node starts in the input.
    pub fn positions(&self) -> &'a [Pos] {
        self.pos
    }

    /// The first `k` nodes and the rest (`k` at most [`Moves::len`]).
    pub fn split_at(&self, k: usize) -> (Moves<'a>, Moves<'a>) {
        let k = k.min(self.len());
        let (sgf_a, sgf_b) = self
            .sgf
            .split_at_checked(k * MOVE_TEXT_LEN)
            .unwrap_or((self.sgf, ""));
        let (pos_a, pos_b) = self.pos.split_at(k);
        (
            Moves {
                sgf: sgf_a,
                pos: pos_a,
            },
            Moves {
                sgf: sgf_b,
                pos: pos_b,
            },
        )
    }

    /// Each node's six bytes as the [`PlainMove`] it was made from.
    pub fn plain(&self) -> impl Iterator<Item = PlainMove> + 'a {
        self.sgf
            .as_bytes()
            .chunks_exact(MOVE_TEXT_LEN)
            .filter_map(|c| <[u8; MOVE_TEXT_LEN]>::try_from(c).ok().map(PlainMove))
    }

    /// The colour of the last move (`'B'` or `'W'`).
    pub fn last_colour(&self) -> Option<char> {
        let k = self.sgf.len().checked_sub(MOVE_TEXT_LEN)?;
        self.sgf.as_bytes().get(k + 1).map(|&c| char::from(c))
    }

    /// Calls `f` with each node in order, as the [`NodeRef`] a reader would
    /// send for it (with its SGF text); stops at the first error.
    pub fn try_for_each<E>(
        &self,
        mut f: impl FnMut(&NodeRef<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let spans = [Span {
            start: 0,
            end: 2,
            split: NO_SPLIT,
        }];
        for (k, &pos) in self.pos.iter().enumerate() {
            let Some(sgf) = self.sgf.get(k * MOVE_TEXT_LEN..(k + 1) * MOVE_TEXT_LEN) else {
                break;
            };
            // The identifier is one column after the ';' (a node with no
            // position, made rather than read, gives its property none).
            let slot = [PropSlot {
                name: (0, 1),
                spans: (0, 1),
                pos: match pos == Pos::default() {
                    true => pos,
                    false => Pos::new(pos.offset + 1, pos.line, pos.col + 1),
                },
            }];
            let node = NodeRef::new(
                pos,
                sgf.get(1..2).unwrap_or(""),
                sgf.get(3..5).unwrap_or(""),
                &spans,
                &slot,
            )
            .with_sgf(sgf);
            f(&node)?;
        }
        Ok(())
    }
}

/// The SGF text of one plain move (`;B[pd]`), checked: `B` or `W`, a point
/// of two lower-case letters other than `tt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainMove([u8; MOVE_TEXT_LEN]);

impl PlainMove {
    /// `text` as a plain move, or `None` if it is not one (`;B[tt]`,
    /// `;b[pd]`, `;C[pd]`...).
    #[inline]
    pub fn new(text: [u8; MOVE_TEXT_LEN]) -> Option<Self> {
        let [semicolon, colour, open, x, y, close] = text;
        let plain = semicolon == b';'
            && matches!(colour, b'B' | b'W')
            && open == b'['
            && x.is_ascii_lowercase()
            && y.is_ascii_lowercase()
            && close == b']'
            && (x, y) != (b't', b't');
        plain.then_some(PlainMove(text))
    }

    /// The node's six bytes, `;B[pd]`.
    pub fn text(&self) -> &[u8; MOVE_TEXT_LEN] {
        &self.0
    }
}

/// Plain moves a reader gathers in a [`MovesBuf`] before it sends them,
/// at most: a long game of plain moves goes out as runs of this many, not
/// as one run held whole (16 bytes a move beside the game).
pub const MAX_RUN: usize = 1024;

/// Where a reader gathers a [`Moves`] run; reused from run to run.
#[derive(Clone, Debug, Default)]
pub struct MovesBuf {
    /// ASCII only, in the form [`Moves`] describes.
    sgf: Vec<[u8; MOVE_TEXT_LEN]>,
    pos: Vec<Pos>,
}

impl MovesBuf {
    /// Adds the node whose SGF text is `node` (`;B[pd]`) and which starts at
    /// `pos`, if it is a plain move ([`PlainMove::new`]). Returns whether it
    /// was.
    pub fn push(&mut self, node: [u8; MOVE_TEXT_LEN], pos: Pos) -> bool {
        match PlainMove::new(node) {
            Some(m) => {
                self.push_plain(m, pos);
                true
            }
            None => false,
        }
    }

    /// Adds a plain move that starts at `pos`.
    #[inline]
    pub fn push_plain(&mut self, node: PlainMove, pos: Pos) {
        self.sgf.push(node.0);
        self.pos.push(pos);
    }

    /// Number of moves gathered.
    pub fn len(&self) -> usize {
        self.pos.len()
    }

    /// Whether no move is gathered.
    pub fn is_empty(&self) -> bool {
        self.pos.is_empty()
    }

    /// The moves gathered so far, as a run to send.
    pub fn as_moves(&self) -> Moves<'_> {
        Moves {
            // Only ASCII is ever pushed.
            sgf: std::str::from_utf8(self.sgf.as_flattened()).unwrap_or_default(),
            pos: &self.pos,
        }
    }

    /// Empties the buffer for the next run, keeping its capacity.
    pub fn clear(&mut self) {
        self.sgf.clear();
        self.pos.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_takes_only_plain_moves_and_gives_them_back_as_nodes() {
        let mut buf = MovesBuf::default();
        let at = |col| Pos::new(u64::from(col) - 1, 1, col);
        assert!(buf.push(*b";B[pd]", at(1)));
        assert!(buf.push(*b";W[aa]", at(7)));
        for not_plain in [
            b";B[tt]", b";b[pd]", b";C[pd]", b";B[pD]", b";W[p]]", b"(B[pd]",
        ] {
            assert!(!buf.push(*not_plain, at(13)), "{not_plain:?}");
        }
        let run = buf.as_moves();
        assert_eq!((run.len(), run.sgf()), (2, ";B[pd];W[aa]"));
        assert_eq!(run.last_colour(), Some('W'));
        let mut seen = Vec::new();
        run.try_for_each(|n| {
            let p = n.iter().next().unwrap();
            seen.push((
                n.pos.col,
                p.name.to_string(),
                p.first_text().unwrap().to_string(),
                p.pos.col,
                n.sgf().map(str::to_string),
            ));
            Ok::<_, ()>(())
        })
        .unwrap();
        assert_eq!(
            seen,
            vec![
                (1, "B".into(), "pd".into(), 2, Some(";B[pd]".into())),
                (7, "W".into(), "aa".into(), 8, Some(";W[aa]".into())),
            ]
        );
        buf.clear();
        assert!(buf.is_empty() && buf.as_moves().last_colour().is_none());
    }

    #[test]
    fn a_run_splits_and_gives_its_plain_moves() {
        let mut buf = MovesBuf::default();
        for (k, m) in [b";B[pd]", b";W[dd]", b";B[qq]"].into_iter().enumerate() {
            assert!(buf.push(*m, Pos::new(6 * k as u64, 1, 1 + 6 * k as u32)));
        }
        let run = buf.as_moves();
        let texts: Vec<_> = run.plain().map(|m| *m.text()).collect();
        assert_eq!(texts, vec![*b";B[pd]", *b";W[dd]", *b";B[qq]"]);
        let (a, b) = run.split_at(1);
        assert_eq!((a.sgf(), b.sgf()), (";B[pd]", ";W[dd];B[qq]"));
        assert_eq!((a.positions().len(), b.positions()[0].col), (1, 7));
        let (all, none) = run.split_at(9);
        assert_eq!((all.len(), none.is_empty()), (3, true));
    }
}
