//! What the structured formats (JSON, XML, Jago XML, CSV) share without
//! knowing each other: the flat game model and its streaming writer,
//! coordinate conversions, XML escaping, and a line counter for readers
//! whose parsers only report byte offsets.
//!
//! * `flat.rs`: the flat game model (JSON, XML, CSV), its replay into
//!   events and its collection from them;
//! * `stream.rs`: the flat model written node by node, for the JSON and
//!   XML writers, which give only their syntax;
//! * `markup.rs`: XML text for sgfconv XML and Jago XML (one escaper, a
//!   policy for what XML cannot carry; reading attributes);
//! * `coords.rs`: SGF points, GTP vertices and `x`,`y`;
//! * `out.rs`: the JSON and XML writers' reused output buffer;
//! * `faults.rs`: syntax faults and tokens too long, said alike by every
//!   reader, and the line counter that places them;
//! * `testing.rs`: helpers for the formats' tests.

pub mod codes;
pub mod coords;
mod faults;
pub mod flat;
pub mod markup;
pub mod out;
pub mod stream;
#[cfg(test)]
pub mod testing;

pub use faults::{syntax_fault, too_long, LineCounter};
