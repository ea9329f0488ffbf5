//! Reading a result written in words (`Black resigns`, `黒中押し勝ち`,
//! `백 3.5집승`, `白胜3又1/4子`) or in a spelling of the `FF[4]` form
//! (`b+r`, `W + Resign`, `B+3,5`): the words of [`super::words`], clause by
//! clause.

use super::words::{How, Tok, MOVE_WORDS, SEPARATORS, WORDS};
use crate::values::amount::{points, Amount, Cursor};
use crate::values::numbers::is_real;
use crate::values::text::fold;
use crate::values::{Normalized, Problem, Reading, Rewrite};
use std::borrow::Cow;

/// The result (`RE`): a valid `FF[4]` result stays as it is (`B+Resign`,
/// `W+Time`, `Draw` and `B+2.50` too: `FF[4]` allows them). Otherwise the
/// short form is written: spelling variants are respelled (`b+r` → `B+R`,
/// `W+resign` → `W+R`, `B + 3,5` → `B+3.5`, `draw` → `0`), and results in
/// words are read (`Black resigns` → `W+R`, `White wins by 3.5 points` →
/// `W+3.5`, `黒中押し勝ち` → `B+R`, `흑 불계승` → `B+R`, `白胜3又1/4子` →
/// `W+6.5`, `Jigo` → `0`, `W` → `W+`). `?` followed by a remark is `?`
/// without it (named as dropped). An unfinished game has no `FF[4]` result.
pub fn result(value: &str) -> Normalized {
    if is_ff4(value) {
        return Normalized::Valid;
    }
    let folded = fold(value);
    // `Black wins by 34win >> White(58):Black(92)`: the scores some
    // clients append after `>>` are left out, and named.
    if let Some((said, scores)) = folded.split_once(">>") {
        return with_scores(result_of(said), said, &format!(">>{scores}"));
    }
    // `Black resigns. W 133.5 B 81.0`: the count when the game stopped.
    match split_count(&folded) {
        Some((said, count)) => match result_of(said) {
            Normalized::Unparsed(_) | Normalized::Ambiguous(_) => result_of(&folded),
            outcome => with_scores(outcome, said, count),
        },
        None => result_of(&folded),
    }
}

/// `t` cut before a count that ends it, after a separator: both players
/// each with a number of points (`Black resigns. W 133.5 B 81.0`,
/// `W+R (B: 81, W: 133.5)`); `None` when it ends in no such count.
fn split_count(t: &str) -> Option<(&str, &str)> {
    let is_count = |tail: &str| {
        let toks: Vec<Tok> = tokens(tail)
            .into_iter()
            .filter(|t| *t != Tok::Sep)
            .collect();
        matches!(
            toks.as_slice(),
            [Tok::Colour(a), Tok::Amount(..), Tok::Colour(b), Tok::Amount(..)] if a != b
        )
    };
    // A count is a few words: only the last 64 bytes are looked at, so
    // that a long value costs no more than its length.
    let from = t.len().saturating_sub(64);
    t.char_indices()
        .skip_while(|&(i, _)| i < from)
        .filter(|(_, c)| matches!(c, '.' | ',' | ';' | '(' | '。' | '，' | '（'))
        .map(|(i, _)| i)
        .find(|&i| i > 0 && is_count(&t[i..]))
        .map(|i| {
            let count = t[i..].trim_start_matches(['.', ',', ';', '。', '，']);
            (&t[..i], count.trim())
        })
}

/// [`result`] of `said`, the scores after it left out (and named).
fn with_scores(outcome: Normalized, said: &str, scores: &str) -> Normalized {
    let scores = scores.to_owned();
    match outcome {
        Normalized::Valid => {
            let r = Rewrite::new(said.trim(), Reading::Spelling).dropping(&scores);
            Normalized::Rewritten(r)
        }
        Normalized::Rewritten(r) => {
            let dropped = match &r.dropped {
                Some(d) => format!("{d} {scores}"),
                None => scores,
            };
            Normalized::Rewritten(Rewrite::new(r.value, r.reading).dropping(&dropped))
        }
        other => other,
    }
}

/// [`result`] of a folded value.
fn result_of(folded: &str) -> Normalized {
    let t = one_spaced(folded);
    if t.is_empty() {
        return Normalized::Unparsed(Problem::Empty);
    }
    if is_ff4(&t) {
        return Normalized::respelled(t);
    }
    if let Some(remark) = t.strip_prefix('?') {
        let rewrite = Rewrite::new("?", Reading::Spelling).dropping(remark);
        return Normalized::Rewritten(rewrite);
    }
    if let Some(n) = signed(&t) {
        return n;
    }
    words(&tokens(&t))
}

/// Whether `s` is an `FF[4]` result as it stands.
pub(super) fn is_ff4(s: &str) -> bool {
    if matches!(s, "0" | "Draw" | "Void" | "?") {
        return true;
    }
    let Some(rest) = s.strip_prefix("B+").or_else(|| s.strip_prefix("W+")) else {
        return false;
    };
    matches!(rest, "" | "R" | "Resign" | "T" | "Time" | "F" | "Forfeit")
        || (is_real(rest) && !rest.starts_with(['+', '-']))
}

/// `t`'s words joined by one space; borrowed when they already are (no
/// copy of a huge value).
fn one_spaced(t: &str) -> Cow<'_, str> {
    let mut words = t.split_whitespace();
    let Some(first) = words.next() else {
        return Cow::Owned(String::new());
    };
    let mut end = first.len();
    // Each next word one space after the last, from the start.
    let spaced = std::ptr::eq(first.as_ptr(), t.as_ptr())
        && words.all(|w| {
            let at = w.as_ptr() as usize - t.as_ptr() as usize;
            let one = at == end + 1 && t.as_bytes().get(end) == Some(&b' ');
            end = at + w.len();
            one
        })
        && end == t.len();
    match spaced {
        true => Cow::Borrowed(t),
        false => Cow::Owned(t.split_whitespace().collect::<Vec<_>>().join(" ")),
    }
}

/// A result written as a player, `+`, and what follows: `b+r`,
/// `W + Resign`, `B+3,5`, `Black+3.5 points`, `黒+中押し`; `None` when `t`
/// does not start so.
fn signed(t: &str) -> Option<Normalized> {
    let mut c = Cursor::new(t);
    let colour = match tok_at(&mut c)? {
        Tok::Colour(p) => p,
        _ => return None,
    };
    // `b+r` is a spelling; `Black+3.5` is words.
    let letter = c.at == 1;
    c.skip_spaces();
    if !c.eat("+") {
        return None;
    }
    c.skip_spaces();
    let rest = c.rest();
    let reading = |words: bool| {
        if words || !letter {
            Reading::Words
        } else {
            Reading::Spelling
        }
    };
    let short = match rest.to_ascii_lowercase().as_str() {
        "" => Some(""),
        "r" | "resign" => Some("R"),
        "t" | "time" => Some("T"),
        "f" | "forfeit" => Some("F"),
        _ => None,
    };
    let (how, reading, moves) = if let Some(short) = short {
        (short.to_owned(), reading(false), Vec::new())
    } else if let Some(score) = score(rest) {
        (score, reading(false), Vec::new())
    } else {
        match after_sign(rest) {
            Ok((how, words, moves)) => (how, reading(words), moves),
            Err(problem) => return Some(Normalized::Unparsed(problem)),
        }
    };
    let rewrite = Rewrite::new(format!("{colour}+{how}"), reading).dropping(&moves.join(" "));
    Some(Normalized::Rewritten(rewrite))
}

/// `rest` as an `FF[4]` score, when it is a real without a sign in any
/// spelling [`real`](super::real) reads (`3.5`, `3,5`, `.5`).
fn score(rest: &str) -> Option<String> {
    if rest.starts_with(['+', '-']) {
        return None;
    }
    match crate::values::numbers::real(rest) {
        Normalized::Valid => Some(rest.to_owned()),
        Normalized::Rewritten(r) => Some(r.value),
        _ => None,
    }
}

/// What follows `B+` in words: a way of ending (`Resignation`, `Timeout`,
/// `中押し`, `R` before other words) or an amount (`3.5 points`, `3目半`);
/// with whether words were read, and the move counts left out
/// (`W+R, 200 moves`). Fillers and separators say nothing here.
fn after_sign(rest: &str) -> Result<(String, bool, Vec<String>), Problem> {
    let mut moves = Vec::new();
    let mut toks = Vec::new();
    for tok in tokens(rest) {
        match tok {
            Tok::Filler | Tok::By | Tok::Sep => {}
            Tok::Moves(m) => moves.push(m),
            Tok::Other(w) => toks.push(match () {
                _ if w.eq_ignore_ascii_case("r") => Tok::How(How::Resign),
                _ if w.eq_ignore_ascii_case("t") => Tok::How(How::Time),
                _ if w.eq_ignore_ascii_case("f") => Tok::How(How::Forfeit),
                _ => Tok::Other(w),
            }),
            tok => toks.push(tok),
        }
    }
    let (how, words) = match toks.as_slice() {
        [Tok::How(h) | Tok::LostBy(h)] => (h.letter().to_owned(), true),
        [Tok::ResignWin] => ("R".to_owned(), true),
        [Tok::Amount(a, words)] if !a.is_negative() => (a.to_string(), *words),
        [Tok::How(_) | Tok::LostBy(_) | Tok::ResignWin | Tok::Amount(..), more @ ..]
            if others(more) =>
        {
            return Err(Problem::ExtraText(rest_after_first(rest)));
        }
        _ => return Err(Problem::Unrecognised),
    };
    Ok((how, words, moves))
}

/// Whether `toks` hold a word that is not a way of ending or a number.
fn others(toks: &[Tok]) -> bool {
    toks.iter()
        .any(|t| matches!(t, Tok::Other(_) | Tok::Unknown))
}

/// `rest` after its first word or number, trimmed: the extra text of
/// `B+3.5 (counted)`.
fn rest_after_first(rest: &str) -> String {
    let mut c = Cursor::new(rest);
    tok_at(&mut c);
    c.rest().trim().to_owned()
}

/// The words of a result text, in order.
fn tokens(t: &str) -> Vec<Tok<'_>> {
    let mut c = Cursor::new(t);
    let mut out: Vec<Tok> = Vec::new();
    loop {
        c.skip_spaces();
        let Some(tok) = tok_at(&mut c) else { break };
        // Runs of unknown characters make one word.
        if let (Tok::Other(more), Some(Tok::Other(prev))) = (&tok, out.last_mut()) {
            if !more.is_ascii() && !prev.is_ascii() {
                prev.to_mut().push_str(more);
                continue;
            }
        }
        out.push(tok);
    }
    out
}

/// The word at the cursor, past it; `None` at the end.
fn tok_at<'a>(c: &mut Cursor<'a>) -> Option<Tok<'a>> {
    let ch = c.peek()?;
    let first = ch.to_ascii_lowercase();
    for (word, tok) in WORDS {
        if !word.starts_with(first) {
            continue;
        }
        let mut p = *c;
        if p.eat(word) && (!is_ascii_word(word) || p.at_word_end()) {
            *c = p;
            return Some(tok.clone());
        }
    }
    let start = c.at;
    if let Some(amount) = points(c) {
        let mut p = *c;
        p.skip_spaces();
        if let Some(w) = p.eat_any(MOVE_WORDS) {
            if !is_ascii_word(w) || p.at_word_end() {
                let text = c.s[start..p.at].to_owned();
                *c = p;
                return Some(Tok::Moves(text));
            }
        }
        return Some(Tok::Amount(amount.amount, amount.words || amount.comma));
    }
    let word = c.at;
    c.at += ch.len_utf8();
    if SEPARATORS.contains(&ch) {
        return Some(Tok::Sep);
    }
    if ch.is_ascii_alphanumeric() {
        let rest = c.rest();
        let n = rest
            .find(|x: char| !x.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        c.at += n;
    }
    Some(Tok::Other(Cow::Borrowed(
        c.s.get(word..c.at).unwrap_or_default(),
    )))
}

/// Whether a word of the table is ASCII letters (matched whole).
fn is_ascii_word(word: &str) -> bool {
    word.bytes()
        .all(|b| b.is_ascii_alphabetic() || b == b' ' || b == b'-')
}

/// What the words of a result say, clause by clause.
#[derive(Default)]
struct Tally<'a> {
    /// The winner each win or loss names, in order.
    winners: Vec<char>,
    /// The ways of ending named.
    hows: Vec<How>,
    /// The amounts of points named.
    margins: Vec<Amount>,
    /// Whether a draw, a void result, an unknown result, an unfinished
    /// game was named.
    draw: bool,
    void: bool,
    unknown: bool,
    unfinished: bool,
    /// Move counts, as written (dropped from the rewrite, and named).
    moves: Vec<String>,
    /// Words not in the table, as written.
    other: Vec<Cow<'a, str>>,
}

impl<'a> Tally<'a> {
    /// Reads `toks` in order: a verb goes with the player named last in its
    /// clause (or, if none was, the next one named).
    fn read(toks: &[Tok<'a>]) -> Tally<'a> {
        let mut t = Tally::default();
        let mut player: Option<char> = None;
        let mut pending: Option<bool> = None;
        let mut implicit = false;
        let mut after_by = false;
        for tok in toks {
            let by = std::mem::replace(&mut after_by, *tok == Tok::By);
            match tok {
                Tok::Colour(p) => {
                    player = Some(*p);
                    if let Some(won) = pending.take() {
                        t.winners.push(if won { *p } else { other(*p) });
                    }
                }
                Tok::Win | Tok::Lose => {
                    let won = *tok == Tok::Win;
                    match player {
                        Some(p) => t.winners.push(if won { p } else { other(p) }),
                        None => pending = Some(won),
                    }
                }
                // `wins by resign`: how, not who.
                Tok::LostBy(h) if by => t.hows.push(*h),
                Tok::LostBy(h) => {
                    t.hows.push(*h);
                    match player {
                        Some(p) => t.winners.push(other(p)),
                        None => pending = Some(false),
                    }
                }
                Tok::How(h) => t.hows.push(*h),
                Tok::ResignWin => {
                    implicit |= player.is_some();
                    t.hows.push(How::Resign);
                }
                Tok::Sep => {
                    player = None;
                    pending = None;
                }
                _ => t.note(tok),
            }
        }
        // `黒中押し`, `흑 불계`: a player and a resignation, no verb: that
        // player won (the usual short form).
        if t.winners.is_empty() && implicit {
            if let Some(Tok::Colour(p)) = toks.iter().find(|x| matches!(x, Tok::Colour(_))) {
                t.winners.push(*p);
            }
        }
        t
    }

    /// Notes a word that is not about who won.
    fn note(&mut self, tok: &Tok<'a>) {
        match tok {
            Tok::Draw => self.draw = true,
            Tok::Void => self.void = true,
            Tok::Unknown => self.unknown = true,
            Tok::Unfinished => self.unfinished = true,
            Tok::Amount(a, _) => self.margins.push(*a),
            Tok::Moves(m) => self.moves.push(m.clone()),
            Tok::Other(o) => self.other.push(o.clone()),
            _ => {}
        }
    }

    /// The `FF[4]` result the words say.
    fn outcome(mut self) -> Normalized {
        self.winners.dedup();
        self.hows.dedup();
        self.margins.dedup();
        let said = [
            !self.winners.is_empty(),
            self.draw,
            self.void,
            self.unknown,
            self.unfinished,
        ];
        if said.iter().filter(|s| **s).count() > 1
            || self.winners.len() > 1
            || self.hows.len() > 1
            || self.margins.len() > 1
            || (!self.hows.is_empty() && !self.margins.is_empty())
        {
            return Normalized::Unparsed(Problem::Contradictory);
        }
        let Some(value) = self.value() else {
            return Normalized::Unparsed(Problem::Unrecognised);
        };
        if !self.other.is_empty() {
            return Normalized::Unparsed(Problem::ExtraText(self.other.join(" ")));
        }
        if self.unfinished {
            return Normalized::Unparsed(Problem::NoForm("an unfinished game"));
        }
        let rewrite = Rewrite::new(value, Reading::Words).dropping(&self.moves.join(" "));
        Normalized::Rewritten(rewrite)
    }

    /// The one thing the words say, as an `FF[4]` result (an unfinished game
    /// as `""`); `None` when they say none.
    fn value(&self) -> Option<String> {
        if self.unfinished {
            return Some(String::new());
        }
        if self.draw {
            return Some("0".into());
        }
        if self.void {
            return Some("Void".into());
        }
        if self.unknown {
            return Some("?".into());
        }
        let w = self.winners.first()?;
        let how = match (self.hows.first(), self.margins.first()) {
            (Some(h), _) => h.letter().to_owned(),
            (None, Some(m)) if !m.is_negative() => m.to_string(),
            (None, Some(_)) => return None,
            (None, None) => String::new(),
        };
        Some(format!("{w}+{how}"))
    }
}

/// The other player.
fn other(p: char) -> char {
    if p == 'B' {
        'W'
    } else {
        'B'
    }
}

/// A result in words.
fn words(toks: &[Tok]) -> Normalized {
    // A player alone (`W`, `Black`): that player won.
    if let [Tok::Colour(p)] = toks {
        return Normalized::reworded(format!("{p}+"));
    }
    Tally::read(toks).outcome()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words one space apart are borrowed; any other spacing is joined by
    /// one space, as before.
    #[test]
    fn one_spaced_is_the_words_joined() {
        for t in [
            "",
            " ",
            "a",
            "a b",
            " a b",
            "a b ",
            "a  b",
            "a\tb",
            "B+R",
            "黒 中押し",
            "a\u{3000}b",
            "a b c",
            "a b  c",
            "\u{3000}a",
        ] {
            let joined = t.split_whitespace().collect::<Vec<_>>().join(" ");
            let got = one_spaced(t);
            assert_eq!(got, joined, "{t:?}");
            let borrowed = matches!(got, Cow::Borrowed(_));
            assert_eq!(borrowed, !t.is_empty() && joined == t, "{t:?}");
        }
    }

    fn w(s: &str) -> Normalized {
        Normalized::reworded(s)
    }
    fn sp(s: &str) -> Normalized {
        Normalized::respelled(s)
    }
    fn kept(p: Problem) -> Normalized {
        Normalized::Unparsed(p)
    }

    #[test]
    fn ff4_results_stay() {
        for v in [
            "B+R",
            "W+R",
            "B+T",
            "W+F",
            "B+",
            "W+",
            "0",
            "Draw",
            "Void",
            "?",
            "B+Resign",
            "W+Time",
            "B+Forfeit",
            "W+3.5",
            "B+0.5",
            "B+0",
            "B+0.0",
            "B+2.50",
            "W+114.5",
            "W+0.02",
        ] {
            assert_eq!(result(v), Normalized::Valid, "{v}");
        }
    }

    #[test]
    fn spellings() {
        for (input, want) in [
            ("b+r", sp("B+R")),
            ("W+resign", sp("W+R")),
            ("W+RESIGN", sp("W+R")),
            ("B+time", sp("B+T")),
            ("w+f", sp("W+F")),
            ("b+", sp("B+")),
            ("B + R", sp("B+R")),
            (" B+R ", sp("B+R")),
            ("B+3,5", sp("B+3.5")),
            ("b+3.5", sp("B+3.5")),
            ("B+ 3.5", sp("B+3.5")),
            ("Ｂ＋Ｒ", sp("B+R")),
            ("W+.5", sp("W+0.5")),
            ("? (No further moves known)", {
                let r = Rewrite::new("?", Reading::Spelling).dropping("(No further moves known)");
                Normalized::Rewritten(r)
            }),
            ("draw", w("0")),
            ("DRAW", w("0")),
            ("void", w("Void")),
        ] {
            assert_eq!(result(input), want, "{input:?}");
        }
    }

    #[test]
    fn english() {
        for (input, want) in [
            ("Black resigns", "W+R"),
            ("Black resigned", "W+R"),
            ("White resigns", "B+R"),
            ("White wins by resignation", "W+R"),
            ("white wins by resignation", "W+R"),
            ("White wins by 3.5 points", "W+3.5"),
            ("W wins by 3.5", "W+3.5"),
            ("Black wins by half a point", "B+0.5"),
            ("Black wins by 2 1/2 points", "B+2.5"),
            ("Black wins on time", "B+T"),
            ("White lost on time", "B+T"),
            ("Black ran out of time", "W+T"),
            ("White forfeits", "B+F"),
            ("Black wins by forfeit", "B+F"),
            ("Black won by default", "B+F"),
            ("Black wins", "B+"),
            ("White won", "W+"),
            ("Black loses", "W+"),
            ("Black loses by 0.5", "W+0.5"),
            ("white wins, black resigned", "W+R"),
            ("Result: White wins by 12.5", "W+12.5"),
            ("W+Resignation", "W+R"),
            ("B+Timeout", "B+T"),
            ("W+time out", "W+T"),
            ("B+Res.", "B+R"),
            ("W+Res.", "W+R"),
            ("White wins by time", "W+T"),
            ("B+3.5 points", "B+3.5"),
            ("Black+3.5", "B+3.5"),
            ("B", "B+"),
            ("W", "W+"),
            ("White", "W+"),
            ("Jigo", "0"),
            ("jigo", "0"),
            ("Tie", "0"),
            ("No result", "Void"),
            ("unknown", "?"),
        ] {
            assert_eq!(result(input), w(want), "{input:?}");
        }
        assert_eq!(result("B+R"), Normalized::Valid);
    }

    #[test]
    fn japanese_korean_chinese() {
        for (input, want) in [
            ("黒中押し勝ち", "B+R"),
            ("白中押し勝ち", "W+R"),
            ("黒中押勝", "B+R"),
            ("白番中押し勝ち", "W+R"),
            ("白3目半勝ち", "W+3.5"),
            ("黒半目勝ち", "B+0.5"),
            ("黒1目勝ち", "B+1"),
            ("白三目半勝", "W+3.5"),
            ("黒時間切れ負け", "W+T"),
            ("白反則負け", "B+F"),
            ("黒不戦勝", "B+F"),
            ("持碁", "0"),
            ("ジゴ", "0"),
            ("無勝負", "Void"),
            ("打ち掛け", "Void"),
            ("黒中押し", "B+R"),
            ("흑 불계승", "B+R"),
            ("흑불계승", "B+R"),
            ("백 3.5집승", "W+3.5"),
            ("백 3집반승", "W+3.5"),
            ("흑 반집승", "B+0.5"),
            ("흑 시간승", "B+T"),
            ("흑 기권승", "B+F"),
            ("흑 불계패", "W+R"),
            ("백 시간패", "B+T"),
            ("흑승", "B+"),
            ("흑 승리", "B+"),
            ("무승부", "0"),
            ("흑 불계", "B+R"),
            ("黑中盘胜", "B+R"),
            ("白中盘胜", "W+R"),
            ("黑胜", "B+"),
            ("黑负", "W+"),
            ("白胜3又1/4子", "W+6.5"),
            ("黑胜2又3/4子", "B+5.5"),
            ("黑胜1/4子", "B+0.5"),
            ("黑胜半子", "B+1"),
            ("白胜7.5目", "W+7.5"),
            ("黑超时负", "W+T"),
            ("黑方中盘胜", "B+R"),
            ("白棋中盘胜", "W+R"),
            ("黑棋胜1/4子", "B+0.5"),
            ("和棋", "0"),
        ] {
            assert_eq!(result(input), w(want), "{input:?}");
        }
    }

    #[test]
    fn move_counts_are_dropped_and_named() {
        for (input, want, dropped) in [
            ("207수 흑불계승", "B+R", "207수"),
            ("257手完, 黒中押し勝ち", "B+R", "257手"),
            ("294수 흑0.5집승", "B+0.5", "294수"),
            ("共210手 黑中盘胜", "B+R", "210手"),
            ("Black wins after 210 moves", "B+", "210 moves"),
            ("W+R, 200 moves", "W+R", "200 moves"),
            ("Black+3.5 (250手)", "B+3.5", "250手"),
        ] {
            let r = Rewrite::new(want, Reading::Words).dropping(dropped);
            assert_eq!(result(input), Normalized::Rewritten(r), "{input:?}");
        }
    }

    #[test]
    fn a_count_after_the_result_is_left_out_and_named() {
        for (input, want, reading, count) in [
            (
                "Black resigns. W 133.5 B 81.0",
                "W+R",
                Reading::Words,
                "W 133.5 B 81.0",
            ),
            (
                "W+R (B: 81, W: 133.5)",
                "W+R",
                Reading::Spelling,
                "(B: 81, W: 133.5)",
            ),
            (
                "White wins by 3.5 points; Black 80 White 83.5",
                "W+3.5",
                Reading::Words,
                "Black 80 White 83.5",
            ),
        ] {
            let r = Rewrite::new(want, reading).dropping(count);
            assert_eq!(result(input), Normalized::Rewritten(r), "{input:?}");
        }
        // Two counts of one player, or no result before: not a count.
        assert_eq!(
            result("Black resigns. W 133.5 W 81.0"),
            kept(Problem::Contradictory)
        );
        assert!(!matches!(
            result("W 133.5 B 81.0"),
            Normalized::Rewritten(_)
        ));
    }

    #[test]
    fn what_is_kept() {
        assert_eq!(result(""), kept(Problem::Empty));
        assert_eq!(result("  \n"), kept(Problem::Empty));
        for input in ["Unfinished", "playing", "進行中", "진행중"] {
            assert_eq!(
                result(input),
                kept(Problem::NoForm("an unfinished game")),
                "{input:?}"
            );
        }
        for input in [
            "Black wins, White wins",
            "黒勝ち白勝ち",
            "Black wins by resignation by 3.5",
            "Jigo, Black wins",
        ] {
            assert_eq!(result(input), kept(Problem::Contradictory), "{input:?}");
        }
        for input in [
            "B+R+T",
            "White is winning",
            "Black timeout",
            "xyz",
            "3.5",
            "B 3.5",
            "+",
            "黒時間切れ",
            "wins",
        ] {
            assert_eq!(result(input), kept(Problem::Unrecognised), "{input:?}");
        }
        assert_eq!(
            result("Black wins the lottery"),
            kept(Problem::ExtraText("lottery".into()))
        );
        assert_eq!(
            result("B+3.5 (counted)"),
            kept(Problem::ExtraText("(counted)".into()))
        );
        assert_eq!(
            result("W+R (time)"),
            kept(Problem::Unrecognised),
            "two ways of ending"
        );
    }
}
