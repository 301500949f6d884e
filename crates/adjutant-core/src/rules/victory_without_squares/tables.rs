//! The Victory Without Squares tables as data: the manoeuvre card table (its lost column
//! headers read ♥ ♦ ♣ ♠ by default, §4.1), the fire and combat modifiers, the combat
//! result table, and the suit readings of the card tests (leader casualty, disordered target
//! hit again, units next to broken friends, pursuit). Procedures read these numbers; a player
//! may override any part of them with a table file (`overrides::tables`, checked as it is read).

use serde::{Deserialize, Serialize};

use crate::cards::{Card, Refill, Suit};
use crate::rules::kit::switches::{self, Switch};
use crate::rules::{Source, Table};

/// The switch that halves an out-of-powder gun's bases instead of its firing figures.
pub(crate) const POWDER_HALVES_BASES: &str = "powder_halves_bases";

/// The switches of the table file (§11.1); off is the rules' reading.
pub const SWITCHES: [Switch; 1] = [Switch {
    key: POWDER_HALVES_BASES,
    what: "Out of powder halves a gun's bases, rounding down to at least one, so a one-base \
           gun keeps its full effect; off (the rules): its firing figures are halved (§5.7)",
    default: false,
}];

/// The switches between two readings of a rule (§11.1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "switches", default, deny_unknown_fields)]
pub struct VwsSwitches {
    /// Out of powder halves the gun's bases (minimum one) rather than its firing figures.
    pub powder_halves_bases: bool,
}

/// A row of the manoeuvre card table (§4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Manoeuvre {
    Difficult,
    ReactionFire,
    Halt,
    Reform,
    Rally,
}

impl Manoeuvre {
    pub(crate) fn label(self) -> &'static str {
        match self {
            Manoeuvre::Difficult => "Enter/leave woods or bogs, cross a ditch or hedge",
            Manoeuvre::ReactionFire => "Fire in opponent's turn",
            Manoeuvre::Halt => "Halt / Turn About",
            Manoeuvre::Reform => "Reform (Unsteady/Disordered troops)",
            Manoeuvre::Rally => "Rally (Broken troops)",
        }
    }
}

/// One row: a cell per column, "n", "y", or "y" followed by footnotes * # $.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CardRow {
    pub(crate) action: Manoeuvre,
    pub(crate) cells: [String; 4],
}

/// One modifier line: a key the procedures look up, its value and its printed condition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModRow {
    pub(crate) key: String,
    pub(crate) value: i32,
    pub label: String,
}

/// One line of the combat result table; `None` ends are open (below 0, 12 or more).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRow {
    pub(crate) from: Option<i32>,
    pub(crate) to: Option<i32>,
    pub defender_steps: u8,
    pub attacker_steps: u8,
    pub(crate) consequence: String,
}

impl ResultRow {
    /// The printed score range ("less than 0", "4–7", "12+").
    pub(crate) fn range(&self) -> String {
        match (self.from, self.to) {
            (None, Some(t)) => format!("less than {}", t + 1),
            (Some(f), None) => format!("{f}+"),
            (Some(f), Some(t)) if f == t => f.to_string(),
            (Some(f), Some(t)) => format!("{f}–{t}"),
            (None, None) => "any".into(),
        }
    }

    /// The band's inclusive ends for a [`crate::procedure::Band`].
    pub(crate) fn ends(&self) -> (i32, i32) {
        (
            self.from.unwrap_or(i32::MIN / 2),
            self.to.unwrap_or(i32::MAX / 2),
        )
    }
}

/// Every table of the system.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VwsTables {
    /// The suit each card-table column stands for. [DEFAULT] ♥ ♦ ♣ ♠ (§4.1)
    pub columns: [Suit; 4],
    pub(crate) card_table: Vec<CardRow>,
    pub(crate) fire_modifiers: Vec<ModRow>,
    pub combat_modifiers: Vec<ModRow>,
    pub(crate) results: Vec<ResultRow>,
    /// Picture cards of these suits kill a leader; other pictures unhorse. [RULES] ♣♠
    pub(crate) leader_killed: Vec<Suit>,
    /// A disordered target hit again breaks on these suits, else retires 4". [DEFAULT] ♣♠ (§5.6)
    pub(crate) hit_again_breaks: Vec<Suit>,
    /// Steps lost by a unit next to broken friends, per suit; unlisted suits none (§8.5).
    pub near_broken: Vec<(Suit, u8)>,
    /// Horse that win must pursue on these suits, and may on the others. [RULES] black
    pub(crate) pursuit_must: Vec<Suit>,
    /// When the shared deck takes its discards back. [DEFAULT] when empty (§1.2)
    pub deck: Refill,
    /// The switches between the rules' reading and another (§11.1).
    pub switches: VwsSwitches,
    #[serde(skip)]
    pub(crate) origin: Option<String>,
    /// The fields the player's file gave; empty when it gave the whole set.
    #[serde(skip)]
    pub(crate) overridden: Vec<String>,
}

impl Default for VwsTables {
    fn default() -> Self {
        VwsTables::standard()
    }
}

fn row(action: Manoeuvre, cells: [&str; 4]) -> CardRow {
    CardRow {
        action,
        cells: cells.map(String::from),
    }
}

fn m(key: &str, value: i32, label: &str) -> ModRow {
    ModRow {
        key: key.into(),
        value,
        label: label.into(),
    }
}

fn res(from: Option<i32>, to: Option<i32>, d: u8, a: u8, consequence: &str) -> ResultRow {
    ResultRow {
        from,
        to,
        defender_steps: d,
        attacker_steps: a,
        consequence: consequence.into(),
    }
}

const DEF_WIN: &str = "Defenders retreat 2\" (foot) or 4\" (horse) facing the enemy unless broken, \
                       and may not move again; Attackers hold, or pursue if the Defenders break";
const ATT_LOSE: &str = "Attackers retreat 2\" (foot) or 4\" (horse) facing the enemy unless \
                        broken, and may not move again; Defenders do not follow up";

impl VwsTables {
    /// The tables as the rules give them, with Adjutant's [DEFAULT] readings where they are lost.
    pub fn standard() -> VwsTables {
        use Manoeuvre::*;
        VwsTables {
            columns: [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades],
            card_table: vec![
                row(Difficult, ["n", "y$", "y", "y*"]),
                row(ReactionFire, ["y", "y", "y", "n"]),
                row(Halt, ["y", "y", "n", "n"]),
                row(Reform, ["y", "y#", "n", "n"]),
                row(Rally, ["y#", "n", "n", "n"]),
            ],
            fire_modifiers: vec![
                m("pistols", -1, "firing pistols"),
                m("firer_unsteady", -1, "firer Unsteady"),
                m("cover", -1, "small-arms target in cover"),
                m("oblique", 1, "oblique fire"),
                m("target_shaken", 1, "target Unsteady or Broken"),
                m("hedgehog", 1, "firing at a hedgehog"),
                m("enfilade", 2, "enfilading or rear fire"),
                m("target_disordered", 2, "Disordered target"),
                m("close_guns", 2, "guns firing at up to 8\""),
            ],
            combat_modifiers: vec![
                m(
                    "formation",
                    1,
                    "per formation step (attacker's level − defender's)",
                ),
                m("terrain", 1, "per terrain step (+ against the attacker)"),
                m(
                    "vs_horse_obstacle",
                    -2,
                    "fighting vs horse across hedges/woods",
                ),
                m("horse_obstacle", 2, "horse vs hedges/woods"),
                m("oblique", -1, "attacking obliquely or from the flank"),
                m("rear", -2, "attacking from the rear"),
                m(
                    "attacked_oblique",
                    1,
                    "attacked obliquely or from the flank",
                ),
                m("attacked_rear", 2, "attacked from the rear"),
                m(
                    "mounted_vs",
                    -1,
                    "mounted attackers vs moving foot / standing cavalry",
                ),
                m(
                    "follow_up",
                    -2,
                    "attackers following up a success (replaces the line above)",
                ),
                m("round", 1, "per round already fought this turn"),
                m(
                    "shock",
                    -1,
                    "all pike; 2-rank horse; pikes or horse attacking shot",
                ),
                m("rallied", 1, "previously broken and rallied / poor quality"),
                m("better", -1, "better quality than opponents"),
                m("worse", 1, "worse quality than opponents"),
                m("own_leader", -1, "own body has a leader attached"),
                m("enemy_leader", 1, "opponent's body has a leader attached"),
            ],
            results: vec![
                res(None, Some(-1), 3, 0, DEF_WIN),
                res(Some(0), Some(1), 2, 0, DEF_WIN),
                res(Some(2), Some(3), 1, 0, DEF_WIN),
                res(
                    Some(4),
                    Some(7),
                    1,
                    1,
                    "Attackers retreat 4\" or to their start, unless the Defenders break (then \
                     pursue); Defenders that have not moved may move again",
                ),
                res(Some(8), Some(9), 0, 1, ATT_LOSE),
                res(Some(10), Some(11), 0, 2, ATT_LOSE),
                res(Some(12), None, 0, 3, ATT_LOSE),
            ],
            leader_killed: vec![Suit::Clubs, Suit::Spades],
            hit_again_breaks: vec![Suit::Clubs, Suit::Spades],
            near_broken: vec![(Suit::Spades, 2), (Suit::Clubs, 1)],
            pursuit_must: vec![Suit::Clubs, Suit::Spades],
            deck: Refill::WhenEmpty,
            switches: VwsSwitches::default(),
            origin: None,
            overridden: Vec::new(),
        }
    }

    /// A modifier's value by key (0 when an override dropped it).
    pub(crate) fn fire(&self, key: &str) -> Option<&ModRow> {
        self.fire_modifiers.iter().find(|r| r.key == key)
    }

    pub(crate) fn combat(&self, key: &str) -> Option<&ModRow> {
        self.combat_modifiers.iter().find(|r| r.key == key)
    }

    /// The card-table cell a card reads for an action ("n" if the row or suit is missing).
    pub(crate) fn cell(&self, action: Manoeuvre, card: Card) -> &str {
        let col = card
            .suit()
            .and_then(|s| self.columns.iter().position(|&c| c == s));
        let row = self.card_table.iter().find(|r| r.action == action);
        match (row, col) {
            (Some(r), Some(c)) => r.cells[c].as_str(),
            _ => "n",
        }
    }

    /// The result row a final combat score falls in.
    pub fn result(&self, score: i32) -> Option<&ResultRow> {
        self.results.iter().find(|r| {
            let (f, t) = r.ends();
            (f..=t).contains(&score)
        })
    }

    /// The player's file when it gave any of `fields` (or the whole set), else `default`.
    fn source(&self, fields: &[&str], default: Source) -> Source {
        let given = self.overridden.is_empty()
            || fields
                .iter()
                .any(|f| self.overridden.iter().any(|o| o == f));
        match &self.origin {
            Some(o) if given => Source::Override(o.clone()),
            _ => default,
        }
    }

    /// The tables as printed charts, with their sources.
    pub fn render(&self) -> Vec<Table> {
        let mut header = vec!["Action".to_string()];
        header.extend(self.columns.iter().map(|s| s.symbol().to_string()));
        let suits = |v: &[Suit]| v.iter().map(|s| s.symbol().to_string()).collect::<String>();
        let mods = |rows: &[ModRow]| {
            rows.iter()
                .map(|r| vec![format!("{:+}", r.value), r.label.clone()])
                .collect()
        };
        vec![
            Table {
                id: "vws.cards".into(),
                title: "Manoeuvre card table".into(),
                source: self.source(&["columns", "card_table"], Source::Default),
                header,
                rows: self
                    .card_table
                    .iter()
                    .map(|r| {
                        let mut row = vec![r.action.label().to_string()];
                        row.extend(r.cells.iter().cloned());
                        row
                    })
                    .collect(),
                note: "Cells [RULES]; column suits [DEFAULT] (§4.1). * lose a formation step \
                       unless in column; # not under fire or in combat; $ not if mounted, \
                       except Dragoons drawing Ace–10. A leader attached: draw two, use the better."
                    .into(),
            },
            Table {
                id: "vws.fire".into(),
                title: "Fire modifiers (to the firing figures; D10 ≤ figures hits)".into(),
                source: self.source(&["fire_modifiers"], Source::Rules),
                header: vec!["Mod".into(), "Condition".into()],
                rows: mods(&self.fire_modifiers),
                note: "Artillery bases count double; a gun rolling 0 is out of powder.".into(),
            },
            Table {
                id: "vws.combat_mods".into(),
                title: "Combat modifiers (to the moving player's D10; low favours attackers)"
                    .into(),
                source: self.source(&["combat_modifiers"], Source::Rules),
                header: vec!["DRM".into(), "Condition".into()],
                rows: mods(&self.combat_modifiers),
                note: "Formation (§7.4): attacker's level − defender's. Horse attacking a \
                       hedgehog count as head on (§5.8)."
                    .into(),
            },
            Table {
                id: "vws.results".into(),
                title: "Combat results".into(),
                source: self.source(&["results"], Source::Rules),
                header: vec![
                    "Score".into(),
                    "Defenders".into(),
                    "Attackers".into(),
                    "Consequences".into(),
                ],
                rows: self
                    .results
                    .iter()
                    .map(|r| {
                        vec![
                            r.range(),
                            format!("−{}", r.defender_steps),
                            format!("−{}", r.attacker_steps),
                            r.consequence.clone(),
                        ]
                    })
                    .collect(),
                note: "12 reads as 12 or more [DEFAULT] (§7.5).".into(),
            },
            Table {
                id: "vws.card_tests".into(),
                title: "Card tests".into(),
                source: self.source(
                    &[
                        "leader_killed",
                        "hit_again_breaks",
                        "near_broken",
                        "pursuit_must",
                        "deck",
                    ],
                    Source::Default,
                ),
                header: vec!["Test".into(), "Reading".into()],
                rows: vec![
                    vec![
                        "Leader casualty (picture cards)".into(),
                        format!(
                            "{} killed; other suits unhorsed [RULES]",
                            suits(&self.leader_killed)
                        ),
                    ],
                    vec![
                        "Disordered target hit again".into(),
                        format!(
                            "{} break; other suits retire 4\" (§5.6)",
                            suits(&self.hit_again_breaks)
                        ),
                    ],
                    vec![
                        "Next to broken friends".into(),
                        self.near_broken
                            .iter()
                            .map(|(s, n)| format!("{} −{n}", s.symbol()))
                            .collect::<Vec<_>>()
                            .join(", ")
                            + "; others no effect (§8.5)",
                    ],
                    vec![
                        "Pursuit by winning horse".into(),
                        format!("{} must; others may [RULES]", suits(&self.pursuit_must)),
                    ],
                ],
                note: format!("One shared deck, {} (§1.2).", self.deck.describe()),
            },
            switches::table(
                &SWITCHES,
                &[self.switches.powder_halves_bases],
                match self.source(&["switches"], Source::Default) {
                    Source::Override(path) => Some(path),
                    _ => None,
                }
                .as_deref(),
            ),
        ]
    }
}
