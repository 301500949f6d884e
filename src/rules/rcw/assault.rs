//! Close assault (RULES.md §4.7, R-2, R-3): attacker and defender roll their assault dice at
//! the same time, hitting with the §4.5 numbers; a pinned unit, or a defender attacked in
//! flank or rear, rolls one die. Round follows round until the defender is destroyed (the
//! attacker occupies its hex) or the attacker is pinned (the assault is over). Each round
//! asks for the attacker's dice, then the defender's, so the procedure is a loop of
//! requests; every request's bands tell the state it leads to.

use super::hits::{HitState, hit_bands};
use super::keys::*;
use super::params;
use super::tables::RcwTables;
use super::unit::{Act, UnitView, flag, piece, view};
use crate::battle::state::Context;
use crate::dice::{Dice, Die};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{
    Call, DiceRequest, Input, ParamSpec, Procedure, Reading, Refusal, Resolution, Step,
};

/// A close assault, checked and ready for dice.
#[derive(Debug, Clone)]
pub struct Assault {
    pub tables: &'static RcwTables,
    pub attacker: PieceId,
    pub defender: PieceId,
    pub defender_obscured: bool,
    pub defender_entrenched: bool,
    pub attacker_obscured: bool,
    /// The defender is attacked in flank or rear (one die).
    pub flank: bool,
    pub title: String,
}

/// The questions an assault asks.
pub fn params() -> Vec<ParamSpec> {
    vec![params::cover(), params::attacker_cover(), params::facing()]
}

fn refuse<T>(reason: impl Into<String>, rule: &str) -> Result<T, Refusal> {
    Err(Refusal::new(reason, rule))
}

/// Checks an assault and builds it.
pub fn start(ctx: &Context, tables: &'static RcwTables, call: &Call) -> Result<Assault, Refusal> {
    let (Some(&a), Some(&d)) = (call.actors.first(), call.targets.first()) else {
        return refuse("choose an attacker and a defender", "RULES.md §4.7");
    };
    let Some(att) = view(ctx, tables, a) else {
        return refuse("the attacker is not a unit", "RULES.md §4.2");
    };
    att.check(ctx, Act::Assault)?;
    let Some(def) = view(ctx, tables, d) else {
        return refuse("the defender is not a unit", "RULES.md §4.2");
    };
    if def.side == att.side {
        return refuse(
            format!("{} is a friendly unit", def.name()),
            "RULES.md §4.7",
        );
    }
    if def.destroyed() {
        return refuse(
            format!("{} is already destroyed", def.name()),
            "RULES.md §4.5",
        );
    }
    let specs = params();
    let cover = params::answer(call, &specs[0]);
    Ok(Assault {
        tables,
        attacker: a,
        defender: d,
        defender_obscured: cover == 1,
        defender_entrenched: cover == 2,
        attacker_obscured: params::yes(call, &specs[1]),
        flank: params::yes(call, &specs[2]),
        title: format!("Close assault: {} on {}", att.name(), def.name()),
    })
}

/// One side's dice in a round: its request and the state of its enemy each band leads to.
struct Roll {
    request: DiceRequest,
    states: Vec<HitState>,
}

impl Assault {
    fn dice(&self, unit: &UnitView, pinned: bool, flank: bool) -> (u8, Option<&'static str>) {
        let full = unit.assault_dice();
        let why = if pinned {
            Some("pinned")
        } else if flank {
            Some("attacked in flank or rear")
        } else {
            None
        };
        match why {
            Some(w) => (full.min(self.tables.reduced_assault_dice), Some(w)),
            None => (full, None),
        }
    }

    /// One side's dice this round against the other; `None` when it has no assault dice.
    fn roll(&self, round: u32, roller: &Fighter, enemy: &Fighter) -> Option<Roll> {
        let (n, reduced) = self.dice(roller.unit, roller.state.pinned, roller.flanked);
        let (roller, enemy, state) = (roller.unit, enemy.unit, enemy.state);
        let (obscured, entrenched) = (enemy_cover(self, enemy), enemy_entrenched(self, enemy));
        if n == 0 {
            return None;
        }
        let (at_least, why) = enemy.hit_number(self.tables, obscured, entrenched, state.pinned);
        let elite = enemy.quality.ignores_first_hit;
        // Close-assault hits destroy armour (§4.5).
        let bands = hit_bands(n, state, |k| {
            state.take(k, elite, false, self.tables.destroying_hits)
        });
        let (bands, states) = bands.into_iter().unzip();
        let reduced = reduced.map_or(String::new(), |r| format!(", 1 die: {r}"));
        Some(Roll {
            request: DiceRequest {
                label: format!(
                    "Round {round}: {} rolls {n} dice hitting on {at_least}+ ({why}{reduced})",
                    roller.name()
                ),
                rule: "RULES.md §4.7, R-2".into(),
                dice: Dice::new(n, Die::D6),
                reading: Reading::Successes { at_least },
                bands,
            },
            states,
        })
    }
}

/// One side of the assault as a round begins.
struct Fighter<'a> {
    unit: &'a UnitView<'a>,
    state: HitState,
    flanked: bool,
}

/// Whether the player said `target` stands obscured.
fn enemy_cover(a: &Assault, target: &UnitView) -> bool {
    if target.id == a.defender {
        a.defender_obscured
    } else {
        a.attacker_obscured
    }
}

/// Whether the player said `target` counts as entrenched (only the defender can).
fn enemy_entrenched(a: &Assault, target: &UnitView) -> bool {
    target.id == a.defender && a.defender_entrenched
}

/// The state a roll's faces lead to.
fn outcome(roll: &Roll, input: &Input) -> (i32, HitState, Vec<u8>) {
    let faces = match input {
        Input::Dice(r) => r.faces.clone(),
        _ => Vec::new(),
    };
    let hits = roll.request.read(&faces);
    let band = roll.request.bands.iter().position(|b| b.contains(hits));
    (hits, roll.states[band.unwrap_or(0)], faces)
}

impl Procedure for Assault {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        vec![
            "Both roll their Assault dice at once; 1 die if pinned or attacked in flank/rear \
             (RULES.md §4.7, R-2)"
                .into(),
            "Hits as for shooting, counted with this player turn's other hits; assault hits \
             destroy armour (RULES.md §4.5, R-3)"
                .into(),
            "Repeat until the defender is destroyed (attacker occupies) or the attacker is \
             pinned (RULES.md §4.7)"
                .into(),
        ]
    }

    fn step(&self, ctx: &Context, inputs: &[Input]) -> Step {
        let (Some(att), Some(def)) = (
            view(ctx, self.tables, self.attacker),
            view(ctx, self.tables, self.defender),
        ) else {
            return Step::Done(Resolution {
                summary: "no assault".into(),
                events: Vec::new(),
            });
        };
        let (a0, d0) = (HitState::of(att.status), HitState::of(def.status));
        let (mut sa, mut sd) = (a0, d0);
        let mut inputs = inputs.iter();
        let mut lines = Vec::new();
        let mut round = 1;
        loop {
            let attacker = Fighter {
                unit: &att,
                state: sa,
                flanked: false,
            };
            let defender = Fighter {
                unit: &def,
                state: sd,
                flanked: self.flank,
            };
            let attack = self.roll(round, &attacker, &defender);
            let defence = self.roll(round, &defender, &attacker);
            let (mut next_a, mut next_d) = (sa, sd);
            let mut line = format!("Round {round}:");
            for (roll, roller, target_next) in
                [(attack, &att, &mut next_d), (defence, &def, &mut next_a)]
            {
                let Some(roll) = roll else {
                    line.push_str(&format!(" {} has no assault dice;", roller.name()));
                    continue;
                };
                let Some(input) = inputs.next() else {
                    return Step::Dice(roll.request);
                };
                let (hits, state, faces) = outcome(&roll, input);
                *target_next = state;
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                line.push_str(&format!(
                    " {} [{}] → {hits} hit(s);",
                    roller.name(),
                    faces.join(" ")
                ));
            }
            lines.push(line);
            (sa, sd) = (next_a, next_d);
            if sd.destroyed || sa.pinned || sa.destroyed {
                break;
            }
            round += 1;
        }
        let mut events = att.spend(Act::Assault);
        events.extend(def.reveal());
        events.extend(att.reveal());
        for line in lines {
            events.push(Event::fact(FactKind::Melee, Some(att.id), line));
        }
        events.extend(d0.events(sd, def.id, def.name()));
        events.extend(a0.events(sa, att.id, att.name()));
        let summary = match (sa.destroyed, sd.destroyed) {
            (true, true) => "both destroyed".to_string(),
            (false, true) => {
                if att.entrenched() {
                    events.push(piece(att.id, flag(ENTRENCHED, false)));
                }
                events.push(Event::fact(
                    FactKind::Movement,
                    Some(att.id),
                    format!("{} occupies {}'s hex", att.name(), def.name()),
                ));
                format!("{} destroyed; {} occupies", def.name(), att.name())
            }
            (true, false) => format!("{} destroyed; the assault is over", att.name()),
            (false, false) => format!("{} pinned; the assault is over", att.name()),
        };
        events.push(Event::fact(FactKind::Melee, Some(att.id), summary.clone()));
        Step::Done(Resolution { summary, events })
    }
}
