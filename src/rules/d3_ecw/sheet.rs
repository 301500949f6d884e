//! The D3 tables as printed: the unit table, the hit modifiers and the options in force, each
//! with its source tag, for the window and the quick-reference sheet. The cells are written
//! from [`D3Tables`], so what is printed is what the procedures use.

use super::tables::{AmmoCheck, D3Tables, Profile, Tag, d3};
use crate::rules::Table;

impl D3Tables {
    /// The tables in force, for the window and the quick-reference sheet.
    pub fn render(&self) -> Vec<Table> {
        vec![
            self.unit_table(),
            self.modifier_table(),
            self.option_table(),
        ]
    }

    fn unit_table(&self) -> Table {
        let row = |p: &Profile| {
            let moves = match p.charge_move {
                Some(c) => format!("{} ({} charging)", p.moves, c),
                None => p.moves.to_string(),
            };
            let (name, range, shoot) = match &p.weapon {
                Some(w) => (
                    w.name.clone(),
                    w.range.to_string(),
                    format!("{}{}", d3(w.modifier), if w.ammo { " (ammo)" } else { "" }),
                ),
                None => ("–".into(), "–".into(), "cannot shoot".into()),
            };
            let melee = match p.melee {
                Some(m) if p.charge_bonus != 0 => {
                    format!("{} charging, {} in melee", d3(m + p.charge_bonus), d3(m))
                }
                Some(m) => d3(m),
                None => "eliminated".into(),
            };
            let mut notes = Vec::new();
            if !p.initiates {
                notes.push("cannot initiate melee");
            }
            if p.armoured {
                notes.push("melee hits against it −1");
            }
            if p.ignores_cover {
                notes.push("ignores cover");
            }
            if p.alternate_turns {
                notes.push("shoots every other turn; emplaced once fired");
            }
            vec![
                p.kind.clone(),
                moves,
                name,
                range,
                shoot,
                melee,
                notes.join("; "),
            ]
        };
        Table {
            id: "d3_ecw.units".into(),
            title: "Unit types".into(),
            source: self.source_of("profiles", Tag::Seed),
            header: [
                "Type",
                "Move",
                "Weapon",
                "Range",
                "Shooting hits",
                "Melee hits",
                "Notes",
            ]
            .map(String::from)
            .to_vec(),
            rows: self.profiles.iter().map(row).collect(),
            note: "RULES.md §2.2. Weapons by type (pistol: Trotters, Cuirassiers; musket: \
                   Infantry, Commanded Shot, Dragoons) are [DEFAULT] D3-13. Hits never go below 0 \
                   (D3-14)."
                .into(),
        }
    }

    fn modifier_table(&self) -> Table {
        let o = &self.options;
        let value = |v: i32| format!("{v:+}");
        let mut rows: Vec<Vec<String>> = [
            (
                "Shooting: target in town or woods (or entrenched)",
                value(o.shooting_cover),
                "§2.6, D3-8",
            ),
            (
                "Shooting: artillery ignores cover",
                "no cover".to_string(),
                "§2.6",
            ),
            (
                "Melee: target Infantry or Cuirassiers",
                value(o.melee_armour),
                "§2.6, D3-21",
            ),
            (
                "Melee: target in town, woods or hedges",
                value(o.melee_cover),
                "§2.6, D3-15",
            ),
        ]
        .into_iter()
        .map(|(what, v, rule)| vec![what.to_string(), v, rule.to_string()])
        .collect();
        for (what, rule) in [
            (
                "Re-roll, keep the second: flank attack (attacker)",
                "§2.6, D3-7",
            ),
            (
                "Re-roll, keep the second: target on a hill (defender's call)",
                "§2.6, D3-7",
            ),
            (
                "Re-roll, keep the second: commander attached (attacker)",
                "§2.7",
            ),
            (
                "Re-roll, keep the second: shooting from entrenchments",
                "§2.5, D3-8",
            ),
        ] {
            rows.push(vec![what.into(), "re-roll".into(), rule.into()]);
        }
        Table {
            id: "d3_ecw.modifiers".into(),
            title: "Hit modifiers".into(),
            source: self.source_of("options", Tag::Seed),
            header: ["Modifier", "Hits", "Rule"].map(String::from).to_vec(),
            rows,
            note: "Cover never stacks: at most −1 for terrain; the target-type −1 stacks with it \
                   (D3-15). One re-roll per roll; the second score stands."
                .into(),
        }
    }

    fn option_table(&self) -> Table {
        let o = &self.options;
        let ammo = match o.ammo_check {
            AmmoCheck::HitDie => format!("the hit die: a natural {} runs out", o.ammo_out_on),
            AmmoCheck::SeparateDie => format!("a separate D3: {} runs out", o.ammo_out_on),
        };
        let rows = [
            [
                "Ammunition check",
                ammo.as_str(),
                "separate D3 after the shot",
                "D3-4",
            ],
            [
                "Rout",
                &format!("at {} hits", o.rout_at),
                "at 6 hits",
                "§2.8, D3-9",
            ],
            [
                "Command range",
                &format!("{} hexes ({} attached)", o.command_range, o.attached_range),
                "–",
                "§2.4, D3-1",
            ],
            [
                "Initiative",
                &format!("{} roll-off, ties re-rolled", o.initiative_die),
                "–",
                "D3-3",
            ],
            [
                "Artillery",
                "not in two consecutive own turns",
                "–",
                "D3-11",
            ],
            [
                "Army resolve",
                "announced the moment commander hits exceed units on table",
                "–",
                "§2.8, D3-10",
            ],
        ];
        Table {
            id: "d3_ecw.options".into(),
            title: "Options in force".into(),
            source: self.source_of("options", Tag::Default),
            header: ["Option", "In force", "Alternative", "Rule"]
                .map(String::from)
                .to_vec(),
            rows: rows.iter().map(|r| r.map(String::from).to_vec()).collect(),
            note:
                "Where the rules are silent these are Adjutant's stated defaults (RULES.md Part 2)."
                    .into(),
        }
    }
}
