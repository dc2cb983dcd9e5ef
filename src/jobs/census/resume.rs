//! Where a census with `keep` or `tally` resumes: the units and rows its sidecar records
//! as done, checked against the rows already in the output.

use super::Census;
use crate::error::{Error, Result};
use crate::graphs::Unit;
use crate::jobs::output::Output;

/// Where a census with `keep` or `tally` goes on after `rows` rows: the progress recorded
/// with them goes into `sidecar`. Without `keep` the rows are the positions, and the last
/// row is checked as without a plan; with it, the run goes on after the units recorded.
pub(super) fn resume_with_plan(
    census: &Census,
    plan: &crate::jobs::rows::RowPlan,
    sidecar: &mut crate::jobs::provenance::Sidecar,
    rows: u64,
    last: &Option<Vec<String>>,
    out: &std::path::Path,
) -> Result<(usize, usize, Vec<u64>)> {
    let resumed = crate::jobs::totals::resume_point(out, rows)?;
    let units = resumed.totals.units as usize;
    if units > census.units.len() {
        return Err(Error::usage(format!(
            "cannot resume {}: its sidecar records {units} units done, this job has {}",
            out.display(),
            census.units.len()
        )));
    }
    if !plan.keeps() {
        // Every position is a row: the rows must end with the units recorded (units
        // with no positions after the last row included).
        let (at, skip, _) = census.locate(rows, last.as_deref().unwrap_or(&[]), out)?;
        let empty = |u: &Unit| census.count(*u) == 0;
        if skip != 0 || at > units || !census.units[at..units].iter().all(empty) {
            return Err(Error::usage(format!(
                "cannot resume {}: its sidecar records {units} units done, its rows end in \
                 unit {at} after {skip} positions",
                out.display(),
            )));
        }
        if resumed.totals.positions != rows {
            return Err(Error::usage(format!(
                "cannot resume {}: its sidecar records {} positions done and {rows} rows",
                out.display(),
                resumed.totals.positions
            )));
        }
    }
    sidecar.census = Some(resumed.totals.progress());
    Ok((units, 0, resumed.unit_rows.unwrap_or_default()))
}

/// The running totals of a census with `keep` or `tally`, from what its sidecar records
/// (`None` without them).
pub(super) fn output_totals(
    output: &Output,
    plan: &crate::jobs::rows::RowPlan,
) -> Result<Option<crate::jobs::totals::Totals>> {
    if plan.is_plain() {
        return Ok(None);
    }
    let p = output.progress().unwrap_or_else(|| plan.start());
    crate::jobs::totals::Totals::from_progress(&p).map(Some)
}
