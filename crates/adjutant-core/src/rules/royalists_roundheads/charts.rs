//! The tables in force rendered as printed charts (header, rows, source, note) for the window
//! and the quick-reference sheet.

use super::tables::{FireColumn, Tables, VictoryBand};
use crate::rules::Table;

impl Tables {
    /// The tables as printed charts, each with its source.
    pub(crate) fn to_tables(&self) -> Vec<Table> {
        let m = &self.melee;
        let mut header = vec!["Modified DR".to_string()];
        header.extend(m.columns.iter().map(|c| c.label()));
        let melee = Table {
            id: "melee".into(),
            title: "Melee Combat Table".into(),
            source: m.source.clone(),
            header,
            rows: m
                .rows
                .iter()
                .enumerate()
                .map(|(r, row)| {
                    let mut cells = vec![r.to_string()];
                    cells.extend(row.iter().map(|c| c.cell()));
                    cells
                })
                .collect(),
            note: "Column: the side's strength; below 0 reads row 0, above 9 row 9. A result \
                   hits the other side: M all check morale; 1–4 steps, then all check. (§6.4)"
                .into(),
        };
        let columns: Vec<String> = FireColumn::ALL.iter().map(|c| c.name().into()).collect();
        let mut header = vec!["Modified roll".to_string()];
        header.extend(columns.iter().cloned());
        let fire = Table {
            id: "fire".into(),
            title: "Fire Combat Table".into(),
            source: self.fire.source.clone(),
            header,
            rows: self
                .fire
                .rows
                .iter()
                .map(|r| {
                    let mut cells = vec![r.label()];
                    cells.extend(r.results.iter().map(|x| x.cell().to_string()));
                    cells
                })
                .collect(),
            note: "1D6 + range modifier + terrain modifier. Infantry fire on the Dismounted \
                   Dragoons column. (§5.2)"
                .into(),
        };
        let mut header = vec!["Distance".to_string()];
        header.extend(columns);
        let range = Table {
            id: "range".into(),
            title: "Range Table".into(),
            source: self.range.source.clone(),
            header,
            rows: self
                .range
                .rows
                .iter()
                .map(|r| {
                    let mut cells = vec![r.distance.to_string()];
                    cells.extend(r.cells.iter().map(|c| match c {
                        None => "may not fire".to_string(),
                        Some(0) => "may fire, no modifier".to_string(),
                        Some(v) => format!("may fire, {v:+}"),
                    }));
                    cells
                })
                .collect(),
            note: "Count the target hex, not the firer's. (§5.1)".into(),
        };
        vec![
            melee,
            fire,
            range,
            self.victory_table(),
            self.terrain_table(),
            self.modifiers.to_table(),
            self.modifiers.switches_table(),
        ]
    }

    fn victory_table(&self) -> Table {
        let v = &self.victory;
        let n = v.royalist_losses.len().max(v.parliament_losses.len());
        let cell = |bands: &[VictoryBand], i: usize| -> (String, String) {
            bands.get(i).map_or((String::new(), String::new()), |b| {
                (b.losses.label(), format!("{}–12", b.need))
            })
        };
        Table {
            id: "victory".into(),
            title: "Victory Table".into(),
            source: v.source.clone(),
            header: vec![
                "Royalist losses".into(),
                "Parliament needs (2D6)".into(),
                "Parliament losses".into(),
                "Royalists need (2D6)".into(),
            ],
            rows: (0..n)
                .map(|i| {
                    let (a, b) = cell(&v.royalist_losses, i);
                    let (c, d) = cell(&v.parliament_losses, i);
                    vec![a, b, c, d]
                })
                .collect(),
            note: "Rolled once the enemy's losses reach the table; in range wins. Parliament \
                   losses 11–13 [DEFAULT]; no winner after turn 13: draw [DEFAULT]. (§10.2)"
                .into(),
        }
    }

    fn terrain_table(&self) -> Table {
        let drm = |v: Option<i32>| match v {
            None => "–".to_string(),
            Some(v) => format!("{v:+}"),
        };
        Table {
            id: "terrain".into(),
            title: "Terrain Effects Chart".into(),
            source: self.terrain.source.clone(),
            header: vec![
                "Terrain".into(),
                "Cavalry / mounted dragoons (MP)".into(),
                "Infantry / dismounted dragoons (MP)".into(),
                "Leaders (MP)".into(),
                "Fire DRM".into(),
                "Attacker melee DRM".into(),
                "Cavalry attacker, further".into(),
                "LOS".into(),
            ],
            rows: self
                .terrain
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.name.clone(),
                        r.mp_mounted.clone(),
                        r.mp_foot.clone(),
                        r.mp_leader.clone(),
                        drm(r.fire),
                        drm(r.melee),
                        format!("{:+}", r.melee_cavalry),
                        r.los.clone(),
                    ]
                })
                .collect(),
            note: "Not found in any source: Adjutant's default for Winceby (§11). A routed \
                   unit that leaves the map is eliminated [RULES]."
                .into(),
        }
    }
}
