//! Overtimes read as numbers: the machine-readable `OT` of the 1999 `FF[5]`
//! draft, read as one time control, and the `FF[4]` `OT` texts servers
//! write (`5x30 byo-yomi`), read as [`Overtime`].
//!
//! The draft: "list of ( composition of simpletext ":" ext_color ":" real )
//! … Describes the method used for overtime (byo-yomi) in a machine
//! readable way." Keys `TM` (main time, seconds), `OP` (overtime period,
//! seconds), `OM` (moves per period, default 1), `NO` (number of periods,
//! default -1: unlimited; 0: none), `OG` (granularity of overtime, default
//! 1.0), `TG` (granularity of main time, default 1.0); the colour `B`, `W`
//! or `A` (both). [`read_draft_overtime`] reads the list, [`DraftOvertime`]
//! gives the main time for `TM` and the text for an `FF[4]` `OT`
//! ("1×60 byo-yomi").

/// The settings of one player's clock, as written (a real, trimmed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// `TM`: main time, seconds.
    pub main: Option<String>,
    /// `OP`: the overtime period, seconds.
    pub period: Option<String>,
    /// `OM`: moves per period.
    pub moves: Option<String>,
    /// `NO`: the number of periods (-1 unlimited, 0 none).
    pub periods: Option<String>,
    /// `OG`: granularity of the overtime, seconds.
    pub grain: Option<String>,
    /// `TG`: granularity of the main time, seconds.
    pub main_grain: Option<String>,
}

/// A draft `OT` read: each player's clock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DraftOvertime {
    /// Black's clock.
    pub black: Clock,
    /// White's clock.
    pub white: Clock,
}

/// Reads the values of a draft `OT` (`TM:A:10800`, `OP:B:60`…); `None`
/// unless every value is a known key, a colour (`B`, `W`, `A`) and a real.
pub fn read_draft_overtime<'a>(values: impl IntoIterator<Item = &'a str>) -> Option<DraftOvertime> {
    let mut ot = DraftOvertime::default();
    let mut any = false;
    for v in values {
        let mut parts = v.trim().splitn(3, ':');
        let (key, colour, value) = (parts.next()?, parts.next()?, parts.next()?.trim());
        value.parse::<f64>().ok().filter(|x| x.is_finite())?;
        let clocks: &mut [&mut Clock] = match colour.trim() {
            "A" => &mut [&mut ot.black, &mut ot.white],
            "B" => &mut [&mut ot.black],
            "W" => &mut [&mut ot.white],
            _ => return None,
        };
        for c in clocks.iter_mut() {
            *c.slot(key.trim())? = Some(value.to_string());
        }
        any = true;
    }
    any.then_some(ot)
}

impl Clock {
    fn slot(&mut self, key: &str) -> Option<&mut Option<String>> {
        Some(match key {
            "TM" => &mut self.main,
            "OP" => &mut self.period,
            "OM" => &mut self.moves,
            "NO" => &mut self.periods,
            "OG" => &mut self.grain,
            "TG" => &mut self.main_grain,
            _ => return None,
        })
    }

    /// The overtime as `FF[4]` `OT` texts are usually written, with the
    /// granularities that are not the default; empty when nothing is said.
    pub fn overtime_text(&self) -> String {
        let is = |v: &Option<String>, n: f64| {
            v.as_deref().and_then(|v| v.parse::<f64>().ok()) == Some(n)
        };
        let mut parts = Vec::new();
        if is(&self.periods, 0.0) {
            parts.push("no overtime".to_string());
        } else if let Some(op) = &self.period {
            let moves = self.moves.as_deref().filter(|_| !is(&self.moves, 1.0));
            let times = self.periods.as_deref().filter(|_| !is(&self.periods, -1.0));
            parts.push(match (times, moves) {
                (Some(n), None) => format!("{n}×{op} byo-yomi"),
                (None, None) => format!("{op} s byo-yomi, periods unlimited"),
                (Some(n), Some(m)) => format!("{n}×{m}/{op} Canadian"),
                (None, Some(m)) => format!("{m}/{op} Canadian"),
            });
        }
        if let Some(g) = self.grain.as_deref().filter(|_| !is(&self.grain, 1.0)) {
            parts.push(format!("overtime counted in {g} s steps"));
        }
        if let Some(g) = self
            .main_grain
            .as_deref()
            .filter(|_| !is(&self.main_grain, 1.0))
        {
            parts.push(format!("main time counted in {g} s steps"));
        }
        parts.join(", ")
    }
}

impl DraftOvertime {
    /// The main time both players have (`TM`), when they have the same.
    pub fn main_time(&self) -> Option<&str> {
        (self.black.main == self.white.main)
            .then_some(self.black.main.as_deref())
            .flatten()
    }

    /// The text of an `FF[4]` `OT`: one for both players, or each's
    /// (with its main time when the two differ); empty when it says nothing.
    pub fn text(&self) -> String {
        let (b, w) = (self.black.overtime_text(), self.white.overtime_text());
        if b == w && self.black.main == self.white.main {
            return b;
        }
        let one = |c: &Clock, t: String| match (&c.main, self.main_time()) {
            (Some(m), None) if t.is_empty() => format!("{m} s main time"),
            (Some(m), None) => format!("{m} s main time, {t}"),
            _ => t,
        };
        format!(
            "Black: {}; White: {}",
            one(&self.black, b),
            one(&self.white, w)
        )
    }
}

/// An overtime system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// Periods of a fixed length, one move each (`5x30 byo-yomi`).
    ByoYomi,
    /// A number of moves in a period (`25/600 Canadian`).
    Canadian,
    /// Time added after every move (`30 fischer`).
    Fischer,
    /// No overtime (`None`, `no overtime`).
    None,
}

impl System {
    /// `byo-yomi`, `canadian`, `fischer`, `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            System::ByoYomi => "byo-yomi",
            System::Canadian => "canadian",
            System::Fischer => "fischer",
            System::None => "none",
        }
    }
}

/// An overtime as numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overtime {
    /// The system.
    pub system: System,
    /// The number of periods (`None`: unlimited or not said).
    pub periods: Option<u32>,
    /// The length of a period, or the time a Fischer clock adds per move,
    /// in seconds.
    pub seconds: Option<f64>,
    /// The moves to play in a period (1 for byo-yomi).
    pub moves: Option<u32>,
}

impl Overtime {
    fn new(system: System, periods: Option<u32>, seconds: f64, moves: Option<u32>) -> Overtime {
        Overtime {
            system,
            periods,
            seconds: Some(seconds),
            moves,
        }
    }
}

/// An `FF[4]` `OT` text as servers and sgfconv write it, read:
/// `5x30 byo-yomi` (also `5×30`, and `5x30` alone), `25/600 Canadian`,
/// `3×25/600 Canadian`, `30 fischer`, `None`, `no overtime`. `None` for any
/// other text (`OT` is free text: it is kept as written, never guessed at).
pub fn read_overtime(text: &str) -> Option<Overtime> {
    let t = text.trim();
    let lower = t.to_lowercase();
    if lower == "none" || lower == "no overtime" {
        return Some(Overtime {
            system: System::None,
            periods: None,
            seconds: None,
            moves: None,
        });
    }
    let (head, rest) = t.split_once(' ').unwrap_or((t, ""));
    let count = |s: &str| s.parse::<u32>().ok();
    let secs = |s: &str| s.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
    match rest.trim().to_lowercase().as_str() {
        "" | "byo-yomi" | "byoyomi" => {
            let (n, s) = head.split_once(['x', 'X', '×'])?;
            Some(Overtime::new(
                System::ByoYomi,
                Some(count(n)?),
                secs(s)?,
                Some(1),
            ))
        }
        "canadian" => {
            let (moves, s) = head.split_once('/')?;
            let (periods, moves) = match moves.split_once(['x', 'X', '×']) {
                Some((n, m)) => (Some(count(n)?), m),
                None => (None, moves),
            };
            Some(Overtime::new(
                System::Canadian,
                periods,
                secs(s)?,
                Some(count(moves)?),
            ))
        }
        "fischer" => Some(Overtime::new(System::Fischer, None, secs(head)?, None)),
        _ => None,
    }
}

impl Clock {
    /// This clock's overtime as numbers, when it says one: `NO` 0 is none,
    /// more than one move in a period (`OM`) is Canadian, else byo-yomi.
    pub fn overtime(&self) -> Option<Overtime> {
        let num = |v: &Option<String>| v.as_deref().and_then(|v| v.parse::<f64>().ok());
        let whole = |v: &Option<String>| num(v).filter(|n| n.fract() == 0.0 && *n >= 0.0);
        if num(&self.periods) == Some(0.0) {
            return read_overtime("none");
        }
        let seconds = num(&self.period).filter(|s| *s >= 0.0)?;
        let moves = whole(&self.moves).map_or(1, |m| m as u32);
        let periods = whole(&self.periods).map(|n| n as u32);
        let system = match moves {
            1 => System::ByoYomi,
            _ => System::Canadian,
        };
        Some(Overtime::new(system, periods, seconds, Some(moves)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(v: &[&str]) -> DraftOvertime {
        read_draft_overtime(v.iter().copied()).unwrap()
    }

    /// The draft's own examples.
    #[test]
    fn the_drafts_examples() {
        let pro = read(&["TM:A:10800", "OP:A:60", "OM:A:1", "NO:A:1", "OG:A:60"]);
        assert_eq!(pro.main_time(), Some("10800"));
        assert_eq!(pro.text(), "1×60 byo-yomi, overtime counted in 60 s steps");
        let server = read(&["TM:A:300", "OP:A:600", "OM:A:25"]);
        assert_eq!(
            (server.main_time(), server.text().as_str()),
            (Some("300"), "25/600 Canadian")
        );
        let kisei = read(&[
            "TM:A:28800",
            "OP:A:600",
            "OM:A:1",
            "NO:A:1",
            "OG:A:60",
            "TG:A:60",
        ]);
        assert_eq!(kisei.main_time(), Some("28800"));
        assert_eq!(
            kisei.text(),
            "1×600 byo-yomi, overtime counted in 60 s steps, main time counted in 60 s steps"
        );
        let obayashi = read(&["TM:A:2700", "NO:A:0"]);
        assert_eq!(
            (obayashi.main_time(), obayashi.text().as_str()),
            (Some("2700"), "no overtime")
        );
    }

    #[test]
    fn per_colour_settings() {
        let ot = read(&["TM:B:3600", "TM:W:1800", "OP:A:30", "NO:A:3"]);
        assert_eq!(ot.main_time(), None);
        assert_eq!(
            ot.text(),
            "Black: 3600 s main time, 3×30 byo-yomi; White: 1800 s main time, 3×30 byo-yomi"
        );
        assert_eq!(
            read(&["OP:A:30"]).text(),
            "30 s byo-yomi, periods unlimited"
        );
    }

    #[test]
    fn other_texts_are_not_the_draft() {
        for v in [
            &["1x60 byo-yomi"][..],
            &["TM:A:x"],
            &["XX:A:1"],
            &["TM:Q:1"],
            &[],
        ] {
            assert_eq!(read_draft_overtime(v.iter().copied()), None, "{v:?}");
        }
    }

    #[test]
    fn overtime_texts_read() {
        let read =
            |t: &str| read_overtime(t).map(|o| (o.system.as_str(), o.periods, o.seconds, o.moves));
        assert_eq!(
            read("5x30 byo-yomi"),
            Some(("byo-yomi", Some(5), Some(30.0), Some(1)))
        );
        assert_eq!(
            read("1×60 byo-yomi"),
            Some(("byo-yomi", Some(1), Some(60.0), Some(1)))
        );
        assert_eq!(
            read(" 3x20 "),
            Some(("byo-yomi", Some(3), Some(20.0), Some(1)))
        );
        assert_eq!(
            read("25/600 Canadian"),
            Some(("canadian", None, Some(600.0), Some(25)))
        );
        assert_eq!(
            read("3×25/600 Canadian"),
            Some(("canadian", Some(3), Some(600.0), Some(25)))
        );
        assert_eq!(
            read("30 fischer"),
            Some(("fischer", None, Some(30.0), None))
        );
        assert_eq!(read("None"), Some(("none", None, None, None)));
        for t in [
            "",
            "5 xyz 3",
            "A very long overtime",
            "5, 10, 15 stones",
            "x30 byo-yomi",
            "5x-3",
        ] {
            assert_eq!(read(t), None, "{t:?}");
        }
    }

    #[test]
    fn draft_clocks_as_overtimes() {
        let clock = |v: &[&str]| read(v).black.overtime();
        let o = clock(&["TM:A:10800", "OP:A:60", "OM:A:1", "NO:A:1"]).unwrap();
        assert_eq!(
            (o.system, o.periods, o.seconds, o.moves),
            (System::ByoYomi, Some(1), Some(60.0), Some(1))
        );
        let o = clock(&["TM:A:300", "OP:A:600", "OM:A:25"]).unwrap();
        assert_eq!(
            (o.system, o.periods, o.seconds, o.moves),
            (System::Canadian, None, Some(600.0), Some(25))
        );
        assert_eq!(
            clock(&["TM:A:2700", "NO:A:0"]).map(|o| o.system),
            Some(System::None)
        );
        assert_eq!(clock(&["TM:A:2700"]), None);
    }
}
