//! What the structured formats (JSON, XML, Jago XML, CSV) share without
//! knowing each other: the flat game model and coordinate conversions.

pub mod coords;
pub mod flat;
