//! The one table of the words of results, in English, Japanese, Korean and
//! Chinese: players, ways of ending, winning and losing, draws, void and
//! unfinished games, and the fillers between them. Every reader of a result
//! reads these words and no others.

use crate::values::amount::Amount;
use std::borrow::Cow;

/// How a game was won, besides by points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum How {
    /// By resignation: `R`.
    Resign,
    /// On time: `T`.
    Time,
    /// By forfeit: `F`.
    Forfeit,
}

impl How {
    pub(super) fn letter(self) -> &'static str {
        match self {
            How::Resign => "R",
            How::Time => "T",
            How::Forfeit => "F",
        }
    }
}

/// One word of a result text.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok<'a> {
    /// A player: `Black`, `黒`, `흑`, `W`.
    Colour(char),
    /// The player named before won: `wins`, `勝ち`, `胜`, `승`, `+`.
    Win,
    /// The player named before lost: `loses`, `負け`, `负`, `패`.
    Lose,
    /// How the game ended: `resignation`, `on time`, `時間切れ`.
    How(How),
    /// A resignation word that, after a player and with no verb, says that
    /// player won (`黒中押し`, `흑 불계`: the usual short forms).
    ResignWin,
    /// The player named before lost this way: `resigns`, `forfeits`.
    LostBy(How),
    /// A draw: `Jigo`, `持碁`, `무승부`.
    Draw,
    /// No result: `Void`, `無勝負`.
    Void,
    /// The result is not known: `?`, `unknown`.
    Unknown,
    /// The game is not over: `unfinished`, `進行中`.
    Unfinished,
    /// An amount of points (and whether words or units were read).
    Amount(Amount, bool),
    /// A move count, as written: `207수`, `257手`.
    Moves(String),
    /// Between clauses: `,` `;` `、` `(`.
    Sep,
    /// `by`: a way of ending after it is how the game was won (`wins by
    /// resign`), not who resigned.
    By,
    /// A word that adds nothing: `the`, `of`, `の`.
    Filler,
    /// Anything else, as written (borrowed from the text: a huge word is
    /// not copied).
    Other(Cow<'a, str>),
}

/// Words of results, longest first where one starts another; ASCII words
/// match whole and without case.
pub(super) const WORDS: &[(&str, Tok<'static>)] = &[
    // Colours.
    ("black", Tok::Colour('B')),
    ("white", Tok::Colour('W')),
    ("b", Tok::Colour('B')),
    ("w", Tok::Colour('W')),
    ("黒番", Tok::Colour('B')),
    ("白番", Tok::Colour('W')),
    ("黑方", Tok::Colour('B')),
    ("白方", Tok::Colour('W')),
    ("黑棋", Tok::Colour('B')),
    ("白棋", Tok::Colour('W')),
    ("黒", Tok::Colour('B')),
    ("黑", Tok::Colour('B')),
    ("흑", Tok::Colour('B')),
    ("白", Tok::Colour('W')),
    ("백", Tok::Colour('W')),
    // Ways of ending, before the verbs that some of them start.
    ("resignation", Tok::How(How::Resign)),
    ("resigns", Tok::LostBy(How::Resign)),
    ("resigned", Tok::LostBy(How::Resign)),
    ("resign", Tok::LostBy(How::Resign)),
    ("res", Tok::How(How::Resign)),
    ("中押し", Tok::ResignWin),
    ("中押", Tok::ResignWin),
    ("中盘", Tok::ResignWin),
    ("中盤", Tok::ResignWin),
    ("불계", Tok::ResignWin),
    ("不計", Tok::ResignWin),
    ("ran out of time", Tok::LostBy(How::Time)),
    ("timed out", Tok::LostBy(How::Time)),
    ("on time", Tok::How(How::Time)),
    ("timeout", Tok::How(How::Time)),
    ("time-out", Tok::How(How::Time)),
    ("time out", Tok::How(How::Time)),
    ("time", Tok::How(How::Time)),
    ("時間切れ", Tok::How(How::Time)),
    ("時間", Tok::How(How::Time)),
    ("时间", Tok::How(How::Time)),
    ("超时", Tok::How(How::Time)),
    ("超時", Tok::How(How::Time)),
    ("시간", Tok::How(How::Time)),
    ("disconnection", Tok::How(How::Forfeit)),
    ("disconnected", Tok::LostBy(How::Forfeit)),
    ("forfeits", Tok::LostBy(How::Forfeit)),
    ("forfeited", Tok::LostBy(How::Forfeit)),
    ("forfeit", Tok::How(How::Forfeit)),
    ("default", Tok::How(How::Forfeit)),
    ("不戦", Tok::How(How::Forfeit)),
    ("反則", Tok::How(How::Forfeit)),
    ("反则", Tok::How(How::Forfeit)),
    ("犯规", Tok::How(How::Forfeit)),
    ("犯規", Tok::How(How::Forfeit)),
    ("반칙", Tok::How(How::Forfeit)),
    ("기권", Tok::How(How::Forfeit)),
    ("弃权", Tok::How(How::Forfeit)),
    ("棄権", Tok::How(How::Forfeit)),
    // Winning and losing.
    ("winner", Tok::Win),
    ("wins", Tok::Win),
    ("win", Tok::Win),
    ("won", Tok::Win),
    ("victory", Tok::Win),
    ("勝ち", Tok::Win),
    ("勝", Tok::Win),
    ("胜", Tok::Win),
    ("승리", Tok::Win),
    ("승", Tok::Win),
    ("+", Tok::Win),
    ("loses", Tok::Lose),
    ("lose", Tok::Lose),
    ("lost", Tok::Lose),
    ("loss", Tok::Lose),
    ("負け", Tok::Lose),
    ("負", Tok::Lose),
    ("负", Tok::Lose),
    ("패", Tok::Lose),
    ("敗", Tok::Lose),
    // Other outcomes.
    ("draw", Tok::Draw),
    ("drawn", Tok::Draw),
    ("jigo", Tok::Draw),
    ("tie", Tok::Draw),
    ("持碁", Tok::Draw),
    ("ジゴ", Tok::Draw),
    ("和棋", Tok::Draw),
    ("和局", Tok::Draw),
    ("平局", Tok::Draw),
    ("무승부", Tok::Draw),
    ("void", Tok::Void),
    ("no result", Tok::Void),
    ("no contest", Tok::Void),
    ("無勝負", Tok::Void),
    ("无胜负", Tok::Void),
    ("打ち掛け", Tok::Void),
    ("打掛け", Tok::Void),
    ("打掛", Tok::Void),
    ("unknown", Tok::Unknown),
    ("不明", Tok::Unknown),
    ("미상", Tok::Unknown),
    ("?", Tok::Unknown),
    ("unfinished", Tok::Unfinished),
    ("not finished", Tok::Unfinished),
    ("in progress", Tok::Unfinished),
    ("progressing", Tok::Unfinished),
    ("playing", Tok::Unfinished),
    ("進行中", Tok::Unfinished),
    ("进行中", Tok::Unfinished),
    ("진행중", Tok::Unfinished),
    ("진행 중", Tok::Unfinished),
    ("対局中", Tok::Unfinished),
    // Fillers.
    ("result", Tok::Filler),
    ("game", Tok::Filler),
    ("player", Tok::Filler),
    ("after", Tok::Filler),
    ("with", Tok::Filler),
    ("the", Tok::Filler),
    ("and", Tok::Filler),
    ("was", Tok::Filler),
    ("has", Tok::Filler),
    ("by", Tok::By),
    ("on", Tok::Filler),
    ("of", Tok::Filler),
    ("in", Tok::Filler),
    ("is", Tok::Filler),
    ("an", Tok::Filler),
    ("a", Tok::Filler),
    ("points", Tok::Filler),
    ("point", Tok::Filler),
    ("終局", Tok::Filler),
    ("终局", Tok::Filler),
    ("总共", Tok::Filler),
    ("總共", Tok::Filler),
    ("共", Tok::Filler),
    ("完", Tok::Filler),
    ("まで", Tok::Filler),
    ("の", Tok::Filler),
    ("で", Tok::Filler),
    ("으로", Tok::Filler),
    ("로", Tok::Filler),
    ("의", Tok::Filler),
    ("이", Tok::Filler),
    ("가", Tok::Filler),
];

/// Characters between clauses.
pub(super) const SEPARATORS: &[char] = &[
    ',', ';', ':', '.', '!', '(', ')', '[', ']', '/', '、', '，', '。', '（', '）', '：',
];

/// Words after a number that make it a move count.
pub(super) const MOVE_WORDS: &[&str] = &["手", "수", "moves", "move"];
