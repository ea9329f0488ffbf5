//! GIB reader and writer, checked file by file against the real corpus
//! (`../shared/corpus/gib`: those tests are ignored unless asked for, see
//! tests/common/mod.rs) and against our own samples (`corpus/gib`).

use crate::common;

use common::{codes, main_moves, moves, replay};
use pretty_assertions::assert_eq;
use sgfconv::formats::gib;
use sgfconv::game::Game;
use sgfconv::options::{ReadOptions, WriteOptions};
use sgfconv::Diagnostic;
use std::path::{Path, PathBuf};

fn shared(rel: &str) -> Option<PathBuf> {
    common::shared_path(&format!("corpus/gib/{rel}"))
}

fn read_bytes(bytes: &[u8], options: &ReadOptions) -> (Game, Vec<Diagnostic>) {
    common::read_one(gib::read, bytes, options, "test.gib")
}

fn write_game(g: &Game, options: &WriteOptions) -> (Vec<u8>, Vec<Diagnostic>) {
    common::write_one(gib::writer, g, options, "out.gib")
}

const CORE: [&str; 13] = [
    "SZ", "PB", "BR", "PW", "WR", "KM", "RE", "DT", "HA", "AB", "TM", "OT", "PC",
];

fn core(g: &Game) -> Vec<String> {
    common::root_info(g, &CORE)
}

/// One corpus file: its core info, move count, some moves, and the codes of
/// the diagnostics it must produce.
struct Case {
    file: &'static str,
    core: &'static [&'static str],
    gn: &'static str,
    moves: usize,
    first: &'static [&'static str],
    last: &'static str,
    encoding: &'static str,
    diags: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        file: "analyze-sgf/t-euc-kr.gib",
        core: &[
            "SZ=19",
            "PB=dustkd1015",
            "BR=1k",
            "PW=dongjik",
            "WR=1k",
            "KM=6.5",
            "RE=B+T",
            "DT=2015-08-29",
            "TM=1200",
            "OT=3x30 byo-yomi",
            "PC=타이젬 바둑",
        ],
        gn: "승강급 대국",
        moves: 49,
        first: &["B[qc]", "W[dp]", "B[qo]"],
        last: "B[be]",
        encoding: "EUC-KR",
        diags: &[],
    },
    Case {
        file: "analyze-sgf/t-gb2312.gib",
        core: &[
            "SZ=19",
            "PB=石下之臣",
            "BR=2d",
            "PW=harpmaster",
            "WR=3d",
            "KM=0",
            "RE=W+11",
            "DT=2012-11-22",
            "HA=5",
            "AB=pd|dp|dd|pp|jj",
            "TM=0",
            "OT=1x20 byo-yomi",
            "PC=弈道TYGEM对弈",
        ],
        gn: "让先",
        moves: 268,
        first: &["W[qn]", "B[nq]", "W[qf]"],
        last: "B[di]",
        encoding: "gb18030",
        diags: &[],
    },
    Case {
        file: "analyze-sgf/t-utf-8.gib",
        core: &[
            "SZ=19",
            "PB=jy512",
            "BR=15k",
            "PW=leejw977",
            "WR=10k",
            "KM=0",
            "DT=2016-03-26",
            "HA=3",
            "AB=pd|dp|dd",
            "TM=1200",
            "OT=3x30 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Free",
        moves: 118,
        first: &["W[pp]", "B[nq]", "W[qn]"],
        last: "B[ki]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "ekenstein/K_002odc(4D)_Menskit(4D)_202008212255.gib",
        core: &[
            "SZ=19",
            "PB=Menskit",
            "BR=4d",
            "PW=K_002odc",
            "WR=4d",
            "KM=6.5",
            "RE=W+R",
            "DT=2020-08-21",
            "TM=600",
            "OT=1x30 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 152,
        first: &["B[pd]", "W[qp]", "B[dd]"],
        last: "W[be]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "ekenstein/Menskit(1D)_zxcv2358(1D)_202006291602.gib",
        core: &[
            "SZ=19",
            "PB=zxcv2358",
            "BR=1d",
            "PW=Menskit",
            "WR=1d",
            "KM=6.5",
            "RE=W+24.5",
            "DT=2020-06-29",
            "TM=600",
            "OT=3x30 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 262,
        first: &["B[dp]", "W[pd]", "B[dd]"],
        // The game ends with two SKI passes: B then W, by alternation.
        last: "W[]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "ekenstein/Menskit(4D)_W_003ej9(4D)_202009051109.gib",
        // GRLT 6 = "white wins by disconnection".
        core: &[
            "SZ=19",
            "PB=W_003ej9",
            "BR=4d",
            "PW=Menskit",
            "WR=4d",
            "KM=6.5",
            "RE=W+F",
            "DT=2020-09-05",
            "TM=300",
            "OT=1x30 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 59,
        first: &["B[pd]", "W[dp]", "B[op]"],
        last: "B[if]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "ekenstein/ddt666(4D)_Menskit(4D)_202008041107.gib",
        core: &[
            "SZ=19",
            "PB=Menskit",
            "BR=4d",
            "PW=ddt666",
            "WR=4d",
            "KM=6.5",
            "RE=B+R",
            "DT=2020-08-04",
            "TM=600",
            "OT=3x20 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 159,
        first: &["B[pd]", "W[dp]", "B[qp]"],
        last: "B[ml]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "ekenstein/hk100(4D)_Menskit(4D)_202008141210.gib",
        core: &[
            "SZ=19",
            "PB=Menskit",
            "BR=4d",
            "PW=hk100",
            "WR=4d",
            "KM=6.5",
            "RE=B+R",
            "DT=2020-08-14",
            "TM=600",
            "OT=3x30 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 237,
        first: &["B[qd]", "W[dp]", "B[pp]"],
        last: "B[nl]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "ekenstein/ychenggk(4D)_Menskit(4D)_202008141429.gib",
        core: &[
            "SZ=19",
            "PB=Menskit",
            "BR=4d",
            "PW=ychenggk",
            "WR=4d",
            "KM=6.5",
            "RE=B+T",
            "DT=2020-08-14",
            "TM=600",
            "OT=3x20 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 145,
        first: &["B[qd]", "W[dq]", "B[dc]"],
        last: "B[sq]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "ekenstein/yoo480203(3D)_Menskit(3D)_202007211423.gib",
        core: &[
            "SZ=19",
            "PB=Menskit",
            "BR=3d",
            "PW=yoo480203",
            "WR=3d",
            "KM=6.5",
            "RE=B+T",
            "DT=2020-07-21",
            "TM=600",
            "OT=3x20 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 223,
        first: &["B[qd]", "W[de]", "B[pq]"],
        last: "B[lb]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "glift/tygem_example.gib",
        core: &[
            "SZ=19",
            "PB=go48",
            "BR=2k",
            "PW=Radagast",
            "WR=2k",
            "KM=6.5",
            "RE=W+59.5",
            "DT=2014-01-27",
            "TM=600",
            "OT=3x30 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 298,
        first: &["B[pp]", "W[dc]", "B[dq]"],
        last: "W[pc]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "gokifu/sample1.gib",
        core: &[
            "SZ=19",
            "PB=joppon",
            "BR=12k",
            "PW=yunmi89",
            "WR=13k",
            "KM=6.5",
            "RE=W+R",
            "DT=2012-07-15",
            "TM=1200",
            "OT=3x30 byo-yomi",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 178,
        first: &["B[pd]", "W[dp]", "B[qp]"],
        last: "W[km]",
        encoding: "UTF-8",
        // WUSERINFO and GAMETAG hold `À±¹Ì89`: CP949 read as Latin-1.
        diags: &["W205", "W205"],
    },
    Case {
        file: "katrain/test.gib",
        core: &[
            "SZ=19",
            "PB=kim",
            "BR=2d",
            "PW=wildsim1",
            "WR=2d",
            "KM=6.5",
            "RE=W+T",
            "DT=2020-06-14",
            "TM=600",
            "OT=3x30 byo-yomi",
            "PC=Ÿ\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} \u{FFFD}ٵ\u{FFFD}",
        ],
        gn: "\u{FFFD}°\u{FFFD}\u{FFFD}\u{FFFD} \u{FFFD}뱹",
        moves: 232,
        first: &["B[pd]", "W[dp]", "B[qp]"],
        last: "W[gg]",
        encoding: "UTF-8",
        // GAMENAME, GAMEPLACE, GAMEINFOSUB were damaged before we saw them.
        diags: &["W207", "W207", "W207"],
    },
    Case {
        file: "rooklift-sgf/3handicap.gib",
        core: &[
            "SZ=19",
            "PB=Silver Star",
            "BR=8k",
            "PW=jimmy",
            "WR=5k",
            "KM=0",
            "RE=B+4",
            "DT=2017-03-16",
            "HA=3",
            "AB=pd|dp|dd",
            "TM=60000",
            "PC=Tygem Baduk",
        ],
        gn: "Rank",
        moves: 252,
        first: &["W[pp]", "B[mq]", "W[qf]"],
        last: "B[dl]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "rooklift-sgf/w7.5.gib",
        core: &[
            "SZ=19",
            "PB=csleader",
            "BR=5d",
            "PW=没什么能力",
            "WR=6d",
            "KM=6.5",
            "RE=W+7.5",
            "DT=2014-07-02",
            "TM=1200",
            "OT=3x30 byo-yomi",
            "PC=弈城TYGEM对弈",
        ],
        gn: "让先",
        moves: 273,
        first: &["B[pd]", "W[dp]", "B[pq]"],
        last: "B[da]",
        encoding: "UTF-8",
        diags: &[],
    },
    Case {
        file: "sabaki-history/GB2312 China even.gib",
        core: &[
            "SZ=19",
            "PB=玻璃中国风",
            "BR=8d",
            "PW=harpmaster",
            "WR=3d",
            "KM=6.5",
            "RE=B+1.5",
            "DT=2012-12-03",
            "TM=0",
            "OT=3x20 byo-yomi",
            "PC=弈道TYGEM对弈",
        ],
        gn: "让先",
        moves: 209,
        first: &["B[pd]", "W[dp]", "B[qo]"],
        last: "B[li]",
        encoding: "gb18030",
        diags: &[],
    },
    Case {
        // The 2025 client: no human-readable keys, LINE:19, GAMETAG C with dashes.
        file: "weiqihub/tygem_19x19.gib",
        core: &[
            "SZ=19",
            "PB=benjito2",
            "BR=7k",
            "PW=qys1980",
            "WR=7k",
            "KM=6.5",
            "RE=B+63.5",
            "DT=2025-01-18",
            "TM=600",
            "OT=3x20 byo-yomi",
            "PC=www.tygemgo.com",
        ],
        gn: "rank game",
        moves: 293,
        first: &["B[pp]", "W[dp]", "B[pd]"],
        last: "B[]",
        encoding: "UTF-8",
        // Two REM records; the preamble counts 300 records, the file has 296.
        diags: &["I203", "I203", "I213"],
    },
];

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_corpus_file_reads_with_correct_game_info_and_moves() {
    if shared("").is_none() {
        return;
    }
    for case in CASES {
        let path = shared(case.file).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let (g, diags) = read_bytes(&bytes, &ReadOptions::default());
        assert_eq!(core(&g), case.core, "{}", case.file);
        assert_eq!(g.root().text("GN").unwrap_or(""), case.gn, "{}", case.file);
        let m = moves(&g);
        assert_eq!(m.len(), case.moves, "{}", case.file);
        assert_eq!(&m[..case.first.len()], case.first, "{}", case.file);
        assert_eq!(
            m.last().map(String::as_str),
            Some(case.last),
            "{}",
            case.file
        );
        assert_eq!(g.header.encoding, case.encoding, "{}", case.file);
        assert_eq!(codes(&diags), case.diags, "{}", case.file);
        // Every header key is kept in XGIB (but GAMEPLACE/GAMENAME, kept as PC/GN).
        let xgib = g.root().get("XGIB").expect("XGIB kept");
        let header_keys = String::from_utf8_lossy(&bytes).matches("\\[").count();
        assert!(xgib.values().len() >= header_keys - 2, "{}", case.file);
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn passes_take_the_colour_by_alternation() {
    let Some(p) = shared("weiqihub/tygem_19x19.gib") else {
        return;
    };
    let (g, _) = read_bytes(&std::fs::read(p).unwrap(), &ReadOptions::default());
    let m = moves(&g);
    // STO 279 white, SKI 280 → black pass, STO 281 white.
    assert_eq!(&m[277..280], ["W[ep]", "B[]", "W[as]"]);
    // SKI 293/294 after STO 292 (black): white pass, then black pass.
    assert_eq!(&m[291..], ["W[]", "B[]"]);
}

/// The third handicap stone is top-left: the 3-stone games replay legally
/// with it, and run into an occupied point with the standard layout.
#[test]
#[ignore = "needs ../shared/corpus"]
fn three_stone_games_replay_only_with_the_tygem_layout() {
    for file in ["rooklift-sgf/3handicap.gib", "analyze-sgf/t-utf-8.gib"] {
        let Some(p) = shared(file) else { return };
        let (g, _) = read_bytes(&std::fs::read(p).unwrap(), &ReadOptions::default());
        let ab: Vec<&str> = g
            .root()
            .get("AB")
            .unwrap()
            .values()
            .iter()
            .map(|v| v.text())
            .collect();
        assert_eq!(ab, ["pd", "dp", "dd"], "{file}");
        assert_eq!(replay(&ab, &moves(&g)), Ok(()), "{file}");
        assert!(replay(&["pd", "dp", "pp"], &moves(&g)).is_err(), "{file}");
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn weiqihub_snapshot_agrees_on_every_stone() {
    let Some(gib_path) = shared("weiqihub/tygem_19x19.gib") else {
        return;
    };
    let json: serde_json::Value = serde_json::from_slice(
        &std::fs::read(shared("weiqihub/tygem_19x19.json").unwrap()).unwrap(),
    )
    .unwrap();
    let theirs: Vec<String> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let col = m["col"].as_u64().unwrap() as u8;
            let row = m["row"].as_u64().unwrap() as u8;
            format!(
                "{}[{}{}]",
                m["color"].as_str().unwrap(),
                (b'a' + col) as char,
                (b'a' + row) as char
            )
        })
        .collect();
    let (g, _) = read_bytes(&std::fs::read(gib_path).unwrap(), &ReadOptions::default());
    // WeiqiHub drops passes; we keep them.
    let ours: Vec<String> = moves(&g)
        .into_iter()
        .filter(|m| !m.ends_with("[]"))
        .collect();
    assert_eq!(ours, theirs);
}

/// Moves of an SGF file written by another converter (no variations).
fn sgf_moves(text: &str) -> Vec<String> {
    text.split(';')
        .skip(2)
        .filter_map(|n| {
            let n = n.trim();
            let c = n.chars().next()?;
            let rest = n.get(1..)?.strip_prefix('[')?;
            let end = rest.find(']')?;
            Some(format!("{c}[{}]", &rest[..end]))
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn analyze_sgf_pairs_agree_on_moves_and_handicap_stones() {
    for stem in ["t-euc-kr", "t-gb2312", "t-utf-8"] {
        let Some(gib_path) = shared(&format!("analyze-sgf/{stem}.gib")) else {
            return;
        };
        let sgf =
            std::fs::read_to_string(shared(&format!("analyze-sgf/{stem}.sgf")).unwrap()).unwrap();
        let (g, _) = read_bytes(&std::fs::read(gib_path).unwrap(), &ReadOptions::default());
        assert_eq!(moves(&g), sgf_moves(&sgf), "{stem}");
        if let Some(ab) = g.root().get("AB") {
            for v in ab.values().iter() {
                assert!(
                    sgf.contains(&format!("[{}]", v.text())),
                    "{stem}: {}",
                    v.text()
                );
            }
        }
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn encoding_hint_and_override() {
    let Some(p) = shared("analyze-sgf/t-euc-kr.gib") else {
        return;
    };
    let bytes = std::fs::read(p).unwrap();
    let (g, _) = read_bytes(&bytes, &ReadOptions::default());
    assert_eq!(
        g.header.encoding_source,
        sgfconv::event::EncodingSource::Declared
    );
    // Forcing GBK turns the Korean into Chinese nonsense, but is obeyed.
    let forced = {
        let mut o = ReadOptions::default();
        o.encoding = Some(encoding_rs::GBK);
        o
    };
    let (g2, _) = read_bytes(&bytes, &forced);
    assert_eq!(
        g2.header.encoding_source,
        sgfconv::event::EncodingSource::Forced
    );
    assert_ne!(g2.root().text("PC"), g.root().text("PC"));
}

/// GIB → our writer → our reader keeps moves and the core game info, and
/// writes the header keys it read back.
#[test]
#[ignore = "needs ../shared/corpus"]
fn corpus_round_trips_through_our_writer() {
    if shared("").is_none() {
        return;
    }
    for case in CASES {
        let bytes = std::fs::read(shared(case.file).unwrap()).unwrap();
        let (g, _) = read_bytes(&bytes, &ReadOptions::default());
        let (out, diags) = write_game(&g, &WriteOptions::default());
        assert_eq!(
            codes(&diags),
            Vec::<&str>::new(),
            "{}: {diags:?}",
            case.file
        );
        let (back, _) = read_bytes(&out, &ReadOptions::default());
        assert_eq!(core(&back), core(&g), "{}", case.file);
        assert_eq!(moves(&back), moves(&g), "{}", case.file);
        assert_eq!(back.root().text("GN"), g.root().text("GN"), "{}", case.file);
        // Written in the character set GIBOKIND implies, with CRLF lines.
        assert!(out.windows(2).filter(|w| w == b"\r\n").count() > 30);
        let kind_korea = String::from_utf8_lossy(&bytes).contains("GIBOKIND=Korea");
        if kind_korea {
            assert!(
                std::str::from_utf8(&out).is_err(),
                "{}: CP949 expected",
                case.file
            );
        }
    }
}

#[test]
fn writer_lists_what_it_drops_once() {
    let mut g = Game::default();
    g.root_mut().set("SZ", "19");
    g.root_mut().set("PB", "Black");
    g.root_mut().set("EV", "Cup");
    g.root_mut().set("C", "root comment");
    let a = g.add_child(0);
    g.node_mut(a).set("B", "pd");
    g.node_mut(a).set("C", "nice");
    let b = g.add_child(a);
    g.node_mut(b).set("W", "dp");
    g.node_mut(b).set("LB", "pd:A");
    let v = g.add_child(a);
    g.node_mut(v).set("W", "dd");
    let c = g.add_child(b);
    g.node_mut(c).set("B", "");
    g.node_mut(c).set("C", "pass");
    let (out, diags) = write_game(&g, &WriteOptions::default());
    assert_eq!(codes(&diags), ["W400"]);
    let msg = &diags[0].message;
    for what in ["C ×3", "EV", "LB", "variations (nodes)"] {
        assert!(msg.contains(what), "{what} missing from {msg}");
    }
    let (back, _) = read_bytes(&out, &ReadOptions::default());
    assert_eq!(moves(&back), ["B[pd]", "W[dp]", "B[]"]);
}

#[test]
fn written_layout_is_the_clients() {
    let mut g = Game::default();
    for (k, v) in [
        ("SZ", "19"),
        ("PB", "go48"),
        ("BR", "2k"),
        ("PW", "Radagast"),
        ("WR", "2k"),
        ("KM", "6.5"),
        ("RE", "W+59.5"),
        ("DT", "2014-01-27"),
        ("TM", "600"),
        ("OT", "3x30 byo-yomi"),
        ("PC", "Tygem Baduk"),
        ("GN", "Rank"),
    ] {
        g.root_mut().set(k, v);
    }
    let a = g.add_child(0);
    g.node_mut(a).set("B", "pp");
    let b = g.add_child(a);
    g.node_mut(b).set("W", "");
    let (out, diags) = write_game(&g, &WriteOptions::default());
    assert!(diags.is_empty(), "{diags:?}");
    let expected = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/gib/written-layout.gib"),
    )
    .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}

#[test]
fn no_time_settings_in_none_out() {
    let mut g = Game::default();
    g.root_mut().set("PB", "a");
    let a = g.add_child(0);
    g.node_mut(a).set("B", "pd");
    let (out, _) = write_game(&g, &WriteOptions::default());
    let (back, _) = read_bytes(&out, &ReadOptions::default());
    assert_eq!(back.root().text("TM"), None);
    assert_eq!(back.root().text("OT"), None);
    assert_eq!(back.root().text("KM"), None);
    assert_eq!(back.root().text("RE"), None);
    assert_eq!(back.root().text("DT"), None);
}

#[test]
fn to_encoding_is_obeyed_and_unencodable_text_reported() {
    let mut g = Game::default();
    g.root_mut().set("PB", "윤미");
    g.root_mut().set("PW", "石下之臣");
    let options = {
        let mut o = WriteOptions::default();
        o.to_encoding = Some(encoding_rs::EUC_KR);
        o
    };
    let (out, diags) = write_game(&g, &options);
    assert!(std::str::from_utf8(&out).is_err());
    // 石下之臣 is Hanja that CP949 has; the Korean name too: nothing lost.
    assert!(diags.is_empty(), "{diags:?}");
    let (back, _) = read_bytes(&out, &{
        let mut o = ReadOptions::default();
        o.encoding = Some(encoding_rs::EUC_KR);
        o
    });
    assert_eq!(back.root().text("PB"), Some("윤미"));
    let mut g2 = Game::default();
    g2.root_mut().set("PB", "Müller ☃");
    let (_, diags) = write_game(&g2, &options);
    assert_eq!(codes(&diags), ["W400"]);
    assert!(diags[0].message.contains('☃'));
}

#[test]
fn own_samples_read_as_documented() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/gib");
    // A handicap-4 game with a pass, a bad move and an unknown record.
    let bytes = std::fs::read(dir.join("handicap4-damaged.gib")).unwrap();
    let (g, diags) = read_bytes(&bytes, &ReadOptions::default());
    assert_eq!(
        core(&g),
        [
            "SZ=19",
            "PB=윤미89",
            "BR=3d",
            "PW=Lee",
            "WR=9p",
            "KM=0.5",
            "RE=W+T",
            "DT=2012-11-22",
            "HA=4",
            "AB=pd|dp|dd|pp",
            "TM=1200",
            "OT=5x30 byo-yomi"
        ]
    );
    assert_eq!(moves(&g), ["W[qf]", "B[]", "W[ab]"]);
    assert_eq!(codes(&diags), ["W212", "W205", "I210", "E202", "W204"]);
}

#[test]
fn garbage_is_refused_not_panicked_on() {
    common::assert_garbage_handled(
        gib::read,
        b"hello world",
        "E200",
        &[
            b"\\HS\n\\[A\n",
            b"\\GS\nSTO 0 2 9 99 -1\nSKI\nINI x\n",
            b"\\HS\n\\[=\\]\n\\GS\n\xff\xfe\n",
        ],
    );
}

// ---------------------------------------------------------------------------
// SGF → GIB → SGF over every 19×19 game of ../shared/corpus/sgf/ff4

/// Checks that `back` (read from what we wrote) keeps the main line and the
/// core game info of `orig`, except what the writer's one warning lists.
fn assert_core_kept(orig: &Game, back: &Game, lost: &str, what: &str) {
    let text = common::root_text;
    assert_eq!(main_moves(back), main_moves(orig), "{what}: moves");
    for id in ["PB", "PW"] {
        assert_eq!(text(back, id), text(orig, id), "{what}: {id}");
    }
    // Ranks come back in the SGF form: `3段` is read back as `3d`.
    for id in ["BR", "WR"] {
        let norm = |g: &Game| text(g, id).map(|r| gib::normalize_rank(&r, None));
        assert_eq!(norm(back), norm(orig), "{what}: {id}");
    }
    common::assert_km_re_dt_ha_kept(orig, back, lost, what);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn sgf_ff4_corpus_keeps_main_line_and_core_info_through_gib() {
    common::assert_ff4_corpus_through(gib::read, gib::writer, "W400", &assert_core_kept);
}

fn convert(bytes: &[u8], from: sgfconv::Format, to: sgfconv::Format) -> Vec<u8> {
    common::convert_bytes(bytes, from, to, &sgfconv::Options::default(), "x").0
}

/// GIB → SGF text → GIB gives the original file back (its keys, order,
/// localised texts, character set), line ends and trailing blanks aside.
#[test]
#[ignore = "needs ../shared/corpus"]
fn gib_to_sgf_to_gib_restores_the_original_file() {
    use sgfconv::Format::{Gib, Sgf};
    let norm = |b: &[u8]| -> Vec<u8> {
        let mut out = Vec::new();
        for line in b.split(|c| *c == b'\n') {
            let mut l = line.strip_suffix(b"\r").unwrap_or(line).to_vec();
            while l.last() == Some(&b' ') {
                l.pop();
            }
            out.extend_from_slice(&l);
            out.push(b'\n');
        }
        while out.ends_with(b"\n\n") {
            out.pop();
        }
        out
    };
    for file in [
        "glift/tygem_example.gib",
        "analyze-sgf/t-euc-kr.gib",
        "analyze-sgf/t-gb2312.gib",
        "sabaki-history/GB2312 China even.gib",
        "katrain/test.gib",
        "ekenstein/Menskit(1D)_zxcv2358(1D)_202006291602.gib",
        "ekenstein/hk100(4D)_Menskit(4D)_202008141210.gib",
    ] {
        let Some(p) = shared(file) else { return };
        let orig = std::fs::read(p).unwrap();
        let sgf = convert(&orig, Gib, Sgf);
        let back = convert(&sgf, Sgf, Gib);
        assert!(
            norm(&back) == norm(&orig),
            "{file}:\n{}",
            String::from_utf8_lossy(&back)
        );
    }
}

/// Cut and damaged copies of every corpus file read without a panic.
#[test]
#[ignore = "needs ../shared/corpus"]
fn damaged_copies_never_panic() {
    let Some(dir) = shared("") else { return };
    let mut files = Vec::new();
    for sub in std::fs::read_dir(&dir).unwrap() {
        for f in std::fs::read_dir(sub.unwrap().path()).unwrap() {
            let p = f.unwrap().path();
            if p.extension().is_some_and(|e| e == "gib") {
                files.push(p);
            }
        }
    }
    for p in files {
        let bytes = std::fs::read(&p).unwrap();
        common::read_cut_and_damaged(gib::read, gib::writer, &bytes, 503, 3, 3);
    }
}

/// Our own samples (`corpus/gib/*.gib`) convert to the SGF beside them, and
/// the Big5 sample comes back byte for byte from its SGF.
#[test]
fn own_samples_convert_to_their_expected_sgf() {
    use sgfconv::Format::{Gib, Sgf};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/gib");
    let mut checked = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let expected = p.with_extension("sgf");
        if p.extension().is_some_and(|e| e == "gib") && expected.exists() {
            let got = String::from_utf8(convert(&std::fs::read(&p).unwrap(), Gib, Sgf)).unwrap();
            assert_eq!(
                got,
                std::fs::read_to_string(&expected).unwrap(),
                "{}",
                p.display()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 2);
    let big5 = std::fs::read(dir.join("taiwan-big5.gib")).unwrap();
    let back = convert(
        &std::fs::read(dir.join("taiwan-big5.sgf")).unwrap(),
        Sgf,
        Gib,
    );
    assert!(back == big5, "{}", String::from_utf8_lossy(&back));
}

/// Two `\HS … \GE` records one after the other, then a line of junk.
const TWO_RECORDS: &str = "\\HS\r\n\\[GIBOKIND=Global\\]\r\n\\[GAMEBLACKNAME=alice (1K)\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n3 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 15 3\r\nSTO 0 3 2 3 15\r\n\\GE\r\n\\HS\r\n\\[GIBOKIND=Global\\]\r\n\\[GAMEBLACKNAME=carol (1D)\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n2 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 3 3\r\n\\GE\r\n";

/// Safety and bounded memory: every record of a file is read, as a collection, and said
/// so; text after the last one is reported, not dropped in silence.
#[test]
fn several_records_are_a_collection() {
    let mut report = sgfconv::diag::Reporter::collecting("two.gib");
    let bytes = format!("{TWO_RECORDS}junk\r\n\0");
    let games = sgfconv::game::collect_games(
        |sink: &mut dyn sgfconv::Sink, r: &mut sgfconv::diag::Reporter| {
            gib::read(&mut bytes.as_bytes(), &ReadOptions::default(), sink, r)
        },
        &mut report,
    )
    .unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].header.index, 0);
    assert_eq!(games[1].header.index, 1);
    assert_eq!(moves(&games[0]), ["B[pd]", "W[dp]"]);
    assert_eq!(moves(&games[1]), ["B[dd]"]);
    assert_eq!(core(&games[1]), ["SZ=19", "PB=carol", "BR=1d"]);
    let d = report.take_collected();
    assert_eq!(codes(&d), ["W218", "I217"], "{d:?}");
    // The junk is reported where it is: line 22.
    assert_eq!(d[0].pos.map(|p| p.line), Some(22));
    // A file ending with the 2025 client's NUL is quiet.
    let one = &TWO_RECORDS[..TWO_RECORDS.find("\\GE").unwrap() + 5];
    let bytes = format!("{one}\0");
    let (_, d) = read_bytes(bytes.as_bytes(), &ReadOptions::default());
    assert_eq!(codes(&d), Vec::<&str>::new());
}

/// Safety and bounded memory: GIB writes a player name six times (two on the `GAMETAG`
/// line): a name of 200 MiB made a file of 1.26 GB that no reader took
/// back. A name past `gib::MAX_NAME` is refused before anything is
/// written (E406, exit 2), and the output file is not created.
#[test]
fn a_name_too_long_for_gib_is_refused_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("name.sgf");
    let name = "a".repeat(gib::MAX_NAME + 1);
    std::fs::write(&sgf, format!("(;FF[4]GM[1]SZ[19]PB[{name}];B[pd])")).unwrap();
    let out = dir.path().join("name.gib");
    let run = common::sgfconv()
        .args(["-t", "gib"])
        .arg(&sgf)
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("[E406]"), "{stderr}");
    assert!(!out.exists(), "nothing written");
    // A name of the longest length is written, and reads back.
    let name = "b".repeat(gib::MAX_NAME);
    std::fs::write(&sgf, format!("(;FF[4]GM[1]SZ[19]PB[{name}];B[pd])")).unwrap();
    let run = common::sgfconv()
        .args(["-q", "-t", "gib"])
        .arg(&sgf)
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let (g, _) = read_bytes(&std::fs::read(&out).unwrap(), &ReadOptions::default());
    assert_eq!(g.root().text("PB").map(str::len), Some(gib::MAX_NAME));
}

#[test]
fn records_without_a_move_are_kept_in_xgib() {
    let gib = b"\\HS\n\\[GAMEBLACKNAME=a\\]\n\\[GAMEWHITENAME=b\\]\n\\HE\n\\GS\n2 1 0\n5 0 &4\nINI 0 1 0 &4\nSTO 0 2 1 15 15\nSKI 0 3\nREM 0 4 -1 -1 0 1\nIDX 0 5 &4note\n\\GE\n";
    let (g, diags) = read_bytes(gib, &ReadOptions::default());
    let kept: Vec<String> = g
        .root()
        .props()
        .iter()
        .filter(|p| p.name == "XGIB")
        .flat_map(|p| {
            p.values()
                .iter()
                .map(|v| v.text().to_string())
                .collect::<Vec<_>>()
        })
        .filter(|v| v.starts_with("REC="))
        .collect();
    assert_eq!(kept, ["REC=REM 0 4 -1 -1 0 1", "REC=IDX 0 5 &4note"]);
    let i203: Vec<&str> = diags
        .iter()
        .filter(|d| d.code.id == "I203")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        i203,
        [
            "`REM` record carries no move: kept in XGIB as REC=REM 0 4 -1 -1 0 1",
            "`IDX` record carries no move: kept in XGIB as REC=IDX 0 5 &4note"
        ]
    );
    // Written back as GIB, they are no header line.
    let (out, _) = write_game(&g, &WriteOptions::default());
    let out = String::from_utf8(out).unwrap();
    assert!(!out.contains("REC"), "{out}");
}
