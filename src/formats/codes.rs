//! The diagnostic codes of the picture writers (`diagram.rs`: SVG, PNG).
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E700` `diagram-nothing-to-draw` → `DIAGRAM_NOTHING_TO_DRAW`).
//!
//! Numbers used: 700, 701, 703, 705 (diagrams: what is drawn (SVG, PNG), 700–719).

use crate::diag::Code;

/// Nothing to draw: the input held no game.
pub const DIAGRAM_NOTHING_TO_DRAW: Code = Code::new("E700", "diagram-nothing-to-draw");
/// `--at N`, `--node N` or `--range A-B` past the end of the line drawn
/// (the main line, or `--variation N`): the position or figure goes as
/// far as the line does (its final position when the range starts past
/// its end).
///
/// Example: `sgfconv game.sgf -t svg --at 999 -o move.svg` on a game of
/// 211 moves.
///
/// What to do: `sgfconv variations FILE` lists each line's moves.
pub const DIAGRAM_MOVE_PAST_END: Code = Code::new("W701", "diagram-move-past-end");
/// Several pictures for one file (`-o`, or stdout): refused, nothing
/// written. A file of a picture format holds one picture; pictures one
/// after another in a file are no picture a viewer reads.
///
/// Example: `sgfconv games.sgf -t png -o one.png` over a collection.
///
/// What to do: `-d DIR` writes each picture to its own file; `--game N`
/// draws one game, and without `--figures` or `--every` a game gives one
/// picture (`--at N`: the position after move N).
pub const DIAGRAM_SEVERAL_PICTURES: Code = Code::new("E703", "diagram-several-pictures");
/// `--variation N` past a game's last variation: that game is not drawn.
///
/// Example: `sgfconv game.sgf -t svg --variation 9 -o v.svg` on a game
/// with variations 0 to 3.
///
/// What to do: `sgfconv variations FILE` lists each game's variations,
/// numbered from 0 (the main line).
pub const DIAGRAM_NO_SUCH_VARIATION: Code = Code::new("E705", "diagram-no-such-variation");
