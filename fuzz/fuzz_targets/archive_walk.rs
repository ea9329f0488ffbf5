//! Archives of every kind on the same bytes: no panic, no hang, no crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sgfconv_fuzz::archive_walk(data);
});
