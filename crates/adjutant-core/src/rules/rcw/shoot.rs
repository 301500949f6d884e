//! Shooting (§5, §6): the firer's dice from the unit table, each hitting on 4+
//! in the open, 5+ obscured, 6 against entrenched, armoured or pinned targets; the hits
//! pin or destroy; armour holds except against artillery, tanks and armoured trains.
//! Mortars and artillery may shoot through an observer (own HQ within 6, FAO within 12),
//! which spends a Shoot action too.

use crate::rules::kit::done;
use std::sync::Arc;

use super::hits::{HitState, hit_bands, hit_ranges};
use super::keys::*;
use super::params;
use super::tables::RcwTables;
use super::unit::{Act, UnitView, acts, join, opposed, view};
use crate::battle::state::Context;
use crate::dice::{Dice, Die};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, DiceRequest, ParamSpec, Reading, Refusal, Step};
use crate::rules::kit::events::{mark, piece_change, track};
use crate::rules::kit::offers::refuse;
use crate::rules::kit::params::{answer, yes};
use crate::rules::kit::{Cursor, Script};
use crate::words::a;

/// A shot, checked and ready for dice.
#[derive(Debug, Clone)]
pub(crate) struct Shoot {
    pub(crate) tables: Arc<RcwTables>,
    pub(crate) firer: PieceId,
    pub(crate) observer: Option<PieceId>,
    pub(crate) target: PieceId,
    pub(crate) obscured: bool,
    pub(crate) entrenched: bool,
    /// "Shoot: firer at target", named when the shot was checked.
    pub(crate) title: String,
}

/// The questions a shot asks: the range, the target's cover (unless its hit number is 6
/// whatever it stands in: armoured, pinned or recorded entrenched, §5.1) and, fired through
/// an observer, how far the observer is.
pub(crate) fn params(ctx: &Context, tables: &RcwTables, call: &Call) -> Vec<ParamSpec> {
    let Some(firer) = call.actors.first().and_then(|&a| view(ctx, tables, a)) else {
        return Vec::new();
    };
    let mut specs = vec![params::range(firer.range())];
    let target = call.targets.first().and_then(|&t| view(ctx, tables, t));
    if target.is_none_or(|t| t.cover_decides()) {
        specs.push(params::cover());
    }
    if call.actors.len() > 1
        && let Some((_, hexes)) = firer.profile.observer
    {
        specs.push(params::observer_range(hexes));
    }
    specs
}

/// Whether an observer may direct this firer now (§6.3).
fn check_observer(firer: &UnitView, obs: &UnitView) -> Result<(), Refusal> {
    let Some((kind, _)) = firer.profile.observer else {
        return refuse(
            format!(
                "{} unit cannot fire through an observer",
                a(firer.profile.kind)
            ),
            "§6.3",
        );
    };
    if obs.profile.kind != kind || obs.side != firer.side {
        return refuse(
            format!(
                "{} unit is directed only by its own side's {kind}",
                a(firer.profile.kind)
            ),
            "§6.3",
        );
    }
    if kind == HQ && obs.unit.group != firer.unit.group {
        return refuse(
            format!("{} is not {}'s own HQ", obs.name(), firer.name()),
            "§6.3",
        );
    }
    if obs.destroyed() || obs.pinned() {
        return refuse(
            format!("{} is pinned or destroyed and cannot observe", obs.name()),
            "§5.5, §6.3",
        );
    }
    let free = if obs.activated() {
        obs.remaining().contains(&Act::Shoot)
    } else {
        obs.status.track(ACTIONS) < 2
    };
    if !free {
        return refuse(
            format!("{} has no Shoot action left to observe with", obs.name()),
            "§6.3",
        );
    }
    Ok(())
}

/// Checks a shot and builds it.
pub(crate) fn start(ctx: &Context, tables: &Arc<RcwTables>, call: &Call) -> Result<Shoot, Refusal> {
    let (firer, target) = opposed(ctx, tables, call, Act::Shoot, ["firer", "target"], "§6.1")?;
    if target.concealed() {
        return refuse(
            format!(
                "{} is concealed: it can be shot at only once it moves, fires or has an enemy \
                 adjacent (spot it first)",
                target.name()
            ),
            "§5.7",
        );
    }
    if yes(call, &params::range(firer.range())) {
        return refuse(
            format!(
                "{} is beyond {}'s range of {} hexes",
                target.name(),
                firer.name(),
                firer.range()
            ),
            "§6.2",
        );
    }
    let cover = answer(call, &params::cover());
    if cover == 2 {
        target.may_be_entrenched()?;
    }
    let observer = match call.actors.get(1) {
        Some(&o) => {
            let Some(obs) = view(ctx, tables, o) else {
                return refuse("the observer is not a unit", "§6.3");
            };
            check_observer(&firer, &obs)?;
            let far = firer
                .profile
                .observer
                .is_some_and(|(_, hexes)| yes(call, &params::observer_range(hexes)));
            if far {
                return refuse(
                    format!(
                        "{} is too far from {} to observe for it",
                        obs.name(),
                        firer.name()
                    ),
                    "§6.3",
                );
            }
            Some(o)
        }
        None => None,
    };
    let mut title = format!("Shoot: {} at {}", firer.name(), target.name());
    if let Some(obs) = observer {
        title.push_str(&format!(", observed by {}", ctx.roster.name(obs)));
    }
    Ok(Shoot {
        title,
        tables: Arc::clone(tables),
        firer: firer.id,
        observer,
        target: target.id,
        obscured: cover == 1,
        entrenched: cover == 2,
    })
}

impl Shoot {
    fn views<'a>(&'a self, ctx: &Context<'a>) -> Option<(UnitView<'a>, UnitView<'a>)> {
        Some((
            view(ctx, &self.tables, self.firer)?,
            view(ctx, &self.tables, self.target)?,
        ))
    }

    /// The dice request and the state each band leads to; quiet, without the words only a
    /// person reads (label, rule, band labels).
    fn request(&self, ctx: &Context, quiet: bool) -> Option<(DiceRequest, Vec<HitState>)> {
        let (firer, target) = self.views(ctx)?;
        let before = HitState::of(target.status);
        let (at_least, why) = target.hit_number(
            &self.tables,
            self.obscured,
            self.entrenched,
            target.pinned(),
        );
        let holds = target.profile.armoured && !firer.profile.breaks_armour;
        let elite = target.quality.ignores_first_hit;
        let n = firer.shooting_dice();
        let after = |k| before.take(k, elite, holds, self.tables.destroying_hits);
        let bands = match quiet {
            true => hit_ranges(n, after),
            false => hit_bands(n, before, after),
        };
        let (bands, states) = bands.into_iter().unzip();
        let (label, rule) = match quiet {
            true => (String::new(), String::new()),
            false => (
                format!(
                    "{} shoots: {} hitting on {at_least}+ ({why})",
                    firer.name(),
                    crate::words::count(usize::from(n), "die", "dice")
                ),
                "§5.1, §6.1".into(),
            ),
        };
        Some((
            DiceRequest {
                at_most: None,
                by: None,
                label,
                rule,
                dice: Dice::new(n, Die::D6),
                reading: Reading::Successes { at_least },
                bands,
            },
            states,
        ))
    }

    /// The shot, its roll read from `cursor`: the request, or the resolution.
    fn shoot(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        let quiet = cursor.quiet();
        let (Some((req, states)), Some((firer, target))) =
            (self.request(ctx, quiet), self.views(ctx))
        else {
            return done("no shot", Vec::new());
        };
        let (req, hits) = match cursor.reading(req) {
            Ok(read) => read,
            Err(step) => return step,
        };
        let band = req.bands.iter().position(|b| b.contains(hits)).unwrap_or(0);
        let before = HitState::of(target.status);
        let after = states.get(band).copied().unwrap_or(before);
        if quiet {
            return done(before.effect(after), Vec::new());
        }
        let effect = before.effect(after);
        let mut events = firer.spend(Act::Shoot);
        if let Some(obs) = self.observer.and_then(|o| view(ctx, &self.tables, o)) {
            events.extend(observer_spends(&obs));
        }
        events.push(Event::fact(
            FactKind::Fire,
            Some(firer.id),
            format!(
                "{} shoots at {}: {hits} hit{} — {effect}",
                firer.name(),
                target.name(),
                if hits == 1 { "" } else { "s" }
            ),
        ));
        events.extend(before.events(after, target.id, &target.name()));
        done(effect, events)
    }
}

impl Script for Shoot {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        vec![
            "Each die hits on 4+ in the open, 5+ obscured, 6 entrenched/armoured/pinned \
             (§5.1)"
                .into(),
            "1 hit pins; a pinned unit hit, or 2 hits in a player turn, is destroyed; \
             elite ignore the first hit each player turn (§5.2, §5.3)"
                .into(),
            "Armour is destroyed only by artillery, tanks, armoured trains or close assault \
             (§5.4)"
                .into(),
        ]
    }

    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        self.shoot(ctx, cursor)
    }
}

/// The observer's Shoot action (§4.6): used from its declared actions, or taken out of the
/// two it will declare when activated later.
fn observer_spends(obs: &UnitView) -> Vec<Event> {
    let mut done = acts(obs.status, DONE);
    done.push(Act::Shoot);
    vec![
        piece_change(obs.id, track(ACTIONS, obs.status.track(ACTIONS) + 1)),
        piece_change(obs.id, mark(DONE, Some(join(&done)))),
        Event::fact(
            FactKind::Command,
            Some(obs.id),
            format!("{} observes the fall of shot", obs.name()),
        ),
    ]
}
