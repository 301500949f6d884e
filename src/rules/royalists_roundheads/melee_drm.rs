//! A melee side's roll (RULES.md §1.10.4): its total strength (Charge doubles the charging
//! cavalry), the column that strength reads, and its die-roll modifiers — the command chit
//! (none when out of command), Stand and rout when defending, the leader's combat bonus, a
//! flank or rear attack, and the terrain of the defender's hex and hexside.

use super::keys::{Chit, param};
use super::look::{self, Arm, Look};
use super::modifiers::key as mk;
use super::proc::is_yes;
use super::run::{bands_by, request};
use super::tables::{MeleeResult, Tables};
use crate::dice::{Dice, Die, Modifier};
use crate::event::PieceId;
use crate::procedure::{Call, DiceRequest};

const RULE: &str = "RULES.md §1.10.4 (W-1 melee page)";

/// One side's melee roll, ready to ask for.
pub struct SideRoll {
    pub strength: i32,
    pub column: usize,
    pub request: DiceRequest,
}

/// What a result does, for band labels.
pub fn result_label(r: MeleeResult) -> String {
    match r {
        MeleeResult::None => "–: no effect".into(),
        MeleeResult::Morale => "M: all opposing units check morale".into(),
        MeleeResult::Steps(1) => "1: 1 step loss, then morale checks".into(),
        MeleeResult::Steps(n) => format!("{n}: {n} step losses, then morale checks"),
    }
}

fn chit_drm<L: Look + ?Sized>(l: &L, t: &Tables, u: PieceId) -> Option<(i32, &'static str)> {
    let m = &t.modifiers;
    match look::unit_command(l, u)? {
        Chit::Charge(_) => Some((m.get(mk::CHARGE), "Charge")),
        Chit::Attack => Some(match look::arm(l, u) {
            Arm::Cavalry => (m.get(mk::ATTACK_CAV), "Attack (cavalry), attacking"),
            Arm::Infantry => (m.get(mk::ATTACK_INF), "Attack (infantry), attacking"),
        }),
        _ => None,
    }
}

fn leader_bonus<L: Look + ?Sized>(l: &L, leader: Option<PieceId>) -> Option<Modifier> {
    let leader = leader?;
    let bonus = look::rating(l, leader, "bonus");
    (bonus != 0).then(|| {
        Modifier::new(
            bonus,
            format!("{} stacked (combat bonus)", l.roster().name(leader)),
            "RULES.md §1.10.4 (W III.A.1.c)",
        )
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
        let request = request(String::new(), String::new(), dice, bands);
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
        request: request(
            format!("{label}: strength {strength}, column {head}"),
            "RULES.md §1.10.3",
            dice,
            bands,
        ),
    }
}

/// The attackers' roll.
pub fn attacker<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    units: &[PieceId],
    leader: Option<PieceId>,
    call: &Call,
) -> SideRoll {
    let m = &t.modifiers;
    let mut strength = 0;
    let mut dice = Dice::new(1, Die::D6);
    let mut best: Option<(i32, &str)> = None;
    for &u in units {
        let mut s = look::strength(l, u);
        if look::unit(l, u).is_some_and(look::can_charge)
            && look::unit_command(l, u).is_some_and(Chit::is_charge)
        {
            s *= m.get(mk::CHARGE_MULT);
        }
        strength += s;
        if let Some(d) = chit_drm(l, t, u)
            && best.is_none_or(|b| d.0 > b.0)
        {
            best = Some(d);
        }
    }
    if let Some((v, why)) = best
        && v != 0
    {
        dice = dice.with(Modifier::new(v, why, RULE));
    }
    if let Some(b) = leader_bonus(l, leader) {
        dice = dice.with(b);
    }
    if is_yes(call, param::FLANK_REAR) {
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
                "RULES.md W-3 (TEC)",
            ));
        }
        if cavalry && row.melee_cavalry != 0 {
            dice = dice.with(Modifier::new(
                row.melee_cavalry,
                format!("cavalry attacking into {}", row.name),
                "RULES.md W-3 (TEC)",
            ));
        }
    }
    let mut roll = finish(t, "Attackers' melee roll".into(), strength, dice, l.quiet());
    roll.request.by = units.first().map(|&u| l.roster().side_of(u));
    roll
}

/// The defenders' roll.
pub fn defender<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    units: &[PieceId],
    leader: Option<PieceId>,
) -> SideRoll {
    let m = &t.modifiers;
    let strength = units.iter().map(|&u| look::strength(l, u)).sum();
    let mut dice = Dice::new(1, Die::D6);
    if units
        .iter()
        .any(|&u| look::unit_command(l, u) == Some(Chit::Stand) && !look::is_routed(l, u))
    {
        dice = dice.with(m.modifier(mk::STAND));
    }
    if units.iter().any(|&u| look::is_routed(l, u)) {
        dice = dice.with(m.modifier(mk::ROUTED_DEF));
    }
    if let Some(b) = leader_bonus(l, leader) {
        dice = dice.with(b);
    }
    let mut roll = finish(t, "Defenders' melee roll".into(), strength, dice, l.quiet());
    roll.request.by = units.first().map(|&u| l.roster().side_of(u));
    roll
}
