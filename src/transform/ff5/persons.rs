//! `PI` (and `IP`) of the `FF[5]` draft in an `FF[5]` root: the persons
//! `FF[4]` has a property for go to it, the others stay in `PI`.
//!
//! What an entry says is read in `values` ([`read_person`]); this part
//! puts it in the root. A property the root holds already is never
//! replaced: the entry stays in `PI` then.

use crate::diag::{At, Reporter};
use crate::event::PropertyBuf;
use crate::transform::codes::{FF5_PERSONS, FF5_PERSON_UNREADABLE};
use crate::values::read_person;

/// Rewrites the draft `PI`/`IP` of `root`, if it has one.
pub(super) fn persons(root: &mut Vec<PropertyBuf>, report: &mut Reporter) {
    let Some(i) = root.iter().position(|p| p.name == "PI" || p.name == "IP") else {
        return;
    };
    let pos = root[i].pos;
    let mut entries: Vec<String> = Vec::new();
    root.retain(|p| {
        let draft = p.name == "PI" || p.name == "IP";
        if draft {
            entries.extend(p.values().iter().map(|v| v.text().to_string()));
        }
        !draft
    });
    let mut mapped: Vec<(&'static str, Vec<String>)> = Vec::new();
    let mut kept = PropertyBuf::new("PI").at(pos);
    let mut read = String::new();
    for e in &entries {
        let Some((role, name)) = read_person(e) else {
            report.report(
                FF5_PERSON_UNREADABLE,
                At::property("PI", pos),
                format!("PI[{e}] names no role (key:name): kept as written"),
            );
            kept.push(e);
            continue;
        };
        match role
            .ff4_property()
            .filter(|id| !root.iter().any(|p| p.name == *id))
        {
            Some(id) => {
                read.push_str(&format!("[{e}]"));
                match mapped.iter_mut().find(|(m, _)| *m == id) {
                    Some((_, names)) => names.push(name.to_string()),
                    None => mapped.push((id, vec![name.to_string()])),
                }
            }
            None => {
                // `key:name`, a compose value as the draft has it.
                let key = e.split_once(':').map_or("", |(k, _)| k.trim());
                kept.push_compose(key, name);
            }
        }
    }
    let at = i.min(root.len());
    let mut said: Vec<String> = Vec::new();
    for (n, (id, names)) in mapped.iter().enumerate() {
        let joined = names.join(" & ");
        said.push(format!("{id}[{joined}]"));
        root.insert(
            at + n,
            PropertyBuf::with_values(*id, &[joined.as_str()]).at(pos),
        );
    }
    let kept_n = kept.values().len();
    if kept_n > 0 {
        root.insert(at + mapped.len(), kept);
    }
    report.report(FF5_PERSONS, At::property("PI", pos), || {
        let to = if said.is_empty() {
            "none to an FF[4] property".to_string()
        } else {
            format!("PI{read} written {}", said.join(" "))
        };
        format!("the FF[5] draft's persons read: {to}; {kept_n} entr(ies) kept in PI")
    });
}
