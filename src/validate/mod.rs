//! The `FF[4]` validator (issue 13): check every property value against the
//! value type and format the standard gives it, and repair what can be
//! repaired without guessing, as SGFC does, and better.
//!
//! The plan, in three steps:
//!
//! 1. **Value normalizers** (this folder): pure functions from one value to
//!    a typed outcome: already valid, rewritten to its `FF[4]` form (with how
//!    it was read and what, if anything, the new form does not carry),
//!    ambiguous (the readings it could have), or unparsed (kept as it is,
//!    and why). [`gameinfo`] holds those of the game-info properties (`DT`,
//!    `TM`, `RE`, `KM`, `HA`, `SZ`) and of the `FF[4]` value types (number,
//!    real, double, color, simpletext); `board` the checks that need the
//!    position.
//! 2. **A transform** that runs them on the event stream, one node at a
//!    time, and reports each outcome as a diagnostic with the property's
//!    position.
//! 3. **The switches**: the rewrites on by default for SGF output, each
//!    switchable by name like the dialect rules.
//!
//! Only step 1 exists yet: nothing here is wired into a conversion, so no
//! output changes. `formats/validation.md` documents every normalization;
//! the code implements exactly that text.
//!
//! Layering: this module sits beside `formats` and `transform`, and uses
//! only the layers below them (`event`, `diag`, `error`, `options`,
//! `props`, `charset`).

pub mod gameinfo;
