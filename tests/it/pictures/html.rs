//! `-t html` (formats/html.md): the page is self-contained (nothing loads
//! from elsewhere), holds every game of the run as data the script reads
//! back exactly, cannot be broken out of by a record's text, stays under
//! 200 KB for a 300-move game, and is the same bytes every time.

use crate::common;

use crate::common::long_game;

use common::{run, text};
use long_game::long_game;
use serde_json::Value;

const DATA_OPEN: &str = "<script type=\"application/json\" id=\"sgfconv-data\">";

fn page(args: &[&str], sgf: &str) -> String {
    let mut all = vec!["-f", "sgf", "-t", "html"];
    all.extend_from_slice(args);
    let out = run(&all, sgf.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// The page's embedded data, parsed.
fn data(page: &str) -> Value {
    let start = page.find(DATA_OPEN).expect("the data element") + DATA_OPEN.len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("the data is JSON")
}

#[test]
fn the_page_is_self_contained() {
    let p = page(&[], "(;SZ[9];B[cc];W[gg])");
    let lower = p.to_ascii_lowercase();
    for bad in [
        " src=",
        " href=",
        "<link",
        "@import",
        "<iframe",
        "fetch(",
        "xmlhttprequest",
    ] {
        assert!(!lower.contains(bad), "the page holds {bad:?}");
    }
    // The only URL is the SVG namespace, a name that nothing loads.
    assert_eq!(
        lower.matches("http").count(),
        lower.matches("\"http://www.w3.org/2000/svg\"").count()
    );
    assert!(
        !lower.contains("url(") || lower.matches("url(").count() == lower.matches("url(#").count()
    );
    assert!(p.starts_with("<!DOCTYPE html>\n"));
    assert!(p.ends_with("</html>\n"));
}

#[test]
fn a_300_move_game_is_under_200_kb() {
    let (sgf, _) = long_game(300);
    let p = page(&[], &sgf);
    println!("300-move game: {} bytes of page", p.len());
    assert!(p.len() < 200 * 1024, "{} bytes", p.len());
    let d = data(&p);
    assert_eq!(d["games"][0]["nodes"].as_array().unwrap().len(), 301);
}

#[test]
fn every_game_of_the_run_is_on_the_page() {
    let p = page(
        &[],
        "(;PB[Ann];B[aa])(;GN[Second];B[bb])(;SZ[13];B[cc];W[dd])",
    );
    let d = data(&p);
    let games = d["games"].as_array().unwrap();
    let titles: Vec<&str> = games.iter().map(|g| g["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Ann – White", "Second", "Game 3"]);
    assert_eq!(games[2]["cols"], 13);
    assert!(p.contains("<title>3 games</title>"));
}

#[test]
fn the_tree_info_and_markup_reach_the_page() {
    let sgf =
        "(;SZ[19]PB[B]PW[W]RE[W+R]AB[dd][pp:qq];B[cd]C[hello]N[Opening]TR[cd]LB[ee:x]AR[aa:bb]\
               (;W[de]MA[dd])(;W[ef]SL[aa:ab]))";
    let d = data(&page(&[], sgf));
    let g = &d["games"][0];
    assert_eq!(g["info"][2], serde_json::json!(["RE", "W+R"]));
    let n = g["nodes"].as_array().unwrap();
    assert_eq!(n[0][1]["AB"], serde_json::json!(["dd", "pp:qq"]));
    assert_eq!(n[1][1]["C"], "hello");
    assert_eq!(n[1][1]["N"], "Opening");
    assert_eq!(n[1][1]["LB"], "ee:x");
    assert_eq!(n[1][1]["AR"], "aa:bb");
    assert_eq!((n[2][0].as_i64(), n[3][0].as_i64()), (Some(1), Some(1)));
    assert_eq!(n[3][1]["SL"], "aa:ab");
}

#[test]
fn record_text_cannot_break_out_of_the_data() {
    // C0 controls and DEL never reach a writer from SGF text (the reader
    // drops them, E105): the page of such a record holds none either.
    let controls = "(;PB[a\u{1}\u{1b}\u{7f}b];C[x\u{1b}[2J])";
    let out = run(&["-f", "sgf", "-t", "html"], controls.as_bytes());
    let p = text(&out.stdout);
    assert!(p.contains("<html") || p.contains("<!DOCTYPE"), "{p}");
    assert!(!p.contains('\u{1b}') && !p.contains('\u{1}') && !p.contains('\u{7f}'));
    let nasty = "</script><script>alert(1)</script><!-- \u{85}\u{2028} & <b>";
    let sgf = format!("(;PB[{nasty}]GN[x];B[aa]C[{nasty}]N[</SCRIPT >])");
    let p = page(&[], &sgf);
    // Two scripts: the data and the replay; each closed once.
    assert_eq!(p.to_ascii_lowercase().matches("</script").count(), 2);
    assert_eq!(p.matches("<!--").count(), 0);
    assert!(!p.contains('\u{1b}') && !p.contains('\u{85}') && !p.contains('\u{1}'));
    let d = data(&p);
    let node = &d["games"][0]["nodes"][1][1];
    assert_eq!(node["C"], nasty);
    assert_eq!(node["N"], "</SCRIPT >");
    let title = p
        .split("<title>")
        .nth(1)
        .unwrap()
        .split("</title>")
        .next()
        .unwrap();
    assert!(
        title.starts_with("&lt;/script&gt;&lt;script&gt;alert(1)"),
        "{title}"
    );
}

#[test]
fn coordinates_follow_the_options() {
    let sgf = "(;SZ[9];B[aa])";
    let d = data(&page(&[], sgf));
    assert_eq!(d["games"][0]["colLabels"][8], "J");
    let d = data(&page(&["--coords", "sgf"], sgf));
    assert_eq!(d["games"][0]["colLabels"][8], "i");
    assert_eq!(d["games"][0]["rowLabels"][0], "a");
    let d = data(&page(&["--no-coords"], sgf));
    assert_eq!(d["games"][0]["colLabels"], serde_json::json!([]));
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let (sgf, _) = long_game(60);
    assert_eq!(page(&[], &sgf), page(&[], &sgf));
}

#[test]
fn no_game_is_an_error_and_other_options_are_refused() {
    let out = run(&["-f", "sgf", "-t", "html"], b"");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("E750"), "{}", text(&out.stderr));
    let out = run(&["-f", "sgf", "-t", "html", "--at", "3"], b"(;B[aa])");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

#[test]
fn html_is_not_read() {
    let out = run(&["-f", "html"], b"<html></html>");
    assert!(!out.status.success());
}
