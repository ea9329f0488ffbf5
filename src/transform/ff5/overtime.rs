//! The machine-readable `OT` of the `FF[5]` draft in an `FF[5]` root: `TM`,
//! an `FF[4]` `OT` text, and the settings kept in the private `OTS`.
//!
//! What the settings say is read in `values` ([`read_draft_overtime`]);
//! this part puts it in the root. An `OT` of one value that is no setting
//! (`OT[5x30 byo-yomi]`, the `FF[4]` kind) stays as it is.

use crate::diag::{At, Reporter};
use crate::event::PropertyBuf;
use crate::transform::codes::{FF5_OVERTIME, FF5_OVERTIME_UNREADABLE};
use crate::values::read_draft_overtime;

/// Rewrites the draft `OT` of `root`, if it has one.
pub(super) fn overtime(root: &mut Vec<PropertyBuf>, report: &mut Reporter) {
    let Some(i) = root.iter().position(|p| p.name == "OT") else {
        return;
    };
    let values: Vec<String> = root[i]
        .values()
        .iter()
        .map(|v| v.text().to_string())
        .collect();
    let pos = root[i].pos;
    // The values as read (a reader may have split them at their first `:`).
    let mut kept = PropertyBuf::new("OTS").at(pos);
    kept.extend_values(root[i].values());
    let Some(ot) = read_draft_overtime(values.iter().map(String::as_str)) else {
        if values.len() > 1 {
            report.report(
                FF5_OVERTIME_UNREADABLE,
                At::property("OT", pos),
                format!("OT of {} values that are not the FF[5] draft's settings: kept as written in OTS", values.len()),
            );
            root[i] = kept;
        }
        return;
    };
    let text = ot.text();
    let mut said = Vec::new();
    if let Some(tm) = ot
        .main_time()
        .filter(|_| !root.iter().any(|p| p.name == "TM"))
    {
        said.push(format!("TM[{tm}]"));
        root.insert(i, PropertyBuf::with_values("TM", &[tm]).at(pos));
    }
    let i = root.iter().position(|p| p.name == "OT").unwrap_or(i);
    if text.is_empty() {
        root.remove(i);
    } else {
        said.push(format!("OT[{text}]"));
        root[i] = PropertyBuf::with_values("OT", &[text.as_str()]).at(pos);
    }
    root.insert(i + usize::from(!text.is_empty()), kept);
    report.report(FF5_OVERTIME, At::property("OT", pos), || {
        format!(
            "the FF[5] draft's OT read as one time control: {}, its settings kept in OTS",
            if said.is_empty() {
                "nothing for TM or OT".to_string()
            } else {
                said.join(" ")
            }
        )
    });
}
