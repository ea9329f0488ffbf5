//! NGF reader and writer, checked file by file against the real corpus
//! (`../shared/corpus/ngf`: those tests are ignored unless asked for, see
//! tests/common/mod.rs) and against our own samples (`corpus/ngf`).

use crate::common;

use common::{codes, main_moves, moves, replay};
use pretty_assertions::assert_eq;
use sgfconv::formats::ngf;
use sgfconv::game::Game;
use sgfconv::options::{ReadOptions, WriteOptions};
use sgfconv::Diagnostic;
use std::path::{Path, PathBuf};

fn shared(rel: &str) -> Option<PathBuf> {
    common::shared_path(&format!("corpus/ngf/{rel}"))
}

fn own(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus/ngf")
            .join(name),
    )
    .unwrap()
}

fn read_bytes(bytes: &[u8], options: &ReadOptions) -> (Game, Vec<Diagnostic>) {
    common::read_one(ngf::read, bytes, options, "test.ngf")
}

fn write_game(g: &Game, options: &WriteOptions) -> (Vec<u8>, Vec<Diagnostic>) {
    common::write_one(ngf::writer, g, options, "out.ngf")
}

const CORE: [&str; 11] = [
    "SZ", "PB", "BR", "PW", "WR", "KM", "RE", "DT", "HA", "AB", "PC",
];

fn core(g: &Game) -> Vec<String> {
    common::root_info(g, &CORE)
}

struct Case {
    file: &'static str,
    core: &'static [&'static str],
    gn: &'static str,
    moves: usize,
    first: &'static [&'static str],
    last: &'static str,
    diags: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        // Pro-pro commemorative game: 7단P is a professional, 5단* an amateur;
        // handicap 6, komi 0 (no half point with a handicap).
        file: "gokifu/sample3.ngf",
        core: &[
            "SZ=19",
            "PB=노영현",
            "BR=5d*",
            "PW=홍성지",
            "WR=7p",
            "KM=0",
            "RE=B+7",
            "DT=2009-03-25",
            "HA=6",
            "AB=pd|dp|dd|pp|dj|pj",
            "PC=한국기원 특별대국실",
        ],
        gn: "제5기 한국물가정보배 기념대국",
        moves: 250,
        first: &["W[nc]", "B[lc]", "W[fc]"],
        last: "B[fp]",
        diags: &[],
    },
    Case {
        // Handicap line 1: an even game with no komi at all.
        file: "gokifu/sample4.ngf",
        core: &[
            "SZ=19",
            "PB=hansu863",
            "BR=22k*",
            "PW=querdak5",
            "WR=21k*",
            "KM=0",
            "RE=W+R",
            "DT=2010-03-20",
            "PC=www.cyberoro.com",
        ],
        gn: "Rating game",
        moves: 228,
        first: &["B[pd]", "W[dp]", "B[pp]"],
        last: "W[on]",
        diags: &[],
    },
    Case {
        // `Black wins by 34win >> White(58):Black(92)`.
        file: "rooklift-sgf/3handicap.ngf",
        core: &[
            "SZ=19",
            "PB=ekfshddl",
            "BR=4d*",
            "PW=wyh1207",
            "WR=7d*",
            "KM=0",
            "RE=B+34",
            "DT=2016-04-16",
            "HA=3",
            "AB=pd|dp|dd",
            "PC=www.cyberoro.com",
        ],
        gn: "Rated game",
        moves: 283,
        first: &["W[qp]", "B[op]", "W[mq]"],
        last: "W[kh]",
        diags: &[],
    },
    Case {
        // Sabaki's own expectation: KM 7.5, 9p/9p, B+0.5, B[qd] W[dd] B[pq] W[dp].
        file: "sabaki/even.ngf",
        core: &[
            "SZ=19",
            "PB=CYY",
            "BR=9p",
            "PW=LQC",
            "WR=9p",
            "KM=7.5",
            "RE=B+0.5",
            "DT=2017-03-16",
            "PC=www.cyberoro.com",
        ],
        gn: "Rated game",
        moves: 333,
        first: &["B[qd]", "W[dd]", "B[pq]", "W[dp]"],
        last: "B[nl]",
        diags: &[],
    },
    Case {
        // The GI variant, GB2312 bytes, result in the last move's comment.
        file: "sabaki/gb2312.ngf",
        core: &[
            "SZ=19",
            "PB=李载雄",
            "BR=五段",
            "PW=朴承华",
            "WR=初段",
            "KM=6.5",
            // The comment on the last move, `黑中盘胜(现场消息)`: a result
            // and a remark after it, which stays in the comment.
            "RE=B+R",
            "DT=2006-09-05",
        ],
        gn: "韩国十段战",
        moves: 211,
        first: &["B[qd]", "W[dd]", "B[pq]"],
        last: "B[jn]",
        diags: &["I257", "I261"],
    },
    Case {
        // KaTrain's expectation: the first move is W[pq].
        file: "sabaki/handicap2.ngf",
        core: &[
            "SZ=19",
            "PB=p81587",
            "BR=5d*",
            "PW=ace550",
            "WR=7d*",
            "KM=0",
            "RE=W+R",
            "DT=2017-03-16",
            "HA=2",
            "AB=pd|dp",
            "PC=www.cyberoro.com",
        ],
        gn: "Rated game",
        moves: 189,
        first: &["W[pq]", "B[dd]", "W[fq]"],
        last: "W[gn]",
        diags: &[],
    },
];

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_corpus_file_reads_with_correct_game_info_and_moves() {
    if shared("").is_none() {
        return;
    }
    for case in CASES {
        let bytes = std::fs::read(shared(case.file).unwrap()).unwrap();
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
        assert_eq!(codes(&diags), case.diags, "{}", case.file);
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn gi_variant_comment_lands_on_its_move() {
    let Some(p) = shared("sabaki/gb2312.ngf") else {
        return;
    };
    let (g, _) = read_bytes(&std::fs::read(p).unwrap(), &ReadOptions::default());
    let last = *g.main_line().last().unwrap();
    assert_eq!(g.node(last).text("C"), Some("黑中盘胜(现场消息)"));
    assert_eq!(g.header.encoding, "gb18030");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn three_stone_handicap_replays_only_with_the_tygem_layout() {
    // White plays pp at move 261 while the standard layout has a stone there.
    let Some(p) = shared("rooklift-sgf/3handicap.ngf") else {
        return;
    };
    let (g, _) = read_bytes(&std::fs::read(p).unwrap(), &ReadOptions::default());
    assert_eq!(moves(&g)[260], "W[pp]");
    assert_eq!(g.root().text("AB"), Some("pd"));
    let ab: Vec<&str> = g
        .root()
        .get("AB")
        .unwrap()
        .values()
        .iter()
        .map(|v| v.text())
        .collect();
    assert_eq!(ab, ["pd", "dp", "dd"]);
    assert_eq!(replay(&ab, &moves(&g)), Ok(()));
    assert_eq!(replay(&["pd", "dp", "pp"], &moves(&g)), Err(261));
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn rotate_180_turns_every_move() {
    let Some(p) = shared("sabaki/even.ngf") else {
        return;
    };
    let rotated = {
        let mut o = ReadOptions::default();
        o.ngf_rotate_180 = true;
        o
    };
    let (g, _) = read_bytes(&std::fs::read(p).unwrap(), &rotated);
    assert_eq!(&moves(&g)[..4], ["B[cp]", "W[pp]", "B[dc]", "W[pd]"]);
}

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
        let (back, _) = read_bytes(&out, &ReadOptions::default());
        assert_eq!(core(&back), core(&g), "{}", case.file);
        assert_eq!(moves(&back), moves(&g), "{}", case.file);
        if case.file.contains("gb2312") {
            // The GI comment cannot be carried; said once.
            assert_eq!(codes(&diags), ["W420"]);
        } else {
            assert_eq!(codes(&diags), Vec::<&str>::new(), "{}", case.file);
            // Our file is the original, byte for byte, but for line ends.
            let orig = String::from_utf8(bytes).unwrap().replace("\r\n", "\n");
            let ours = String::from_utf8(out).unwrap().replace("\r\n", "\n");
            assert_eq!(ours, orig, "{}", case.file);
        }
    }
}

#[test]
fn written_layout_is_the_clients() {
    let mut g = Game::default();
    for (k, v) in [
        ("SZ", "19"),
        ("GN", "Rated game"),
        ("PB", "CYY"),
        ("BR", "9p"),
        ("PW", "jin42"),
        ("WR", "10k"),
        ("KM", "6.5"),
        ("RE", "W+R"),
        ("DT", "2017-03-16"),
        ("PC", "www.cyberoro.com"),
    ] {
        g.root_mut().set(k, v);
    }
    let a = g.add_child(0);
    g.node_mut(a).set("B", "qd");
    let b = g.add_child(a);
    g.node_mut(b).set("W", "");
    let (out, diags) = write_game(&g, &WriteOptions::default());
    assert!(diags.is_empty(), "{diags:?}");
    let expected = "Rated game\r\n19\r\njin42       10K\r\nCYY         9DP\r\nwww.cyberoro.com\r\n0\r\n0\r\n6\r\n20170316\r\n0\r\nWhite wins by resign!\r\n2\r\nPMABBREER\r\nPMACWAAAA\r\n";
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}

#[test]
fn komi_and_handicap_lines_read_back_the_same() {
    for (ha, km) in [
        (None, Some("6.5")),
        (None, Some("0")),
        (None, None),
        (None, Some("7")),
        (None, Some("-6.5")),
        (Some("2"), Some("0")),
        (Some("4"), Some("5")),
    ] {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        if let Some(h) = ha {
            g.root_mut().set("HA", h);
            let n: u32 = h.parse().unwrap();
            let pts = ["pd", "dp", "dd", "pp"];
            for p in &pts[..n as usize] {
                g.root_mut().add("AB", p);
            }
        }
        if let Some(k) = km {
            g.root_mut().set("KM", k);
        }
        let (out, diags) = write_game(&g, &WriteOptions::default());
        assert!(diags.is_empty(), "{ha:?} {km:?}: {diags:?}");
        let (back, _) = read_bytes(&out, &ReadOptions::default());
        assert_eq!(
            back.root().text("KM"),
            Some(km.unwrap_or("0")),
            "{ha:?} {km:?}"
        );
        assert_eq!(back.root().text("HA"), ha, "{ha:?} {km:?}");
    }
}

#[test]
fn own_damaged_sample_reads_as_documented() {
    // Korean result, AA pass, a counter gap, an xyyx mismatch, an off-board
    // move, an unknown line.
    let (g, diags) = read_bytes(&own("damaged.ngf"), &ReadOptions::default());
    assert_eq!(
        core(&g),
        [
            "SZ=19",
            "PB=흑돌",
            "BR=3k",
            "PW=백돌 사범",
            "WR=1p",
            "KM=6.5",
            "RE=W+3.5",
            "DT=2010-01-23",
            "PC=www.cyberoro.com"
        ]
    );
    assert_eq!(moves(&g), ["B[pd]", "W[]", "B[dp]", "W[dd]"]);
    assert_eq!(codes(&diags), ["W254", "W255", "E253", "W260", "I256"]);
}

#[test]
fn garbage_is_refused_not_panicked_on() {
    common::assert_garbage_handled(
        ngf::read,
        b"",
        "E250",
        &[
            b"GI\nGI\n",
            b"x\n999\n\n\n\n-3\n\nz\n\n\n\n\nPMZZBZZZZ\nIDB[99] a\n",
            b"PM\xff\xfe\nPMABB\n",
        ],
    );
}

// ---------------------------------------------------------------------------
// SGF → NGF → SGF over every 19×19 game of ../shared/corpus/sgf/ff4

/// Checks that `back` (read from what we wrote) keeps the main line and the
/// core game info of `orig`, except what the writer's one warning lists.
fn assert_core_kept(orig: &Game, back: &Game, lost: &str, what: &str) {
    let text = common::root_text;
    let mut want = main_moves(orig);
    if lost.contains("moves after the 675th") {
        // The two-letter move counter ends at ZZ.
        want.truncate(675);
    }
    assert_eq!(main_moves(back), want, "{what}: moves");
    for id in ["PB", "PW"] {
        if !lost.contains(&format!("{id} `")) {
            assert_eq!(text(back, id), text(orig, id), "{what}: {id}");
        }
    }
    // Ranks come back in the SGF form: `3段` is read back as `3d`, `3D*` as
    // `3d*`.
    for id in ["BR", "WR"] {
        if lost.contains(&format!("{id} `")) {
            continue;
        }
        let norm = |g: &Game| text(g, id).map(|r| ngf::normalize_rank(&r));
        assert_eq!(norm(back), norm(orig), "{what}: {id}");
    }
    common::assert_km_re_dt_ha_kept(orig, back, lost, what);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn sgf_ff4_corpus_keeps_main_line_and_core_info_through_ngf() {
    common::assert_ff4_corpus_through(ngf::read, ngf::writer, "W420", &assert_core_kept);
}

fn convert(bytes: &[u8], from: sgfconv::Format, to: sgfconv::Format) -> Vec<u8> {
    common::convert_bytes(bytes, from, to, &sgfconv::Options::default(), "x").0
}

/// NGF → SGF text → NGF gives the original file back, line ends aside.
#[test]
#[ignore = "needs ../shared/corpus"]
fn ngf_to_sgf_to_ngf_restores_the_original_file() {
    use sgfconv::Format::{Ngf, Sgf};
    for file in [
        "gokifu/sample3.ngf",
        "gokifu/sample4.ngf",
        "rooklift-sgf/3handicap.ngf",
        "sabaki/even.ngf",
        "sabaki/handicap2.ngf",
    ] {
        let Some(p) = shared(file) else { return };
        let orig = String::from_utf8(std::fs::read(p).unwrap()).unwrap();
        let sgf = convert(orig.as_bytes(), Ngf, Sgf);
        let back = String::from_utf8(convert(&sgf, Sgf, Ngf)).unwrap();
        assert_eq!(
            back.replace("\r\n", "\n"),
            orig.replace("\r\n", "\n"),
            "{file}"
        );
    }
}

/// Cut and damaged copies of every corpus file read without a panic.
#[test]
#[ignore = "needs ../shared/corpus"]
fn damaged_copies_never_panic() {
    let Some(dir) = shared("") else { return };
    for sub in std::fs::read_dir(&dir).unwrap() {
        for f in std::fs::read_dir(sub.unwrap().path()).unwrap() {
            let bytes = std::fs::read(f.unwrap().path()).unwrap();
            common::read_cut_and_damaged(ngf::read, ngf::writer, &bytes, 97, 2, 5);
        }
    }
}

/// Our own sample converts to the SGF beside it.
#[test]
fn own_sample_converts_to_its_expected_sgf() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/ngf");
    let got = convert(
        &own("damaged.ngf"),
        sgfconv::Format::Ngf,
        sgfconv::Format::Sgf,
    );
    assert_eq!(
        String::from_utf8(got).unwrap(),
        std::fs::read_to_string(dir.join("damaged.sgf")).unwrap()
    );
}

/// The GI variant's result comes from the comment on the last move when it
/// reads as a result, as every result is read (`I261`); a comment that
/// says more than a result gives none.
#[test]
fn gi_variant_reads_its_result_from_the_last_comment() {
    let gi = |comment: &str| {
        let lines = [
            "GIGame",
            "GIW 1d",
            "GIB 2d",
            "GI",
            "GI",
            "GI2006-9-5",
            "GI19",
            "GI0",
            "GI0",
            "GI6",
            "GI2",
            "PMABBREER",
            "PMACWEEEE",
            "GI1",
        ];
        let text = format!("{}\r\nIDB[2] {comment}[EndTxt]\r\n", lines.join("\r\n"));
        read_bytes(text.as_bytes(), &ReadOptions::default())
    };
    let (g, diags) = gi("黑中盘胜");
    assert_eq!(g.root().text("RE"), Some("B+R"));
    assert!(diags.iter().any(|d| d.code.id == "I261"), "{diags:?}");
    // A remark after the result: the result is read, the remark stays in
    // the comment, and the message names it.
    let (g, diags) = gi("黑中盘胜(现场消息)");
    assert_eq!(g.root().text("RE"), Some("B+R"));
    let last = *g.main_line().last().unwrap();
    assert_eq!(g.node(last).text("C"), Some("黑中盘胜(现场消息)"));
    let i261 = diags.iter().find(|d| d.code.id == "I261");
    assert!(
        i261.is_some_and(|d| d.message.contains("现场消息")),
        "{diags:?}"
    );
    // Text after the remark, or a comment that is no result: no RE.
    for comment in ["黑中盘胜(现场消息) 以上", "(现场消息)"] {
        let (g, diags) = gi(comment);
        assert_eq!(g.root().text("RE"), None, "{comment}");
        assert!(!diags.iter().any(|d| d.code.id == "I261"), "{diags:?}");
    }
}

#[test]
fn bytes_that_are_no_ngf_record_are_refused_whatever_their_name() {
    let d = tempfile::tempdir().unwrap();
    let noise: Vec<u8> = (0..3000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let text = b"hello world\nthis is a readme\n\nnothing more\n".to_vec();
    for (name, bytes) in [("noise.ngf", noise), ("readme.ngf", text)] {
        let input = d.path().join(name);
        std::fs::write(&input, bytes).unwrap();
        let o = common::sgfconv()
            .arg(&input)
            .arg("-o")
            .arg(d.path().join("out.sgf"))
            .output()
            .unwrap();
        let err = common::text(&o.stderr);
        // It was a game, with warnings only, exit 0.
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains("E250"), "{name}: {err}");
        assert!(!d.path().join("out.sgf").exists(), "{name}");
    }
    // A record with no move whose header is one is a game still.
    let header = "Title\n19\nWhite   1D\nBlack   2K\nplace\n0\n0\n6\n20100123\n15\nresult\n0\n";
    let input = d.path().join("nomoves.ngf");
    std::fs::write(&input, header).unwrap();
    let o = common::sgfconv().arg(&input).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    assert!(common::text(&o.stdout).contains("SZ[19]"));
}

/// SGF → NGF → SGF: the player lines read back as the names and ranks
/// written, or the writer's warning names what it changed.
mod players_round_trip {
    use super::*;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;
    use sgfconv::Format::{Ngf, Sgf};

    /// A name: words with spaces between them (digits, CJK, rank-like
    /// words among them), or none.
    fn name() -> impl Strategy<Value = String> {
        let word = prop::sample::select(vec![
            "Fan",
            "Hui",
            "FanHui",
            "李",
            "昌镐",
            "홍성지",
            "user",
            "1",
            "10k",
            "9DP",
            "初段",
            "3d?",
            "x",
        ]);
        prop::collection::vec(word, 0..4).prop_map(|w| w.join(" "))
    }

    /// A rank: a rank with or without a status mark, or text that is none.
    fn rank() -> impl Strategy<Value = Option<String>> {
        let core = prop::sample::select(vec![
            "13k", "2k", "7d", "9p", "1d", "3 dan", "10 kyu", "初段", "P2", "Meijin", "",
        ]);
        let mark = prop::sample::select(vec!["", "?", "*"]);
        prop::option::of((core, mark).prop_map(|(c, m)| format!("{c}{m}")))
    }

    /// The value `back` should have for `id`: `orig`'s, respelled as the
    /// warning `lost` says, or `None` when it says the value was left out.
    fn expected(id: &str, orig: Option<&str>, lost: &str) -> Option<String> {
        let orig = orig.map(str::trim).filter(|v| !v.is_empty())?;
        let named = lost.contains(&format!("{id} `"));
        match id {
            "PB" | "PW" if named => Some(orig.split_whitespace().collect::<Vec<_>>().join("_")),
            "PB" | "PW" => Some(orig.to_string()),
            _ if named => None,
            _ => Some(ngf::normalize_rank(orig)),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn names_and_ranks_read_back(pb in name(), br in rank(), pw in name(), wr in rank()) {
            let prop = |id: &str, v: Option<&str>| v.map(|v| format!("{id}[{v}]")).unwrap_or_default();
            let sgf = format!(
                "(;GM[1]FF[4]SZ[19]{}{}{}{};B[pd])",
                prop("PB", Some(&pb)), prop("BR", br.as_deref()), prop("PW", Some(&pw)), prop("WR", wr.as_deref())
            );
            let (ngf_bytes, mut report) =
                common::convert_bytes(sgf.as_bytes(), Sgf, Ngf, &sgfconv::Options::default(), "p");
            let diags: Vec<_> = report.take_collected().into_iter().filter(|d| d.code.id != "I100").collect();
            let lost: String = diags.iter().map(|d| d.message.clone()).collect();
            prop_assert!(diags.iter().all(|d| d.code.id == "W420"), "{diags:?}");
            let (back, _) = read_bytes(&ngf_bytes, &ReadOptions::default());
            for (id, orig) in [("PB", Some(&pb)), ("BR", br.as_ref()), ("PW", Some(&pw)), ("WR", wr.as_ref())] {
                prop_assert_eq!(
                    common::root_text(&back, id),
                    expected(id, orig.map(String::as_str), &lost),
                    "{} in {} → {:?} ({})", id, sgf, String::from_utf8_lossy(&ngf_bytes), lost
                );
            }
        }
    }

    /// The case: `PB[FanHui]BR[P2]` was written `FanHui       P2`,
    /// read back as the name `FanHui       P2`; qualifiers were dropped.
    #[test]
    fn a_rank_ngf_cannot_write_is_left_out_and_named() {
        let sgf = b"(;GM[1]FF[4]SZ[19]PB[FanHui]BR[P2]PW[x]WR[13k?];B[pd])";
        let (out, mut report) =
            common::convert_bytes(sgf, Sgf, Ngf, &sgfconv::Options::default(), "p");
        let text = String::from_utf8(out.clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], "x          13K?");
        assert_eq!(lines[3], "FanHui");
        let diags: Vec<_> = report
            .take_collected()
            .into_iter()
            .filter(|d| d.code.id != "I100")
            .collect();
        assert_eq!(codes(&diags), ["W420"]);
        assert!(
            diags[0]
                .message
                .contains("BR `P2` (not a rank NGF reads back"),
            "{}",
            diags[0].message
        );
        let (back, _) = read_bytes(&out, &ReadOptions::default());
        assert_eq!(
            common::root_info(&back, &["PB", "BR", "PW", "WR"]),
            ["PB=FanHui", "PW=x", "WR=13k?"]
        );
    }
}
