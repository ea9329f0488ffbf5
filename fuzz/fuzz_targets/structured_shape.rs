//! Hand-written JSON and XML documents, any `parent`, `variation`, `gap`
//! and `tail`, into SGF: the SGF must read back with the same nodes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sgfconv_fuzz::structured_shape(data);
});
