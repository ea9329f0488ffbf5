//! Values read right through the binary, case by case, as
//! `formats/validation.md` documents them: the scale of Fox's komi, a
//! year of two digits against the record's own writing, a resignation
//! spelled in words with a count after it, the clock forms of `BL`/`WL`, a
//! time zone `UT`, control bytes in text, a `CA[UTF-8]` label against one
//! broken sequence, and suicide under the rules of `RU`.

use crate::common::{run, shared_corpus, text};

/// `sgf` converted to SGF by the binary with `-v`: the output and the
/// diagnostics.
fn convert(sgf: &[u8]) -> (String, String) {
    let out = run(&["-v"], sgf);
    assert!(out.status.success(), "{}", text(&out.stderr));
    (text(&out.stdout), text(&out.stderr))
}

/// The bracketed value of `id` in an SGF text (the first one).
fn value<'a>(sgf: &'a str, id: &str) -> Option<&'a str> {
    let at = sgf
        .match_indices(&format!("{id}["))
        .find(|(i, _)| !sgf[..*i].ends_with(|c: char| c.is_ascii_uppercase()))?
        .0;
    let rest = &sgf[at + id.len() + 1..];
    rest.find(']').map(|end| &rest[..end])
}

#[test]
fn fox_komi_scale_follows_the_fraction() {
    for (km, ha, ru, want) in [
        ("450", "4", "Japanese", "4.5"),
        ("550", "3", "Japanese", "5.5"),
        ("650", "2", "Japanese", "6.5"),
        ("650", "0", "Japanese", "6.5"),
        ("750", "0", "Japanese", "7.5"),
        ("375", "0", "Chinese", "7.5"),
        ("325", "2", "Chinese", "6.5"),
    ] {
        let sgf = format!("(;GM[1]FF[4]SZ[19]AP[foxwq]KM[{km}]HA[{ha}]RU[{ru}];B[pd])");
        let (out, diags) = convert(sgf.as_bytes());
        assert_eq!(value(&out, "KM"), Some(want), "KM[{km}]: {diags}");
        assert!(diags.contains("I163"), "{diags}");
    }
    // A record Fox saved without `AP[foxwq]`: its program name and its time
    // properties.
    let (out, _) =
        convert(b"(;GM[1]FF[4]SZ[19]KM[450]HA[4]RU[Japanese]AP[GNU Go:3.8]TC[3]TT[30];B[pd])");
    assert_eq!(value(&out, "KM"), Some("4.5"));
}

/// Every Fox professional record: the komi with each handicap, as
/// `formats/validation.md` tabulates them, comes out in points.
#[test]
#[ignore = "needs ../shared/corpus"]
fn fox_pro_archive_komi() {
    let archive = shared_corpus().join("bulk/featurecat-fox-pro/Pro.7z");
    let out = crate::common::sgfconv()
        .arg(&archive)
        .output()
        .expect("sgfconv runs");
    let sgf = text(&out.stdout);
    let mut games = 0;
    for game in sgf.split("(;GM[1]").skip(1) {
        games += 1;
        let km = value(game, "KM").unwrap_or("");
        let ha = value(game, "HA").unwrap_or("");
        let allowed: &[&str] = match ha {
            "0" => &["0", "6.5", "7.5"],
            "2" => &["0", "6.5", "7.5"],
            "3" => &["0", "5.5", "7.5"],
            "4" => &["0", "4.5", "7.5"],
            _ => &["0"],
        };
        assert!(allowed.contains(&km), "KM[{km}] with HA[{ha}]");
    }
    assert_eq!(games, 9669);
}

#[test]
fn clock_forms_of_bl_and_wl() {
    let (out, diags) =
        convert(b"(;GM[1]FF[4]SZ[19];B[pd]BL[0:07:42];W[dd]WL[1:02:03];B[pp]BL[07:42.5])");
    assert!(out.contains("BL[462]"), "{out}");
    assert!(out.contains("WL[3723]"), "{out}");
    assert!(out.contains("BL[462.5]"), "{out}");
    assert!(diags.contains("W513"), "{diags}");
}

/// `UT` is a time zone as `UTC` is (the date is read, the time of day is
/// not unreadable text), where an unknown word is not.
#[test]
fn time_zone_ut_is_read() {
    for zone in ["UT", "UTC", "GMT"] {
        let sgf = format!("(;GM[1]FF[4]SZ[19]DT[2004-10-27 16:01 {zone}];B[pd])");
        let (out, diags) = convert(sgf.as_bytes());
        let dt = value(&out, "DT").unwrap_or("");
        assert!(dt.starts_with("2004-10-27"), "{zone}: {out}");
        assert!(!diags.contains("W501"), "{zone}: {diags}");
    }
    let (_, diags) = convert(b"(;GM[1]FF[4]SZ[19]DT[2004-10-27 16:01 XY];B[pd])");
    assert!(diags.contains("W501"), "{diags}");
}

/// A year of two digits: the century that puts the date after the
/// record's writing (today at the latest) is not a reading.
#[test]
fn two_digit_year_not_in_the_future() {
    let (out, diags) = convert(b"(;GM[1]FF[4]SZ[19]DT[13/5/95];B[pd])");
    assert_eq!(value(&out, "DT"), Some("1995-05-13"), "{diags}");
    assert!(!diags.contains("W501"), "{diags}");
    let (out, _) = convert(b"(;GM[1]FF[4]SZ[19]DT[12th and 13th march 94];B[pd])");
    assert_eq!(value(&out, "DT"), Some("1994-03-12,13"));
    // Both centuries in the past: still two readings.
    let (out, diags) = convert(b"(;GM[1]FF[4]SZ[19]DT[29.11.12];B[pd])");
    assert_eq!(value(&out, "DT"), Some("29.11.12"));
    assert!(diags.contains("W501"), "{diags}");
}

/// `RE[Black resigns. W 133.5 B 81.0]`: the resignation is read, and the
/// count made when the game stopped, which `FF[4]`'s `RE` cannot carry,
/// stays in the record: the value as written in `GC`.
#[test]
fn resignation_with_a_count() {
    let (out, diags) =
        convert(b"(;GM[1]FF[4]SZ[19]GC[Round 3]RE[Black resigns. W 133.5 B 81.0];B[pd])");
    assert_eq!(value(&out, "RE"), Some("W+R"), "{diags}");
    assert_eq!(
        value(&out, "GC"),
        Some("Round 3\nResult as written: Black resigns. W 133.5 B 81.0")
    );
    assert!(
        diags.contains("kept with the value as written in GC"),
        "{diags}"
    );
    // A result FF[4] carries whole: no GC.
    let (out, _) = convert(b"(;GM[1]FF[4]SZ[19]RE[Black resigns];B[pd])");
    assert_eq!(value(&out, "RE"), Some("W+R"));
    assert_eq!(value(&out, "GC"), None);
}

/// `sgfconv check`'s diagnostics of `sgf`.
fn check(sgf: &str) -> String {
    text(&run(&["check", "-"], sgf.as_bytes()).stderr)
}

/// Suicide follows the rules of `RU`: KataGo's `sui1` and Ing allow it for
/// a group of two stones or more, New Zealand and Tromp-Taylor for any;
/// other rules, and no `RU`, forbid it (`W582`).
#[test]
fn suicide_follows_the_rules() {
    // Black at ba joins aa into a group of two with no liberty.
    let two = |ru: &str| check(&format!("(;GM[1]FF[4]SZ[5]{ru}AB[aa]AW[ab][bb][ca];B[ba])"));
    let one = |ru: &str| check(&format!("(;GM[1]FF[4]SZ[5]{ru}AW[ba][ab];B[aa])"));
    for ru in [
        "RU[koSIMPLEscoreTERRITORYtaxSEKIsui1]",
        "RU[NZ]",
        "RU[New Zealand]",
        "RU[Tromp-Taylor]",
        "RU[Ing]",
    ] {
        assert!(!two(ru).contains("W582"), "{ru}: {}", two(ru));
    }
    for ru in ["RU[NZ]", "RU[Tromp-Taylor]"] {
        assert!(!one(ru).contains("W582"), "{ru}: {}", one(ru));
    }
    for ru in ["RU[koSIMPLEscoreTERRITORYtaxSEKIsui1]", "RU[Ing]"] {
        assert!(one(ru).contains("W582"), "{ru}: a single stone's suicide");
    }
    for ru in ["", "RU[Japanese]", "RU[koSIMPLEscoreAREAtaxNONEsui0]"] {
        assert!(two(ru).contains("W582"), "{ru}: {}", two(ru));
        assert!(one(ru).contains("W582"), "{ru}");
    }
}
