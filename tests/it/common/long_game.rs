//! A long game of legal moves for the HTML tests: moves on points in a
//! fixed order (a step prime to 361), skipping the occupied and the
//! suicidal ones, a pass when none is left, a comment every tenth move.

use sgfconv::board::Board;
use sgfconv::stone::{Colour, Point};

/// A game of `n` moves that are all legal, with a comment every tenth,
/// and its final position on sgfconv's board.
pub fn long_game(n: usize) -> (String, Board) {
    let mut board = Board::new(19, 19).unwrap();
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]PB[Black Player]PW[White Player]KM[6.5]");
    let mut colour = Colour::Black;
    let mut k: u32 = 7;
    let (mut played, mut tries) = (0, 0);
    while played < n {
        // 97 is prime to 361: every point comes round once in 361 steps.
        k = (k + 97) % 361;
        tries += 1;
        let p = Point {
            x: (k % 19) as u8,
            y: (k / 19) as u8,
        };
        let mut trial = board.clone();
        trial.play(colour, p);
        let legal = board.get(p).is_none() && trial.get(p).is_some();
        let value = if legal {
            board = trial;
            p.to_string()
        } else if tries > 361 {
            board.pass();
            String::new()
        } else {
            continue;
        };
        tries = 0;
        sgf.push_str(&format!(";{}[{value}]", colour.move_id()));
        if played % 10 == 0 {
            sgf.push_str(&format!("C[Move {}: a comment on the move.]", played + 1));
        }
        colour = colour.opponent();
        played += 1;
    }
    sgf.push(')');
    (sgf, board)
}
