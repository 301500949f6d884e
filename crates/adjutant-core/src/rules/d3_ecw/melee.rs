//! Melee (§6 of the D3 rules reference): one-sided — only the activated unit inflicts hits. Gallopers
//! charging in roll D3+1, cavalry and Infantry D3, Commanded Shot D3−1, Dragoons D3−2, Elite
//! Pike D3+1; −1 against Infantry or Cuirassiers, −1 against a target in town, woods or hedges;
//! a flank attack or an attached commander lets the attacker re-roll, a target on a hill lets
//! the defender make it re-roll, the second score standing. Artillery engaged is eliminated.
//! Only cavalry and infantry may start a melee; a unit in melee fights only its opponent. A
//! target in terrain its type may not be in is refused.

use crate::rules::kit::done;
use std::sync::Arc;

use super::common::{self, terrain_allowed};
use super::keys::*;
use super::roll::{HitRoll, Reason, d3_with};
use super::status::{attached_commander, hits_events, melee_partner, rout_events, with_rout};
use super::tables::{D3Tables, Profile, d3};
use crate::battle::state::Context;
use crate::dice::Modifier;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Offer, ParamSpec, Procedure, Refusal, Step};
use crate::rules::kit::events::set_mark;
use crate::rules::kit::offers;
use crate::rules::kit::params::check_answers;
use crate::rules::kit::params::{NO, Rules, YES, answer, choice, yes, yes_no};
use crate::rules::kit::{Body, Cursor, Need};

/// Target terrain choices in melee.
const TERRAIN_CHOICES: [&str; 5] = ["open", "town", "woods", "hedges", "entrenchments"];

fn profile<'t>(ctx: &Context, tables: &'t D3Tables, unit: PieceId) -> Result<&'t Profile, Refusal> {
    let kind = ctx.roster.unit(unit).map_or("", |u| u.kind.as_str());
    tables
        .profile(kind)
        .ok_or_else(|| Refusal::new(format!("'{kind}' is not a D3 unit type"), "§2.1"))
}

/// Whether the attacker is already in melee with this target.
fn engaged(ctx: &Context, attacker: PieceId, target: PieceId) -> bool {
    melee_partner(ctx, attacker) == Some(target)
}

/// The questions a melee needs answered.
pub(crate) fn params(
    ctx: &Context,
    tables: &D3Tables,
    attacker: PieceId,
    target: PieceId,
) -> Vec<ParamSpec> {
    let Ok(t) = profile(ctx, tables, target) else {
        return Vec::new();
    };
    if t.melee.is_none() {
        return Vec::new();
    }
    let mut params = Vec::new();
    if profile(ctx, tables, attacker).is_ok_and(|p| p.charge_bonus != 0)
        && !engaged(ctx, attacker, target)
    {
        // A melee starts when a unit moves into contact (§6.1): not yet engaged, it charges.
        params.push(yes_no(CHARGING, "Charging into contact this move").by(YES, "§6.1"));
    }
    let entrenched = ctx.roster.unit(target).is_some_and(|u| u.has(ENTRENCHED));
    params.push(
        choice(TERRAIN, "Target's terrain", &TERRAIN_CHOICES)
            .by(if entrenched { 4 } else { 0 }, "§6.3"),
    );
    params.push(yes_no(FLANK, "Attacking the target's flank (attacker re-roll)").by(NO, "§6.4"));
    params.push(
        yes_no(
            HILL,
            "Target defending a hill (defender may force a re-roll)",
        )
        .by(NO, "§6.4"),
    );
    params
}

/// Whether this unit may attack that one now. Ok(true) when it spends a new activation.
pub(crate) fn check(
    ctx: &Context,
    tables: &D3Tables,
    attacker: PieceId,
    target: PieceId,
) -> Result<bool, Refusal> {
    common::not_ended(ctx)?;
    common::present(ctx, attacker)?;
    let p = profile(ctx, tables, attacker)?;
    let name = ctx.roster.name(attacker);
    if p.melee.is_none() {
        return Err(Refusal::new(
            format!("{} cannot melee: it is eliminated if engaged", p.kind),
            "§6.1, §6.5",
        ));
    }
    if ctx.roster.leader(target).is_some() {
        return Err(Refusal::new(
            "a unit contacting the commander removes it: use the commander contact",
            "§7.3",
        ));
    }
    if ctx.roster.side_of(target) == ctx.roster.side_of(attacker) {
        return Err(Refusal::new("units attack the enemy", "§6.1"));
    }
    common::present(ctx, target)?;
    match melee_partner(ctx, attacker) {
        Some(other) if other != target => {
            return Err(Refusal::new(
                format!(
                    "{name} is in melee with {}: units may not leave a melee except by giving ground",
                    ctx.roster.name(other)
                ),
                "§6.6",
            ));
        }
        None if !p.initiates => {
            return Err(Refusal::new(
                format!(
                    "only cavalry and infantry may initiate a melee; {} cannot",
                    p.kind
                ),
                "§6.1",
            ));
        }
        _ => {}
    }
    common::may_act(ctx, attacker)
}

/// The offer for a selection of attacker and target.
pub(crate) fn offer(ctx: &Context, tables: &D3Tables, attacker: PieceId, target: PieceId) -> Offer {
    let verb = if engaged(ctx, attacker, target) {
        "Fight on against"
    } else {
        "Melee"
    };
    offers::offer(
        P_MELEE,
        format!("{verb} {}", ctx.roster.name(target)),
        params(ctx, tables, attacker, target),
        check(ctx, tables, attacker, target).map(|_| ()),
    )
}

/// Starts a melee, or refuses it.
pub(crate) fn build(
    ctx: &Context,
    tables: &Arc<D3Tables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    let (attacker, target) =
        offers::actor_and_target(call, "choose an attacker and a target", "§6.1")?;
    check(ctx, tables, attacker, target)?;
    let specs = params(ctx, tables, attacker, target);
    check_answers(call, &specs, "§6.3")?;
    if let Some(spec) = specs.iter().find(|s| s.key == TERRAIN) {
        terrain_allowed(ctx, tables, target, TERRAIN_CHOICES[answer(call, spec)])?;
    }
    Ok(Box::new(Melee {
        tables: Arc::clone(tables),
        call: call.clone(),
        title: format!(
            "Melee: {} attacks {}",
            ctx.roster.name(attacker),
            ctx.roster.name(target)
        ),
    }))
}

/// A melee under way.
pub(crate) struct Melee {
    tables: Arc<D3Tables>,
    call: Call,
    title: String,
}

impl Melee {
    fn hit_roll(&self, ctx: &Context, attacker: PieceId, target: PieceId) -> HitRoll {
        let p = profile(ctx, &self.tables, attacker).ok();
        let t = profile(ctx, &self.tables, target).ok();
        let o = &self.tables.options;
        let params = params(ctx, &self.tables, attacker, target);
        let yes = |key| {
            params
                .iter()
                .find(|s| s.key == key)
                .is_some_and(|s| yes(&self.call, s))
        };
        let mut mods = Vec::new();
        if let Some(p) = p {
            let base = p.melee.unwrap_or(0);
            if base != 0 {
                mods.push(Modifier::new(
                    base,
                    format!("{} melee {}", p.kind, d3(base)),
                    "§6.2",
                ));
            }
            if p.charge_bonus != 0 && yes(CHARGING) {
                mods.push(Modifier::new(
                    p.charge_bonus,
                    format!("{} charging in", p.kind),
                    "§6.2",
                ));
            }
        }
        if let Some(t) = t
            && t.armoured
        {
            mods.push(Modifier::new(
                o.melee_armour,
                format!("target is {}", t.kind),
                "§6.3",
            ));
        }
        let terrain = params
            .iter()
            .find(|s| s.key == TERRAIN)
            .map_or(0, |s| answer(&self.call, s));
        let covered = match terrain {
            1..=3 => true,
            4 => t.is_some_and(|t| t.entrenchable),
            _ => false,
        };
        if covered {
            mods.push(Modifier::new(
                o.melee_cover,
                format!("target in {}", TERRAIN_CHOICES[terrain]),
                "§6.3",
            ));
        }
        let mut attacker_rr = Vec::new();
        if yes(FLANK) {
            attacker_rr.push(Reason::new("flank attack", "§6.4"));
        }
        if attached_commander(ctx, attacker).is_some() {
            attacker_rr.push(Reason::new("commander attached", "§6.4, §7.2"));
        }
        let mut defender_rr = Vec::new();
        if yes(HILL) {
            defender_rr.push(Reason::new("target defending a hill", "§6.4"));
        }
        HitRoll {
            label: format!(
                "{} attacks {}",
                ctx.roster.name(attacker),
                ctx.roster.name(target)
            ),
            rule: "§6.2".into(),
            dice: d3_with(mods),
            ammo_face: None,
            attacker: attacker_rr,
            defender: defender_rr,
        }
    }
}

impl Body for Melee {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        vec![
            "One-sided: only the activated unit inflicts hits (§6.2)".into(),
            "A unit may only attack the unit it is facing (§6.1)".into(),
            "Hits never go below 0 (§1.2)".into(),
        ]
    }

    fn body(&self, ctx: &Context, cursor: &mut Cursor) -> Need<Step> {
        let (attacker, target) = (self.call.actors[0], self.call.targets[0]);
        let new = common::may_act(ctx, attacker).unwrap_or(false);
        let mut events = common::activation_events(ctx, attacker, new, true);
        let (a_name, t_name) = (ctx.roster.name(attacker), ctx.roster.name(target));
        if profile(ctx, &self.tables, target).is_ok_and(|t| t.melee.is_none()) {
            let how = format!("{t_name} is engaged in melee by {a_name} and eliminated (§6.5)");
            events.extend(rout_events(ctx, target, FactKind::Eliminated, &how));
            return Ok(done("eliminated", events));
        }
        let roll = self.hit_roll(ctx, attacker, target);
        let outcome = roll.read(cursor)?;
        events.push(Event::fact(
            FactKind::Melee,
            Some(attacker),
            format!(
                "{a_name} attacks {t_name}: D3 {}{} → {}",
                outcome.face,
                if outcome.rerolled { " (re-rolled)" } else { "" },
                roll.describe(outcome.face)
            ),
        ));
        let routs = ctx.status(target).track(HITS) + outcome.hits >= self.tables.options.rout_at;
        if !routs && !engaged(ctx, attacker, target) {
            events.push(set_mark(attacker, IN_MELEE, Some(t_name.to_string())));
            events.push(set_mark(target, IN_MELEE, Some(a_name.to_string())));
        }
        events.extend(hits_events(
            ctx,
            &self.tables,
            target,
            outcome.hits,
            "Melee",
        ));
        let summary = roll.describe(outcome.face);
        Ok(done(
            with_rout(ctx, &self.tables, target, outcome.hits, summary),
            events,
        ))
    }
}
