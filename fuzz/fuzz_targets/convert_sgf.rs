//! Every reader into the SGF writer, and the output read back: the SGF we
//! write must read back as the same games and nodes, without errors.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sgfconv_fuzz::convert_sgf(data);
});
