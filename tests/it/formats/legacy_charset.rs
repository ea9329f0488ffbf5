//! Character-set detection and mojibake repair against the real files of
//! `../shared/corpus/sgf` (ignored unless asked for: tests/common/mod.rs).

use crate::common;

use sgfconv::charset::detect;
use std::path::PathBuf;

fn corpus() -> Option<PathBuf> {
    common::shared_path("corpus/sgf")
}

/// A crude extraction of the bytes of every property value (between `[`
/// and an unescaped `]`), joined by newlines: enough to test the detector.
fn value_bytes(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < data.len() {
        if data[i] == b'[' {
            i += 1;
            while i < data.len() && data[i] != b']' {
                if data[i] == b'\\' && i + 1 < data.len() {
                    i += 1;
                }
                out.push(data[i]);
                i += 1;
            }
            out.push(b'\n');
        }
        i += 1;
    }
    out
}

/// (file under corpus/sgf, encoding name the detector must give).
const EXPECTED: &[(&str, &str)] = &[
    ("charsets/gnugo/nicklas12.sgf", "windows-1252"),
    ("charsets/gnugo/tg-gg.sgf", "windows-1252"),
    ("charsets/gnugo/trevor_42.sgf", "gb18030"),
    ("charsets/libsgfc/encoding-chinese-gb18030.sgf", "gb18030"),
    (
        "charsets/libsgfc/encoding-cyrillic-windows.sgf",
        "windows-1251",
    ),
    // 7-bit: valid UTF-8 bytes, only CA[ISO-2022-JP] can tell.
    ("charsets/libsgfc/encoding-japanese-iso2022jp.sgf", "UTF-8"),
    ("charsets/libsgfc/encoding-japanese-macos.sgf", "Shift_JIS"),
    (
        "charsets/libsgfc/encoding-japanese-shiftjis.sgf",
        "Shift_JIS",
    ),
    ("charsets/libsgfc/encoding-korean-macos.sgf", "EUC-KR"),
    (
        "charsets/libsgfc/encoding-simplifiedchinese-gb2312.sgf",
        "gb18030",
    ),
    (
        "charsets/libsgfc/encoding-simplifiedchinese-macos.sgf",
        "gb18030",
    ),
    (
        "charsets/libsgfc/encoding-traditionalchinese-big5.sgf",
        "Big5",
    ),
    ("charsets/libsgfc/encoding-utf8-nobom.sgf", "UTF-8"),
    ("charsets/libsgfc/encoding-utf8-withbom.sgf", "UTF-8"),
    (
        "charsets/libsgfc/encoding-western-isolatin1.sgf",
        "windows-1252",
    ),
    (
        "charsets/libsgfc/encoding-western-windowslatin1.sgf",
        "windows-1252",
    ),
    ("charsets/ogatak/big5/chinese.sgf", "Big5"),
    ("charsets/ogatak/big5/gbk_compatible_han.sgf", "Big5"),
    ("charsets/ogatak/euc-jp/japanese.sgf", "EUC-JP"),
    ("charsets/ogatak/euc-jp/kanji_game_info.sgf", "EUC-JP"),
    ("charsets/ogatak/euc-jp/kanji_names_only_2.sgf", "EUC-JP"),
    ("charsets/ogatak/euc-kr/hanja_names_only.sgf", "EUC-KR"),
    ("charsets/ogatak/euc-kr/korean.sgf", "EUC-KR"),
    ("charsets/ogatak/gbk/chinese.sgf", "gb18030"),
    ("charsets/ogatak/koi8-r/russian.sgf", "KOI8-R"),
    ("charsets/ogatak/latin1/german.sgf", "windows-1252"),
    ("charsets/ogatak/null/plain_ascii.sgf", "UTF-8"),
    ("charsets/ogatak/shift_jis/japanese.sgf", "Shift_JIS"),
    ("charsets/ogatak/shift_jis/japanese_dirty.sgf", "Shift_JIS"),
    ("charsets/ogatak/utf-8/fox_1488368782019999385.sgf", "UTF-8"),
    ("charsets/ogatak/utf-8/fox_1489201967019999679.sgf", "UTF-8"),
    ("charsets/ogatak/utf-8/fox_1489934930029015401.sgf", "UTF-8"),
    ("charsets/ogatak/utf-8/korean_dirty.sgf", "UTF-8"),
    ("charsets/ogatak/utf-8/latin1_byte_pasted.sgf", "UTF-8"),
    (
        "charsets/ogatak/windows-1251/russian_escaped_bracket.sgf",
        "windows-1251",
    ),
    ("charsets/sabaki/chinese.sgf", "gb18030"),
    ("charsets/sabaki/japanese.sgf", "Shift_JIS"),
    ("charsets/sabaki/no-ca.sgf", "gb18030"),
    ("charsets/sabaki/utf8bom.sgf", "UTF-8"),
    ("charsets/yenw-fox-truncated/fox-43786347.SGF", "UTF-8"),
    ("charsets/yenw-fox-truncated/fox-65098166.SGF", "UTF-8"),
    ("charsets/yenw-fox-truncated/fox-010001820.SGF", "UTF-8"),
    ("sgf2/sabaki/nihon-kiin.sgf", "Shift_JIS"),
    ("sgf2/analyze-sgf/t-encoding-cp949.sgf", "EUC-KR"),
    ("sgf2/analyze-sgf/t-oro-1.sgf", "UTF-8"),
    // Its Shift_JIS was already replaced by U+FFFD (as UTF-8) before it was
    // published: the bytes are UTF-8 and CA[MS_KANJI] is wrong.
    ("broken/sabaki/japanese_bad.sgf", "UTF-8"),
];

#[test]
#[ignore = "needs ../shared/corpus"]
fn detection_gives_each_files_true_encoding() {
    let Some(root) = corpus() else { return };
    let mut failures = Vec::new();
    for (file, want) in EXPECTED {
        let data = std::fs::read(root.join(file)).unwrap();
        let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&data);
        let g = detect(&value_bytes(data));
        eprintln!("{file}: {} ({:.2})", g.encoding.name(), g.confidence);
        if g.encoding.name() != *want {
            failures.push(format!("{file}: got {} want {want}", g.encoding.name()));
        }
        // Above the reader's threshold: detection decides these files.
        if g.encoding.name() != "UTF-8" {
            assert!(g.confidence >= 0.5, "{file}: confidence {}", g.confidence);
        }
        assert!(g.confidence <= 1.0);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
