//! Validating an override file's raw tables into domain tables, with every problem placed at
//! its line and column.

use super::overrides::{RawBand, RawFireRow, RawMelee, RawRangeRow, RawTerrainRow, RawVictory};
use super::tables::{
    FireResult, FireRow, FireTable, MeleeResult, MeleeTable, RangeRow, RangeTable, Span,
    TerrainChart, TerrainRow, VictoryBand, VictoryTable,
};
use crate::rules::Source;

/// Reads "7–10", "7-10", "46+" or "5".
pub(crate) fn parse_span(text: &str) -> Option<Span> {
    let t = text.trim().replace(['–', '—'], "-");
    if let Some(from) = t.strip_suffix('+') {
        return Some(Span {
            from: from.trim().parse().ok()?,
            to: None,
        });
    }
    match t.split_once('-') {
        Some((a, b)) if !a.trim().is_empty() => {
            let (from, to) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
            (from <= to).then_some(Span { from, to: Some(to) })
        }
        _ => {
            let n = t.parse().ok()?;
            Some(Span {
                from: n,
                to: Some(n),
            })
        }
    }
}

fn fire_cell(text: &str) -> Option<FireResult> {
    let t = text.trim().to_ascii_lowercase();
    if t.starts_with("no") || t == "-" {
        Some(FireResult::NoEffect)
    } else if t.contains("step") {
        Some(FireResult::StepLoss)
    } else if t.contains("morale") {
        Some(FireResult::Morale)
    } else {
        None
    }
}

pub(super) struct Validator<'a> {
    pub(crate) path: &'a str,
    pub(crate) text: &'a str,
    pub(crate) problems: Vec<String>,
}

impl Validator<'_> {
    /// Records a problem at a key path (each key searched after the previous), optionally at
    /// the `item`-th element of the list that follows the last key.
    pub(crate) fn at(&mut self, keys: &[&str], item: Option<usize>, message: String) {
        let (line, col) = super::locate::position(self.text, keys, item);
        self.problems
            .push(format!("{}:{line}:{col}: {message}", self.path));
    }

    /// Checks spans run upwards without overlap; only the last may be open; optionally no gaps.
    fn spans(&mut self, keys: &[&str], spans: &[Option<Span>], contiguous: bool) -> bool {
        let before = self.problems.len();
        let mut prev: Option<Span> = None;
        for (i, s) in spans.iter().enumerate() {
            let Some(s) = s else {
                self.at(keys, Some(i), "not a range: write 7-10, 46+ or 5".into());
                continue;
            };
            if let Some(p) = prev {
                match p.to {
                    None => self.at(
                        keys,
                        Some(i),
                        "comes after an open range (N+), which must be last".into(),
                    ),
                    Some(t) if s.from <= t => self.at(
                        keys,
                        Some(i),
                        format!("overlaps the range before it (which ends at {t})"),
                    ),
                    Some(t) if contiguous && s.from != t + 1 => self.at(
                        keys,
                        Some(i),
                        format!("leaves a gap: should start at {}", t + 1),
                    ),
                    _ => {}
                }
            }
            prev = Some(*s);
        }
        if spans.is_empty() {
            self.at(keys, None, "needs at least one row".into());
        }
        self.problems.len() == before
    }

    pub(crate) fn melee(&mut self, m: RawMelee, source: Source) -> Option<MeleeTable> {
        let before = self.problems.len();
        let columns: Vec<Option<Span>> = m.columns.iter().map(|c| parse_span(c)).collect();
        self.spans(&["melee", "columns"], &columns, true);
        if columns
            .last()
            .is_some_and(|c| c.is_some_and(|c| c.to.is_some()))
        {
            self.at(
                &["melee", "columns"],
                Some(columns.len() - 1),
                "the last column must be open (N+)".into(),
            );
        }
        let mut rows = Vec::new();
        for (r, row) in m.rows.iter().enumerate() {
            if row.len() != columns.len() {
                self.at(
                    &["melee", "rows"],
                    Some(r),
                    format!(
                        "row {r} has {} cells; there are {} columns",
                        row.len(),
                        columns.len()
                    ),
                );
                continue;
            }
            let mut cells = Vec::new();
            for c in row {
                match MeleeResult::parse(c) {
                    Some(x) => cells.push(x),
                    None => self.at(
                        &["melee", "rows"],
                        Some(r),
                        format!("row {r}: '{c}' is not -, M or a number of steps"),
                    ),
                }
            }
            rows.push(cells);
        }
        if m.rows.is_empty() {
            self.at(&["melee", "rows"], None, "needs at least one row".into());
        }
        (self.problems.len() == before).then(|| MeleeTable {
            source,
            columns: columns.into_iter().flatten().collect(),
            rows,
        })
    }

    pub(crate) fn fire(&mut self, raw: Vec<RawFireRow>, source: Source) -> Option<FireTable> {
        let before = self.problems.len();
        let spans: Vec<Option<Span>> = raw.iter().map(|r| parse_span(&r.rolls)).collect();
        self.spans(&["fire", "rows"], &spans, true);
        if spans
            .last()
            .is_some_and(|s| s.is_some_and(|s| s.to.is_some()))
        {
            self.at(
                &["fire", "rows"],
                Some(spans.len() - 1),
                "the last row must be open (N+)".into(),
            );
        }
        let mut rows = Vec::new();
        for (i, r) in raw.iter().enumerate() {
            let cells: Vec<Option<FireResult>> = r.cells.iter().map(|c| fire_cell(c)).collect();
            if cells.len() != 3 || cells.iter().any(Option::is_none) {
                self.at(&["fire", "rows"], Some(i), "needs 3 cells (dismounted dragoons, mounted dragoons, cavalry), each none, morale or step".into());
                continue;
            }
            let span = spans[i].unwrap_or(Span { from: 0, to: None });
            rows.push(FireRow {
                from: (i > 0).then_some(span.from),
                to: span.to,
                results: [cells[0].unwrap(), cells[1].unwrap(), cells[2].unwrap()],
            });
        }
        (self.problems.len() == before).then_some(FireTable { source, rows })
    }

    pub(crate) fn range(&mut self, raw: Vec<RawRangeRow>, source: Source) -> Option<RangeTable> {
        let before = self.problems.len();
        let mut rows: Vec<RangeRow> = Vec::new();
        for (i, r) in raw.iter().enumerate() {
            if r.distance < 1 || rows.iter().any(|x| x.distance == r.distance) {
                self.at(
                    &["range", "rows"],
                    Some(i),
                    format!("distance {} must be 1 or more and listed once", r.distance),
                );
            }
            match <[Option<i32>; 3]>::try_from(r.cells.clone()) {
                Ok(cells) => rows.push(RangeRow {
                    distance: r.distance,
                    cells,
                }),
                Err(_) => self.at(
                    &["range", "rows"],
                    Some(i),
                    "needs 3 cells: a modifier, or None for may not fire".into(),
                ),
            }
        }
        if raw.is_empty() {
            self.at(&["range", "rows"], None, "needs at least one row".into());
        }
        (self.problems.len() == before).then_some(RangeTable { source, rows })
    }

    fn bands(&mut self, key: &str, raw: &[RawBand]) -> Vec<VictoryBand> {
        let spans: Vec<Option<Span>> = raw.iter().map(|b| parse_span(&b.losses)).collect();
        self.spans(&["victory", key], &spans, false);
        let mut out = Vec::new();
        for (i, b) in raw.iter().enumerate() {
            if !(2..=12).contains(&b.need) {
                self.at(
                    &["victory", key],
                    Some(i),
                    format!("need {} is not a 2D6 roll (2–12)", b.need),
                );
            }
            if let Some(losses) = spans[i] {
                out.push(VictoryBand {
                    losses,
                    need: b.need,
                });
            }
        }
        out
    }

    pub(crate) fn victory(&mut self, raw: RawVictory, source: Source) -> Option<VictoryTable> {
        let before = self.problems.len();
        let royalist_losses = self.bands("royalist_losses", &raw.royalist_losses);
        let parliament_losses = self.bands("parliament_losses", &raw.parliament_losses);
        (self.problems.len() == before).then_some(VictoryTable {
            source,
            royalist_losses,
            parliament_losses,
        })
    }

    pub(crate) fn terrain(
        &mut self,
        raw: Vec<RawTerrainRow>,
        source: Source,
    ) -> Option<TerrainChart> {
        let before = self.problems.len();
        let mut rows: Vec<TerrainRow> = Vec::new();
        for (i, r) in raw.into_iter().enumerate() {
            if r.name.trim().is_empty() || rows.iter().any(|x| x.name == r.name) {
                self.at(
                    &["terrain", "rows"],
                    Some(i),
                    format!("terrain name '{}' must be given once", r.name),
                );
            }
            rows.push(TerrainRow {
                name: r.name,
                hexside: r.hexside,
                mp_mounted: r.mp_mounted,
                mp_foot: r.mp_foot,
                mp_leader: r.mp_leader,
                fire: r.fire,
                melee: r.melee,
                melee_cavalry: r.melee_cavalry,
                los: r.los,
            });
        }
        let chart = TerrainChart { source, rows };
        if chart.hexes().is_empty() {
            self.at(
                &["terrain", "rows"],
                None,
                "needs at least one hex terrain with a fire or melee modifier".into(),
            );
        }
        (self.problems.len() == before).then_some(chart)
    }
}
