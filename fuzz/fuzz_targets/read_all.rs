//! Every reader, on the same bytes: none may panic, hang or crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sgfconv_fuzz::read_all(data);
});
