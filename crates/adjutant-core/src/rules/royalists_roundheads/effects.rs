//! The effects every combat procedure shares: a step loss down the unit's ladder (§8.1), a
//! morale check with its once-per-combat-phase limit (§7.1, §7.2), a rout with the choice of a
//! unit that cannot retreat or that retreats off the map (§7.3), and a leader casualty (§9).

use super::keys::{self, Chit};
use super::look::{self, Look};
use super::modifiers::key as mk;
use super::run::{Run, choice, reach};
use super::spec::OVERALL;
use super::tables::Tables;
use crate::dice::{Dice, Die, Modifier};
use crate::event::{FactKind, PieceId};
use crate::procedure::{Band, DiceRequest};
use crate::rules::kit::Need;
use crate::rules::kit::events::{set_rung, side_track};
use crate::rules::kit::with;
use crate::status::WITH;

/// Which combat phase a morale check belongs to (one check per unit per type, §7.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CheckKind {
    Fire,
    Melee,
    /// A check outside the limit: the pre-melee checks, or one the player calls outside combat.
    Free,
}

impl CheckKind {
    /// The flag that records the check, if the limit applies.
    pub(crate) fn flag(self) -> Option<&'static str> {
        match self {
            CheckKind::Fire => Some(keys::MORALE_CHECKED_FIRE),
            CheckKind::Melee => Some(keys::MORALE_CHECKED_MELEE),
            CheckKind::Free => None,
        }
    }

    pub(crate) fn phase_name(self) -> &'static str {
        match self {
            CheckKind::Fire => "Fire Combat Phase",
            CheckKind::Melee => "Melee Phase",
            CheckKind::Free => "phase",
        }
    }
}

/// What a failed check does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OnFail {
    /// Routs and retreats this many hexes ("1–3", "3").
    Rout(&'static str),
    /// The pre-melee attacker check: it only keeps the unit out of the attack.
    Abstain,
}

/// One step loss: moves the unit down its ladder and says so. Returns whether it is eliminated.
pub(crate) fn lose_step(run: &mut Run, t: &Tables, id: PieceId, why: &str) -> bool {
    let Some(u) = look::unit(run, id) else {
        return false;
    };
    if look::is_eliminated(run, id) {
        return true;
    }
    let lost = look::steps_lost(run, id) + 1;
    let s = look::step_state(u, t, lost);
    let now =
        (!run.quiet && !s.eliminated).then(|| look::ladder_names(u, t)[lost as usize].clone());
    run.track(id, keys::STEPS_LOST, lost);
    run.flag(id, keys::STEP_LOSS_MARKER, s.markers >= 1);
    run.flag(id, keys::SECOND_MARKER, s.markers >= 2);
    run.flag(id, keys::REDUCED, s.reduced);
    if s.eliminated {
        run.flag(id, keys::ELIMINATED, true);
        run.flag(id, keys::ROUTED, false);
        run.flag(id, keys::OUT_OF_COMMAND, false);
    }
    if run.quiet {
        if s.eliminated {
            leaders_leave(run, id);
        }
        return s.eliminated;
    }
    let name = run.name(id);
    if s.eliminated {
        run.fact(
            FactKind::Eliminated,
            Some(id),
            format!("{name} loses a step ({why}) and is eliminated (step {lost})"),
        );
        leaders_leave(run, id);
    } else {
        let now = now.unwrap_or_default();
        run.fact(
            FactKind::Loss,
            Some(id),
            format!("{name} loses a step ({why}): now {now}"),
        );
    }
    s.eliminated
}

/// `n` step losses on the units of one hex, top unit first (§6.6). Returns the units
/// eliminated.
pub(crate) fn lose_steps(
    run: &mut Run,
    t: &Tables,
    hex: &[PieceId],
    n: u8,
    why: &str,
) -> Vec<PieceId> {
    let mut gone = Vec::new();
    for _ in 0..n {
        let Some(&top) = hex.iter().find(|&&u| !look::is_eliminated(run, u)) else {
            break;
        };
        if lose_step(run, t, top, why) {
            gone.push(top);
        }
    }
    gone
}

/// The 2D6 request of a morale check (or a rally), with its modifiers and pass/fail bands.
pub(crate) fn morale_request(
    run: &Run,
    t: &Tables,
    id: PieceId,
    leader_stacked: bool,
    rally: bool,
) -> DiceRequest {
    let m = &t.modifiers;
    let mut dice = Dice::new(2, Die::D6);
    let (leader_key, routed_key) = if rally {
        (mk::RALLY_LEADER, mk::RALLY_ROUTED)
    } else {
        (mk::MORALE_LEADER, mk::MORALE_ROUTED)
    };
    // Quiet, a modifier's value is all the odds read.
    let modifier = |key: &str| match run.quiet {
        true => Modifier::new(m.get(key), String::new(), String::new()),
        false => m.modifier(key),
    };
    if leader_stacked {
        let mut m = modifier(leader_key);
        if !run.quiet
            && let Some(note) = look::recorded_note(run, id)
        {
            m.label = format!("{}: {note}", m.label);
        }
        dice = dice.with(m);
    }
    if look::is_routed(run, id) && m.get(routed_key) != 0 {
        dice = dice.with(modifier(routed_key));
    }
    let (lo, hi) = reach(&dice);
    let mut bands = Vec::new();
    if run.quiet {
        // The odds walk reads only where the bands fall, and the check which of them passes.
        let rating = look::morale_value(run, t, id);
        if lo <= rating {
            bands.push(Band::new(lo, rating.min(hi), "passes"));
        }
        if hi > rating {
            bands.push(Band::new((rating + 1).max(lo), hi, "fails"));
        }
        return DiceRequest::total(String::new(), String::new(), dice, bands);
    }
    let (rating, parts) = look::morale_rating(run, t, id);
    if lo <= rating {
        bands.push(Band::new(lo, rating.min(hi), format!("≤ {rating}: passes")));
    }
    if hi > rating {
        bands.push(Band::new(
            (rating + 1).max(lo),
            hi,
            format!("> {rating}: fails"),
        ));
    }
    let what = if rally { "Rally" } else { "Morale check" };
    let rule = if rally { "§7.4" } else { "§7.1" };
    let switch = if rally && m.off_default(mk::RALLY_ROUTED) {
        "; switch rally_routed: no routed modifier"
    } else {
        ""
    };
    DiceRequest::total(
        format!(
            "{what}: {} (morale {rating}: {}{switch})",
            run.name(id),
            parts.join(", ")
        ),
        rule,
        dice,
        bands,
    )
    .by(run.roster().side_of(id))
}

/// A morale check. Returns `Some(passed)`, or `None` when the unit already checked in this
/// type of combat phase and so makes no further check.
pub(crate) fn morale_check(
    run: &mut Run,
    t: &Tables,
    id: PieceId,
    leader_stacked: bool,
    kind: CheckKind,
    on_fail: OnFail,
) -> Need<Option<bool>> {
    if let Some(flag) = kind.flag()
        && run.status(id).flag(flag)
    {
        run.fact_about(FactKind::Morale, id, |name| {
            format!(
                "{name} has already checked morale this {}: no further check (§7.2)",
                kind.phase_name()
            )
        });
        return Ok(None);
    }
    let req = morale_request(run, t, id, leader_stacked, false);
    let passes = req
        .bands
        .iter()
        .map(|b| b.label.contains("passes"))
        .collect::<Vec<_>>();
    let (band, rolled) = run.roll_reading(req)?;
    if let Some(flag) = kind.flag() {
        run.flag(id, flag, true);
    }
    let passed = passes[band];
    if run.quiet {
        if !passed && let OnFail::Rout(hexes) = on_fail {
            rout(run, t, id, hexes)?;
        }
        return Ok(Some(passed));
    }
    let name = run.name(id);
    let rating = look::morale_value(run, t, id);
    if passed {
        run.fact(
            FactKind::Morale,
            Some(id),
            format!("{name} passes its morale check (rolled {rolled} ≤ {rating})"),
        );
    } else {
        match on_fail {
            OnFail::Abstain => run.fact(
                FactKind::Morale,
                Some(id),
                format!(
                    "{name} fails its morale check (rolled {rolled} > {rating}): it does not attack (§6.3)"
                ),
            ),
            OnFail::Rout(hexes) => {
                run.fact(
                    FactKind::Morale,
                    Some(id),
                    format!("{name} fails its morale check (rolled {rolled} > {rating})"),
                );
                rout(run, t, id, hexes)?;
            }
        }
    }
    Ok(Some(passed))
}

/// A rout: the Rout marker and a retreat; or — if the unit cannot retreat — one more step
/// lost and no marker; or, if its retreat leaves the map, elimination (§7.3). Asks which.
pub(crate) fn rout(run: &mut Run, t: &Tables, id: PieceId, hexes: &'static str) -> Need<()> {
    let name = run.name(id);
    let retreat = format!("{name} routs and retreats {hexes} hexes");
    let stuck = format!("{name} cannot retreat: it loses a step instead (no Rout marker)");
    let off = format!("{name} routs off the map: eliminated");
    // Leaders recorded with it may go with it or stay behind (III.A.2): the same choice says
    // which, the first option keeping them with it.
    let leaders = look::stacked_leaders(run, id);
    let (retreat, behind) = if leaders.is_empty() {
        (retreat, None)
    } else {
        let names: Vec<_> = leaders.iter().map(|&l| run.name(l)).collect();
        let names = names.join(" and ");
        (
            format!("{retreat}, {names} with it"),
            Some(format!("{retreat}; {names} remains behind")),
        )
    };
    let mut options = vec![retreat.as_str(), &stuck, &off];
    options.extend(behind.as_deref());
    let pick = run.choose(choice(
        format!("Can {name} retreat {hexes} hexes?"),
        "§7.3",
        &options,
    ))?;
    match pick {
        0 => {
            run.flag(id, keys::ROUTED, true);
            run.routed.push(id);
            run.fact(FactKind::Rout, Some(id), retreat);
        }
        3 => {
            run.flag(id, keys::ROUTED, true);
            run.routed.push(id);
            for &l in &leaders {
                run.mark(l, WITH, None);
            }
            run.fact(FactKind::Rout, Some(id), behind.unwrap_or_default());
        }
        1 => {
            lose_step(run, t, id, "routed unit unable to retreat");
        }
        _ => eliminate(run, t, id, "its rout left the map (§7.3)"),
    }
    Ok(())
}

/// Removes a unit from play at once (a rout off the map): every step gone, no Rout marker.
pub(crate) fn eliminate(run: &mut Run, t: &Tables, id: PieceId, why: &str) {
    let Some(u) = look::unit(run, id) else {
        return;
    };
    let limit = look::step_limit(u, t);
    run.track(id, keys::STEPS_LOST, limit);
    run.emit(set_rung(id, keys::STEP_LADDER, limit.clamp(0, 255) as u8));
    for f in [
        keys::STEP_LOSS_MARKER,
        keys::SECOND_MARKER,
        keys::ROUTED,
        keys::OUT_OF_COMMAND,
    ] {
        run.flag(id, f, false);
    }
    run.flag(id, keys::ELIMINATED, true);
    run.fact_about(FactKind::Eliminated, id, |name| {
        format!("{name} is eliminated: {why}")
    });
    leaders_leave(run, id);
}

/// A leader moved to the nearest unit of his command after a casualty or an overrun
/// (III.A.2): he is no longer with the unit he was recorded with; the player sets the one he
/// joins on his row.
pub(crate) fn leader_moves(run: &mut Run, leader: PieceId) {
    if run.status(leader).mark(WITH).is_some() {
        run.mark(leader, WITH, None);
    }
}

/// A unit gone from play: the records of the leaders stacked with it end, and the log says so
/// (the leader stays in the hex; III.A.2 moves him on if he is a casualty).
fn leaders_leave(run: &mut Run, unit: PieceId) {
    for e in with::leave(run.roster(), |p| run.status(p), unit) {
        run.emit(e);
    }
}

/// A leader casualty (§9): the replacement side shows, the chit carries over, and the side
/// loses 5 (Overall Leader) or 3 points for good (§10.1).
pub(crate) fn leader_casualty(run: &mut Run, t: &Tables, leader: PieceId, section: &str) {
    let Some(l) = look::leader(run, leader).cloned() else {
        return;
    };
    let side = run.roster().side_of(leader);
    let points = if l.has(OVERALL) {
        t.modifiers.get(mk::LOSS_OVERALL)
    } else {
        t.modifiers.get(mk::LOSS_OTHER)
    };
    let again = run.status(leader).flag(keys::REPLACEMENT);
    run.flag(leader, keys::REPLACEMENT, true);
    leader_moves(run, leader);
    let before = run.side_status(side).track(keys::LEADER_LOSSES);
    run.emit(side_track(side, keys::LEADER_LOSSES, before + points));
    if run.quiet {
        return;
    }
    let chit = look::chit(run, leader).map_or("no chit".to_string(), |c: Chit| c.to_string());
    let who = if again {
        "replacement leader"
    } else {
        "leader"
    };
    run.fact(
        FactKind::LeaderCasualty,
        Some(leader),
        format!(
            "{} ({who}) falls: a replacement takes command ({chit} carries over) and moves to \
             the nearest unit of the command; {points} loss points ({section})",
            l.name
        ),
    );
}
