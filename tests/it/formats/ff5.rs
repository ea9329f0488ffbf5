//! The 1999 `FF[5]` draft (formats/sgf-dialects.md, section 13) read
//! through the command as a user runs it: undo nodes, the version, the
//! persons, the machine-readable overtime (the draft's own examples), through JSON and
//! XML and back.

use crate::common::run;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The example of formats/sgf-dialects.md: `W[dp]` on the main line after
/// `B[pd]`, the undone `W[dd]` a variation.
const EXAMPLE: &[u8] = b"(;GM[1]FF[5]SZ[19]OT[TM:A:10800][OP:A:60][OM:A:1][NO:A:1][OG:A:60]PI[B:Aoki Kikuyo, 6 dan][RF:Ma Xiaochun]\n  ;B[pd];W[dd];UN[1];W[dp])\n";

#[test]
fn an_undo_becomes_a_variation_in_ff4() {
    let out = run(&["-t", "sgf"], EXAMPLE);
    let sgf = text(&out.stdout);
    assert!(sgf.starts_with("(;GM[1]\nFF[4]\n"), "{sgf}");
    assert!(sgf.ends_with(";B[pd]\n(;W[dp])\n(;W[dd]))\n"), "{sgf}");
    assert!(!sgf.contains("UN["), "{sgf}");
    assert!(
        sgf.contains("\nTM[10800]\nOT[1×60 byo-yomi, overtime counted in 60 s steps]\n"),
        "{sgf}"
    );
    assert!(
        sgf.contains("\nPB[Aoki Kikuyo, 6 dan]\nPI[RF:Ma Xiaochun]\n"),
        "{sgf}"
    );
    let err = text(&out.stderr);
    assert!(err.contains("W178") && err.contains("W179"), "{err}");
    assert!(!err.contains("I160") && !err.contains("E162"), "{err}");
    assert!(!err.contains("W540"), "{err}");
}

/// `check` replays the main line the undo made: a move played again on
/// the point of the undone one is no move on an occupied point.
#[test]
fn check_does_not_count_the_undone_move() {
    let draft = b"(;GM[1]FF[5]SZ[19];B[pd];W[dd];UN[1];W[dd])";
    let out = run(&["check", "-"], draft);
    let err = text(&out.stderr);
    assert!(!err.contains("W58"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    // The same moves in FF[4], where UN means nothing, are.
    let ff4 = b"(;GM[1]FF[4]SZ[19];B[pd];W[dd];UN[1];W[dd])";
    let err = text(&run(&["check", "-"], ff4).stderr);
    assert!(err.contains("W58"), "{err}");
}

/// With the rule off, `FF[5]` is read as `FF[4]`, and said so.
#[test]
fn the_rule_switched_off_says_so() {
    let out = run(&["-t", "sgf", "--no-fix", "ff5"], EXAMPLE);
    let err = text(&out.stderr);
    assert!(
        err.contains("W540") && err.contains("the 1999 draft"),
        "{err}"
    );
    assert!(text(&out.stdout).contains("UN[1]"));
}

/// The draft's examples of `OT`, each in a game of its own: `TM` and the
/// `FF[4]` `OT` text.
#[test]
fn the_drafts_overtime_examples() {
    let cases: &[(&str, &str, &str)] = &[
        // The standard international pro game.
        (
            "[TM:A:10800][OP:A:60][OM:A:1][NO:A:1][OG:A:60]",
            "10800",
            "1×60 byo-yomi, overtime counted in 60 s steps",
        ),
        // The go server 5/10 game.
        ("[TM:A:300][OP:A:600][OM:A:25]", "300", "25/600 Canadian"),
        // The Kisei match.
        (
            "[TM:A:28800][OP:A:600][OM:A:1][NO:A:1][OG:A:60][TG:A:60]",
            "28800",
            "1×600 byo-yomi, overtime counted in 60 s steps, main time counted in 60 s steps",
        ),
        // The Amsterdam Obayashi Cup.
        ("[TM:A:2700][NO:A:0]", "2700", "no overtime"),
    ];
    for (ot, tm, said) in cases {
        let input = format!("(;FF[5]GM[1]OT{ot};B[pd])");
        let out = run(&["-t", "sgf"], input.as_bytes());
        let sgf = text(&out.stdout);
        assert!(sgf.contains(&format!("TM[{tm}]\nOT[{said}]\n")), "{sgf}");
    }
}

/// Through JSON and XML and back: the same SGF, the draft's settings kept.
#[test]
fn round_trip_through_json_and_xml() {
    let sgf = run(&["-t", "sgf"], EXAMPLE).stdout;
    for fmt in ["json", "xml"] {
        let there = run(&["-t", fmt], EXAMPLE);
        assert_eq!(there.status.code(), Some(0), "{}", text(&there.stderr));
        let back = run(&["-f", fmt, "-t", "sgf"], &there.stdout);
        assert_eq!(text(&back.stdout), text(&sgf), "{fmt}");
        assert!(text(&there.stdout).contains("OTS"), "{fmt}");
    }
}

/// The games list (`--games-csv`) carries the time control and the
/// persons kept (and counts the moves of the main line the undo made:
/// `B[pd]`, `W[dp]`), and reads back into them.
#[test]
fn the_games_list_carries_time_and_persons() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.csv");
    let out = run(
        &["-t", "csv", "--games-csv", games.to_str().unwrap()],
        EXAMPLE,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let list = std::fs::read_to_string(&games).unwrap();
    let mut lines = list.lines();
    assert!(lines
        .next()
        .unwrap()
        .ends_with(",moves,main_time,overtime,overtime_system,overtime_periods,overtime_seconds,overtime_moves,overtime_settings,persons"));
    // The draft's settings give the overtime's numbers.
    assert!(
        lines.next().unwrap().ends_with(
            ",2,10800,\"1×60 byo-yomi, overtime counted in 60 s steps\",byo-yomi,1,60,1,TM:A:10800 OP:A:60 OM:A:1 NO:A:1 OG:A:60,RF:Ma Xiaochun"
        ),
        "{list}"
    );
    let back = run(&["-f", "csv", "-t", "sgf", games.to_str().unwrap()], b"");
    let sgf = text(&back.stdout);
    assert!(
        sgf.contains("TM[10800]\nOT[1×60 byo-yomi, overtime counted in 60 s steps]\n"),
        "{sgf}"
    );
    assert!(sgf.contains("PI[RF:Ma Xiaochun]"), "{sgf}");
    assert!(sgf.contains("OTS[TM\\:A\\:10800][OP\\:A\\:60]"), "{sgf}");
}
