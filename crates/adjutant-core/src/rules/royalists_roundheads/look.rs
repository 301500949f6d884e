//! Reading a Royalists & Roundheads piece: its arm, steps, current strength and morale, its command, and the
//! loss points it costs. Everything is derived from the roster and the status keys, through
//! [`Look`], so the same readers serve the battle's state and a procedure's working copy.

use super::keys::{self, Chit};
use super::modifiers::key as mk;
use super::spec::{CAVALRY, DRAGOONS, OVERALL};
use super::tables::Tables;
use crate::army::{Leader, Unit};
use crate::battle::state::{Context, Role, Roster};
use crate::event::PieceId;
use crate::status::Status;

/// Something that shows the roster and the status of every piece and side.
pub trait Look {
    fn roster(&self) -> &Roster;
    fn status(&self, id: PieceId) -> &Status;
    fn side_status(&self, side: usize) -> &Status;
    /// Turn, phase index and phasing side.
    fn clock(&self) -> (u32, usize, usize);
    /// Whether only the odds are wanted (a quiet [`super::run::Run`]): text may be left out.
    fn quiet(&self) -> bool {
        false
    }
}

impl Look for Context<'_> {
    fn roster(&self) -> &Roster {
        self.roster
    }
    fn status(&self, id: PieceId) -> &Status {
        self.state.piece(id)
    }
    fn side_status(&self, side: usize) -> &Status {
        &self.state.sides[side]
    }
    fn clock(&self) -> (u32, usize, usize) {
        (self.state.turn, self.state.phase, self.state.side)
    }
}

/// How a unit fights just now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arm {
    Cavalry,
    Infantry,
}

/// Where a unit stands on its step-loss ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct StepState {
    pub(crate) markers: i32,
    pub(crate) reduced: bool,
    pub(crate) eliminated: bool,
}

pub(crate) fn unit<L: Look + ?Sized>(l: &L, id: PieceId) -> Option<&Unit> {
    l.roster().unit(id)
}

pub(crate) fn leader<L: Look + ?Sized>(l: &L, id: PieceId) -> Option<&Leader> {
    l.roster().leader(id)
}

/// Dragoons (either formation).
pub(crate) fn is_dragoons(u: &Unit) -> bool {
    u.kind == DRAGOONS
}

/// Mounted dragoons and cavalry fight as cavalry; infantry and dismounted dragoons as foot.
pub(crate) fn arm<L: Look + ?Sized>(l: &L, id: PieceId) -> Arm {
    match unit(l, id) {
        Some(u) if u.kind == CAVALRY => Arm::Cavalry,
        Some(u) if is_dragoons(u) && !l.status(id).flag(keys::DISMOUNTED) => Arm::Cavalry,
        _ => Arm::Infantry,
    }
}

/// Only cavalry may take Charge (mounted dragoons may not, §8.2).
pub(crate) fn can_charge(u: &Unit) -> bool {
    u.kind == CAVALRY
}

/// How many step losses eliminate the unit (§8.1).
pub(crate) fn step_limit(u: &Unit, t: &Tables) -> i32 {
    let m = &t.modifiers;
    if is_dragoons(u) {
        m.get(mk::DRAGOON_STEPS)
    } else if u.stat("reduced_strength") > 0 {
        m.get(mk::STEPS_REVERSE)
    } else {
        m.get(mk::STEPS_NO_REVERSE)
    }
    .max(1)
}

/// The ladder position after `lost` steps.
pub(crate) fn step_state(u: &Unit, t: &Tables, lost: i32) -> StepState {
    let limit = step_limit(u, t);
    if lost >= limit {
        return StepState {
            markers: 0,
            reduced: false,
            eliminated: true,
        };
    }
    if !is_dragoons(u) && u.stat("reduced_strength") > 0 {
        let half = (limit / 2).max(1);
        let reduced = lost >= half;
        StepState {
            markers: if reduced { lost - half } else { lost },
            reduced,
            eliminated: false,
        }
    } else {
        StepState {
            markers: lost,
            reduced: false,
            eliminated: false,
        }
    }
}

/// The rung names of a unit's step-loss ladder, fresh first.
pub fn ladder_names(u: &Unit, t: &Tables) -> Vec<String> {
    (0..=step_limit(u, t))
        .map(|lost| {
            let s = step_state(u, t, lost);
            let side = if s.reduced { "Reduced" } else { "Full" };
            match (s.eliminated, s.markers) {
                (true, _) => "Eliminated".to_string(),
                (false, 0) => side.to_string(),
                (false, 1) => format!("{side} + Step-Loss marker"),
                (false, n) => format!("{side} + {n} Step-Loss markers"),
            }
        })
        .collect()
}

pub(crate) fn steps_lost<L: Look + ?Sized>(l: &L, id: PieceId) -> i32 {
    l.status(id).track(keys::STEPS_LOST)
}

pub(crate) fn is_eliminated<L: Look + ?Sized>(l: &L, id: PieceId) -> bool {
    l.status(id).flag(keys::ELIMINATED)
}

pub(crate) fn is_routed<L: Look + ?Sized>(l: &L, id: PieceId) -> bool {
    l.status(id).flag(keys::ROUTED)
}

/// On the map: entered and not eliminated.
pub(crate) fn on_map<L: Look + ?Sized>(l: &L, id: PieceId) -> bool {
    l.status(id).flag(keys::ENTERED) && !is_eliminated(l, id)
}

/// Current combat strength: the reduced side's when flipped, 0 when eliminated.
pub fn strength<L: Look + ?Sized>(l: &L, id: PieceId) -> i32 {
    let Some(u) = unit(l, id) else { return 0 };
    let s = l.status(id);
    if s.flag(keys::ELIMINATED) {
        0
    } else if s.flag(keys::REDUCED) {
        u.stat("reduced_strength")
    } else {
        u.stat("strength")
    }
}

/// The printed morale of the side showing.
pub(crate) fn printed_morale<L: Look + ?Sized>(l: &L, id: PieceId) -> i32 {
    let Some(u) = unit(l, id) else { return 0 };
    if l.status(id).flag(keys::REDUCED) {
        u.stat("reduced_morale")
    } else {
        u.stat("morale")
    }
}

/// The overall leader of a side.
pub(crate) fn overall_leader<L: Look + ?Sized>(l: &L, side: usize) -> Option<PieceId> {
    let r = l.roster();
    r.ids()
        .find(|&p| r.side_of(p) == side && r.leader(p).is_some_and(|x| x.has(OVERALL)))
}

/// The leader a unit answers to by the army file.
pub(crate) fn leader_of<L: Look + ?Sized>(l: &L, id: PieceId) -> Option<PieceId> {
    let u = unit(l, id)?;
    let side = l.roster().side_of(id);
    u.leader
        .as_deref()
        .and_then(|lid| l.roster().find(side, lid))
}

/// A leader's chit.
pub(crate) fn chit<L: Look + ?Sized>(l: &L, leader: PieceId) -> Option<Chit> {
    l.status(leader).mark(keys::CHIT).and_then(Chit::parse)
}

/// The chit a unit obeys: the Overall Leader's when it traces command to him this turn (§4.2),
/// else its leader's, or the Overall Leader's when its own has none.
pub(crate) fn obeyed_chit<L: Look + ?Sized>(l: &L, id: PieceId) -> Option<(PieceId, Chit)> {
    let side = l.roster().side_of(id);
    if l.status(id).flag(keys::TRACES_OVERALL) {
        let o = overall_leader(l, side)?;
        return chit(l, o).map(|c| (o, c));
    }
    [leader_of(l, id), overall_leader(l, side)]
        .into_iter()
        .flatten()
        .find_map(|p| chit(l, p).map(|c| (p, c)))
}

/// The command whose effects a unit gets now: none when out of command, Muster when routed,
/// Attack for non-cavalry under a Charge leader (§3.1, §7.3).
pub fn unit_command<L: Look + ?Sized>(l: &L, id: PieceId) -> Option<Chit> {
    let s = l.status(id);
    if s.flag(keys::OUT_OF_COMMAND) {
        return None;
    }
    if s.flag(keys::ROUTED) {
        return Some(Chit::Muster);
    }
    let (_, c) = obeyed_chit(l, id)?;
    match c {
        Chit::Charge(_) if !unit(l, id).is_some_and(can_charge) => Some(Chit::Attack),
        c => Some(c),
    }
}

/// The current morale rating with its parts ("printed 7", "−1 Step-Loss marker").
pub fn morale_rating<L: Look + ?Sized>(l: &L, t: &Tables, id: PieceId) -> (i32, Vec<String>) {
    let terms = morale_terms(l, t, id);
    let mut parts = vec![format!("printed {}", terms.printed)];
    if let Some(v) = terms.markers {
        parts.push(format!("{v:+} Step-Loss marker(s)"));
    }
    match terms.charge {
        Some((v, true)) => parts.push(format!("{v:+} Charge")),
        Some((v, false)) => parts.push(format!("{v:+} non-cavalry under a Charge leader")),
        None => {}
    }
    (terms.total(), parts)
}

/// The current morale rating alone, with no text (for the odds walk).
pub(crate) fn morale_value<L: Look + ?Sized>(l: &L, t: &Tables, id: PieceId) -> i32 {
    morale_terms(l, t, id).total()
}

/// The terms of a morale rating: the printed morale, the Step-Loss markers' modifier, and the
/// Charge modifier (with whether it is the unit's own Charge or a follower's).
struct MoraleTerms {
    printed: i32,
    /// Set when the unit carries markers.
    markers: Option<i32>,
    charge: Option<(i32, bool)>,
}

impl MoraleTerms {
    fn total(&self) -> i32 {
        self.printed + self.markers.unwrap_or(0) + self.charge.map_or(0, |(v, _)| v)
    }
}

fn morale_terms<L: Look + ?Sized>(l: &L, t: &Tables, id: PieceId) -> MoraleTerms {
    let m = &t.modifiers;
    let u = unit(l, id);
    let markers = u.map_or(0, |u| step_state(u, t, steps_lost(l, id)).markers);
    // `unit_command(..).is_charge()` and `charge_follower(..)` with one look at the chit: both
    // need the unit in command and not routed, under a Charge; cavalry charge themselves.
    let s = l.status(id);
    let charging = !s.flag(keys::OUT_OF_COMMAND)
        && !s.flag(keys::ROUTED)
        && obeyed_chit(l, id).is_some_and(|(_, c)| c.is_charge());
    let charge = match (charging, u.is_some_and(can_charge)) {
        (false, _) => None,
        (true, true) => Some((m.get(mk::MORALE_CHARGE_CAV), true)),
        (true, false) => Some((m.get(mk::MORALE_CHARGE_OTHER), false)),
    };
    MoraleTerms {
        printed: printed_morale(l, id),
        markers: (markers > 0).then(|| markers * m.get(mk::MORALE_MARKER)),
        charge,
    }
}

/// A leader's rating, from the replacement side when it shows and the file gives one.
pub(crate) fn rating<L: Look + ?Sized>(l: &L, id: PieceId, stat: &str) -> i32 {
    let Some(x) = leader(l, id) else { return 0 };
    let repl = format!("replacement_{stat}");
    if l.status(id).flag(keys::REPLACEMENT) && x.stats.contains_key(&repl) {
        x.stat(&repl)
    } else {
        x.stat(stat)
    }
}

/// The units a leader commands that are on the map.
pub(crate) fn force<L: Look + ?Sized>(l: &L, leader: PieceId) -> Vec<PieceId> {
    l.roster().commanded_by(leader)
}

/// Whether a leader commands any cavalry (so may take Charge).
pub(crate) fn commands_cavalry<L: Look + ?Sized>(l: &L, leader: PieceId) -> bool {
    force(l, leader)
        .into_iter()
        .any(|u| unit(l, u).is_some_and(can_charge))
}

/// How many of a leader's units are eliminated or routed (for the free Muster).
pub(crate) fn broken_units<L: Look + ?Sized>(l: &L, leader: PieceId) -> i32 {
    force(l, leader)
        .into_iter()
        .filter(|&u| is_eliminated(l, u) || is_routed(l, u))
        .count() as i32
}

/// The loss points a unit costs now (§10.1): full strength if eliminated or routed, full minus
/// reduced if flipped, nothing otherwise.
pub(crate) fn unit_losses<L: Look + ?Sized>(l: &L, id: PieceId) -> i32 {
    let Some(u) = unit(l, id) else { return 0 };
    let s = l.status(id);
    if s.flag(keys::ELIMINATED) || s.flag(keys::ROUTED) {
        u.stat("strength")
    } else if s.flag(keys::REDUCED) {
        u.stat("strength") - u.stat("reduced_strength")
    } else {
        0
    }
}

/// A side's loss points, computed live (§10.1): units now plus every leader casualty so far.
pub(crate) fn side_losses<L: Look + ?Sized>(l: &L, side: usize) -> i32 {
    let r = l.roster();
    let units: i32 = r
        .ids()
        .filter(|&p| r.side_of(p) == side)
        .map(|p| unit_losses(l, p))
        .sum();
    units + l.side_status(side).track(keys::LEADER_LOSSES)
}

/// The leaders on the map recorded as stacked with a unit (the leader's "Stacked with" mark),
/// in the army's order.
pub(crate) fn stacked_leaders<L: Look + ?Sized>(l: &L, unit: PieceId) -> Vec<PieceId> {
    crate::rules::kit::with::leaders_with(l.roster(), |p| l.status(p), unit)
        .filter(|&p| l.status(p).flag(keys::ENTERED))
        .collect()
}

/// The first leader recorded as stacked with a unit, if any.
pub(crate) fn stacked_leader<L: Look + ?Sized>(l: &L, unit: PieceId) -> Option<PieceId> {
    stacked_leaders(l, unit).first().copied()
}

/// Where a stacked leader's −1 (or bonus) came from, when it came from the record: "Henderson
/// is with the unit (recorded)".
pub(crate) fn recorded_note<L: Look + ?Sized>(l: &L, unit: PieceId) -> Option<String> {
    let leaders = stacked_leaders(l, unit);
    (!leaders.is_empty()).then(|| {
        let names: Vec<_> = leaders.iter().map(|&p| l.roster().name(p)).collect();
        let verb = if leaders.len() == 1 { "is" } else { "are" };
        format!("{} {verb} with the unit (recorded)", names.join(" and "))
    })
}

/// The units and the leaders among `ids`, each in selection order.
pub(crate) fn units_and_leaders(roster: &Roster, ids: &[PieceId]) -> (Vec<PieceId>, Vec<PieceId>) {
    let of = |role: Role| -> Vec<PieceId> {
        ids.iter()
            .copied()
            .filter(|&p| roster.piece(p).role == role)
            .collect()
    };
    (of(Role::Unit), of(Role::Leader))
}
