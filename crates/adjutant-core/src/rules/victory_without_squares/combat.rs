//! Combat (§7): the moving player's D10 with the attacker's advantages and
//! disadvantages from the modifiers table, read on the result table (below 0 to 12 or more),
//! steps taken off both sides, then leader casualty cards and, for winning horse, the pursuit
//! card (black must, red may, §8.1). Only the side moving attacks; commanded shot, dragoons and
//! gunners never attack or defend.

use crate::rules::kit::done;
use std::sync::Arc;

use super::common::{
    Doing, leader_casualty, loss_events, one_action, own_move, pair, present, removal_events,
};
use super::keys::*;
use super::status::{active_leader, horse_kind, is_horse, kind};
use super::tables::VwsTables;
use crate::battle::state::Context;
use crate::dice::{Dice, Die, Modifier};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{
    Band, Call, CardRead, CardRequest, ChoiceRequest, DiceRequest, Offer, ParamSpec, Procedure,
    Refusal, Step,
};
use crate::rules::kit::events::{set_flag, set_track};
use crate::rules::kit::offers::offer;
use crate::rules::kit::params::{NO, Rules, answer_of, choice, yes_no};
use crate::rules::kit::{Body, Cursor, Need};

const RULE: &str = "§7.1";
const MODS: &str = "§7.4";
const RESULTS: &str = "§7.5";

/// The questions a combat needs answered, each starting at the plain case of the modifiers
/// (§7.4: a head-on attack on open ground, no modifier).
pub(crate) fn params() -> Vec<ParamSpec> {
    vec![
        choice(
            DIRECTION,
            "Attackers strike the defenders'",
            &["front (head-on)", "oblique or flank", "rear"],
        )
        .by(0, MODS),
        choice(
            EXPOSED,
            "Attackers are themselves attacked in",
            &["nothing", "oblique or flank", "rear"],
        )
        .by(0, MODS),
        choice(
            TERRAIN,
            "Terrain advantage (uphill, behind an obstacle)",
            &["none", "attackers +1", "defenders +1"],
        )
        .by(0, MODS),
        choice(
            OBSTACLE,
            "Hedges or woods between them",
            &[
                "none",
                "defenders behind them against attacking horse",
                "attackers fight horse across them",
            ],
        )
        .by(0, MODS),
        yes_no(FOLLOW_UP, "Attackers following up a success").by(NO, MODS),
    ]
}

fn never_fights(k: &str) -> bool {
    k == COMMANDED_SHOT || k == DRAGOONS || k == TRAIN
}

/// Whether this body may attack that one now, with the rule that forbids it.
pub(crate) fn check(
    ctx: &Context,
    att: PieceId,
    def: PieceId,
    head_on: bool,
) -> Result<(), Refusal> {
    present(ctx, att)?;
    present(ctx, def)?;
    if ctx.roster.side_of(att) == ctx.roster.side_of(def) || ctx.roster.unit(def).is_none() {
        return Err(Refusal::new("bodies attack enemy bodies", RULE));
    }
    let name = ctx.roster.name(att);
    let side = ctx.roster.side_of(att);
    if !own_move(ctx, att) {
        return Err(Refusal::new(
            format!("{name}: only the side moving attacks, with a body that moves into contact"),
            RULE,
        ));
    }
    if ctx.state.sides[side].flag(BEATEN) {
        return Err(Refusal::new(
            format!("{name}: All's Lost, this army is beaten and may not advance to attack"),
            "§7.1, §10.2",
        ));
    }
    let (ak, dk) = (kind(ctx, att), kind(ctx, def));
    let drung = ctx.status(def).rung(FORMATION);
    if ctx.status(att).rung(FORMATION) >= DISORDERED {
        return Err(Refusal::new(
            format!("{name} is Disordered or Broken: disordered troops never attack"),
            RULE,
        ));
    }
    if never_fights(ak) {
        return Err(Refusal::new(
            format!("{name}: commanded shot, dragoons and gunners never attack"),
            RULE,
        ));
    }
    if horse_kind(ak)
        && ctx.roster.unit(att).is_some_and(|u| u.has(BEFORE_1644))
        && !ctx.status(att).flag(FIRED)
    {
        return Err(Refusal::new(
            format!("{name}: Parliamentarian horse before 1644 only attack after firing pistols"),
            RULE,
        ));
    }
    // Horse attacking a hedgehog count as attacking head on (§5.8).
    let head_on = head_on || ctx.status(def).flag(HEDGEHOG);
    if horse_kind(ak) && dk == FOOT && drung == FORMED && head_on {
        return Err(Refusal::new(
            format!("{name}: horse never attack formed foot head-on"),
            RULE,
        ));
    }
    if ak == FOOT && is_horse(ctx, def) && drung <= UNSTEADY {
        return Err(Refusal::new(
            format!("{name}: foot never attack formed or unsteady horse"),
            RULE,
        ));
    }
    one_action(ctx, att, Doing::Move)
}

/// The offer for an attacker and defender.
pub(crate) fn offer_for(ctx: &Context, att: PieceId, def: PieceId) -> Offer {
    offer(
        P_COMBAT,
        format!("Attack {}", ctx.roster.name(def)),
        params(),
        check(ctx, att, def, false),
    )
}

fn modifiers(
    ctx: &Context,
    t: &VwsTables,
    call: &Call,
    att: PieceId,
    def: PieceId,
) -> Vec<Modifier> {
    let specs = params();
    let (sa, sd) = (ctx.status(att), ctx.status(def));
    let mut out = Vec::new();
    let mut add = |key: &str, times: i32| {
        if let (Some(r), true) = (t.combat(key), times != 0) {
            // "−2" applied as two steps of −1 reads "2 × −1", not "×-2".
            let label = if times.abs() == 1 {
                r.label.clone()
            } else {
                let each = r.value * times.signum();
                let sign = if each < 0 { "−" } else { "+" };
                format!("{}: {} × {sign}{}", r.label, times.abs(), each.abs())
            };
            out.push(Modifier::new(r.value * times, label, MODS));
        }
    };
    add(
        "formation",
        i32::from(sa.rung(FORMATION)) - i32::from(sd.rung(FORMATION)),
    );
    add(
        "terrain",
        match answer_of(call, &specs, TERRAIN) {
            1 => -1,
            2 => 1,
            _ => 0,
        },
    );
    match answer_of(call, &specs, OBSTACLE) {
        1 if is_horse(ctx, att) => add("horse_obstacle", 1),
        2 if is_horse(ctx, def) => add("vs_horse_obstacle", 1),
        _ => {}
    }
    // An attack on a column counts as a flank attack (§3.4); horse attacking a hedgehog
    // count as attacking head on (§5.8, §7.4).
    let direction = match answer_of(call, &specs, DIRECTION) {
        _ if sd.flag(HEDGEHOG) && is_horse(ctx, att) => 0,
        0 if sd.flag(COLUMN) => 1,
        d => d,
    };
    match direction {
        1 => add("oblique", 1),
        2 => add("rear", 1),
        _ => {}
    }
    match answer_of(call, &specs, EXPOSED) {
        1 => add("attacked_oblique", 1),
        2 => add("attacked_rear", 1),
        _ => {}
    }
    let moving_foot = kind(ctx, def) == FOOT && sd.flag(MOVING);
    let standing_horse = is_horse(ctx, def) && !sd.flag(MOVING);
    if answer_of(call, &specs, FOLLOW_UP) == 1 {
        add("follow_up", 1);
    } else if is_horse(ctx, att) && (moving_foot || standing_horse) {
        add("mounted_vs", 1);
    }
    add("round", sa.track(ROUNDS));
    let unit = |p| ctx.roster.unit(p);
    let all_pike = unit(att).is_some_and(|u| u.has(ALL_PIKE));
    let pikes_or_horse =
        all_pike || is_horse(ctx, att) || (kind(ctx, att) == FOOT && !sa.flag(PIKE_LOST));
    let shot = kind(ctx, def) == FOOT
        && (sd.flag(PIKE_LOST) || unit(def).is_some_and(|u| u.stat(PIKE) == 0));
    if all_pike || kind(ctx, att) == HORSE_2_RANK || (pikes_or_horse && shot) {
        add("shock", 1);
    }
    if sa.flag(RALLIED) || unit(att).is_some_and(|u| u.has(POOR)) {
        add("rallied", 1);
    }
    let q = |p| unit(p).map_or(0, |u| u.stat(QUALITY));
    match q(att).cmp(&q(def)) {
        std::cmp::Ordering::Greater => add("better", 1),
        std::cmp::Ordering::Less => add("worse", 1),
        std::cmp::Ordering::Equal => {}
    }
    if active_leader(ctx, att).is_some() {
        add("own_leader", 1);
    }
    if active_leader(ctx, def).is_some() {
        add("enemy_leader", 1);
    }
    out
}

/// Starts a combat, or refuses it.
pub(crate) fn build(
    ctx: &Context,
    t: &Arc<VwsTables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    let (att, def) = pair(call, RULE)?;
    check(ctx, att, def, answer_of(call, &params(), DIRECTION) == 0)?;
    let mut dice = Dice::new(1, Die::D10);
    for m in modifiers(ctx, t, call, att, def) {
        dice = dice.with(m);
    }
    Ok(Box::new(Combat {
        tables: Arc::clone(t),
        att,
        def,
        dice,
        evade: never_fights(kind(ctx, def)),
        leaders: [active_leader(ctx, att), active_leader(ctx, def)],
        horse: is_horse(ctx, att),
    }))
}

/// A combat in progress.
pub(crate) struct Combat {
    pub(crate) tables: Arc<VwsTables>,
    pub(crate) att: PieceId,
    pub(crate) def: PieceId,
    pub(crate) dice: Dice,
    /// The defenders never defend (commanded shot, dragoons, gunners): retreat or removed.
    pub(crate) evade: bool,
    pub(crate) leaders: [Option<PieceId>; 2],
    pub(crate) horse: bool,
}

impl Combat {
    /// The D10 request, one band per line of the result table.
    pub(crate) fn request(&self) -> DiceRequest {
        let bands = self
            .tables
            .results
            .iter()
            .map(|r| {
                let (f, t) = r.ends();
                // The range is the band's own: the label says only the result.
                Band::new(
                    f,
                    t,
                    format!(
                        "Defenders −{}, Attackers −{}",
                        r.defender_steps, r.attacker_steps
                    ),
                )
            })
            .collect();
        DiceRequest::total(
            "Combat: D10, low favours the attackers",
            RESULTS,
            self.dice.clone(),
            bands,
        )
    }
}

impl Body for Combat {
    fn title(&self) -> String {
        "Combat".into()
    }

    fn body(&self, ctx: &Context, cur: &mut Cursor) -> Need<Step> {
        let (an, dn) = (
            ctx.roster.name(self.att).to_string(),
            ctx.roster.name(self.def).to_string(),
        );
        let mut events = vec![
            set_track(self.att, ROUNDS, ctx.status(self.att).track(ROUNDS) + 1),
            set_flag(self.att, MOVED, true),
        ];
        if self.evade {
            let c = cur.choose(ChoiceRequest {
                label: format!("{dn} never defends: did the attackers make contact?"),
                rule: "§7.2".into(),
                options: vec![
                    "no: it retreats 4\"".into(),
                    "yes: contacted, remove it".into(),
                ],
                assumed: 0,
            })?;
            if c == 1 {
                events.extend(removal_events(ctx, self.def, "is contacted", true));
                return Ok(done("defenders removed", events));
            }
            events.push(Event::fact(
                FactKind::Movement,
                Some(self.def),
                format!("{dn} retreats 4\" before {an} (§7.2)"),
            ));
            return Ok(done("defenders retreat 4\"", events));
        }
        let (_, score) = cur.reading(self.request())?;
        let Some(row) = self.tables.result(score) else {
            return Ok(done("no result", events));
        };
        let (drung, ev) = loss_events(
            ctx,
            self.def,
            row.defender_steps,
            &format!("combat with {an}"),
        );
        events.extend(ev);
        let (arung, ev) = loss_events(
            ctx,
            self.att,
            row.attacker_steps,
            &format!("combat with {dn}"),
        );
        events.extend(ev);
        events.push(set_track(
            self.def,
            ROUNDS,
            ctx.status(self.def).track(ROUNDS) + 1,
        ));
        events.push(Event::fact(
            FactKind::Melee,
            None,
            format!("{}: {}", row.range(), row.consequence),
        ));
        let mut summary = format!(
            "{}: Defenders −{}, Attackers −{}",
            row.range(),
            row.defender_steps,
            row.attacker_steps
        );
        for (i, leader) in self.leaders.iter().enumerate() {
            let Some(leader) = *leader else { continue };
            let unit = if i == 0 { self.att } else { self.def };
            let (s, ev) = leader_casualty(cur, &self.tables, ctx, leader, unit)?;
            events.extend(ev);
            summary = format!("{summary}; {s}");
        }
        let won = row.attacker_steps == 0 || drung == BROKEN;
        if self.horse && won && arung < BROKEN && drung == BROKEN {
            let card = cur.card(CardRequest {
                label: format!("{an}: pursuit"),
                rule: "§8.1".into(),
                draws: 1,
                reads: CardRead::SuitAndPicture,
            })?;
            let must = card
                .suit()
                .is_some_and(|s| self.tables.pursuit_must.contains(&s));
            let pursue = must || {
                let c = cur.choose(ChoiceRequest {
                    label: format!("{an} drew red: may pursue"),
                    rule: "§8.1".into(),
                    options: vec!["hold".into(), "pursue".into()],
                    assumed: 0,
                })?;
                c == 1
            };
            if pursue {
                events.push(set_flag(self.att, PURSUING, true));
                events.push(set_track(self.att, PURSUIT_ROUNDS, 0));
                events.push(set_flag(self.att, MOVING, true));
            }
            let text = match (must, pursue) {
                (true, _) => format!("{card}: {an} must pursue"),
                (false, true) => format!("{card}: {an} chooses to pursue"),
                (false, false) => format!("{card}: {an} may pursue, and holds"),
            };
            events.push(Event::fact(FactKind::Rout, Some(self.att), text));
            summary = format!("{summary}; {}", if pursue { "pursues" } else { "holds" });
        }
        Ok(done(summary, events))
    }
}
