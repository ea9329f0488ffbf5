//! The start of the program: on Linux it is linked at a fixed address
//! (build.rs), so that the loader has none of its relocations to apply
//! (docs/benchmarks.md, "Start-up"), unless built with `SGFCONV_PIE=1`.

use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sgfconv")
}

#[cfg(target_os = "linux")]
#[test]
fn the_program_is_linked_at_a_fixed_address() {
    if option_env!("SGFCONV_PIE") == Some("1") {
        eprintln!("SKIP: built with SGFCONV_PIE=1, a position-independent executable");
        return;
    }
    let head = std::fs::read(bin()).unwrap();
    assert_eq!(&head[..4], b"\x7fELF");
    // e_type, little-endian: 2 is ET_EXEC (fixed address), 3 ET_DYN (PIE).
    assert_eq!(u16::from_le_bytes([head[16], head[17]]), 2, "e_type");
}

#[test]
fn a_short_record_converts() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.sgf");
    std::fs::write(&input, "(;GM[1]SZ[9];B[ee];W[cc])").unwrap();
    let out = Command::new(bin()).arg("-q").arg(&input).output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "(;FF[4]\nCA[UTF-8]\nGM[1]\nSZ[9]\n;B[ee];W[cc])\n"
    );
}
