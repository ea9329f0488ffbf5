//! UGF/UGI reader and writer: real and crafted files, value by value.

use crate::common;

use pretty_assertions::assert_eq;
use sgfconv::formats::ugf;
use sgfconv::game::{collect_games, Game, NodeId};
use sgfconv::options::{ReadOptions, WriteOptions};
use sgfconv::{Reporter, Severity};
use std::path::{Path, PathBuf};

fn shared(rel: &str) -> Option<PathBuf> {
    common::shared_path(rel)
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/ugf")
        .join(name)
}

fn read_bytes(bytes: &[u8]) -> (Vec<Game>, Reporter) {
    read_with(bytes, &ReadOptions::default())
}

fn read_with(bytes: &[u8], options: &ReadOptions) -> (Vec<Game>, Reporter) {
    let mut r = Reporter::collecting("test.ugf");
    let games = collect_games(|s, r| ugf::read(&mut &bytes[..], options, s, r), &mut r).unwrap();
    (games, r)
}

/// A compact SGF rendering of a game (properties in their order), for
/// golden comparisons that do not depend on the SGF writer.
fn render(g: &Game) -> String {
    enum Step {
        Node(NodeId),
        Open,
        Close,
    }
    let mut out = String::from("(");
    let mut stack = vec![Step::Node(0)];
    while let Some(step) = stack.pop() {
        let id = match step {
            Step::Open => {
                out.push('(');
                continue;
            }
            Step::Close => {
                out.push(')');
                continue;
            }
            Step::Node(id) => id,
        };
        let n = g.node(id);
        out.push(';');
        for p in n.props() {
            out.push_str(p.name);
            for v in p.values().iter() {
                out.push('[');
                out.push_str(&v.text().replace('\\', "\\\\").replace(']', "\\]"));
                out.push(']');
            }
        }
        let branch = n.has_variations()
            || n.first_child()
                .is_some_and(|c| g.node(c).starts_variation());
        let children: Vec<NodeId> = n.children().collect();
        for &c in children.iter().rev() {
            if branch {
                stack.push(Step::Close);
                stack.push(Step::Node(c));
                stack.push(Step::Open);
            } else {
                stack.push(Step::Node(c));
            }
        }
    }
    out.push(')');
    out
}

fn main_moves(g: &Game) -> Vec<String> {
    common::moves(g)
}

fn write(games: &[Game], options: &WriteOptions) -> (Vec<u8>, Reporter) {
    let mut out = Vec::new();
    let mut r = Reporter::collecting("out.ugf");
    {
        let mut w = ugf::writer(Box::new(&mut out), options).unwrap();
        for g in games {
            g.replay(&mut *w, &mut r).unwrap();
        }
        w.finish(&mut r).unwrap();
    }
    (out, r)
}

fn codes(r: &Reporter) -> Vec<&'static str> {
    r.collected().iter().map(|d| d.code.id).collect()
}

fn text<'g>(g: &'g Game, node: NodeId, id: &str) -> Option<&'g str> {
    g.node(node).text(id)
}

fn values(g: &Game, node: NodeId, id: &str) -> Vec<String> {
    g.node(node)
        .get(id)
        .map(|p| p.values().iter().map(|v| v.text().to_string()).collect())
        .unwrap_or_default()
}

/// The child of `node` that plays `mv` (`"B[qn]"`).
fn child(g: &Game, node: NodeId, mv: &str) -> NodeId {
    g.node(node)
        .children()
        .find(|&c| {
            g.node(c)
                .mv()
                .is_some_and(|(col, v)| format!("{col}[{v}]") == mv)
        })
        .unwrap_or_else(|| panic!("no child {mv} under node {node}"))
}

/// The main-line node after `n` moves.
fn after(g: &Game, n: usize) -> NodeId {
    g.main_line()
        .into_iter()
        .filter(|&id| g.node(id).mv().is_some())
        .nth(n - 1)
        .unwrap()
}

fn golden(name: &str, games: &[Game]) {
    let mut out = Vec::new();
    let mut r = Reporter::collecting("golden");
    {
        let mut w = sgfconv::formats::sgf::SgfWriter::new(
            Box::new(&mut out),
            &WriteOptions::default(),
            false,
        )
        .unwrap();
        for g in games {
            g.replay(&mut w, &mut r).unwrap();
        }
        sgfconv::Sink::finish(&mut w, &mut r).unwrap();
    }
    let got = String::from_utf8(out).unwrap();
    let path = corpus(name);
    if common::bless() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert_eq!(got, want, "{name}");
}

// ---- the real file ----------------------------------------------------------

#[test]
#[ignore = "needs ../shared/corpus"]
fn amateur_ugf_header_and_main_line() {
    let Some(p) = shared("corpus/ugf/sabaki/amateur.ugf") else {
        return;
    };
    let (games, r) = read_bytes(&std::fs::read(p).unwrap());
    assert_eq!(codes(&r), Vec::<&str>::new());
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.header.encoding, "Shift_JIS");
    let root = |id| text(g, 0, id);
    assert_eq!(root("SZ"), Some("19"));
    assert_eq!(root("PB"), Some("kaziwami"));
    assert_eq!(root("BR"), Some("7d"));
    assert_eq!(root("PW"), Some("YINNI"));
    assert_eq!(root("WR"), Some("8d"));
    assert_eq!(root("KM"), Some("-5.5"));
    assert_eq!(root("HA"), None);
    assert_eq!(root("RE"), Some("B+7.5"));
    assert_eq!(root("DT"), Some("2019-03-08,09"));
    assert_eq!(root("RU"), Some("Japanese"));
    assert_eq!(root("EV"), Some("2019 PANDA-NET"));
    assert_eq!(root("PC"), Some("PANDA-NET"));
    assert_eq!(root("US"), Some("PANDA-EGG ver 9.40 beta"));
    assert_eq!(root("CP"), Some("PANDANET INC."));
    assert_eq!(root("GC"), None);
    assert_eq!(root("TM"), None);
    assert_eq!(
        values(g, 0, "XUGFH"),
        [
            "Title:2019,PANDA-NET,",
            "Date:2019/03/08,22:09:00,2019/03/09,07:16:59",
            "PlayerB:kaziwami,7d,,panda@.jp",
            "PlayerW:YINNI,8d,,raymond.wang@live.ca",
        ]
    );
    let moves = main_moves(g);
    assert_eq!(moves.len(), 254);
    // IGS rows count from the bottom: QP is qd, DP is dd.
    assert_eq!(moves[..4], ["B[qd]", "W[dd]", "B[pq]", "W[dq]"]);
    assert_eq!(moves[253], "W[ni]");
    // The [ReviewNode] copy of the main line merges into it: no variation.
    assert!(!g.has_variations());
    assert!(g.meta.is_empty());
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn amateur_ugf_survives_ugf_round_trips() {
    let Some(p) = shared("corpus/ugf/sabaki/amateur.ugf") else {
        return;
    };
    let (games, _) = read_bytes(&std::fs::read(p).unwrap());
    for review in [false, true] {
        let opts = {
            let mut o = WriteOptions::default();
            o.ugf_review = review;
            o
        };
        let (bytes, w) = write(&games, &opts);
        assert_eq!(codes(&w), Vec::<&str>::new(), "review={review}");
        let (back, r) = read_bytes(&bytes);
        assert_eq!(codes(&r), Vec::<&str>::new());
        assert_eq!(render(&back[0]), render(&games[0]), "review={review}");
    }
}

// ---- crafted files ----------------------------------------------------------

#[test]
fn figure_file_comments_labels_and_figures() {
    let (games, r) = read_bytes(&std::fs::read(corpus("figure.ugf")).unwrap());
    assert_eq!(codes(&r), ["I314"]);
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.header.encoding, "Shift_JIS");
    // Game info, CP932 included (髙 exists only in Microsoft's Shift_JIS).
    assert_eq!(text(g, 0, "PB"), Some("髙尾紳路"));
    assert_eq!(text(g, 0, "BR"), Some("9段"));
    assert_eq!(text(g, 0, "PW"), Some("羽根直樹"));
    assert_eq!(text(g, 0, "EV"), Some("第30期 棋聖戦"));
    assert_eq!(text(g, 0, "RO"), Some("挑戦手合第1局"));
    assert_eq!(text(g, 0, "PC"), Some("日本棋院,東京"));
    assert_eq!(text(g, 0, "DT"), Some("2006-01-12,13"));
    assert_eq!(text(g, 0, "TM"), Some("28800"));
    assert_eq!(text(g, 0, "RE"), Some("W+R"));
    assert_eq!(text(g, 0, "KM"), Some("6.5"));
    assert_eq!(text(g, 0, "GC"), Some("手作りの見本"));
    // No CoordinateType: JPN, rows from the top (PD is pd).
    let moves = main_moves(g);
    assert_eq!(moves[..3], ["B[pd]", "W[dp]", "B[pp]"]);
    assert_eq!(moves[12], "B[]");
    assert_eq!(moves[13], "W[qf]");
    assert_eq!(text(g, after(g, 14), "XUGFSEC"), Some("35"));
    // .Text,0 on the root; .Text,4 with its labels and a `[...]` line.
    assert_eq!(text(g, 0, "C"), Some("第1局の解説です。"));
    let m4 = after(g, 4);
    assert_eq!(
        text(g, m4, "C"),
        Some("白4の三々入りは[新手]。\n 二行目は字下げ")
    );
    assert_eq!(values(g, m4, "LB"), ["pd:A", "dp:B"]);
    assert_eq!(text(g, after(g, 12), "C"), Some("黒5の一子が取られた。"));
    // 参考図: its position is the game's after move 12 once black's cc
    // stone is captured, so it is a variation after move 12.
    let m12 = after(g, 12);
    assert_eq!(g.node(m12).child_count(), 2);
    let v = child(g, m12, "B[qn]");
    assert_eq!(text(g, v, "N"), Some("参考図"));
    assert_eq!(text(g, v, "C"), Some("黒1のハネが好手。"));
    assert_eq!(g.node(v).get("VW"), None);
    let v2 = child(g, v, "W[nq]");
    let v3 = child(g, v2, "B[pn]");
    assert_eq!(text(g, v3, "C"), Some("これで黒よし。"));
    assert_eq!(values(g, v3, "LB"), ["nq:a"]);
    // 実戦図: after move 6, showing the corner only.
    let m6 = after(g, 6);
    let w = child(g, m6, "B[dc]");
    assert_eq!(text(g, w, "N"), Some("実戦図"));
    assert_eq!(values(g, w, "VW"), ["aa:jj"]);
    assert_eq!(text(g, child(g, w, "W[bd]"), "C"), Some("白2まで。"));
    // 失敗図 keeps the captured stone: not the game's position, own tree.
    let f = &games[1];
    assert_eq!(text(f, 0, "XUGFFIG"), Some("12"));
    assert_eq!(text(f, 0, "N"), Some("失敗図"));
    assert_eq!(text(f, 0, "C"), Some("取られた石を残した図。"));
    assert_eq!(values(f, 0, "AB"), ["cc", "pd", "jj", "pj", "jp", "pp"]);
    assert_eq!(values(f, 0, "AW"), ["cb", "bc", "dc", "cd", "dd", "dp"]);
    assert_eq!(main_moves(f), ["B[bb]"]);
    golden("figure.expected.sgf", &games);
}

#[test]
fn review_file_tree_and_comments() {
    let (games, r) = read_bytes(&std::fs::read(corpus("review.ugi")).unwrap());
    assert_eq!(codes(&r), Vec::<&str>::new());
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.header.encoding, "UTF-8");
    assert_eq!(text(g, 0, "SZ"), Some("9"));
    assert_eq!(text(g, 0, "RE"), Some("W+7"));
    assert_eq!(text(g, 0, "RO"), Some("alice-bob(B) IGS"));
    assert_eq!(
        main_moves(g),
        [
            "B[ge]", "W[cc]", "B[cg]", "W[gc]", "B[]", "W[ee]", "B[ec]", "W[eg]", "B[ce]", "W[gg]",
            "B[]", "W[]"
        ]
    );
    assert_eq!(
        text(g, 0, "C"),
        Some(" alice 1d: よろしくお願いします\n bob 3k: hi!")
    );
    // Comments go on the node they name.
    let m2 = after(g, 2);
    assert_eq!(g.node(m2).child_count(), 3);
    assert_eq!(text(g, after(g, 3), "C"), Some("alice [ 1d]: 3 is slow."));
    let v = child(g, m2, "B[gc]");
    assert_eq!(
        text(g, v, "C"),
        Some("alice [ 1d]: Better: take the corner first.")
    );
    let v2 = child(g, v, "W[cg]");
    assert_eq!(g.node(v2).child_count(), 2);
    assert_eq!(
        g.node(g.node(v2).first_child().unwrap()).mv(),
        Some(('B', "dd"))
    );
    assert_eq!(
        text(g, child(g, v2, "B[ee]"), "C"),
        Some("alice [ 1d]: or the centre.")
    );
    assert_eq!(
        text(g, child(g, m2, "B[ee]"), "C"),
        Some("alice [ 1d]: centre at once.")
    );
    // The last pass (review id 13) has the scoring comment; the empty end
    // node (id 14) is not emitted.
    let last = after(g, 12);
    assert_eq!(text(g, last, "C"), Some(" bob 3k: bob dead @ C7"));
    assert!(g.node(last).first_child().is_none());
    // No main-line node carries a variation comment.
    for id in g.main_line() {
        assert!(!text(g, id, "C").unwrap_or("").contains("corner first"));
    }
    golden("review.expected.sgf", &games);
}

#[test]
fn header_file_fields_setup_and_kept_sections() {
    let (games, r) = read_bytes(&std::fs::read(corpus("header.ugf")).unwrap());
    assert_eq!(
        codes(&r),
        ["I307", "I307", "I318", "I318", "I318", "I318", "W309"]
    );
    let g = &games[0];
    let root = |id| text(g, 0, id);
    assert_eq!(root("SZ"), Some("13"));
    assert_eq!(root("HA"), Some("3"));
    assert_eq!(root("KM"), Some("0.5"));
    assert_eq!(root("RU"), Some("Chinese"));
    assert_eq!(root("TM"), Some("3600"));
    assert_eq!(root("RE"), Some("W+T"));
    assert_eq!(root("PC"), Some("Nagoya, Japan"));
    assert_eq!(root("PB"), Some("本因坊 Black"));
    assert_eq!(root("EV"), None);
    assert_eq!(root("DT"), None);
    assert_eq!(root("CP"), None);
    assert_eq!(
        values(g, 0, "XUGFH"),
        [
            "Code:ABC",
            "Title:(NoName)",
            "Date://,,//,",
            "Hdcp:3,0,50",
            "PlayerB:本因坊 Black,5d,(JPN),",
            "PlayerW:White,6d,0,",
            "PlayerB2:Partner",
            "Extra:1",
        ]
    );
    assert_eq!(
        values(g, 0, "XUGFS"),
        [
            "#:# written by hand from formats-notes §2",
            "Remote:Server=igs.joyjoy.net",
            "Files:photo1=FFD8FFE000104A464946\nicon=89504E47",
            "Foo:anything=kept",
        ]
    );
    let meta: Vec<(&str, &str)> = g
        .meta
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        meta,
        [
            ("ugf:#", "# written by hand from formats-notes §2"),
            ("ugf:Remote", "Server=igs.joyjoy.net"),
            ("ugf:Files/photo1", "FFD8FFE000104A464946"),
            ("ugf:Files/icon", "89504E47"),
            ("ugf:Foo", "anything=kept"),
        ]
    );
    // Move-0 stones are setup stones of their own colour (IGS, 13×13).
    assert_eq!(values(g, 0, "AB"), ["dd", "jj", "jd"]);
    assert_eq!(values(g, 0, "AW"), ["gg"]);
    assert_eq!(main_moves(g), ["W[kc]", "B[cc]", "W[]", "W[bl]"]);
    assert_eq!(text(g, after(g, 1), "XUGFSEC"), Some("12'00:15:00"));
    assert_eq!(text(g, after(g, 2), "XUGFPLAYER"), Some("B2"));
    assert_eq!(text(g, after(g, 3), "XUGFPLAYER"), Some("MK"));
    // Numeric label points flip too: 1,1 is the bottom-left corner.
    assert_eq!(values(g, after(g, 2), "LB"), ["am:x", "ma:y"]);
    assert_eq!(text(g, after(g, 2), "C"), Some("labels in the corners"));
    golden("header.expected.sgf", &games);
}

#[test]
fn encrypted_files_are_refused() {
    let bytes = std::fs::read(corpus("encrypted.ugf")).unwrap();
    let mut r = Reporter::collecting("encrypted.ugf");
    let mut log = sgfconv::sink::EventLog::default();
    let err = ugf::read(&mut &bytes[..], &ReadOptions::default(), &mut log, &mut r).unwrap_err();
    match err {
        sgfconv::Error::Unreadable { code, message, .. } => {
            assert_eq!(code.id, "E300");
            assert!(message.contains("9666"), "{message}");
        }
        e => panic!("{e}"),
    }
    assert!(log.events.is_empty());
}

#[test]
fn crafted_files_survive_ugf_round_trips() {
    for f in ["figure.ugf", "review.ugi", "header.ugf"] {
        let (games, _) = read_bytes(&std::fs::read(corpus(f)).unwrap());
        let (bytes, w) = write(&games, &WriteOptions::default());
        assert_eq!(codes(&w), Vec::<&str>::new(), "{f}");
        let (back, _) = read_bytes(&bytes);
        assert_eq!(back.len(), games.len(), "{f}");
        for (a, b) in games.iter().zip(&back) {
            assert_eq!(render(b), render(a), "{f}");
        }
        // Written twice, the bytes are the same.
        let (again, _) = write(&back, &WriteOptions::default());
        assert_eq!(
            String::from_utf8_lossy(&again),
            String::from_utf8_lossy(&bytes),
            "{f}"
        );
    }
}

#[test]
fn review_mode_keeps_the_tree_and_reports_what_it_cannot_carry() {
    let (games, _) = read_bytes(&std::fs::read(corpus("review.ugi")).unwrap());
    let opts = {
        let mut o = WriteOptions::default();
        o.ugf_review = true;
        o
    };
    let (bytes, w) = write(&games, &opts);
    assert_eq!(codes(&w), Vec::<&str>::new());
    let out = String::from_utf8(bytes.clone()).unwrap();
    assert!(out.starts_with(
        "[Header]\r\nVer=REVIEW1,200\r\nLang=UTF8\r\nCrypt=0,PLAIN_UGF_FILE,READ_WRITE\r\n"
    ));
    assert!(
        out.contains("NODE,3,2,3,7\r\n  VARIATION,\r\n    NODE,14,1,7,7\r\n"),
        "{out}"
    );
    let (back, _) = read_bytes(&bytes);
    assert_eq!(render(&back[0]), render(&games[0]));

    // Figures carry node names and views; the review tree does not.
    let (games, _) = read_bytes(&std::fs::read(corpus("figure.ugf")).unwrap());
    let (_, w) = write(&games, &opts);
    let d = &w.collected()[0];
    assert_eq!(d.code.id, "W440");
    assert_eq!(
        d.message,
        "UGF cannot carry: N (review tree); VW (review tree); labels in variations (review tree)"
    );
    assert_eq!(w.collected().len(), 1);
}

#[test]
fn writer_output_sjis_and_one_loss_warning() {
    let (games, _) = read_bytes(&std::fs::read(corpus("figure.ugf")).unwrap());
    let opts = {
        let mut o = WriteOptions::default();
        o.to_encoding = Some(encoding_rs::SHIFT_JIS);
        o
    };
    let (bytes, w) = write(&games, &opts);
    assert_eq!(codes(&w), Vec::<&str>::new());
    assert!(std::str::from_utf8(&bytes).is_err());
    let head = String::from_utf8_lossy(&bytes[..60]).to_string();
    assert!(head.contains("Lang=SJIS"), "{head}");
    let (back, r) = read_bytes(&bytes);
    assert_eq!(back[0].header.encoding, "Shift_JIS");
    assert_eq!(codes(&r), ["I314"]);
    assert_eq!(render(&back[0]), render(&games[0]));

    // Korean text cannot go into Shift_JIS; markup has no UGF form.
    let mut g = games[0].clone();
    g.root_mut().set("PW", "이세돌");
    let m = after(&g, 3);
    g.node_mut(m).set("TR", "aa");
    g.node_mut(m).set("N", "x");
    let (_, w) = write(&[g], &opts);
    assert_eq!(codes(&w), ["W440"]);
    let msg = &w.collected()[0].message;
    assert!(
        msg.contains("N (main line)") && msg.contains("TR (main line)"),
        "{msg}"
    );
    assert!(msg.contains("characters not in Shift_JIS"), "{msg}");
}

/// Nodes without a move on the main line have no place in `[Data]`: their
/// text joins the move before (or the start), every word of it, and the
/// merge is reported as it is inside variations.
#[test]
fn main_line_nodes_without_a_move_are_merged_and_reported() {
    let sgf = b"(;GM[1]FF[4]SZ[19]C[root];C[intro];B[pd]C[one];C[only comment];W[dd]C[two];C[end1];C[end2])";
    let games = read_sgf(sgf);
    let (bytes, w) = write(&games, &WriteOptions::default());
    assert_eq!(codes(&w), ["W440"]);
    let msg = &w.collected()[0].message;
    assert!(
        msg.contains("4 main-line node(s) without a move (merged into the move before"),
        "{msg}"
    );
    let (back, _) = read_bytes(&bytes);
    let g = &back[0];
    assert_eq!(text(g, Game::ROOT, "C"), Some("root\nintro"));
    assert_eq!(text(g, after(g, 1), "C"), Some("one\nonly comment"));
    assert_eq!(text(g, after(g, 2), "C"), Some("two\nend1\nend2"));
    // The review tree keeps every node: nothing merged, nothing reported.
    let mut review = WriteOptions::default();
    review.ugf_review = true;
    let (_, w) = write(&games, &review);
    assert_eq!(codes(&w), Vec::<&str>::new());
}

#[test]
fn one_game_per_file() {
    let (games, _) = read_bytes(&std::fs::read(corpus("review.ugi")).unwrap());
    let two = vec![games[0].clone(), games[0].clone()];
    let (bytes, w) = write(&two, &WriteOptions::default());
    assert_eq!(codes(&w), ["E441"]);
    assert_eq!(w.count(Severity::Error), 1);
    let (back, _) = read_bytes(&bytes);
    assert_eq!(back.len(), 1);
}

// ---- through SGF --------------------------------------------------------------

fn sgf_text(games: &[Game]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut r = Reporter::collecting("sgf");
    {
        let mut w = sgfconv::formats::sgf::SgfWriter::new(
            Box::new(&mut out),
            &WriteOptions::default(),
            false,
        )
        .unwrap();
        for g in games {
            g.replay(&mut w, &mut r).unwrap();
        }
        sgfconv::Sink::finish(&mut w, &mut r).unwrap();
    }
    out
}

fn read_sgf(bytes: &[u8]) -> Vec<Game> {
    let mut r = Reporter::collecting("in.sgf");
    collect_games(
        |s, r| {
            let options = ReadOptions::default();
            sgfconv::formats::read(sgfconv::Format::Sgf, &mut &bytes[..], &options, s, r)
        },
        &mut r,
    )
    .unwrap()
}

#[test]
fn ugf_to_sgf_to_ugf_keeps_everything() {
    for name in ["figure.ugf", "review.ugi", "header.ugf"] {
        assert_ugf_to_sgf_to_ugf_keeps_everything(name, &std::fs::read(corpus(name)).unwrap());
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn amateur_ugf_to_sgf_to_ugf_keeps_everything() {
    let Some(p) = shared("corpus/ugf/sabaki/amateur.ugf") else {
        return;
    };
    assert_ugf_to_sgf_to_ugf_keeps_everything("amateur.ugf", &std::fs::read(p).unwrap());
}

/// UGF → SGF → UGF reads back as the games of `bytes`, and the UGF written
/// from the SGF is the UGF written directly.
fn assert_ugf_to_sgf_to_ugf_keeps_everything(name: &str, bytes: &[u8]) {
    let (games, _) = read_bytes(bytes);
    let via_sgf = read_sgf(&sgf_text(&games));
    let (ugf, w) = write(&via_sgf, &WriteOptions::default());
    assert_eq!(codes(&w), Vec::<&str>::new(), "{name}");
    let (back, _) = read_bytes(&ugf);
    assert_eq!(back.len(), games.len(), "{name}");
    for (a, b) in games.iter().zip(&back) {
        assert_eq!(render(b), render(a), "{name}");
    }
    let (direct, _) = write(&games, &WriteOptions::default());
    assert_eq!(
        String::from_utf8_lossy(&ugf),
        String::from_utf8_lossy(&direct),
        "{name}"
    );
}

/// Moves of a tree, nodes without a move contracted: `B[pd](W[dd])(W[dp])`.
fn move_tree(g: &Game) -> String {
    fn norm(v: &str) -> &str {
        if v == "tt" {
            ""
        } else {
            v
        }
    }
    // Children with a move, looking through nodes without one.
    fn move_children(g: &Game, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        for c in g.node(id).children() {
            if g.node(c).mv().is_some() {
                out.push(c);
            } else {
                out.extend(move_children(g, c));
            }
        }
        out
    }
    let mut s = String::new();
    let mut stack: Vec<Option<NodeId>> = vec![];
    for c in move_children(g, 0).into_iter().rev() {
        stack.push(None);
        stack.push(Some(c));
    }
    let mut depth_guard = 0;
    while let Some(item) = stack.pop() {
        depth_guard += 1;
        assert!(depth_guard < 1_000_000);
        match item {
            None => s.push(')'),
            Some(id) => {
                let (c, v) = g.node(id).mv().unwrap();
                s.push('(');
                s.push(c);
                s.push('[');
                s.push_str(norm(v));
                s.push(']');
                for c in move_children(g, id).into_iter().rev() {
                    stack.push(None);
                    stack.push(Some(c));
                }
            }
        }
    }
    s
}

const CORE: &[&str] = &["PB", "PW", "BR", "WR", "KM", "HA", "RE", "DT", "SZ"];

fn core_info(g: &Game) -> Vec<(String, String)> {
    CORE.iter()
        .map(|&k| {
            let v = g.root().text(k).unwrap_or("").trim().to_string();
            // Equal in meaning: numbers by value, HA[0] = no HA, results
            // with the reason spelled out or not, dates by their days.
            let v = match k {
                "KM" | "HA" | "SZ" => {
                    let d = if k == "SZ" { 19.0 } else { 0.0 };
                    let x = v.parse::<f64>().unwrap_or(d);
                    if k == "HA" && x == 0.0 {
                        String::new()
                    } else {
                        format!("{x}")
                    }
                }
                "RE" => {
                    let l = v.to_lowercase();
                    match l.split_once('+') {
                        _ if l == "draw" || l == "jigo" => "0".to_string(),
                        Some((who, how)) => {
                            let how = match how {
                                "resign" => "r".to_string(),
                                "time" => "t".to_string(),
                                "forfeit" => "f".to_string(),
                                m => m
                                    .parse::<f64>()
                                    .map(|x| x.to_string())
                                    .unwrap_or(m.to_string()),
                            };
                            format!("{who}+{how}")
                        }
                        None => l,
                    }
                }
                // Dates by the dates they say, as every format reads them
                // (`29th September 2012` is `2012-09-29`).
                "DT" => match sgfconv::values::dates(&v) {
                    Some(d) => format!("{d:?}"),
                    None => v,
                },
                _ => v,
            };
            (k.to_string(), v)
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn sgf_to_ugf_to_sgf_keeps_main_line_and_core_info() {
    let Some(dir) = shared("corpus/sgf/ff4") else {
        return;
    };
    let files = common::sgf_files(&dir);
    let mut checked = 0;
    for f in &files {
        for (i, g) in read_sgf(&std::fs::read(f).unwrap()).into_iter().enumerate() {
            let sz = g.root().text("SZ").unwrap_or("19").trim().to_string();
            if sz != "19" {
                continue;
            }
            let (ugf, w) = write(std::slice::from_ref(&g), &WriteOptions::default());
            let (back, _) = read_bytes(&ugf);
            let b = &back[0];
            let want: Vec<String> = main_moves(&g)
                .into_iter()
                .map(|m| m.replace("[tt]", "[]"))
                .collect();
            assert_eq!(main_moves(b), want, "{} game {i}", f.display());
            // Core game info comes back unless the writer said it could not.
            let lost = w
                .collected()
                .first()
                .map(|d| d.message.clone())
                .unwrap_or_default();
            if !lost.is_empty() {
                eprintln!("{} game {i}: {lost}", f.display());
            }
            for ((k, a), (_, b)) in core_info(&g).iter().zip(core_info(b).iter()) {
                if !lost.contains(&format!("{k} as written"))
                    && !lost.contains(&format!("/{k} as written"))
                {
                    assert_eq!(b, a, "{} game {i}: {k} ({lost})", f.display());
                }
            }
            assert_eq!(move_tree(b), move_tree(&g), "{} game {i}", f.display());
            checked += 1;
        }
    }
    eprintln!("{checked} games checked");
    assert!(checked >= 20, "{checked}");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn sgf_variations_come_back_through_figures() {
    let Some(dir) = shared("corpus/sgf/variations") else {
        return;
    };
    let files = common::sgf_files(&dir);
    let mut checked = 0;
    for f in &files {
        for (i, g) in read_sgf(&std::fs::read(f).unwrap()).into_iter().enumerate() {
            let (ugf, w) = write(std::slice::from_ref(&g), &WriteOptions::default());
            let (back, r) = read_bytes(&ugf);
            let lost = w
                .collected()
                .first()
                .map(|d| d.message.clone())
                .unwrap_or_default();
            if lost.contains("setup stones") || !r.collected().is_empty() {
                eprintln!("{} game {i}: {lost} / {:?}", f.display(), codes(&r));
            }
            if back.len() == 1 {
                assert_eq!(
                    move_tree(&back[0]),
                    move_tree(&g),
                    "{} game {i}",
                    f.display()
                );
                checked += 1;
            } else {
                eprintln!("{} game {i}: {} figure trees", f.display(), back.len() - 1);
            }
        }
    }
    eprintln!("{checked} games checked");
    assert!(checked >= 15, "{checked}");
}

// ---- no panics ----------------------------------------------------------------

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    fn seeds() -> Vec<Vec<u8>> {
        ["figure.ugf", "review.ugi", "header.ugf"]
            .iter()
            .map(|f| std::fs::read(corpus(f)).unwrap())
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 150, .. ProptestConfig::default() })]

        /// Damaged files (bytes replaced, lines cut) read without panicking,
        /// and what is read can be written and read again.
        #[test]
        fn damaged_files_do_not_panic(seed in 0usize..3, edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..12), cut in any::<usize>()) {
            let mut bytes = seeds()[seed].clone();
            for (at, b) in edits {
                let i = at % bytes.len();
                bytes[i] = b;
            }
            bytes.truncate(cut % (bytes.len() + 1));
            let mut r = Reporter::collecting("fuzz");
            if let Ok(games) = collect_games(|s, r| ugf::read(&mut &bytes[..], &ReadOptions::default(), s, r), &mut r) {
                for review in [false, true] {
                    let opts = { let mut o = WriteOptions::default(); o.ugf_review = review; o };
                    let (out, _) = write(&games, &opts);
                    let _ = read_bytes(&out);
                }
            }
        }
    }
}

#[test]
fn writer_handles_odd_sgf() {
    let sgf = b"(;GM[1]FF[4]SZ[19:13]AB[aa:cb]LB[zz:x][dd:y]C[.EndText\n[Data]\nok];B[zz];W[tt];B[dd]N[name]TR[aa])";
    let games = read_sgf(sgf);
    let (bytes, w) = write(&games, &WriteOptions::default());
    let msg = &w.collected()[0].message;
    for part in [
        "non-square board size 19:13",
        "move `zz` off the board",
        "labels off the board",
        "comment lines that look like UGF syntax",
        "N (main line)",
        "TR (main line)",
    ] {
        assert!(msg.contains(part), "{part}: {msg}");
    }
    let (back, _) = read_bytes(&bytes);
    let g = &back[0];
    assert_eq!(values(g, 0, "AB"), ["aa", "ba", "ca", "ab", "bb", "cb"]);
    assert_eq!(values(g, 0, "LB"), ["dd:y"]);
    assert_eq!(g.root().text("C"), Some("'.EndText\n'[Data]\nok"));
    assert_eq!(main_moves(g), ["B[]", "W[]", "B[dd]"]);

    let big = read_sgf(b"(;GM[1]SZ[37];B[aa])");
    let mut out = Vec::new();
    let mut r = Reporter::collecting("big");
    let mut w = ugf::writer(Box::new(&mut out), &WriteOptions::default()).unwrap();
    big[0].replay(&mut *w, &mut r).unwrap();
    match w.finish(&mut r) {
        Err(sgfconv::Error::Unwritable { code, .. }) => assert_eq!(code.id, "E442"),
        other => panic!("{other:?}"),
    }
}
