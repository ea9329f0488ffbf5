//! NGF reader and writer, checked file by file against the real corpus
//! (`../shared/corpus/ngf`, skipped with a message when absent) and against
//! our own samples (`corpus/ngf`).

use pretty_assertions::assert_eq;
use sgfconv::formats::{ngf, ReadOptions, WriteOptions};
use sgfconv::game::{collect_games, Game};
use sgfconv::{Diagnostic, Reporter, Sink};
use std::path::{Path, PathBuf};

fn shared(rel: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/ngf")
        .join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!("SKIP: {} not found (../shared absent)", p.display());
        None
    }
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
    let mut report = Reporter::collecting("test.ngf");
    let games = collect_games(
        |sink: &mut dyn Sink, r: &mut Reporter| ngf::read(&mut &bytes[..], options, sink, r),
        &mut report,
    )
    .expect("readable");
    assert_eq!(games.len(), 1);
    (games.into_iter().next().unwrap(), report.take_collected())
}

fn write_game(g: &Game, options: &WriteOptions) -> (Vec<u8>, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let mut report = Reporter::collecting("out.ngf");
    {
        let mut w = ngf::writer(Box::new(&mut out), options).unwrap();
        g.replay(&mut *w, &mut report).unwrap();
        w.finish(&mut report).unwrap();
    }
    (out, report.take_collected())
}

fn moves(g: &Game) -> Vec<String> {
    g.main_line()
        .iter()
        .filter_map(|id| g.node(*id).mv().map(|(c, p)| format!("{c}[{p}]")))
        .collect()
}

const CORE: [&str; 11] = [
    "SZ", "PB", "BR", "PW", "WR", "KM", "RE", "DT", "HA", "AB", "PC",
];

fn core(g: &Game) -> Vec<String> {
    CORE.iter()
        .filter_map(|id| {
            g.root().get(id).map(|p| {
                let v: Vec<&str> = p.values().iter().map(|v| v.text()).collect();
                format!("{id}={}", v.join("|"))
            })
        })
        .collect()
}

fn codes(d: &[Diagnostic]) -> Vec<&str> {
    d.iter().map(|d| d.code.id).collect()
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
            "BR=5d",
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
            "BR=22k",
            "PW=querdak5",
            "WR=21k",
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
            "BR=4d",
            "PW=wyh1207",
            "WR=7d",
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
            "BR=5d",
            "PW=ace550",
            "WR=7d",
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
fn rotate_180_turns_every_move() {
    let Some(p) = shared("sabaki/even.ngf") else {
        return;
    };
    let rotated = ReadOptions {
        ngf_rotate_180: true,
        ..ReadOptions::default()
    };
    let (g, _) = read_bytes(&std::fs::read(p).unwrap(), &rotated);
    assert_eq!(&moves(&g)[..4], ["B[cp]", "W[pp]", "B[dc]", "W[pd]"]);
}

#[test]
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
    let mut report = Reporter::collecting("x");
    let mut sink = sgfconv::sink::EventLog::default();
    let r = ngf::read(
        &mut &b""[..],
        &ReadOptions::default(),
        &mut sink,
        &mut report,
    );
    assert!(matches!(
        r,
        Err(sgfconv::Error::Unreadable { code: "E250", .. })
    ));
    for junk in [
        &b"GI\nGI\n"[..],
        b"x\n999\n\n\n\n-3\n\nz\n\n\n\n\nPMZZBZZZZ\nIDB[99] a\n",
        b"PM\xff\xfe\nPMABB\n",
    ] {
        let mut sink = sgfconv::sink::EventLog::default();
        let _ = ngf::read(
            &mut &junk[..],
            &ReadOptions::default(),
            &mut sink,
            &mut report,
        );
    }
}

// ---------------------------------------------------------------------------
// SGF → NGF → SGF over every 19×19 game of ../shared/corpus/sgf/ff4

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sgf_files(&p, out);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
}

fn read_sgf(path: &Path) -> Vec<Game> {
    let bytes = std::fs::read(path).unwrap();
    let mut report = Reporter::collecting("in.sgf");
    collect_games(
        |sink: &mut dyn Sink, r: &mut Reporter| {
            sgfconv::formats::read(
                sgfconv::Format::Sgf,
                &mut &bytes[..],
                &ReadOptions::default(),
                sink,
                r,
            )
        },
        &mut report,
    )
    .unwrap_or_default()
}

/// Main-line moves as the format keeps them: `tt` is a pass on 19×19.
fn main_moves(g: &Game) -> Vec<String> {
    moves(g)
        .into_iter()
        .map(|m| {
            if m.ends_with("[tt]") {
                format!("{}[]", &m[..1])
            } else {
                m
            }
        })
        .collect()
}

fn tenths(v: Option<&str>) -> Option<i64> {
    let v = v.unwrap_or("0").trim();
    let f: f64 = v.parse().ok()?;
    let t = (f * 10.0).round();
    ((t - f * 10.0).abs() < 1e-6).then_some(t as i64)
}

/// The canonical form of an RE the formats carry, `None` for others.
fn canonical_re(re: &str) -> Option<String> {
    let re = re.trim();
    if re == "0" || re.eq_ignore_ascii_case("draw") {
        return Some("0".into());
    }
    let (w, how) = re.split_once('+')?;
    if !matches!(w, "B" | "W") {
        return None;
    }
    let how = match how.to_ascii_uppercase().as_str() {
        "R" | "RESIGN" => "R".to_string(),
        "T" | "TIME" => "T".to_string(),
        "F" | "FORFEIT" => "F".to_string(),
        "" => String::new(),
        n => {
            let t = tenths(Some(n)).filter(|t| *t > 0)?;
            if t % 10 == 0 {
                (t / 10).to_string()
            } else {
                format!("{}.{}", t / 10, t % 10)
            }
        }
    };
    Some(format!("{w}+{how}"))
}

/// Checks that `back` (read from what we wrote) keeps the main line and the
/// core game info of `orig`, except what the writer's one warning lists.
fn assert_core_kept(orig: &Game, back: &Game, lost: &str, what: &str) {
    let text = |g: &Game, id: &str| {
        g.root()
            .text(id)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let mut want = main_moves(orig);
    if lost.contains("moves after the 675th") {
        // The two-letter move counter ends at ZZ.
        want.truncate(675);
    }
    assert_eq!(main_moves(back), want, "{what}: moves");
    for id in ["PB", "PW"] {
        if !lost.contains(&format!("{id}/")) {
            assert_eq!(text(back, id), text(orig, id), "{what}: {id}");
        }
    }
    // Ranks come back in the SGF form: `3段` is read back as `3d`.
    for id in ["BR", "WR"] {
        if lost.contains(&format!("/{id}")) {
            continue;
        }
        let norm = |g: &Game| text(g, id).map(|r| ngf::normalize_rank(&r));
        assert_eq!(norm(back), norm(orig), "{what}: {id}");
    }
    if !lost.contains("KM") {
        assert_eq!(
            tenths(back.root().text("KM")),
            tenths(orig.root().text("KM")),
            "{what}: KM"
        );
    }
    match text(orig, "RE").as_deref().map(canonical_re) {
        Some(Some(re)) => assert_eq!(text(back, "RE"), Some(re), "{what}: RE"),
        Some(None) => assert!(lost.contains("RE"), "{what}: RE loss not reported"),
        None => assert_eq!(text(back, "RE"), None, "{what}: RE"),
    }
    match text(orig, "DT") {
        Some(dt) if dt.len() >= 10 && dt.as_bytes()[4] == b'-' && dt.as_bytes()[7] == b'-' => {
            assert_eq!(text(back, "DT").as_deref(), dt.get(..10), "{what}: DT")
        }
        Some(_) => assert!(lost.contains("DT"), "{what}: DT loss not reported"),
        None => assert_eq!(text(back, "DT"), None, "{what}: DT"),
    }
    if lost.contains("AB") || lost.contains("HA") {
        return;
    }
    assert_eq!(
        text(back, "HA").unwrap_or_else(|| "0".into()),
        text(orig, "HA").filter(|h| h != "1").unwrap_or_else(|| {
            // AB alone on the handicap points counts as a handicap.
            orig.root()
                .get("AB")
                .map_or("0".into(), |p| p.values().len().to_string())
        }),
        "{what}: HA"
    );
}

#[test]
fn sgf_ff4_corpus_keeps_main_line_and_core_info_through_ngf() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/sgf/ff4");
    if !dir.exists() {
        println!("SKIP: {} not found (../shared absent)", dir.display());
        return;
    }
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    files.sort();
    let mut checked = 0;
    for f in &files {
        for (i, g) in read_sgf(f).iter().enumerate() {
            let size = g.root().text("SZ").unwrap_or("19").trim().to_string();
            if size != "19" {
                continue;
            }
            let what = format!("{} game {i}", f.display());
            let (out, diags) = write_game(g, &WriteOptions::default());
            let lost: String = diags.iter().map(|d| d.message.clone()).collect();
            assert!(
                diags.iter().all(|d| d.code.id == "W420"),
                "{what}: {diags:?}"
            );
            let (back, _) = read_bytes(&out, &ReadOptions::default());
            assert_core_kept(g, &back, &lost, &what);
            checked += 1;
        }
    }
    println!("{checked} games checked");
    assert!(checked >= 30, "only {checked} 19×19 games found");
}

fn convert(bytes: &[u8], from: sgfconv::Format, to: sgfconv::Format) -> Vec<u8> {
    let mut out = Vec::new();
    let mut report = Reporter::collecting("x");
    sgfconv::convert(
        &mut &bytes[..],
        from,
        &mut out,
        to,
        &sgfconv::Options::default(),
        &mut report,
    )
    .unwrap();
    out
}

/// NGF → SGF text → NGF gives the original file back, line ends aside.
#[test]
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
fn damaged_copies_never_panic() {
    let Some(dir) = shared("") else { return };
    for sub in std::fs::read_dir(&dir).unwrap() {
        for f in std::fs::read_dir(sub.unwrap().path()).unwrap() {
            let bytes = std::fs::read(f.unwrap().path()).unwrap();
            for cut in (0..bytes.len()).step_by(97) {
                let mut damaged = bytes[..cut].to_vec();
                damaged.extend(
                    bytes[cut..]
                        .iter()
                        .skip(2)
                        .map(|b| b.wrapping_add(cut as u8 % 5)),
                );
                for input in [&bytes[..cut], &damaged[..]] {
                    let mut report = Reporter::collecting("x");
                    let mut sink = sgfconv::game::GameBuilder::new(|g: Game, r: &mut Reporter| {
                        write_game(&g, &WriteOptions::default());
                        let _ = r;
                        Ok(())
                    });
                    let _ = ngf::read(
                        &mut &input[..],
                        &ReadOptions::default(),
                        &mut sink,
                        &mut report,
                    );
                }
            }
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

/// Plays `moves` from `stones` (black) with captures; `Err(n)` when move
/// `n` (1-based) lands on an occupied point.
fn replay(stones: &[&str], moves: &[String]) -> Result<(), usize> {
    use std::collections::HashMap;
    let pt = |s: &str| {
        let b = s.as_bytes();
        ((b[0] - b'a') as i32, (b[1] - b'a') as i32)
    };
    let mut board: HashMap<(i32, i32), char> = stones.iter().map(|s| (pt(s), 'B')).collect();
    let neighbours = |(x, y): (i32, i32)| {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .into_iter()
            .filter(|(a, b)| (0..19).contains(a) && (0..19).contains(b))
    };
    for (i, m) in moves.iter().enumerate() {
        let colour = m.chars().next().unwrap();
        let v = &m[2..m.len() - 1];
        if v.is_empty() {
            continue;
        }
        let p = pt(v);
        if board.contains_key(&p) {
            return Err(i + 1);
        }
        board.insert(p, colour);
        for n in neighbours(p) {
            if board.get(&n).is_some_and(|c| *c != colour) {
                // Flood the group; capture it when it has no liberty.
                let c = board[&n];
                let (mut group, mut stack, mut free) = (vec![n], vec![n], false);
                while let Some(q) = stack.pop() {
                    for r in neighbours(q) {
                        match board.get(&r) {
                            None => free = true,
                            Some(x) if *x == c && !group.contains(&r) => {
                                group.push(r);
                                stack.push(r);
                            }
                            _ => {}
                        }
                    }
                }
                if !free {
                    for s in group {
                        board.remove(&s);
                    }
                }
            }
        }
    }
    Ok(())
}
