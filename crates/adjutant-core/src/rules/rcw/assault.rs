//! Close assault (§7): attacker and defender roll their assault dice at
//! the same time — 2 dice each, or with a switch the unit table's Assault dice (§7.2) —
//! hitting with the §5.1 numbers; a pinned unit, or a defender attacked in flank or rear,
//! rolls one die. Round follows round until the defender is destroyed (the
//! attacker occupies its hex) or the attacker is pinned (the assault is over). Each round
//! asks for the attacker's dice, then the defender's, so the procedure is a loop of
//! requests; every request's bands tell the state it leads to. One body serves `step` and the
//! odds walk's `explore` (the kit's [`crate::rules::kit::Cursor`]): exploring, it carries on past the
//! given inputs in one pass, quietly; a round's dice are worked out again only when a state
//! changed, and a request is written out only when it is asked or handed back.

use crate::rules::kit::done;
use std::sync::Arc;

use super::hits::{HitState, hit_bands, hit_ranges};
use super::keys::*;
use super::params;
use super::tables::{RcwTables, SEED_ASSAULT_DICE};
use super::unit::{Act, UnitView, opposed, view};
use crate::battle::state::Context;
use crate::dice::{Dice, Die};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, DiceRequest, ParamSpec, Reading, Refusal, Step};
use crate::rules::kit::events::{flag, piece_change};
use crate::rules::kit::params::{answer, yes};
use crate::rules::kit::{Cursor, Script, faces};

/// A close assault, checked and ready for dice.
#[derive(Debug, Clone)]
pub(crate) struct Assault {
    pub(crate) tables: Arc<RcwTables>,
    pub(crate) attacker: PieceId,
    pub(crate) defender: PieceId,
    pub(crate) defender_obscured: bool,
    pub(crate) defender_entrenched: bool,
    pub(crate) attacker_obscured: bool,
    /// The defender is attacked in flank or rear (one die).
    pub(crate) flank: bool,
    pub(crate) title: String,
}

/// The questions an assault asks: the defender's cover (unless its hit number is 6 whatever
/// it stands in, §5.1), the attacker's, and which way the defender is attacked.
pub(crate) fn params(defender: Option<&UnitView>) -> Vec<ParamSpec> {
    let mut specs = Vec::new();
    if defender.is_none_or(|d| d.cover_decides()) {
        specs.push(params::cover());
    }
    specs.extend([params::attacker_cover(), params::facing()]);
    specs
}

/// Checks an assault and builds it.
pub(crate) fn start(
    ctx: &Context,
    tables: &Arc<RcwTables>,
    call: &Call,
) -> Result<Assault, Refusal> {
    let (att, def) = opposed(
        ctx,
        tables,
        call,
        Act::Assault,
        ["attacker", "defender"],
        "§7.1",
    )?;
    let cover = answer(call, &params::cover());
    if cover == 2 {
        def.may_be_entrenched()?;
    }
    Ok(Assault {
        tables: Arc::clone(tables),
        attacker: att.id,
        defender: def.id,
        defender_obscured: cover == 1,
        defender_entrenched: cover == 2,
        attacker_obscured: yes(call, &params::attacker_cover()),
        flank: yes(call, &params::facing()),
        title: format!("Close assault: {} on {}", att.name(), def.name()),
    })
}

/// One side's dice in a round, worked out but not yet written as a request: reading given
/// faces needs only the hit number and what hits do, so the request (and its words) is
/// built only when it is asked or handed back.
struct Roll<'a> {
    tables: &'a RcwTables,
    roller: &'a UnitView<'a>,
    n: u8,
    /// Why the roller has one die, if it has.
    reduced: Option<&'static str>,
    at_least: u8,
    why: &'static str,
    /// The enemy's state before the roll.
    target: HitState,
    elite: bool,
}

impl Roll<'_> {
    /// The enemy's state after `hits` (close-assault hits destroy armour, §5.4).
    fn after(&self, hits: i32) -> HitState {
        let destroying = self.tables.destroying_hits;
        self.target.take(hits, self.elite, false, destroying)
    }

    /// The request for this roll in round `round`; quiet, without its words (label, rule,
    /// band labels), which only a person reads.
    fn request(&self, round: u32, quiet: bool) -> Step {
        let bands = match quiet {
            true => hit_ranges(self.n, |k| self.after(k)),
            false => hit_bands(self.n, self.target, |k| self.after(k)),
        };
        let (label, rule) = if quiet {
            (String::new(), String::new())
        } else {
            let reduced = self
                .reduced
                .map_or(String::new(), |r| format!(", 1 die: {r}"));
            let label = format!(
                "Round {round}: {} rolls {} hitting on {}+ ({}{reduced})",
                self.roller.name(),
                crate::words::count(usize::from(self.n), "die", "dice"),
                self.at_least,
                self.why
            );
            (label, "§7.2".into())
        };
        Step::Dice(DiceRequest {
            at_most: None,
            by: Some(self.roller.side),
            label,
            rule,
            dice: Dice::new(self.n, Die::D6),
            reading: Reading::Successes {
                at_least: self.at_least,
            },
            bands: bands.into_iter().map(|(band, _)| band).collect(),
        })
    }

    /// The hits the faces read and the enemy's state they lead to: the state of the band
    /// holding the reading (one band per hit count 0..=n, equal neighbours merged), or of the
    /// first band if none holds it.
    fn read(&self, faces: &[u8]) -> (i32, HitState) {
        let hits = faces.iter().filter(|&&f| f >= self.at_least).count() as i32;
        let band = if (0..=i32::from(self.n)).contains(&hits) {
            hits
        } else {
            0
        };
        (hits, self.after(band))
    }
}

impl Assault {
    /// A unit's dice this round (§7.2): the seed's 2 dice — or, with the switch
    /// `assault_dice_column`, its Assault dice from the unit table — reduced to 1 die when it
    /// is pinned or attacked in flank or rear; a unit the table gives no assault dice rolls
    /// none.
    fn dice(&self, unit: &UnitView, pinned: bool, flank: bool) -> (u8, Option<&'static str>) {
        let column = unit.assault_dice();
        let full = match (self.tables.assault_dice_column, column) {
            (true, _) | (false, 0) => column,
            (false, _) => SEED_ASSAULT_DICE,
        };
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
    fn roll<'a>(&'a self, roller: &Fighter<'a>, enemy: &Fighter) -> Option<Roll<'a>> {
        let (n, reduced) = self.dice(roller.unit, roller.state.pinned, roller.flanked);
        let (target, state) = (enemy.unit, enemy.state);
        let (obscured, entrenched) = (enemy_cover(self, target), enemy_entrenched(self, target));
        if n == 0 {
            return None;
        }
        let (at_least, why) = target.hit_number(&self.tables, obscured, entrenched, state.pinned);
        Some(Roll {
            tables: &self.tables,
            roller: roller.unit,
            n,
            reduced,
            at_least,
            why,
            target: state,
            elite: target.quality.ignores_first_hit,
        })
    }

    /// Both sides' dice for a round fought from these states (attacker, defender).
    fn rolls<'a>(
        &'a self,
        (att, def): (&'a UnitView<'a>, &'a UnitView<'a>),
        (sa, sd): (HitState, HitState),
    ) -> [Option<Roll<'a>>; 2] {
        let attacker = Fighter {
            unit: att,
            state: sa,
            flanked: false,
        };
        let defender = Fighter {
            unit: def,
            state: sd,
            flanked: self.flank,
        };
        [
            self.roll(&attacker, &defender),
            self.roll(&defender, &attacker),
        ]
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

impl Script for Assault {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        vec![
            format!(
                "Both roll at once: {}; 1 die if pinned or attacked in flank/rear (§7.2)",
                self.tables.assault_dice_words()
            ),
            "Hits as for shooting, counted with this player turn's other hits; assault hits \
             destroy armour (§5.4, §7.3)"
                .into(),
            "Repeat until the defender is destroyed (attacker occupies) or the attacker is \
             pinned (§7.3)"
                .into(),
        ]
    }

    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        self.fight(ctx, cursor)
    }
}

impl Assault {
    /// The rounds, read from `cursor`, to the next request or the resolution.
    fn fight(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        let (Some(att), Some(def)) = (
            view(ctx, &self.tables, self.attacker),
            view(ctx, &self.tables, self.defender),
        ) else {
            return done("no assault", Vec::new());
        };
        let quiet = cursor.quiet();
        let (a0, d0) = (HitState::of(att.status), HitState::of(def.status));
        let (mut sa, mut sd) = (a0, d0);
        let mut lines = Vec::new();
        let mut round = 1;
        let mut rolls = self.rolls((&att, &def), (sa, sd));
        loop {
            // Where this round begins: a round that changes nothing comes back here.
            let since = cursor.used();
            let (mut next_a, mut next_d) = (sa, sd);
            let mut line = if quiet {
                String::new()
            } else {
                format!("Round {round}:")
            };
            for (roll, roller, target_next) in [
                (&rolls[0], &att, &mut next_d),
                (&rolls[1], &def, &mut next_a),
            ] {
                let Some(roll) = roll else {
                    if !quiet {
                        line.push_str(&format!(" {} has no assault dice;", roller.name()));
                    }
                    continue;
                };
                let input = match cursor.next(|| roll.request(round, quiet)) {
                    Ok(input) => input,
                    Err(request) => return request,
                };
                let faces = faces(input);
                let (hits, state) = roll.read(faces);
                *target_next = state;
                if !quiet {
                    let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                    line.push_str(&format!(
                        " {} [{}] → {hits} hit(s);",
                        roller.name(),
                        faces.join(" ")
                    ));
                }
            }
            if !quiet {
                lines.push(line);
            }
            let changed = (next_a, next_d) != (sa, sd);
            (sa, sd) = (next_a, next_d);
            if sd.destroyed || sa.pinned || sa.destroyed {
                break;
            }
            if changed {
                rolls = self.rolls((&att, &def), (sa, sd));
            } else if let Err(step) = cursor.again(since) {
                return step;
            }
            round += 1;
        }
        let summary = match (sa.destroyed, sd.destroyed) {
            (true, true) => "both destroyed".to_string(),
            (false, true) => format!("{} destroyed; {} occupies", def.name(), att.name()),
            (true, false) => format!("{} destroyed; the assault is over", att.name()),
            (false, false) => format!("{} pinned; the assault is over", att.name()),
        };
        if quiet {
            return done(summary, Vec::new());
        }
        let mut events = att.spend(Act::Assault);
        if self.tables.assault_dice_column {
            events.push(Event::fact(
                FactKind::Note,
                Some(att.id),
                "Assault dice from the unit table's column (switch assault_dice_column, §7.2)",
            ));
        }
        events.extend(def.reveal());
        events.extend(att.reveal());
        for line in lines {
            events.push(Event::fact(FactKind::Melee, Some(att.id), line));
        }
        events.extend(d0.events(sd, def.id, &def.name()));
        events.extend(a0.events(sa, att.id, &att.name()));
        if sd.destroyed && !sa.destroyed {
            if att.entrenched() {
                events.push(piece_change(att.id, flag(ENTRENCHED, false)));
            }
            events.push(Event::fact(
                FactKind::Movement,
                Some(att.id),
                format!("{} occupies {}'s hex", att.name(), def.name()),
            ));
        }
        events.push(Event::fact(FactKind::Melee, Some(att.id), summary.clone()));
        done(summary, events)
    }
}
