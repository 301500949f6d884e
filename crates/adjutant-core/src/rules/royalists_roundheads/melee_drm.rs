//! A melee side's roll (§6.4, §6.5): its total strength (Charge doubles the charging cavalry,
//! attacking or attacked), the column that strength reads, and its die-roll modifiers — the
//! command chit (none when out of command: Attack and Charge on either side, Stand when
//! defending), rout when defending, the leader's combat bonus, a flank or rear attack, and the
//! terrain of the defender's hex and hexside.

use super::keys::{Chit, param};
use super::look::{self, Arm, Look};
use super::modifiers::key as mk;
use super::run::bands_by;
use super::tables::{MeleeResult, Tables};
use crate::dice::{Dice, Die, Modifier};
use crate::event::PieceId;
use crate::procedure::{Call, DiceRequest};
use crate::rules::kit::params::yes_to;

const RULE: &str = "§6.5";

/// One side's melee roll, ready to ask for.
pub(crate) struct SideRoll {
    pub(crate) strength: i32,
    pub(crate) column: usize,
    pub(crate) request: DiceRequest,
}

/// What a result does, for band labels.
pub(crate) fn result_label(r: MeleeResult) -> String {
    match r {
        MeleeResult::None => "–: no effect".into(),
        MeleeResult::Morale => "M: all opposing units check morale".into(),
        MeleeResult::Steps(1) => "1: 1 step loss, then morale checks".into(),
        MeleeResult::Steps(n) => format!("{n}: {n} step losses, then morale checks"),
    }
}

/// The chit modifier one unit brings to its side's roll, with its label: Charge +2 and
/// Attack +1 whether attacking or defending (Commands page), Stand +1 when defending. Under
/// the `attack_melee_page` switch, Attack gives cavalry +2 and infantry +1 when attacking only.
fn chit_drm<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    u: PieceId,
    attacking: bool,
) -> Option<(i32, &'static str)> {
    let m = &t.modifiers;
    match look::unit_command(l, u)? {
        Chit::Charge(_) => Some((m.get(mk::CHARGE), "Charge")),
        Chit::Attack if m.switch(mk::ATTACK_PAGE) => match (attacking, look::arm(l, u)) {
            (false, _) => None,
            (true, Arm::Cavalry) => Some((
                m.get(mk::ATTACK_CAV),
                "Attack (cavalry), attacking (switch attack_melee_page)",
            )),
            (true, Arm::Infantry) => Some((
                m.get(mk::ATTACK_INF),
                "Attack (infantry), attacking (switch attack_melee_page)",
            )),
        },
        Chit::Attack if attacking => Some((m.get(mk::ATTACK), "Attack")),
        Chit::Attack => Some((m.get(mk::ATTACK), "Attack, defending")),
        Chit::Stand if !attacking => Some((m.get(mk::STAND), "Melee: Stand, defending")),
        _ => None,
    }
}

/// The best chit modifier among a side's units (they fight as one).
fn best_chit<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    units: &[PieceId],
    attacking: bool,
) -> Option<Modifier> {
    let mut best: Option<(i32, &str)> = None;
    for &u in units {
        if let Some(d) = chit_drm(l, t, u, attacking)
            && best.is_none_or(|b| d.0 > b.0)
        {
            best = Some(d);
        }
    }
    let (v, why) = best?;
    let rule = if why.starts_with("Charge") {
        "§6.5, §3.1"
    } else {
        RULE
    };
    (v != 0).then(|| Modifier::new(v, why, rule))
}

/// A side's total strength: cavalry under Charge count double, attacking or attacked.
fn side_strength<L: Look + ?Sized>(l: &L, t: &Tables, units: &[PieceId]) -> i32 {
    units
        .iter()
        .map(|&u| {
            let s = look::strength(l, u);
            if look::unit(l, u).is_some_and(look::can_charge)
                && look::unit_command(l, u).is_some_and(Chit::is_charge)
            {
                s * t.modifiers.get(mk::CHARGE_MULT)
            } else {
                s
            }
        })
        .sum()
}

/// The stacked leader's combat bonus; its label says when he is the one recorded with one of
/// the units ("Henderson stacked (combat bonus), with Henderson's Horse 1 (recorded)").
fn leader_bonus<L: Look + ?Sized>(
    l: &L,
    units: &[PieceId],
    leader: Option<PieceId>,
) -> Option<Modifier> {
    let leader = leader?;
    let bonus = look::rating(l, leader, "bonus");
    (bonus != 0).then(|| {
        let mut label = format!("{} stacked (combat bonus)", l.roster().name(leader));
        if !l.quiet()
            && let Some(&u) = units
                .iter()
                .find(|&&u| look::stacked_leaders(l, u).contains(&leader))
        {
            label = format!("{label}, with {} (recorded)", l.roster().name(u));
        }
        Modifier::new(bonus, label, "§6.5")
    })
}

fn finish(t: &Tables, label: String, strength: i32, dice: Dice, quiet: bool) -> SideRoll {
    let column = t.melee.column(strength);
    if quiet {
        // The odds walk reads only where the bands fall: one band per run of equal results.
        let mut bands: Vec<crate::procedure::Band> = Vec::new();
        let (lo, hi) = super::run::reach(&dice);
        let mut last = None;
        for v in lo..=hi {
            let r = Some(t.melee.result(column, v));
            match bands.last_mut() {
                Some(b) if r == last => b.to = v,
                _ => bands.push(crate::procedure::Band::new(v, v, String::new())),
            }
            last = r;
        }
        let request = DiceRequest::total(String::new(), String::new(), dice, bands);
        return SideRoll {
            strength,
            column,
            request,
        };
    }
    let bands = bands_by(&dice, |v| result_label(t.melee.result(column, v)));
    let head = t.melee.columns[column].label();
    SideRoll {
        strength,
        column,
        request: DiceRequest::total(
            format!("{label}: strength {strength}, column {head}"),
            "§6.4",
            dice,
            bands,
        ),
    }
}

/// The attackers' roll.
pub(crate) fn attacker<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    units: &[PieceId],
    leader: Option<PieceId>,
    call: &Call,
) -> SideRoll {
    let m = &t.modifiers;
    let strength = side_strength(l, t, units);
    let mut dice = Dice::new(1, Die::D6);
    if let Some(c) = best_chit(l, t, units, true) {
        dice = dice.with(c);
    }
    if let Some(b) = leader_bonus(l, units, leader) {
        dice = dice.with(b);
    }
    if yes_to(call, param::FLANK_REAR) {
        dice = dice.with(m.modifier(mk::FLANK_REAR));
    }
    let cavalry = units.iter().any(|&u| look::arm(l, u) == Arm::Cavalry);
    for key in [param::TERRAIN, param::HEXSIDE] {
        let Some(row) = call.param(key).and_then(|n| t.terrain.row(n)) else {
            continue;
        };
        if let Some(v) = row.melee
            && v != 0
        {
            dice = dice.with(Modifier::new(
                v,
                format!("attacking into / across {}", row.name),
                "§11",
            ));
        }
        if cavalry && row.melee_cavalry != 0 {
            dice = dice.with(Modifier::new(
                row.melee_cavalry,
                format!("cavalry attacking into {}", row.name),
                "§11",
            ));
        }
    }
    let mut roll = finish(t, "Attackers' melee roll".into(), strength, dice, l.quiet());
    roll.request.by = units.first().map(|&u| l.roster().side_of(u));
    roll
}

/// The defenders' roll.
pub(crate) fn defender<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    units: &[PieceId],
    leader: Option<PieceId>,
) -> SideRoll {
    let m = &t.modifiers;
    let strength = side_strength(l, t, units);
    let mut dice = Dice::new(1, Die::D6);
    if let Some(c) = best_chit(l, t, units, false) {
        dice = dice.with(c);
    }
    if units.iter().any(|&u| look::is_routed(l, u)) {
        dice = dice.with(m.modifier(mk::ROUTED_DEF));
    }
    if let Some(b) = leader_bonus(l, units, leader) {
        dice = dice.with(b);
    }
    let mut roll = finish(t, "Defenders' melee roll".into(), strength, dice, l.quiet());
    roll.request.by = units.first().map(|&u| l.roster().side_of(u));
    roll
}
