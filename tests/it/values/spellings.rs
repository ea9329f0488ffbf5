//! One reading of every game-info value: each spelling of a date, a time
//! (and the clock forms of `TM`, `BL`, `WL`), a result, a komi, a handicap
//! and a rank, through every path that reads it — the home module
//! (`sgfconv::values`), the dialect rules on an SGF conversion (rule 11,
//! and the kifu rule for a root in that dialect), the GIB, NGF and UGF
//! readers where their files hold the value as text, and the GIB, NGF and
//! UGF writers where they read it from the game — reads the same.
//!
//! A writer's reading is proven by its output: the game with the value as
//! spelled (under `--keep-dialect`, so that no rule reads it first) is
//! written exactly as the game with its `FF[4]` form.

use crate::common;

use common::convert_bytes;
use sgfconv::game::collect_games;
use sgfconv::values::{self, Normalized, ResultText};
use sgfconv::{Dialect, Format, Game, Options, Reporter};

/// `bytes` of `from` converted to `to`; `keep`: under `--keep-dialect`.
fn convert(bytes: &[u8], from: Format, to: Format, keep: bool) -> Vec<u8> {
    let mut options = Options::default();
    if keep {
        options.read.dialect = Dialect::Keep;
    }
    convert_bytes(bytes, from, to, &options, "t").0
}

/// The first game of an SGF text, read as it is.
fn game_of(sgf: &[u8]) -> Game {
    let mut report = Reporter::collecting("t");
    let mut games = collect_games(
        |sink, r| sgfconv::formats::read(Format::Sgf, &mut &sgf[..], &Default::default(), sink, r),
        &mut report,
    )
    .expect("readable");
    games.remove(0)
}

/// The root's `id` after a conversion of `bytes` (`from`) to SGF with the
/// dialect rules.
fn read_as(bytes: &[u8], from: Format, id: &str) -> Option<String> {
    let sgf = convert(bytes, from, Format::Sgf, false);
    game_of(&sgf).root().text(id).map(str::to_owned)
}

/// `id` of the node after the root, after an SGF conversion.
fn move_prop(sgf: &str, id: &str) -> Option<String> {
    let out = convert(sgf.as_bytes(), Format::Sgf, Format::Sgf, false);
    let g = game_of(&out);
    let first = g.node(0).first_child()?;
    g.node(first).text(id).map(str::to_owned)
}

/// The output of `to` for an SGF game whose root holds `props`, the value
/// as written (no rule reads it first).
fn written(props: &str, to: Format) -> String {
    let sgf = format!("(;GM[1]FF[4]SZ[19]PB[Lee]PW[Cho]{props};B[pd];W[dp])");
    String::from_utf8_lossy(&convert(sgf.as_bytes(), Format::Sgf, to, true)).into_owned()
}

/// A GIB file with these header entries (`KEY=value`), two moves.
fn gib(entries: &[(&str, &str)]) -> Vec<u8> {
    let mut s = String::from("\\HS\r\n");
    let names = [("GAMEBLACKNAME", "Lee"), ("GAMEWHITENAME", "Cho")];
    let unnamed = names
        .iter()
        .filter(|(k, _)| !entries.iter().any(|e| e.0 == *k));
    for (k, v) in unnamed.chain(entries) {
        s.push_str(&format!("\\[{k}={v}\\]\r\n"));
    }
    s.push_str("\\HE\r\n\\GS\r\n2 1 0\r\n119 0 &4\r\nINI 0 1 0 &4\r\n");
    s.push_str("STO 0 2 1 15 15\r\nSTO 0 3 2 3 3\r\n\\GE\r\n");
    s.into_bytes()
}

/// An NGF file: players (name and rank), handicap, komi, date, result.
fn ngf(black_rank: &str, komi: &str, date: &str, result: &str) -> Vec<u8> {
    let lines = [
        "Game",
        "19",
        "Cho            1D",
        &format!("Lee            {black_rank}"),
        "www.cyberoro.com",
        "0",
        "0",
        komi,
        date,
        "5",
        result,
        "2",
        "PMABBQEEQ",
        "PMACWEQQE",
    ];
    (lines.join("\r\n") + "\r\n").into_bytes()
}

/// A root in the kifu dialect (`GK` names it) holding `props`.
fn kifu(props: &str) -> Vec<u8> {
    format!("(;GK[1]{props};B[pd])").into_bytes()
}

/// A spelling no reader reads, of any value: what a writer is given for a
/// value it cannot read.
const UNREADABLE: &str = "zzz";

/// Whether `to` writes the game with `id[s]` as the game with its `FF[4]`
/// form `want` (or, for a value read as nothing, as the game with a value
/// nothing reads).
fn writes_as(to: Format, id: &str, s: &str, want: Option<&str>) -> bool {
    let reference = want.unwrap_or(UNREADABLE);
    let given = written(&format!("{id}[{s}]"), to).replace(s, "");
    let expected = written(&format!("{id}[{reference}]"), to);
    given == expected.replace(s, "").replace(UNREADABLE, "")
}

/// What a value reads as, for every path.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reads {
    /// This `FF[4]` value.
    As(&'static str),
    /// Nothing certain: the value is kept as written where it is text.
    Nothing,
}

use Reads::{As, Nothing};

impl Reads {
    fn value(self) -> Option<&'static str> {
        match self {
            As(v) => Some(v),
            Nothing => None,
        }
    }
}

/// What rule 11 writes for `s`, read as `kept`: `s` itself where the
/// `FF[4]` form would leave a part of it out (`W515 value-not-rewritten`:
/// nothing is dropped).
fn by_rule<'a>(n: Normalized, s: &'a str, kept: &'a str) -> &'a str {
    match n {
        Normalized::Rewritten(r) if r.dropped.is_some() => s,
        _ => kept,
    }
}

/// What the value rule writes of `s` for a property whose illegal values
/// are set aside (`ILLEGAL`): the reading; `s` itself where the reading
/// would leave part of it out (kept as it is, `W515`); nothing where it
/// does not read (set aside).
fn aside_rule<'a>(n: Normalized, s: &'a str, want: Option<&'a str>) -> Option<&'a str> {
    match n {
        Normalized::Rewritten(r) if r.dropped.is_some() => Some(s),
        Normalized::Valid | Normalized::Rewritten(_) => want,
        _ => None,
    }
}

/// What the home module's normalizer says of `s`, as a [`Reads`] value.
fn home(n: Normalized, s: &str) -> Option<String> {
    n.written(s)
}

// ---------------------------------------------------------------------------
// Dates

const DATES: &[(&str, Reads)] = &[
    ("2012-11-22", As("2012-11-22")),
    ("2001-10-11 21:22:51 UT", As("2001-10-11")),
    ("2014:01:27:17:54", As("2014-01-27")),
    ("2015- 8-29-22-56-58", As("2015-08-29")),
    ("2025-01-18-16-38-32", As("2025-01-18")),
    ("20170316 [09:37]", As("2017-03-16")),
    ("20100123 [21: 6]", As("2010-01-23")),
    ("2012年11月22日 下午 6:3", As("2012-11-22")),
    ("2014年7月2日 下午 7:15", As("2014-07-02")),
    ("2012년 11월 22일", As("2012-11-22")),
    ("2021年1月20日", As("2021-01-20")),
    ("August 1, 2001", As("2001-08-01")),
    ("2021/01/20", As("2021-01-20")),
    ("2006-9-5", As("2006-09-05")),
    ("2012-11-22,23", As("2012-11-22,23")),
    ("2012", As("2012")),
    ("03/04/2005", Nothing),
    ("2012-02-30", Nothing),
    ("nothing", Nothing),
];

#[test]
fn dates_read_the_same_everywhere() {
    for &(s, reads) in DATES {
        let want = reads.value();
        let kept = want.unwrap_or(s);
        assert_eq!(home(values::date(s), s).as_deref(), want, "home {s:?}");
        let sgf = format!("(;FF[4]DT[{s}])");
        assert_eq!(
            read_as(sgf.as_bytes(), Format::Sgf, "DT").as_deref(),
            Some(by_rule(values::date(s), s, kept)),
            "rule {s:?}"
        );
        let k = read_as(&kifu(&format!("RD[{s}]")), Format::Sgf, "DT");
        // The kifu `RD` is `DT`, then read by rule 11.
        let by_kifu = by_rule(values::date(s), s, kept);
        assert_eq!(k.as_deref(), Some(by_kifu), "kifu {s:?}");
        let g = read_as(&gib(&[("GAMEDATE", s)]), Format::Gib, "DT");
        assert_eq!(g.as_deref(), want, "GIB reader {s:?}");
        let n = read_as(&ngf("1K", "6.5", s, "Black wins!"), Format::Ngf, "DT");
        assert_eq!(n.as_deref(), want, "NGF reader {s:?}");
        for to in [Format::Gib, Format::Ngf, Format::Ugf] {
            assert!(writes_as(to, "DT", s, want), "{to:?} writer {s:?}");
        }
    }
}

/// The writers write the first whole day a date value says.
#[test]
fn writers_write_the_first_day() {
    let gib = written("DT[2014:01:27:17:54]", Format::Gib);
    assert!(gib.contains("GAMEDATE=2014- 1-27- 0- 0- 0"), "{gib}");
    let ngf = written("DT[20170316 [09:37\\]]", Format::Ngf);
    assert!(ngf.contains("\r\n20170316\r\n"), "{ngf}");
    let ugf = written("DT[2001-10-11 21:22:51 UT]", Format::Ugf);
    assert!(
        ugf.contains("Date=2001/10/11,00:00:00,2001/10/11,00:00:00"),
        "{ugf}"
    );
}

// ---------------------------------------------------------------------------
// Times and clocks

const TIMES: &[(&str, Reads)] = &[
    ("3600", As("3600")),
    ("1 hour", As("3600")),
    ("1:00:00", As("3600")),
    ("0:07:42", As("462")),
    ("1時間", As("3600")),
    ("1시간 30분", As("5400")),
    ("60 min", As("3600")),
    ("1:30", Nothing),
    ("fast", Nothing),
];

#[test]
fn times_and_clocks_read_the_same_everywhere() {
    for &(s, reads) in TIMES {
        let want = reads.value();
        let kept = want.unwrap_or(s);
        assert_eq!(home(values::time(s), s).as_deref(), want, "home TM {s:?}");
        assert_eq!(
            home(values::time_left(s), s).as_deref(),
            want,
            "home BL {s:?}"
        );
        let sgf = format!("(;FF[4]TM[{s}])");
        assert_eq!(
            read_as(sgf.as_bytes(), Format::Sgf, "TM").as_deref(),
            Some(kept),
            "TM {s:?}"
        );
        // BL and WL are reals: what does not read is set aside.
        let real = home(values::time_left(s), s);
        for id in ["BL", "WL"] {
            let sgf = format!("(;FF[4];B[pd]{id}[{s}])");
            assert_eq!(move_prop(&sgf, id), real, "{id} {s:?}");
        }
        // The kifu dialect counts a bare number in minutes: its other
        // spellings read as `TM` does.
        if values::real(s) == Normalized::Unparsed(values::Problem::Unrecognised) {
            let k = read_as(&kifu(&format!("TM[{s}]")), Format::Sgf, "TM");
            assert_eq!(k.as_deref(), Some(kept), "kifu {s:?}");
        }
        for to in [Format::Gib, Format::Ugf] {
            assert!(writes_as(to, "TM", s, want), "{to:?} writer {s:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// Results

/// What a result text reads as: an `FF[4]` result, an unfinished game, or
/// nothing.
const RESULTS: &[(&str, Option<&str>)] = &[
    ("B+R", Some("B+R")),
    ("W+3.5", Some("W+3.5")),
    ("b+r", Some("B+R")),
    ("Black resigns", Some("W+R")),
    ("White lost on time", Some("B+T")),
    ("white 59.5 win", Some("W+59.5")),
    ("black 4 points win", Some("B+4")),
    ("black wins by time", Some("B+T")),
    ("black wins by resignation", Some("B+R")),
    ("white wins by disconnection", Some("W+F")),
    ("Black wins by 34win >> White(58):Black(92)", Some("B+34")),
    ("White wins by  resign!", Some("W+R")),
    ("White Win by Resign!", Some("W+R")),
    ("Black wins by 0.5!", Some("B+0.5")),
    ("흑 시간승", Some("B+T")),
    ("백 3집반승", Some("W+3.5")),
    ("250수 흑7집승", Some("B+7")),
    ("흑 불계패", Some("W+R")),
    ("白7目半胜", Some("W+7.5")),
    ("黑中盘胜", Some("B+R")),
    ("黑胜3/4子", Some("B+1.5")),
    ("白胜3又1/4子", Some("W+6.5")),
    ("黒中押し勝ち", Some("B+R")),
    ("257手完, 黒中押し勝ち", Some("B+R")),
    ("白時間勝ち", Some("W+T")),
    ("黒負け", Some("W+")),
    ("Jigo", Some("0")),
    ("무승부", Some("0")),
    ("持碁", Some("0")),
    ("Draw!", Some("0")),
    ("無勝負", Some("Void")),
    ("Progressing!", None),
    ("進行中", None),
    ("xyz", None),
];

#[test]
fn results_read_the_same_everywhere() {
    for &(s, want) in RESULTS {
        let kept = want.unwrap_or(s);
        let text = values::result_text(s);
        match want {
            Some(w) => assert_eq!(text, ResultText::Result(w.into()), "home {s:?}"),
            None => assert!(text != ResultText::Result(String::new()), "home {s:?}"),
        }
        let sgf = format!("(;FF[4]RE[{s}])");
        assert_eq!(
            read_as(sgf.as_bytes(), Format::Sgf, "RE").as_deref(),
            // A result whose FF[4] form leaves part of it out is written
            // in that form all the same: the value as written goes to GC.
            Some(kept),
            "rule {s:?}"
        );
        let k = read_as(&kifu(&format!("RE[{s}]")), Format::Sgf, "RE");
        assert_eq!(k.as_deref(), Some(kept), "kifu {s:?}");
        let g = read_as(&gib(&[("GAMERESULT", s)]), Format::Gib, "RE");
        assert_eq!(g.as_deref(), want, "GIB reader {s:?}");
        let n = read_as(&ngf("1K", "6.5", "20120101", s), Format::Ngf, "RE");
        assert_eq!(n.as_deref(), want, "NGF reader {s:?}");
        for to in [Format::Gib, Format::Ngf, Format::Ugf] {
            assert!(writes_as(to, "RE", s, want), "{to:?} writer {s:?}");
        }
    }
}

/// The unfinished and the unreadable are told apart where it matters (the
/// readers report only the unreadable).
#[test]
fn unfinished_games_are_no_unknown_results() {
    assert_eq!(values::result_text("Progressing!"), ResultText::Unfinished);
    assert_eq!(values::result_text("進行中"), ResultText::Unfinished);
    assert_eq!(values::result_text("xyz"), ResultText::Unknown);
}

// ---------------------------------------------------------------------------
// Komi and handicap

const KOMI: &[(&str, Reads)] = &[
    ("6.5", As("6.5")),
    ("6,5", As("6.5")),
    ("6目半", As("6.5")),
    ("黒6目半", As("6.5")),
    ("덤6집반", As("6.5")),
    ("コミ6目半", As("6.5")),
    ("贴3又3/4子", As("7.5")),
    ("7/2", As("3.5")),
    ("5½", As("5.5")),
    ("白6目半", Nothing),
    ("komi", Nothing),
];

#[test]
fn komi_reads_the_same_everywhere() {
    for &(s, reads) in KOMI {
        let want = reads.value();
        assert_eq!(home(values::komi(s), s).as_deref(), want, "home {s:?}");
        // What does not read is set aside (`ILLEGAL[KM:…]`), not kept.
        let sgf = format!("(;FF[4]KM[{s}])");
        assert_eq!(
            read_as(sgf.as_bytes(), Format::Sgf, "KM").as_deref(),
            aside_rule(values::komi(s), s, want),
            "rule {s:?}"
        );
        // Kifu `KO` is komi: read as `KM` is (kept as `KO` when it is none).
        let k = read_as(&kifu(&format!("KO[{s}]")), Format::Sgf, "KM");
        assert_eq!(k.as_deref(), want, "kifu {s:?}");
        // The NGF komi line (an even game: no half point implied when the
        // komi has one).
        if want.is_some_and(|w| w.ends_with(".5")) {
            let n = read_as(&ngf("1K", s, "20120101", "Black wins!"), Format::Ngf, "KM");
            assert_eq!(n.as_deref(), want, "NGF reader {s:?}");
        }
        for to in [Format::Gib, Format::Ngf, Format::Ugf] {
            assert!(writes_as(to, "KM", s, want), "{to:?} writer {s:?}");
        }
    }
}

const HANDICAPS: &[(&str, Reads)] = &[
    ("3", As("3")),
    ("3 stones", As("3")),
    ("二子", As("2")),
    ("3점", As("3")),
    ("3 (free placement)", Nothing),
];

#[test]
fn handicaps_read_the_same_everywhere() {
    for &(s, reads) in HANDICAPS {
        let want = reads.value();
        assert_eq!(home(values::handicap(s), s).as_deref(), want, "home {s:?}");
        // What does not read is set aside (`ILLEGAL[HA:…]`), not kept.
        let sgf = format!("(;FF[4]HA[{s}])");
        assert_eq!(
            read_as(sgf.as_bytes(), Format::Sgf, "HA").as_deref(),
            aside_rule(values::handicap(s), s, want),
            "rule {s:?}"
        );
        // Kifu `HD`: `HA`, and the standard stones when it reads.
        let k = read_as(&kifu(&format!("HD[{s}]")), Format::Sgf, "AB").is_some();
        assert_eq!(k, want.is_some(), "kifu {s:?}");
        assert!(writes_as(Format::Ugf, "HA", s, want), "UGF writer {s:?}");
    }
}

// ---------------------------------------------------------------------------
// Ranks

/// A rank as written → its SGF form; `true` when it is a rank at all (a
/// player line of NGF ends in one).
const RANKS: &[(&str, &str, bool)] = &[
    ("2K", "2k", true),
    ("4D", "4d", true),
    ("1급", "1k", true),
    ("3段", "3d", true),
    ("9P", "9p", true),
    ("9DP", "9p", true),
    ("7단P", "7p", true),
    ("9프로", "9p", true),
    ("10 kyu", "10k", true),
    ("insei", "insei", false),
];

#[test]
fn ranks_read_the_same_in_every_script() {
    for &(s, want, rank) in RANKS {
        assert_eq!(values::rank(s, false), want, "home {s:?}");
        assert_eq!(values::is_rank(s), rank, "home {s:?}");
        let g = read_as(
            &gib(&[("GAMEBLACKNAME", &format!("Lee ({s})"))]),
            Format::Gib,
            "BR",
        );
        assert_eq!(g.as_deref(), Some(want), "GIB reader {s:?}");
        if rank && !s.contains(' ') {
            let n = read_as(&ngf(s, "6.5", "20120101", "Black wins!"), Format::Ngf, "BR");
            assert_eq!(n.as_deref(), Some(want), "NGF reader {s:?}");
        }
    }
}
