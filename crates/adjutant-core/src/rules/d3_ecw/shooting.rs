//! Shooting (§5 of the D3 rules reference): one D3 by the shooter's type (D3 or D3−1), range by weapon,
//! −1 for a target in cover (artillery ignores it), a re-roll from entrenchments or with the
//! commander attached, ammunition on a D3 score of 3 (the hit die by default, a separate D3 as
//! the option), artillery only every other turn and fixed once it fires. A range beyond the
//! weapon and a target in terrain its type may not be in are refused, never clamped.

use crate::rules::kit::done;
use std::sync::Arc;

use super::common::{self, terrain_allowed};
use super::keys::*;
use super::roll::{HitRoll, Reason, d3_with, plural};
use super::status::{attached_commander, fired_last_turn, hits_events, melee_partner, with_rout};
use super::tables::{AmmoCheck, D3Tables, Profile, Weapon, d3};
use crate::battle::state::Context;
use crate::dice::Modifier;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Band, Call, DiceRequest, Offer, ParamSpec, Procedure, Refusal, Step};
use crate::rules::kit::events::{set_flag, set_track};
use crate::rules::kit::offers;
use crate::rules::kit::params::check_answers;
use crate::rules::kit::params::{Rules, answer, choice, pick, yes, yes_no};
use crate::rules::kit::{Body, Cursor, Need};

/// Target terrain choices when shooting.
const TERRAIN_CHOICES: [&str; 4] = ["open or hedges", "town", "woods", "entrenchments"];

fn profile<'t>(ctx: &Context, tables: &'t D3Tables, unit: PieceId) -> Result<&'t Profile, Refusal> {
    let kind = ctx.roster.unit(unit).map_or("", |u| u.kind.as_str());
    tables
        .profile(kind)
        .ok_or_else(|| Refusal::new(format!("'{kind}' is not a D3 unit type"), "§2.1"))
}

fn weapon<'t>(ctx: &Context, tables: &'t D3Tables, unit: PieceId) -> Result<&'t Weapon, Refusal> {
    let p = profile(ctx, tables, unit)?;
    p.weapon
        .as_ref()
        .ok_or_else(|| Refusal::new(format!("{} do not shoot", p.kind), "§2.1, §2.2"))
}

/// The questions a shot needs answered.
pub(crate) fn params(
    ctx: &Context,
    tables: &D3Tables,
    shooter: PieceId,
    target: PieceId,
) -> Vec<ParamSpec> {
    let range = weapon(ctx, tables, shooter).map_or(1, |w| w.range);
    let mut choices: Vec<String> = (1..=range).map(|r| r.to_string()).collect();
    choices.push(format!("more than {range}"));
    let entrenched = |u| ctx.roster.unit(u).is_some_and(|u| u.has(ENTRENCHED));
    let mut params = vec![
        pick(
            RANGE,
            if profile(ctx, tables, shooter).is_ok_and(|p| p.alternate_turns) {
                "Range in hexes (clear line of sight, in the field of fire, not over friendly \
                 units)"
            } else {
                "Range in hexes (clear line of sight, in the field of fire)"
            },
            choices,
        ),
        choice(TERRAIN, "Target's cover", &TERRAIN_CHOICES)
            .by(if entrenched(target) { 3 } else { 0 }, "§5.3"),
    ];
    if profile(ctx, tables, shooter).is_ok_and(|p| p.entrenchable) {
        params.push(
            yes_no(
                SHOOTER_ENTRENCHED,
                "Shooting from entrenchments (re-roll, keep the second)",
            )
            .by(usize::from(entrenched(shooter)), "§5.6"),
        );
    }
    params
}

/// Whether this unit may shoot at that one now.
pub(crate) fn check(
    ctx: &Context,
    tables: &D3Tables,
    shooter: PieceId,
    target: PieceId,
) -> Result<bool, Refusal> {
    common::not_ended(ctx)?;
    common::present(ctx, shooter)?;
    let p = profile(ctx, tables, shooter)?;
    let w = weapon(ctx, tables, shooter)?;
    let s = ctx.status(shooter);
    let name = ctx.roster.name(shooter);
    if w.ammo && s.flag(OUT_OF_AMMO) {
        return Err(Refusal::new(
            format!("{name} is out of ammunition for the rest of the game"),
            "§5.4",
        ));
    }
    if p.alternate_turns && fired_last_turn(ctx, shooter) {
        return Err(Refusal::new(
            format!("{name} fired last turn: artillery shoots only every other turn"),
            "§5.5",
        ));
    }
    if melee_partner(ctx, shooter).is_some() {
        return Err(Refusal::new(
            format!("{name} is in melee: it fights on or gives ground, it does not shoot"),
            "§5.1, §6.6",
        ));
    }
    if ctx.roster.leader(target).is_some() {
        return Err(Refusal::new("commanders may never be shot at", "§7.1"));
    }
    if ctx.roster.side_of(target) == ctx.roster.side_of(shooter) {
        return Err(Refusal::new("units shoot at the enemy", "§5.1"));
    }
    common::present(ctx, target)?;
    common::may_act(ctx, shooter)
}

/// The offer for a selection of shooter and target.
pub(crate) fn offer(ctx: &Context, tables: &D3Tables, shooter: PieceId, target: PieceId) -> Offer {
    offers::offer(
        P_SHOOT,
        format!("Shoot at {}", ctx.roster.name(target)),
        params(ctx, tables, shooter, target),
        check(ctx, tables, shooter, target).map(|_| ()),
    )
}

/// Starts a shot, or refuses it (out of range included).
pub(crate) fn build(
    ctx: &Context,
    tables: &Arc<D3Tables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    let (shooter, target) =
        offers::actor_and_target(call, "choose a shooter and a target", "§5.1")?;
    check(ctx, tables, shooter, target)?;
    let w = weapon(ctx, tables, shooter)?;
    check_range(call, w)?;
    let specs = params(ctx, tables, shooter, target);
    check_answers(call, &specs[1..], "§5.3")?;
    let terrain = answer(call, &specs[1]);
    terrain_allowed(ctx, tables, target, TERRAIN_CHOICES[terrain])?;
    Ok(Box::new(Shoot {
        tables: Arc::clone(tables),
        call: call.clone(),
        title: format!(
            "Shoot: {} at {}",
            ctx.roster.name(shooter),
            ctx.roster.name(target)
        ),
    }))
}

/// Refuses a range answer that is not a whole number of hexes within the weapon's reach: a
/// range beyond it (or 0) is refused, never read as another range.
pub(crate) fn check_range(call: &Call, w: &Weapon) -> Result<(), Refusal> {
    let Some(typed) = call.param(RANGE) else {
        return Ok(());
    };
    let typed = typed.trim();
    let weapon = w.name.to_lowercase();
    let beyond = || {
        Refusal::new(
            format!(
                "the target is beyond {weapon} range ({} hex{})",
                w.range,
                if w.range == 1 { "" } else { "es" }
            ),
            "§5.1",
        )
    };
    if typed.eq_ignore_ascii_case(&format!("more than {}", w.range)) {
        return Err(beyond());
    }
    match typed.parse::<u32>() {
        Ok(0) => Err(Refusal::new(
            "a range is counted in hexes from the next hex: 1 or more",
            "§1.1, §5.1",
        )),
        Ok(n) if n > u32::from(w.range) => Err(Refusal::new(
            format!(
                "a range of {n} hexes is beyond {weapon} range ({}): refused, not shortened",
                w.range
            ),
            "§5.1",
        )),
        Ok(_) => Ok(()),
        Err(_) => Err(Refusal::new(
            format!("'{typed}' is not a range in hexes (1 to {})", w.range),
            "§5.1",
        )),
    }
}

/// A shot under way.
pub(crate) struct Shoot {
    tables: Arc<D3Tables>,
    call: Call,
    title: String,
}

impl Shoot {
    fn shooter(&self) -> PieceId {
        self.call.actors[0]
    }

    fn target(&self) -> PieceId {
        self.call.targets[0]
    }

    fn hit_roll(&self, ctx: &Context) -> HitRoll {
        let (shooter, target) = (self.shooter(), self.target());
        let p = profile(ctx, &self.tables, shooter).ok();
        let w = p.and_then(|p| p.weapon.as_ref());
        let o = &self.tables.options;
        let mut mods = Vec::new();
        if let (Some(p), Some(w)) = (p, w)
            && w.modifier != 0
        {
            mods.push(Modifier::new(
                w.modifier,
                format!("{} shoot {}", p.kind, d3(w.modifier)),
                "§5.2",
            ));
        }
        let params = params(ctx, &self.tables, shooter, target);
        let terrain = answer(&self.call, &params[1]);
        let target_p = profile(ctx, &self.tables, target).ok();
        let covered = match terrain {
            1 | 2 => true,
            3 => target_p.is_some_and(|t| t.entrenchable),
            _ => false,
        };
        if covered && !p.is_some_and(|p| p.ignores_cover) {
            mods.push(Modifier::new(
                o.shooting_cover,
                format!("target in {}", TERRAIN_CHOICES[terrain]),
                "§5.3",
            ));
        }
        let mut attacker = Vec::new();
        if params
            .iter()
            .find(|s| s.key == SHOOTER_ENTRENCHED)
            .is_some_and(|s| yes(&self.call, s))
        {
            attacker.push(Reason::new("shooting from entrenchments", "§5.6"));
        }
        if attached_commander(ctx, shooter).is_some() {
            attacker.push(Reason::new("commander attached", "§5.6, §7.2"));
        }
        let ammo_face = (w.is_some_and(|w| w.ammo) && o.ammo_check == AmmoCheck::HitDie)
            .then_some(o.ammo_out_on);
        HitRoll {
            label: format!(
                "{} shoots at {}",
                ctx.roster.name(shooter),
                ctx.roster.name(target)
            ),
            rule: "§5.2".into(),
            dice: d3_with(mods),
            ammo_face,
            attacker,
            defender: Vec::new(),
        }
    }

    fn separate_ammo(&self, ctx: &Context) -> bool {
        self.tables.options.ammo_check == AmmoCheck::SeparateDie
            && weapon(ctx, &self.tables, self.shooter()).is_ok_and(|w| w.ammo)
    }

    fn ammo_request(&self, ctx: &Context) -> DiceRequest {
        let out = i32::from(self.tables.options.ammo_out_on);
        let mut bands = Vec::new();
        if out > 1 {
            bands.push(Band::new(1, out - 1, "ammunition holds"));
        }
        bands.push(Band::new(out, out, "out of ammunition"));
        if out < 3 {
            bands.push(Band::new(out + 1, 3, "ammunition holds"));
        }
        DiceRequest::total(
            format!("Ammunition check: {}", ctx.roster.name(self.shooter())),
            "§5.4, §9.2",
            d3_with(Vec::new()),
            bands,
        )
    }
}

impl Body for Shoot {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        vec![
            "Only a unit that moved forward or stayed stationary may shoot (§5.1)".into(),
            "Hits never go below 0 (§1.2)".into(),
        ]
    }

    fn body(&self, ctx: &Context, cursor: &mut Cursor) -> Need<Step> {
        let roll = self.hit_roll(ctx);
        let outcome = roll.read(cursor)?;
        let mut out = outcome.out_of_ammo;
        if self.separate_ammo(ctx) {
            let (_, face) = cursor.reading(self.ammo_request(ctx))?;
            out = face == i32::from(self.tables.options.ammo_out_on);
        }
        let (shooter, target) = (self.shooter(), self.target());
        let new = common::may_act(ctx, shooter).unwrap_or(false);
        let mut events = common::activation_events(ctx, shooter, new, true);
        let name = ctx.roster.name(shooter);
        events.push(Event::fact(
            FactKind::Fire,
            Some(shooter),
            format!(
                "{name} shoots at {}: D3 {}{} → {}",
                ctx.roster.name(target),
                outcome.face,
                if outcome.rerolled { " (re-rolled)" } else { "" },
                roll.describe(outcome.face)
            ),
        ));
        events.extend(hits_events(
            ctx,
            &self.tables,
            target,
            outcome.hits,
            "Shooting",
        ));
        if out {
            events.push(set_flag(shooter, OUT_OF_AMMO, true));
            events.push(Event::fact(
                FactKind::Supply,
                Some(shooter),
                format!("{name} runs out of ammunition for the rest of the game (§5.4)"),
            ));
        }
        if profile(ctx, &self.tables, shooter).is_ok_and(|p| p.alternate_turns) {
            events.push(set_track(shooter, LAST_FIRED, ctx.state.turn as i32));
            if !ctx.status(shooter).flag(EMPLACED) {
                events.push(set_flag(shooter, EMPLACED, true));
                events.push(Event::fact(
                    FactKind::Note,
                    Some(shooter),
                    format!("{name} is fixed in place and may not move again (§4.3)"),
                ));
            }
        }
        let mut summary = plural(outcome.hits);
        if out {
            summary.push_str(", out of ammunition");
        }
        let summary = with_rout(ctx, &self.tables, target, outcome.hits, summary);
        Ok(done(summary, events))
    }
}
