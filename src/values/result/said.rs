//! What a result says, as a value: who won and how ([`GameResult`]), for
//! the writers of formats that hold a result as codes (GIB's `GRLT`, UGF's
//! `Winner`, NGF's English line); and whether a result text says a result,
//! an unfinished game or nothing ([`ResultText`]), for the readers of
//! formats that hold it as text. Both read with [`result`], so a result
//! reads the same in every format.

use super::read::{is_ff4, result};
use crate::stone::Colour;
use crate::values::{Normalized, Problem};
use std::borrow::Cow;

/// What a result says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A draw (`0`, `Draw`, `Jigo`, `持碁`).
    Draw,
    /// No result (`Void`, `無勝負`).
    Void,
    /// The result is not known (`?`).
    Unknown,
    /// A player won, and how.
    Win(Colour, WinBy),
}

/// How a game was won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WinBy {
    /// By resignation (`R`).
    Resignation,
    /// On time (`T`).
    Time,
    /// By forfeit (`F`).
    Forfeit,
    /// By points: the margin as the `FF[4]` value writes it (`3.5`,
    /// `2.50`, `0`).
    Points(String),
    /// The result does not say (`B+`).
    Unstated,
}

/// What `value` (an `RE`) says, in any spelling [`result`] reads: the
/// `FF[4]` form (`W+3.5`, `B+Resign`, `Draw`) and every other (`Black
/// resigns`, `黒中押し勝ち`, `b+r`). `None` when it says no result for
/// certain (unreadable, an unfinished game).
pub fn read_result(value: &str) -> Option<GameResult> {
    let ff4: Cow<'_, str> = if is_ff4(value) {
        Cow::Borrowed(value)
    } else {
        match result(value) {
            Normalized::Rewritten(r) => Cow::Owned(r.value),
            _ => return None,
        }
    };
    Some(match &*ff4 {
        "0" | "Draw" => GameResult::Draw,
        "Void" => GameResult::Void,
        "?" => GameResult::Unknown,
        v => {
            let (winner, how) = v.split_once('+')?;
            let winner = Colour::of_move(winner)?;
            let by = match how {
                "" => WinBy::Unstated,
                "R" | "Resign" => WinBy::Resignation,
                "T" | "Time" => WinBy::Time,
                "F" | "Forfeit" => WinBy::Forfeit,
                points => WinBy::Points(points.to_owned()),
            };
            GameResult::Win(winner, by)
        }
    })
}

/// What a result written as text says, for a reader that makes `RE` of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultText {
    /// An `FF[4]` `RE` value.
    Result(String),
    /// The game was not finished (`Progressing!`, `進行中`).
    Unfinished,
    /// Nothing [`result`] reads.
    Unknown,
}

/// What a result text says ([`result`]): its `FF[4]` form, an unfinished
/// game, or nothing.
pub fn result_text(text: &str) -> ResultText {
    match result(text) {
        Normalized::Valid => ResultText::Result(text.to_owned()),
        Normalized::Rewritten(r) => ResultText::Result(r.value),
        Normalized::Unparsed(Problem::NoForm(_)) => ResultText::Unfinished,
        Normalized::Ambiguous(_) | Normalized::Unparsed(_) => ResultText::Unknown,
    }
}

/// A result followed by a bracketed remark (`黑中盘胜(现场消息)`, `B+3.5
/// (counted)`): the `FF[4]` form of the result and the remark, where the
/// text before the bracket is a result and the bracket closes the text;
/// `None` otherwise. For a reader that keeps the whole text elsewhere (a
/// comment the result is taken from): the remark stays there.
pub fn result_before_remark(text: &str) -> Option<(String, &str)> {
    let t = text.trim();
    let open = t.rfind(['(', '（'])?;
    let inner = t[open..]
        .strip_prefix(['(', '（'])?
        .strip_suffix([')', '）'])?;
    if inner.contains(['(', '（', ')', '）']) {
        return None;
    }
    match result_text(&t[..open]) {
        ResultText::Result(re) => Some((re, inner.trim())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_say_who_won_and_how() {
        let win = |c, by| Some(GameResult::Win(c, by));
        assert_eq!(read_result("B+R"), win(Colour::Black, WinBy::Resignation));
        assert_eq!(
            read_result("w+resign"),
            win(Colour::White, WinBy::Resignation)
        );
        assert_eq!(
            read_result("Black resigns"),
            win(Colour::White, WinBy::Resignation)
        );
        assert_eq!(read_result("W+Time"), win(Colour::White, WinBy::Time));
        assert_eq!(read_result("B+F"), win(Colour::Black, WinBy::Forfeit));
        assert_eq!(
            read_result("B+2.50"),
            win(Colour::Black, WinBy::Points("2.50".into()))
        );
        assert_eq!(
            read_result("白7目半胜"),
            win(Colour::White, WinBy::Points("7.5".into()))
        );
        assert_eq!(read_result("B+"), win(Colour::Black, WinBy::Unstated));
        assert_eq!(read_result("jigo"), Some(GameResult::Draw));
        assert_eq!(read_result("Draw"), Some(GameResult::Draw));
        assert_eq!(read_result("Void"), Some(GameResult::Void));
        assert_eq!(read_result("?"), Some(GameResult::Unknown));
        assert_eq!(read_result("Unfinished"), None);
        assert_eq!(read_result("xyz"), None);
    }

    #[test]
    fn result_texts_say_a_result_an_unfinished_game_or_nothing() {
        assert_eq!(result_text("B+R"), ResultText::Result("B+R".into()));
        assert_eq!(result_text("흑 시간승"), ResultText::Result("B+T".into()));
        assert_eq!(result_text("進行中"), ResultText::Unfinished);
        assert_eq!(result_text("xyz"), ResultText::Unknown);
    }

    #[test]
    fn a_result_before_a_remark() {
        assert_eq!(
            result_before_remark("黑中盘胜(现场消息)"),
            Some(("B+R".into(), "现场消息"))
        );
        assert_eq!(
            result_before_remark("B+3.5 (counted)"),
            Some(("B+3.5".into(), "counted"))
        );
        assert_eq!(result_before_remark("黑中盘胜"), None, "no remark");
        assert_eq!(result_before_remark("(现场消息)"), None, "no result");
        assert_eq!(result_before_remark("B+R (a) b"), None, "text after it");
    }
}
