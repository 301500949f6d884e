//! What a piece can do just now, written on the piece as status so the window shows it
//! (§4.3): a unit's current movement allowance (printed, or dismounted; +2 under Charge;
//! halved when routed) and a leader's current command span (+1 under Muster). Both are
//! secret marks, since they can tell the chit. After every procedure [`refresh`] rewrites the
//! ones that changed.

use super::keys::{self, Chit};
use super::look::{self, Look};
use super::modifiers::key as mk;
use super::run::Run;
use super::tables::Tables;
use crate::battle::state::Role;
use crate::event::PieceId;

/// A unit's movement allowance now, with how it is made up ("10 (8, Charge +2)").
pub(crate) fn movement<L: Look + ?Sized>(l: &L, t: &Tables, id: PieceId) -> Option<(i32, String)> {
    let u = look::unit(l, id)?;
    let s = l.status(id);
    let dismounted = look::is_dragoons(u) && s.flag(keys::DISMOUNTED);
    let printed = if dismounted && u.stats.contains_key("movement_dismounted") {
        u.stat("movement_dismounted")
    } else {
        u.stat("movement")
    };
    let mut parts = Vec::new();
    if dismounted {
        parts.push("dismounted".to_string());
    }
    let mut ma = printed;
    if s.flag(keys::ROUTED) {
        ma = printed / 2;
        parts.push(format!("{printed} halved, routed"));
    } else if look::can_charge(u) && look::unit_command(l, id).is_some_and(Chit::is_charge) {
        let bonus = t.modifiers.get(mk::CHARGE_MP);
        ma = printed + bonus;
        parts.push(format!("{printed}, Charge {bonus:+}"));
    }
    let text = if parts.is_empty() {
        ma.to_string()
    } else {
        format!("{ma} ({})", parts.join("; "))
    };
    Some((ma, text))
}

/// A leader's command span now, with how it is made up ("4 (3, Muster +1)").
pub(crate) fn span<L: Look + ?Sized>(l: &L, t: &Tables, id: PieceId) -> Option<(i32, String)> {
    look::leader(l, id)?;
    let printed = look::rating(l, id, "span");
    if look::chit(l, id) == Some(Chit::Muster) {
        let bonus = t.modifiers.get(mk::MUSTER_SPAN);
        Some((
            printed + bonus,
            format!("{} ({printed}, Muster {bonus:+})", printed + bonus),
        ))
    } else {
        Some((printed, printed.to_string()))
    }
}

/// The readout a piece should carry now: its mark key and text, or `None` off the map.
fn wanted<L: Look + ?Sized>(l: &L, t: &Tables, id: PieceId) -> (&'static str, Option<String>) {
    match l.roster().piece(id).role {
        Role::Leader => (
            keys::SPAN_NOW,
            l.status(id)
                .flag(keys::ENTERED)
                .then(|| span(l, t, id).map(|(_, s)| s))
                .flatten(),
        ),
        _ => (
            keys::MOVEMENT_NOW,
            look::on_map(l, id)
                .then(|| movement(l, t, id).map(|(_, s)| s))
                .flatten(),
        ),
    }
}

/// Rewrites every readout that no longer matches the pieces (nothing when only the odds are
/// wanted).
pub(crate) fn refresh(run: &mut Run, t: &Tables) {
    if run.quiet {
        return;
    }
    let ids: Vec<PieceId> = run.roster().ids().collect();
    for id in ids {
        let (key, want) = wanted(run, t, id);
        if run.status(id).mark(key) != want.as_deref() {
            run.mark(id, key, want);
        }
    }
}
