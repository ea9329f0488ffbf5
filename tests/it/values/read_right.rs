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

/// `sgf` converted by the binary with `-v`, whatever its exit: the exit
/// code, the output and the diagnostics.
fn convert_any(sgf: &[u8]) -> (Option<i32>, String, String) {
    let out = run(&["-v"], sgf);
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn control_bytes_in_text_are_dropped_at_their_position() {
    let (code, out, diags) =
        convert_any(b"(;FF[4]GM[1]SZ[19]PB[a\0b]\nC[x\x13y\tz\x0bw\nv\x7f]LB[pd:1\x012])");
    assert_eq!(value(&out, "PB"), Some("ab"));
    assert_eq!(value(&out, "C"), Some("xy\tz\x0bw\nv"));
    assert_eq!(value(&out, "LB"), Some("pd:12"));
    assert_eq!(code, Some(1), "a byte of the input is lost: {diags}");
    let e105: Vec<&str> = diags.lines().filter(|l| l.contains("E105")).collect();
    assert_eq!(e105.len(), 4, "{diags}");
    assert!(
        e105[0].contains(":1:23: error[E105 control-character]: byte 0x00"),
        "{diags}"
    );
    assert!(
        e105[1].contains(":2:4: ") && e105[1].contains("byte 0x13"),
        "{diags}"
    );
    assert!(
        e105[2].contains(":3:2: ") && e105[2].contains("byte 0x7F"),
        "{diags}"
    );
    assert!(e105[3].contains("byte 0x01"), "{diags}");
    // Not in another value type either: what is left is checked as any
    // value, and the output reads back as it is.
    let (_, out, diags) = convert_any(b"(;FF[4]GM[1]SZ[19];B[\x02a])");
    assert!(out.contains("ILLEGAL[B:a]"), "{out}");
    assert!(diags.contains("byte 0x02 in a value"), "{diags}");
    let (_, again, _) = convert_any(out.as_bytes());
    assert_eq!(again, out);
}

#[test]
fn a_stray_c1_byte_in_a_legacy_set_is_reported() {
    let sjis = |s: &str| encoding_rs::SHIFT_JIS.encode(s).0.into_owned();
    for label in ["CA[SJIS]", ""] {
        let mut sgf = format!("(;FF[4]{label}PW[").into_bytes();
        sgf.extend(sjis("武宮"));
        sgf.push(0x80);
        sgf.extend(sjis("正樹"));
        sgf.extend(b"]PB[");
        sgf.extend(sjis("小林光一"));
        sgf.extend(b"]C[");
        sgf.extend(sjis("黒番の中押し勝ち。先番の一局"));
        sgf.extend(b"])");
        let (code, out, diags) = convert_any(&sgf);
        assert_eq!(value(&out, "PW"), Some("武宮\u{FFFD}正樹"), "{label}");
        assert_eq!(value(&out, "PB"), Some("小林光一"), "{label}");
        assert_eq!(code, Some(1), "{label}");
        assert!(
            diags.contains("error[E103 undecodable-bytes]: byte 0x80 at offset")
                && diags.contains("no Shift_JIS character (its decoder maps it to the control U+0080): kept as U+FFFD"),
            "{label}: {diags}"
        );
    }
}

#[test]
fn a_utf8_label_stands_against_a_character_cut_at_a_value_end() {
    let (code, out, diags) = convert_any(b"(;FF[4]CA[UTF-8]PB[\xe5\x9b]PW[abc])");
    assert_eq!(value(&out, "PB"), Some("\u{FFFD}"));
    assert_eq!(value(&out, "PW"), Some("abc"));
    assert!(!diags.contains("W101"), "{diags}");
    assert!(diags.contains("encoding UTF-8 (ca"), "{diags}");
    assert!(
        diags.contains(":1:20: error[E103 undecodable-bytes]: bytes 0xE5 0x9B at offset 19 are not UTF-8: kept as one U+FFFD"),
        "{diags}"
    );
    assert_eq!(code, Some(1));
    // Cut characters beside a few whole ones, in two names.
    let mut two = "(;FF[4]CA[UTF-8]PB[王".as_bytes().to_vec();
    two.extend(b"\xe6\x9d]PW[");
    two.extend("李".as_bytes());
    two.extend(b"\xe5\x9b])");
    let (_, out, diags) = convert_any(&two);
    assert!(!diags.contains("W101"), "{diags}");
    assert_eq!(value(&out, "PB"), Some("王\u{FFFD}"));
    assert_eq!(value(&out, "PW"), Some("李\u{FFFD}"));
    // A lone Latin-1 letter is no cut character: the bytes decide, as
    // before, and GBK text under the label is still read as what it is.
    let (_, out, diags) = convert_any(b"(;FF[4]CA[UTF-8]PB[Jos\xe9]PW[Ren\xe9])");
    assert_eq!(value(&out, "PB"), Some("José"), "{diags}");
    assert!(diags.contains("W101"), "{diags}");
    let mut gbk = b"(;FF[4]CA[UTF-8]PB[".to_vec();
    gbk.extend(encoding_rs::GBK.encode("柯洁").0.iter());
    gbk.extend(b"]C[");
    gbk.extend(encoding_rs::GBK.encode("黑方中盘胜，白方认输").0.iter());
    gbk.extend(b"])");
    let (_, out, diags) = convert_any(&gbk);
    assert_eq!(value(&out, "PB"), Some("柯洁"), "{diags}");
    assert!(diags.contains("W101"), "{diags}");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn utf8_labels_in_the_corpus() {
    // Fox files whose names a server cut mid-character keep their label;
    // a CP949 file labelled UTF-8 is still read as CP949.
    let corpus = shared_corpus();
    let fox = corpus.join("sgf/charsets/yenw-fox-truncated/fox-65098166.SGF");
    let out = crate::common::sgfconv()
        .args(["-v"])
        .arg(&fox)
        .output()
        .unwrap();
    let diags = text(&out.stderr);
    assert!(diags.contains("encoding UTF-8 (ca"), "{diags}");
    assert!(diags.contains("E103"), "{diags}");
    let cp949 = corpus.join("sgf/sgf2/analyze-sgf/t-encoding-cp949.sgf");
    let out = crate::common::sgfconv()
        .args(["-v"])
        .arg(&cp949)
        .output()
        .unwrap();
    let diags = text(&out.stderr);
    assert!(
        diags.contains("W101") && diags.contains("EUC-KR"),
        "{diags}"
    );
}

#[test]
fn a_kifu_result_keeps_its_move_count() {
    let (out, diags) =
        convert("(\nRD[2025-06-12]\nRE[257手完, 黒中押し勝ち]\nGK[1]\n;B[pd])".as_bytes());
    assert_eq!(value(&out, "RE"), Some("B+R"));
    assert_eq!(
        value(&out, "GC"),
        Some("Result as written: 257手完, 黒中押し勝ち")
    );
    assert!(!diags.contains("I175"), "{diags}");
    assert!(diags.contains("warning[W504 result-rewritten]"), "{diags}");
}

/// The SGF the binary writes for the record file at `path`.
fn converted_file(path: &std::path::Path) -> String {
    let out = crate::common::sgfconv()
        .args(["-t", "sgf"])
        .arg(path)
        .output()
        .expect("sgfconv runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn gib_and_ngf_dates_keep_their_time_of_day() {
    // DT takes the day (FF[4] has no time of day); the stamp as read, with
    // its time, stays in the reader's private property.
    let gib = b"\\HS\n\\[GAMEBLACKNAME=a\\]\n\\[GAMEWHITENAME=b\\]\n\\[GAMEDATE=2014- 1-27-17-54-54\\]\n\\HE\n\\GS\n2 1 0\n2 0 &4\nINI 0 1 0 &4\nSTO 0 2 1 15 15\n\\GE\n";
    let (out, _) = convert(gib);
    assert_eq!(value(&out, "DT"), Some("2014-01-27"), "{out}");
    assert!(out.contains("[GAMEDATE=2014- 1-27-17-54-54]"), "{out}");
    let ngf = b"Rated game\n19\nLQC         9DP\nCYY         9DP\nwww.cyberoro.com\n0\n0\n7\n20170316 [09:37]\n5\nBlack wins by 0.5!\n1\nPMABBREER\n";
    let (out, _) = convert(ngf);
    assert_eq!(value(&out, "DT"), Some("2017-03-16"), "{out}");
    assert!(out.contains("[DATE=20170316 [09\\:37\\]]"), "{out}");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn gib_and_ngf_dates_of_real_files_keep_their_time_of_day() {
    // gib/glift/tygem_example.gib (artasparks/glift, a Tygem Global game)
    // and ngf/sabaki/even.ngf (SabakiHQ/Sabaki, a WBaduk game).
    let corpus = shared_corpus();
    let out = converted_file(&corpus.join("gib/glift/tygem_example.gib"));
    assert_eq!(value(&out, "DT"), Some("2014-01-27"), "{out}");
    assert!(out.contains("[GAMEDATE=2014- 1-27-17-54-54]"), "{out}");
    let out = converted_file(&corpus.join("ngf/sabaki/even.ngf"));
    assert_eq!(value(&out, "DT"), Some("2017-03-16"), "{out}");
    assert!(out.contains("[DATE=20170316 [09\\:37\\]]"), "{out}");
}
