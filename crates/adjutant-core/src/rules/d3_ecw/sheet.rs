//! The D3 tables as printed: the unit table, the hit modifiers, the options and the switches
//! in force, each with its source tag and the sections of the rules reference it follows, for
//! the window and the quick-reference sheet. The cells are written from [`D3Tables`], so what
//! is printed is what the procedures use.

use super::tables::{AmmoCheck, D3Tables, Profile, Switches, Tag, d3};
use crate::rules::Source;
use crate::rules::Table;

impl D3Tables {
    /// The tables in force, for the window and the quick-reference sheet.
    pub(crate) fn render(&self) -> Vec<Table> {
        vec![
            self.unit_table(),
            self.modifier_table(),
            self.option_table(),
            self.switch_table(),
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
                notes.push("shoots every other turn; fixed once fired");
            }
            if self.options.woods.contains(&p.kind) {
                notes.push("may be in woods");
            }
            if self.options.towns.contains(&p.kind) {
                notes.push("may be in a town");
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
            note: "§2.1, §4.2. Weapons by type (pistol: Trotters, Cuirassiers; musket: Infantry, \
                   Commanded Shot, Dragoons) are [DEFAULT] §2.2. Hits never go below 0 (§1.2)."
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
                "§5.3",
            ),
            (
                "Shooting: artillery ignores cover",
                "no cover".to_string(),
                "§5.3",
            ),
            (
                "Melee: target Infantry or Cuirassiers",
                value(o.melee_armour),
                "§6.3",
            ),
            (
                "Melee: target in town, woods or hedges",
                value(o.melee_cover),
                "§6.3",
            ),
        ]
        .into_iter()
        .map(|(what, v, rule)| vec![what.to_string(), v, rule.to_string()])
        .collect();
        for (what, rule) in [
            ("Re-roll, keep the second: flank attack (attacker)", "§6.4"),
            (
                "Re-roll, keep the second: target on a hill (defender's call)",
                "§6.4",
            ),
            (
                "Re-roll, keep the second: commander attached (attacker)",
                "§5.6, §6.4, §7.2",
            ),
            (
                "Re-roll, keep the second: shooting from entrenchments",
                "§5.6",
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
                   (§5.3, §6.3). One re-roll per roll; the second score stands (§1.3)."
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
                "§5.4",
            ],
            [
                "Rout",
                &format!("at {} hits", o.rout_at),
                "at 6 hits",
                "§8.1",
            ],
            [
                "Command range",
                &format!("{} hexes ({} attached)", o.command_range, o.attached_range),
                "–",
                "§3.2, §7.2",
            ],
            [
                "Initiative",
                &format!("{} roll-off, ties re-rolled", o.initiative_die),
                "–",
                "§3.1",
            ],
            ["Woods", &self.options.woods.join(", "), "–", "§4.2"],
            [
                "Towns (one unit each)",
                &self.options.towns.join(", "),
                "–",
                "§4.2",
            ],
            ["Artillery", "not in two consecutive own turns", "–", "§5.5"],
            [
                "Army resolve",
                "announced the moment commander hits exceed units on table",
                "–",
                "§8.3",
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
            note: "Where the rules are silent these are Adjutant's stated defaults (§9.2).".into(),
        }
    }

    /// The switches (§9.1): one row each, what is in force and the default (off: the rules'
    /// reading). [DEFAULT], or the player's file when it set them.
    fn switch_table(&self) -> Table {
        let on_off = |on: bool| if on { "on" } else { "off" }.to_string();
        let set = self.overridden.iter().any(|p| p == "switches")
            || (self.overridden.is_empty() && self.switches != Switches::default());
        let source = match &self.origin {
            Some(path) if set => Source::Override(path.clone()),
            _ => Source::Default,
        };
        Table {
            id: "switches".into(),
            title: "Switches".into(),
            source,
            header: ["Switch", "In force", "Default", "What it does"]
                .map(String::from)
                .to_vec(),
            rows: self
                .switches
                .list()
                .into_iter()
                .map(|s| vec![s.name.into(), on_off(s.on), on_off(false), s.what.into()])
                .collect(),
            note: "Off is the original rules' reading; on is the other reading (§9.1).".into(),
        }
    }
}
