//! SGF in UTF-16 and UTF-32 without a byte-order mark (the FF[4] validator):
//! known by the NUL bytes of its ASCII syntax, from a file, from stdin and
//! in `migrate`; and `--encoding UTF-16LE`/`UTF-16BE` honoured. Each
//! converts to exactly what the same record in UTF-8 converts to.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const RECORD: &str = "(;GM[1]FF[4]SZ[19]PB[李世乭]PW[柯洁]C[héllo]\n;B[pd];W[dp])";

fn sgfconv(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(bytes) = stdin {
        input.write_all(bytes).unwrap();
    }
    drop(input);
    child.wait_with_output().unwrap()
}

/// `RECORD` in a wide encoding, without a byte-order mark.
fn encode(name: &str) -> Vec<u8> {
    let units: Vec<u16> = RECORD.encode_utf16().collect();
    match name {
        "UTF-16LE" => units.iter().flat_map(|u| u.to_le_bytes()).collect(),
        "UTF-16BE" => units.iter().flat_map(|u| u.to_be_bytes()).collect(),
        "UTF-32LE" => RECORD
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect(),
        "UTF-32BE" => RECORD
            .chars()
            .flat_map(|c| (c as u32).to_be_bytes())
            .collect(),
        _ => unreachable!(),
    }
}

const WIDE: [&str; 4] = ["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"];

fn utf8_conversion(dir: &Path) -> Vec<u8> {
    let out = sgfconv(dir, &["-f", "sgf"], Some(RECORD.as_bytes()));
    assert_eq!(out.status.code(), Some(0));
    out.stdout
}

#[test]
fn wide_files_without_a_mark_convert_as_their_utf8_twin() {
    let dir = tempfile::tempdir().unwrap();
    let want = utf8_conversion(dir.path());
    for enc in WIDE {
        let file = format!("{enc}.sgf");
        std::fs::write(dir.path().join(&file), encode(enc)).unwrap();
        let out = sgfconv(dir.path(), &[&file], None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{enc}: {err}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&want),
            "{enc}"
        );
        // The decision is reported as detected, not as a byte-order mark.
        let out = sgfconv(dir.path(), &["check", "-v", &file], None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("encoding {enc} (detected")),
            "{enc}: {err}"
        );
    }
}

#[test]
fn wide_input_on_stdin_is_recognised_as_sgf() {
    let dir = tempfile::tempdir().unwrap();
    let want = utf8_conversion(dir.path());
    for enc in WIDE {
        let out = sgfconv(dir.path(), &[], Some(&encode(enc)));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{enc}: {err}");
        assert_eq!(out.stdout, want, "{enc}");
    }
}

#[test]
fn encoding_utf16_is_honoured() {
    let dir = tempfile::tempdir().unwrap();
    let want = utf8_conversion(dir.path());
    for enc in ["UTF-16LE", "UTF-16BE"] {
        std::fs::write(dir.path().join("x.sgf"), encode(enc)).unwrap();
        let out = sgfconv(dir.path(), &["--encoding", enc, "x.sgf"], None);
        assert_eq!(out.status.code(), Some(0), "{enc}");
        assert_eq!(out.stdout, want, "{enc}");
        let out = sgfconv(
            dir.path(),
            &["check", "-v", "--encoding", enc, "x.sgf"],
            None,
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("encoding {enc} (forced")),
            "{enc}: {err}"
        );
    }
}

#[test]
fn migrate_sniffs_wide_records_and_still_skips_binary_files() {
    // No record extension: migrate tells records from their content.
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir(&src).unwrap();
    std::fs::write(src.join("wide.txt"), encode("UTF-16BE")).unwrap();
    // NUL bytes that are not wide SGF: binary, not a record.
    std::fs::write(
        src.join("blob.txt"),
        b"(;\0\x01\x02\0\0\xff(;B[aa])\0\0\0\0\0\0",
    )
    .unwrap();
    let out = sgfconv(dir.path(), &["migrate", "src", "dst"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let converted = std::fs::read(dir.path().join("dst/wide.sgf")).expect(&err);
    assert_eq!(converted, utf8_conversion(dir.path()));
    assert!(!dir.path().join("dst/blob.sgf").exists(), "{err}");
    assert!(err.contains("1 other files ignored"), "{err}");
}
