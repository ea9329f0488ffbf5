//! The board check of `sgfconv check`: a [`Sink`] that replays every path
//! of every game on a Go board as the events stream by, and reports what
//! [`Referee`] finds as warnings at the property concerned (codes
//! W580–W588). It never rewrites: `FF[4]` says an illegal move is still
//! executed.
//!
//! Streaming, in the memory of one path: the board is marked when a
//! variation opens and undone when it closes, so nothing of the tree is
//! kept. A node that comes as events is gathered in one reused
//! [`NodeArena`]; whole nodes ([`Sink::node`]) and runs of plain moves
//! ([`Sink::moves`]) are applied as they come.

use super::board::{Check, Found, Referee};
use super::codes::{
    BAD_MOVE_NUMBER, BOARD_SIZE_UNKNOWN, EMPTY_POINT_CLEARED, HANDICAP_STONES_MISSING,
    HANDICAP_STONE_COUNT, KO_RETAKEN, MOVE_OFF_BOARD, MOVE_ON_STONE, NOT_A_POINT, SETUP_NO_EFFECT,
    SETUP_NO_LIBERTY, SETUP_OFF_BOARD, SETUP_POINT_TWICE, SUICIDE, UNKNOWN_FILE_FORMAT,
};
use crate::board::Mark;
use crate::diag::{At, Code, Reporter};
use crate::error::Error;
use crate::event::{Event, Moves, NodeArena, NodeRef, Pos, Property, Values, MOVE_TEXT_LEN};
use crate::sink::Sink;
use crate::stone::Colour;

/// The code of each check.
fn code(check: Check) -> Code {
    match check {
        Check::BoardSize => BOARD_SIZE_UNKNOWN,
        Check::Occupied => MOVE_ON_STONE,
        Check::Suicide => SUICIDE,
        Check::Ko => KO_RETAKEN,
        Check::ClearEmpty => EMPTY_POINT_CLEARED,
        Check::NoEffect => SETUP_NO_EFFECT,
        Check::MoveOffBoard => MOVE_OFF_BOARD,
        Check::SetupOffBoard => SETUP_OFF_BOARD,
        Check::NotAPoint => NOT_A_POINT,
        Check::MoveNumber => BAD_MOVE_NUMBER,
        Check::SetupTwice => SETUP_POINT_TWICE,
        Check::SetupNoLiberty => SETUP_NO_LIBERTY,
    }
}

/// Where a game's replay stands.
#[derive(Debug)]
enum State {
    /// Before the root node: the board size is not known yet.
    BeforeRoot,
    /// Replaying.
    Playing(Referee),
    /// Not replayed: not Go, no board size, or outside a game.
    Off,
}

/// Replays every game it receives on a board and reports what was illegal
/// (see the module header). Put it beside the real sink with a
/// [`Tee`](crate::sink::Tee).
#[derive(Debug)]
pub struct BoardCheck {
    state: State,
    /// The board at each open variation's start (`None` when not replaying).
    marks: Vec<Option<Mark>>,
    /// The board of the last game, kept for the next one of its size
    /// (most games of a collection are 19×19): no allocation per game.
    spare: Option<Referee>,
    /// The node being gathered from events, if any.
    node: NodeArena,
    pending: bool,
    /// The root's `HA` (value, where) when it gives a handicap of 2 or more
    /// and the root places no stone, until a node shows whether the stones
    /// come later (`AB`, or black moves first) or are missing.
    handicap: Option<(String, Pos)>,
    /// The root's `HA` when the root places stones too, to count them once
    /// the root is applied.
    handicap_count: Option<(u32, Pos)>,
    /// Leave out the value checks another check already reports (a point
    /// off the board or not a point, `MN`): the dialect rule that checks
    /// point and number values ran.
    values_checked: Checked,
}

/// Which value checks the dialect rules ran, so that the board check
/// leaves their findings to them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Points against the board (rule 11 `points`): a move or setup off
    /// the board, a value that is no point.
    pub points: bool,
    /// Number values (rule 11 `types`): `MN`.
    pub numbers: bool,
}

impl BoardCheck {
    /// A check; with `values_checked`, the findings about the values
    /// themselves (off the board, not a point, `MN`) are left to the
    /// dialect rules, which report them already, and only what takes a
    /// board is reported.
    pub fn new(values_checked: Checked) -> Self {
        BoardCheck {
            state: State::Off,
            spare: None,
            marks: Vec::new(),
            node: NodeArena::default(),
            pending: false,
            handicap: None,
            handicap_count: None,
            values_checked,
        }
    }

    /// Applies a whole node; the first of a game sets the board up.
    fn apply(&mut self, node: &NodeRef<'_>, report: &mut Reporter) {
        if let State::BeforeRoot = self.state {
            self.start_game(node, report);
        } else if self.handicap.is_some() {
            let setup = node.iter().any(|p| p.name == "AB");
            let first = node.iter().find_map(|p| colour_of(p.name));
            self.handicap_placed(setup, first, report);
        }
        let values_checked = self.values_checked;
        let State::Playing(referee) = &mut self.state else {
            return;
        };
        referee.node(|| node.iter().map(|p| (p.name, p.values)));
        for f in referee.take_found() {
            if reported_here(&f, values_checked) {
                let pos = node.iter().nth(f.index).map_or(node.pos, |p| p.pos);
                report.report(code(f.check), At::property(f.property, pos), f.message);
            }
        }
        if let Some((n, pos)) = self.handicap_count.take() {
            let stones = referee.board().count(Colour::Black);
            if stones != n as usize {
                report.report(
                    HANDICAP_STONE_COUNT,
                    At::property("HA", pos),
                    format!("HA[{n}], but the root node places {stones} black stones"),
                );
            }
        }
    }

    /// The root node: the board its `GM` and `SZ` describe.
    fn start_game(&mut self, root: &NodeRef<'_>, report: &mut Reporter) {
        let value = |id: &str| {
            root.iter()
                .find(|p| p.name == id)
                .and_then(|p| p.values.first().map(|v| v.text()))
        };
        if let Some(m) = value("FF").and_then(super::unknown_file_format) {
            let pos = root
                .iter()
                .find(|p| p.name == "FF")
                .map_or(root.pos, |p| p.pos);
            report.report(UNKNOWN_FILE_FORMAT, At::property("FF", pos), m);
        }
        let ha = value("HA").and_then(|ha| Some((ha, ha.trim().parse::<u32>().ok()?)));
        let ha_pos = || {
            root.iter()
                .find(|p| p.name == "HA")
                .map_or(root.pos, |p| p.pos)
        };
        let has_stones = root.iter().any(|p| p.name == "AB");
        (self.handicap, self.handicap_count) = match ha {
            Some((_, n)) if n >= 2 && has_stones => (None, Some((n, ha_pos()))),
            Some((text, n)) if n >= 2 => (Some((text.to_string(), ha_pos())), None),
            _ => (None, None),
        };
        let spare = self.spare.take();
        let reused = spare.and_then(|r| r.reuse(value("GM"), value("SZ")));
        self.state = match reused.map_or_else(
            || Referee::for_game(value("GM"), value("SZ")),
            |r| Ok(Some(r)),
        ) {
            Ok(Some(referee)) => State::Playing(referee.with_rules(value("RU"))),
            Ok(None) => State::Off,
            Err(f) => {
                let pos = root
                    .iter()
                    .find(|p| p.name == "SZ")
                    .map_or(root.pos, |p| p.pos);
                report.report(code(f.check), At::property("SZ", pos), f.message);
                State::Off
            }
        };
    }

    /// A node after a root with `HA` and no stones: `AB` there, or a black
    /// move, settles it; a white move first means the stones are missing,
    /// and a board without them would raise false alarms: the game is not
    /// replayed, and that is reported once.
    fn handicap_placed(&mut self, setup: bool, first: Option<Colour>, report: &mut Reporter) {
        if !setup && first.is_none() {
            return;
        }
        let Some((ha, pos)) = self.handicap.take() else {
            return;
        };
        if !setup && first == Some(Colour::White) && matches!(self.state, State::Playing(_)) {
            report.report(
                HANDICAP_STONES_MISSING,
                At::property("HA", pos),
                format!(
                    "HA[{ha}], but no AB places the handicap stones and white moves first: \
                     the moves of this game are not checked on the board"
                ),
            );
            self.state = State::Off;
        }
    }

    /// The game is over: its referee is kept for the next game.
    fn end_game(&mut self) {
        if let State::Playing(r) = std::mem::replace(&mut self.state, State::Off) {
            self.spare = Some(r);
        }
    }

    /// Applies the node gathered from events, if any.
    fn flush(&mut self, report: &mut Reporter) {
        if std::mem::take(&mut self.pending) {
            let node = std::mem::take(&mut self.node);
            self.apply(&node.as_ref(), report);
            self.node = node;
            self.node.clear();
        }
    }

    /// A run of plain moves, played point by point without building nodes.
    fn plain_moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) {
        if let State::BeforeRoot = self.state {
            // A game whose root is a plain move (no GM, no SZ): node by node.
            let _ = moves.try_for_each(|node| {
                self.apply(node, report);
                Ok::<(), ()>(())
            });
            return;
        }
        if self.handicap.is_some() {
            let first = moves
                .sgf()
                .as_bytes()
                .get(1)
                .and_then(|&c| colour_of_byte(c));
            self.handicap_placed(false, first, report);
        }
        let values_checked = self.values_checked;
        let State::Playing(referee) = &mut self.state else {
            return;
        };
        let text = moves.sgf().as_bytes();
        for (k, node) in text.chunks_exact(MOVE_TEXT_LEN).enumerate() {
            let colour = match node[1] {
                b'B' => Colour::Black,
                _ => Colour::White,
            };
            if referee.plain_move(colour, node[3], node[4]) {
                continue;
            }
            for f in referee.take_found() {
                if reported_here(&f, values_checked) {
                    let at = moves.positions().get(k).copied().unwrap_or_default();
                    // The identifier is one column after the ';'.
                    let pos = Pos::new(at.offset + 1, at.line, at.col + 1);
                    report.report(code(f.check), At::property(f.property, pos), f.message);
                }
            }
        }
    }
}

/// The colour of a move identifier.
fn colour_of(id: &str) -> Option<Colour> {
    match id {
        "B" => Some(Colour::Black),
        "W" => Some(Colour::White),
        _ => None,
    }
}

/// The colour of a plain move's identifier byte.
fn colour_of_byte(c: u8) -> Option<Colour> {
    match c {
        b'B' => Some(Colour::Black),
        b'W' => Some(Colour::White),
        _ => None,
    }
}

/// Values longer than this of a property the board does not read are not
/// copied into the node being gathered (a huge comment).
const UNREAD_VALUE_MAX: usize = 4096;

/// `p`, whose values are long, as the board check needs it: the values of
/// a property it does not read (not a move, setup, `KO`, `MN` or a root
/// property it looks at) are left out; the property stays, so findings
/// keep their index.
fn board_part<'a>(p: &Property<'a>) -> Property<'a> {
    const READ: [&str; 11] = [
        "B", "W", "AB", "AW", "AE", "KO", "MN", "FF", "HA", "GM", "SZ",
    ];
    if p.values.text_len() <= UNREAD_VALUE_MAX || READ.contains(&p.name) {
        return *p;
    }
    Property {
        name: p.name,
        values: Values::new("", &[]),
        pos: p.pos,
    }
}

/// Whether a finding is the board check's to report: with the values
/// checked by the dialect rules, those about a value alone are theirs.
fn reported_here(f: &Found, checked: Checked) -> bool {
    match f.check {
        Check::MoveOffBoard | Check::SetupOffBoard | Check::NotAPoint => !checked.points,
        // Rule 11 reads a number, not a move number: a negative `MN` is
        // a number it passes, and only the board check reports it.
        Check::MoveNumber => !checked.numbers || f.value.trim().parse::<i64>().is_ok(),
        _ => true,
    }
}

impl Sink for BoardCheck {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) => {
                self.flush(report);
                self.end_game();
                self.state = State::BeforeRoot;
                self.handicap = None;
                self.marks.clear();
            }
            Event::Node(pos) => {
                self.flush(report);
                self.node.pos = *pos;
                self.pending = true;
            }
            Event::Property(p) if p.values.text_bound() > UNREAD_VALUE_MAX => {
                self.node.push(&board_part(p));
            }
            Event::Property(p) => self.node.push(p),
            Event::VariationStart(_) => {
                self.flush(report);
                let mark = match &mut self.state {
                    State::Playing(r) => Some(r.mark()),
                    _ => None,
                };
                self.marks.push(mark);
            }
            Event::VariationEnd(_) => {
                self.flush(report);
                if let (Some(Some(mark)), State::Playing(r)) = (self.marks.pop(), &mut self.state) {
                    r.undo(mark);
                }
            }
            Event::GameEnd(_) => {
                self.flush(report);
                self.end_game();
                self.marks.clear();
            }
            Event::Meta { .. } => {}
        }
        Ok(())
    }

    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.flush(report);
        self.apply(node, report);
        Ok(())
    }

    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.flush(report);
        self.plain_moves(moves, report);
        Ok(())
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.flush(report);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{read, Format};
    use crate::options::ReadOptions;

    /// The codes and properties `sgfconv check`'s board check reports on
    /// `sgf`, read as the SGF reader sends it (whole nodes and runs of
    /// plain moves), and again event by event.
    fn board(sgf: &str) -> Vec<(String, String)> {
        let whole = board_with(sgf, false);
        assert_eq!(whole, board_with(sgf, true), "events and nodes differ");
        whole
    }

    fn board_with(sgf: &str, events: bool) -> Vec<(String, String)> {
        let mut report = Reporter::collecting("t.sgf");
        let mut check = BoardCheck::new(Checked::default());
        let options = ReadOptions::default();
        if events {
            let mut by_event = crate::sink::EventLog::default();
            read(
                Format::Sgf,
                &mut sgf.as_bytes(),
                &options,
                &mut by_event,
                &mut report,
            )
            .unwrap();
            report = Reporter::collecting("t.sgf");
            for e in &by_event.events {
                check.event(&e.as_event(), &mut report).unwrap();
            }
        } else {
            read(
                Format::Sgf,
                &mut sgf.as_bytes(),
                &options,
                &mut check,
                &mut report,
            )
            .unwrap();
        }
        check.finish(&mut report).unwrap();
        report
            .collected()
            .iter()
            .filter(|d| d.code.id.starts_with("W58") || d.code.id.starts_with("W59"))
            .map(|d| {
                (
                    d.code.id.to_string(),
                    d.property.as_deref().unwrap_or("").to_string(),
                )
            })
            .collect()
    }

    fn codes(found: &[(String, String)]) -> Vec<&str> {
        found.iter().map(|(c, _)| c.as_str()).collect()
    }

    #[test]
    fn legal_games_raise_nothing() {
        // A capture, then a legal recapture elsewhere.
        let sgf = "(;GM[1]SZ[9];B[ba];W[aa];B[ab];W[ca];B[cb];W[bb])";
        assert!(board(sgf).is_empty(), "{:?}", board(sgf));
    }

    #[test]
    fn each_illegal_move_is_reported_at_its_property() {
        let sgf = "(;GM[1]SZ[9];B[aa];W[aa];B[ee]AE[ff];W[zz];B[p])";
        let found = board(sgf);
        assert_eq!(codes(&found), ["W581", "W584", "W585", "W587"], "{found:?}");
        assert_eq!(found[0].1, "W");
        assert_eq!(found[1].1, "AE");
    }

    #[test]
    fn setup_without_effect() {
        let sgf = "(;GM[1]SZ[9]AB[aa];AB[aa:bb]AW[cc];AW[cc])";
        assert_eq!(codes(&board(sgf)), ["W591", "W591"]);
    }

    #[test]
    fn suicide_and_ko() {
        // Black takes the ko at cb (capturing bb), white retakes at once.
        let ko = "(;GM[1]SZ[5]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[bb])";
        assert_eq!(codes(&board(ko)), ["W583"]);
        let suicide = "(;GM[1]SZ[5]AW[ba][ab];B[aa])";
        assert_eq!(codes(&board(suicide)), ["W582"]);
    }

    #[test]
    fn variations_start_from_their_parent_position() {
        // Both variations play the same point after B[aa]: no finding.
        let sgf = "(;GM[1]SZ[9];B[aa](;W[bb];B[cc])(;W[bb];B[cc]))";
        assert!(board(sgf).is_empty(), "{:?}", board(sgf));
    }

    #[test]
    fn a_missing_handicap_is_reported_once_and_the_game_not_replayed() {
        let sgf = "(;GM[1]SZ[19]HA[2];W[dd];B[dd];W[pp])";
        assert_eq!(board(sgf), [("W589".into(), "HA".into())]);
        // The stones in the second node, or black moving first: replayed.
        let later = "(;GM[1]SZ[19]HA[2];AB[dp][pd];W[dd];B[dd])";
        assert_eq!(codes(&board(later)), ["W581"]);
        let black_first = "(;GM[1]SZ[19]HA[2];B[dd];W[dd])";
        assert_eq!(codes(&board(black_first)), ["W581"]);
    }

    #[test]
    fn the_root_places_as_many_stones_as_the_handicap_says() {
        assert!(board("(;GM[1]SZ[19]HA[2]AB[dp][pd];W[dd])").is_empty());
        assert!(board("(;GM[1]SZ[9]HA[4]AB[cc:dd];W[ee])").is_empty());
        let three = "(;GM[1]SZ[19]HA[2]AB[dp][pd][pp];W[dd])";
        assert_eq!(board(three), [("W590".into(), "HA".into())]);
    }

    #[test]
    fn other_games_and_unknown_sizes() {
        assert!(board("(;GM[2]SZ[8];B[aa];W[aa])").is_empty());
        assert_eq!(codes(&board("(;GM[1]SZ[x];B[aa];W[aa])")), ["W580"]);
        // The next game starts afresh.
        let two = "(;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];W[aa])";
        assert!(board(two).is_empty());
    }

    #[test]
    fn with_values_checked_only_board_findings_remain() {
        let mut report = Reporter::collecting("t.sgf");
        let mut check = BoardCheck::new(Checked {
            points: true,
            numbers: true,
        });
        let sgf = "(;GM[1]SZ[9];B[zz];W[aa];B[aa]MN[x])";
        let options = ReadOptions::default();
        read(
            Format::Sgf,
            &mut sgf.as_bytes(),
            &options,
            &mut check,
            &mut report,
        )
        .unwrap();
        let codes: Vec<&str> = report.collected().iter().map(|d| d.code.id).collect();
        assert_eq!(codes, ["I100", "W581"]);
    }
}
