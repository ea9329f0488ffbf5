//! Character sets: names, byte-order marks, detection and decoding.
//!
//! Every reader turns its bytes into UTF-8 through this module, so the rules
//! for legacy names (`SJIS`, `KS_C_5601-1987`, `GB2312`...) and for choosing a
//! superset decoder live in one place.
//!
//! The parts: the names people and records give character sets, their
//! byte-order marks and byte structure (`names.rs`); decoding and encoding
//! with the offsets of what did not convert (`codec.rs`); statistical
//! detection (`detect.rs`, scoring candidates with `score.rs`); and the
//! repair of text decoded with the wrong character set (`mojibake.rs`).

mod codec;
mod detect;
mod mojibake;
mod names;
mod score;

pub use codec::{decode, decode_into, decode_text_into, decodes_cleanly, encode_into, Stray};
pub use detect::{detect, Guess};
pub use mojibake::repair_mojibake;
pub use names::{
    bom, ca_name, has_unsafe_trail_bytes, is_ascii_compatible, is_lead_byte, lookup,
    output_encoding, utf32_bom, COMMON_LABELS,
};
