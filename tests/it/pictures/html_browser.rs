//! The `-t html` page in a real browser: headless Chromium (Debian's
//! `chromium`, installed by `.ci/run`) opens it from `file://`; the test
//! presses keys (through the DevTools protocol on a loopback websocket,
//! as a keyboard does), and checks the stones the script drew against
//! sgfconv's own board (captures included); then a screenshot of the
//! page at the position an address names (`#keys=…`), at stone points and
//! at an empty point.
//!
//! Without Chromium the tests print SKIP; under `CI=true` they fail.

use crate::common;
use crate::common::long_game;

use common::{run, text};
use serde_json::Value;
use sgfconv::board::Board;
use sgfconv::stone::{Colour, Point};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A 9 × 9 game: White's 8 captures the black stone at cc; at move 2 a
/// variation W[dd].
const GAME: &str =
    "(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bob];B[cc](;W[dc];B[ee];W[cd];B[gg];W[bc];B[hh];W[cb]\
                    C[captures];B[ff];W[gc];B[fc])(;W[dd]))";
const MAIN: &[&str] = &[
    "B cc", "W dc", "B ee", "W cd", "B gg", "W bc", "B hh", "W cb", "B ff", "W gc", "B fc",
];
const WINDOW: &str = "--window-size=1000,900";

/// The browser, or `None` (SKIP printed; under `CI=true`, a failure).
fn chromium() -> Option<PathBuf> {
    let names = ["chromium", "chromium-browser", "google-chrome"];
    let found = std::env::var_os("SGFCONV_CHROMIUM")
        .map(PathBuf::from)
        .into_iter()
        .chain(names.iter().map(PathBuf::from))
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        });
    if found.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true and chromium is not installed: the browser test must run in CI (.ci/run installs it)"
        );
        println!("SKIP: chromium is not installed: the HTML page is not tested in a browser");
    }
    found
}

/// Writes the page of `sgf` into `dir`.
fn write_page(dir: &Path, sgf: &str) -> PathBuf {
    let out = run(&["-f", "sgf", "-t", "html"], sgf.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let path = dir.join("game.html");
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

/// Runs the browser headless on `url` with `what` (`--dump-dom`,
/// `--screenshot=…`); its standard output. Killed after 60 s.
fn browse(browser: &Path, dir: &Path, what: &str, url: &str) -> String {
    let profile = tempfile::tempdir_in(dir).unwrap();
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            WINDOW,
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(what)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("chromium did not finish in 60 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    text(&child.wait_with_output().unwrap().stdout)
}

/// The value of attribute `name` in the tag `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    Some(&tag[start..start + tag[start..].find('"')?])
}

/// The tags named `name` in `dom`.
fn tags<'a>(dom: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name} ");
    dom.match_indices(&open)
        .map(|(i, _)| &dom[i..i + dom[i..].find('>').unwrap()])
        .collect()
}

/// What the page drew: the board's tag, and each stone's point → (colour
/// letter, cx, cy).
struct Drawn {
    svg: String,
    stones: BTreeMap<String, (String, f64, f64)>,
}

fn drawn(dom: &str) -> Drawn {
    let svg = tags(dom, "svg")
        .into_iter()
        .find(|t| t.contains("data-move"))
        .expect("the board is drawn")
        .to_string();
    let mut stones = BTreeMap::new();
    for c in tags(dom, "circle") {
        let Some(class) = attr(c, "class").and_then(|c| c.strip_prefix("stone ")) else {
            continue;
        };
        let num = |n| attr(c, n).unwrap().parse::<f64>().unwrap();
        let p = attr(c, "data-p").unwrap().to_string();
        stones.insert(p, (class.to_string(), num("cx"), num("cy")));
    }
    Drawn { svg, stones }
}

/// The stones after the moves `moves` ("B cc") on a 9 × 9 board, by
/// sgfconv's board.
fn expected(moves: &[&str]) -> BTreeMap<String, String> {
    let mut board = Board::new(9, 9).unwrap();
    for m in moves {
        let (c, p) = m.split_once(' ').unwrap();
        let colour = if c == "B" {
            Colour::Black
        } else {
            Colour::White
        };
        board.play(colour, Point::parse(p).unwrap());
    }
    stones_of(&board)
}

/// The stones on `board`, point → `b` or `w`.
fn stones_of(board: &Board) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for y in 0..board.rows() {
        for x in 0..board.cols() {
            let p = Point { x, y };
            if let Some(c) = board.get(p) {
                let letter = if c == Colour::Black { "b" } else { "w" };
                out.insert(p.to_string(), letter.to_string());
            }
        }
    }
    out
}

fn colours(d: &Drawn) -> BTreeMap<String, String> {
    d.stones
        .iter()
        .map(|(p, (c, _, _))| (p.clone(), c.clone()))
        .collect()
}

fn url(page: &Path, fragment: &str) -> String {
    format!("file://{}#{fragment}", page.display())
}

/// Key presses through the DevTools protocol, as a keyboard gives them.
const KEY_CODES: &[(&str, u32)] = &[
    ("PageUp", 33),
    ("PageDown", 34),
    ("End", 35),
    ("Home", 36),
    ("ArrowLeft", 37),
    ("ArrowUp", 38),
    ("ArrowRight", 39),
    ("ArrowDown", 40),
];

/// Chromium driven over its DevTools protocol (a websocket on the
/// loopback address): real key events into the page, and the board read
/// back from its DOM.
struct Devtools {
    child: std::process::Child,
    ws: tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
    session: String,
    next: u64,
    _profile: tempfile::TempDir,
}

impl Devtools {
    fn open(browser: &Path, dir: &Path, url: &str) -> Devtools {
        use std::io::BufRead;
        let profile = tempfile::tempdir_in(dir).unwrap();
        let mut child = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
            ])
            .args([
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                WINDOW,
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(url)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
        let ws_url = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| {
                l.split_once("DevTools listening on ")
                    .map(|(_, u)| u.trim().to_string())
            })
            .expect("chromium says where DevTools listens");
        std::thread::spawn(move || lines.for_each(drop));
        let (ws, _) = tungstenite::connect(ws_url.as_str()).unwrap();
        let mut d = Devtools {
            child,
            ws,
            session: String::new(),
            next: 0,
            _profile: profile,
        };
        let targets = d.call("Target.getTargets", serde_json::json!({}));
        let page = targets["targetInfos"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["type"] == "page")
            .expect("a page")["targetId"]
            .clone();
        let attached = d.call(
            "Target.attachToTarget",
            serde_json::json!({"targetId": page, "flatten": true}),
        );
        d.session = attached["sessionId"].as_str().unwrap().to_string();
        d.wait_for("document.readyState === 'complete' && !!document.querySelector('#board svg')");
        d
    }

    /// Sends a command (to the page once attached); its result.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let mut msg = serde_json::json!({"id": self.next, "method": method, "params": params});
        if !self.session.is_empty() {
            msg["sessionId"] = Value::from(self.session.clone());
        }
        self.ws
            .send(tungstenite::Message::text(msg.to_string()))
            .unwrap();
        loop {
            let m = self.ws.read().unwrap();
            let Ok(reply) = serde_json::from_str::<Value>(m.to_text().unwrap_or("")) else {
                continue;
            };
            if reply["id"] == self.next {
                assert!(reply.get("error").is_none(), "{method}: {reply}");
                return reply["result"].clone();
            }
        }
    }

    fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            serde_json::json!({"expression": expression, "returnByValue": true}),
        );
        r["result"]["value"].clone()
    }

    fn wait_for(&mut self, expression: &str) {
        let start = Instant::now();
        while self.eval(expression) != Value::Bool(true) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "page not ready: {expression}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Presses and releases `key` (`ArrowRight`).
    fn press(&mut self, key: &str) {
        let code = KEY_CODES
            .iter()
            .find(|k| k.0 == key)
            .expect("a known key")
            .1;
        for kind in ["rawKeyDown", "keyUp"] {
            let params = serde_json::json!({
                "type": kind, "key": key, "code": key,
                "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
            });
            self.call("Input.dispatchKeyEvent", params);
        }
    }

    /// Clicks the middle of the element `selector` names, as a mouse does.
    fn click(&mut self, selector: &str) {
        let js = format!(
            "(function () {{ var e = document.querySelector({selector:?}); \
             e.scrollIntoView({{block: 'center', inline: 'center'}}); var r = e.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2]; }}())"
        );
        let at = self.eval(&js);
        for kind in ["mousePressed", "mouseReleased"] {
            let params = serde_json::json!({
                "type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1,
            });
            self.call("Input.dispatchMouseEvent", params);
        }
    }

    /// The page's DOM now.
    fn dom(&mut self) -> String {
        self.eval("document.documentElement.outerHTML")
            .as_str()
            .unwrap()
            .to_string()
    }
}

impl Drop for Devtools {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn keys_move_through_the_game_with_exact_captures() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path(), GAME);
    let mut d = Devtools::open(&browser, dir.path(), &url(&page, ""));
    // End (11), back 3 (8), 10 back (the start), 10 forward (10), one
    // forward (11), one back (10).
    for k in ["End", "ArrowLeft", "ArrowLeft", "ArrowLeft"] {
        d.press(k);
    }
    assert_eq!(attr(&drawn(&d.dom()).svg, "data-move"), Some("8"));
    for k in ["PageUp", "PageDown", "ArrowRight", "ArrowLeft"] {
        d.press(k);
    }
    let shown = drawn(&d.dom());
    assert_eq!(attr(&shown.svg, "data-move"), Some("10"), "{}", shown.svg);
    let want = expected(&MAIN[..10]);
    assert!(
        !want.contains_key("cc"),
        "the black stone at cc is captured"
    );
    assert_eq!(colours(&shown), want);
    d.press("Home");
    assert_eq!(colours(&drawn(&d.dom())), BTreeMap::new());
}

#[test]
fn the_down_key_takes_the_next_variation() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path(), GAME);
    let mut d = Devtools::open(&browser, dir.path(), &url(&page, "move=4"));
    for k in ["ArrowLeft", "ArrowLeft", "ArrowDown"] {
        d.press(k);
    }
    let dom = d.dom();
    let shown = drawn(&dom);
    assert_eq!(attr(&shown.svg, "data-move"), Some("2"));
    assert_eq!(colours(&shown), expected(&["B cc", "W dd"]));
    assert!(
        dom.contains("Variation 2 of 2 at move 2"),
        "the variation is named"
    );
    d.press("ArrowUp");
    assert_eq!(colours(&drawn(&d.dom())), expected(&["B cc", "W dc"]));
    // A click on the tree's last dot (the variation W dd, node 12).
    d.click("#tree circle[data-n='12']");
    let shown = drawn(&d.dom());
    assert_eq!(attr(&shown.svg, "data-node"), Some("12"));
    assert_eq!(colours(&shown), expected(&["B cc", "W dd"]));
}

#[test]
fn a_300_move_game_ends_where_sgfconv_ends_it() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (sgf, board) = long_game::long_game(300);
    let page = write_page(dir.path(), &sgf);
    let mut d = Devtools::open(&browser, dir.path(), &url(&page, ""));
    d.press("End");
    let shown = drawn(&d.dom());
    assert_eq!(attr(&shown.svg, "data-move"), Some("300"));
    let want = stones_of(&board);
    assert!(want.len() < 300, "the game has captures");
    assert_eq!(colours(&shown), want);
}

#[test]
fn markup_labels_arrows_and_lines_are_drawn() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let sgf = "(;SZ[9];B[cc]TR[cc]SQ[dd]CR[ee]MA[ff]SL[gg]DD[hh]LB[aa:x][cc:y]AR[ab:cd]LN[ba:bi])";
    let page = write_page(dir.path(), sgf);
    let dom = browse(&browser, dir.path(), "--dump-dom", &url(&page, "move=1"));
    let svg = &dom[dom.find("data-move").unwrap()..dom.find("</svg>").unwrap()];
    let count = |needle: &str| svg.matches(needle).count();
    // The triangle on the black stone is white; the other marks black.
    assert_eq!(
        count("<path d=\"M"),
        4,
        "grid, arrowhead, triangle, cross: {svg}"
    );
    assert_eq!(count("class=\"mark on-b\""), 1);
    assert_eq!(count("class=\"mark on-e\""), 3, "square, circle, cross");
    assert_eq!(
        (count("class=\"selected\""), count("class=\"dim\"")),
        (1, 1)
    );
    assert!(svg.contains(">x</text>") && svg.contains("class=\"label on-b\">y</text>"));
    assert_eq!(count("class=\"line arrow\""), 1);
    assert_eq!(count("class=\"line\""), 1);
    assert_eq!(count("marker-end=\"url(#sgfconv-arrow)\""), 1);
    assert_eq!(count("class=\"last"), 0, "no last-move ring under a mark");
}

#[test]
fn the_screenshot_shows_the_stones() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path(), GAME);
    let at = url(&page, "keys=End,ArrowLeft");
    let d = drawn(&browse(&browser, dir.path(), "--dump-dom", &at));
    assert_eq!(attr(&d.svg, "data-move"), Some("10"), "the address's keys");
    let shot = dir.path().join("shot.png");
    browse(
        &browser,
        dir.path(),
        &format!("--screenshot={}", shot.display()),
        &at,
    );
    let pixels = Pixels::read(&shot);
    let view: Vec<f64> = attr(&d.svg, "viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let bx: Vec<f64> = attr(&d.svg, "data-box")
        .unwrap()
        .split(',')
        .map(|v| v.parse().unwrap())
        .collect();
    let scale = bx[2] / view[2];
    let at_px = |cx: f64, cy: f64| (bx[0] + cx * scale, bx[1] + cy * scale);
    // A stone's centre, and a point half a radius off it diagonally (off
    // the grid lines).
    let off = 5.5;
    let want = expected(&MAIN[..10]);
    for (p, (c, cx, cy)) in &d.stones {
        let centre = pixels.grey(at_px(*cx, *cy));
        let side = pixels.grey(at_px(cx + off, cy + off));
        match c.as_str() {
            "b" => assert!(
                centre < 60 && side < 60,
                "black stone at {p}: {centre} {side}"
            ),
            _ => assert!(
                centre > 200 && side > 200,
                "white stone at {p}: {centre} {side}"
            ),
        }
        assert_eq!(want.get(p), Some(c));
    }
    // cc, captured: an empty point, the grid crossing at its centre.
    let (ee, gg) = (&d.stones["ee"], &d.stones["gg"]);
    let cell = ((gg.1 - ee.1) / 2.0, (gg.2 - ee.2) / 2.0);
    let cc = (ee.1 - 2.0 * cell.0, ee.2 - 2.0 * cell.1);
    let (centre, side) = (
        pixels.grey(at_px(cc.0, cc.1)),
        pixels.grey(at_px(cc.0 + off, cc.1 + off)),
    );
    assert!(
        centre < 160 && side > 200,
        "empty point cc: {centre} {side}"
    );
}

/// A decoded screenshot.
struct Pixels {
    width: usize,
    channels: usize,
    data: Vec<u8>,
}

impl Pixels {
    fn read(path: &Path) -> Pixels {
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut data = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut data).unwrap();
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        Pixels {
            width: info.width as usize,
            channels: info.color_type.samples(),
            data,
        }
    }

    /// The mean of R, G and B at the pixel nearest (x, y).
    fn grey(&self, (x, y): (f64, f64)) -> u32 {
        let i = (y.round() as usize * self.width + x.round() as usize) * self.channels;
        (0..3).map(|k| u32::from(self.data[i + k])).sum::<u32>() / 3
    }
}

/// An address naming keys that every JavaScript object has
/// (`#keys=hasOwnProperty,constructor,toString,__proto__`) throws nothing
/// and presses nothing; the real keys beside them still move.
#[test]
fn keys_named_like_object_members_throw_nothing() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path(), GAME);
    let mut d = Devtools::open(&browser, dir.path(), &url(&page, ""));
    d.eval(
        "window.__errors = []; window.addEventListener('error', function (e) { \
         window.__errors.push(String(e.message)); }); true",
    );
    d.eval(
        "location.hash = 'keys=hasOwnProperty,ArrowRight*2,constructor,toString,\
         __proto__,valueOf,isPrototypeOf*3'; true",
    );
    d.wait_for("document.querySelector('#board svg').getAttribute('data-move') === '2'");
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(d.eval("window.__errors"), serde_json::json!([]));
    d.eval("location.hash = 'move=1&hasOwnProperty=1&__proto__=x&keys=ArrowRight'; true");
    d.wait_for("document.querySelector('#board svg').getAttribute('data-move') === '2'");
    assert_eq!(d.eval("window.__errors"), serde_json::json!([]));
    assert_eq!(colours(&drawn(&d.dom())), expected(&MAIN[..2]));
}
