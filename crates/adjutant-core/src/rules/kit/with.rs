//! Leaders with units: the record that leader L is with unit U (stacked with it, attached to
//! it) is L's mark [`WITH`], holding U's name as a player reads it. One mechanism for every
//! system: the schema's mark ([`mark_spec`], the side's unit names as its choices, so the window
//! offers it on the leader's row and in the correction by hand), the readers procedures use
//! ([`unit_of`], [`leaders_with`]) and the events that end a record when its unit leaves play
//! ([`leave`]). A record never names a gone unit silently: a system clears it (and says so in
//! the log) when the unit is eliminated or removed.

use crate::battle::state::{Role, Roster};
use crate::event::{Event, FactKind, PieceId};
use crate::status::{Change, MarkSpec, Status, WITH};

/// The leader's mark: labelled as the system says ("Stacked with", "Attached to"), its choices
/// the side's units.
pub(crate) fn mark_spec(label: &str, roster: &Roster, side: usize) -> MarkSpec {
    super::schema::mark(WITH, label, roster.unit_names(side))
}

/// Whether `name` names the unit: [`Roster::answers_to`], with the usual miss (another unit's
/// name, not this one's with its side added) found without building the unit's full name,
/// which looks through every piece: the window asks this of every row.
fn names(roster: &Roster, unit: PieceId, name: &str) -> bool {
    let own = roster.own_name(unit);
    name == own || (name.starts_with(own) && roster.answers_to(unit, name))
}

/// The unit a leader's record names, if it names one of his side's units.
pub(crate) fn unit_of(roster: &Roster, leader: PieceId, status: &Status) -> Option<PieceId> {
    let name = status.mark(WITH)?;
    let side = roster.side_of(leader);
    roster.ids().find(|&p| {
        roster.side_of(p) == side && roster.piece(p).role == Role::Unit && names(roster, p, name)
    })
}

/// The leaders of the unit's side recorded as with it, in the army's order.
pub fn leaders_with<'a>(
    roster: &'a Roster,
    status: impl Fn(PieceId) -> &'a Status + 'a,
    unit: PieceId,
) -> impl Iterator<Item = PieceId> + 'a {
    let side = roster.side_of(unit);
    roster.ids().filter(move |&p| {
        roster.side_of(p) == side
            && roster.piece(p).role == Role::Leader
            && status(p)
                .mark(WITH)
                .is_some_and(|name| names(roster, unit, name))
            && unit_of(roster, p, status(p)) == Some(unit)
    })
}

/// The events that end every record naming a unit that leaves play: each leader's mark
/// cleared, and a line for the log saying he stays where the unit was.
pub(crate) fn leave<'a>(
    roster: &'a Roster,
    status: impl Fn(PieceId) -> &'a Status + 'a,
    unit: PieceId,
) -> Vec<Event> {
    let uname = roster.name(unit);
    leaders_with(roster, status, unit)
        .flat_map(|l| {
            [
                Event::Piece {
                    piece: l,
                    change: Change::Mark {
                        key: WITH.into(),
                        to: None,
                    },
                },
                Event::fact(
                    FactKind::Command,
                    Some(l),
                    format!(
                        "{} was with {uname}: no longer with a unit (set him with the one he \
                         joins)",
                        roster.name(l)
                    ),
                ),
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::army::{Army, Leader, Unit};

    fn roster() -> Roster {
        let army = |side: &str| Army {
            system: String::new(),
            name: side.into(),
            side: side.into(),
            description: String::new(),
            leaders: vec![Leader {
                id: "l".into(),
                name: format!("{side} leader"),
                stats: Default::default(),
                traits: Default::default(),
                group: None,
                superior: None,
                notes: String::new(),
            }],
            units: ["a", "b"]
                .map(|u| Unit {
                    id: u.into(),
                    // Both sides have a unit "Guns": each is read with its side added.
                    name: if u == "a" {
                        "Guns".into()
                    } else {
                        format!("{side} {u}")
                    },
                    kind: "Foot".into(),
                    leader: Some("l".into()),
                    stats: Default::default(),
                    traits: Default::default(),
                    group: None,
                    notes: String::new(),
                })
                .to_vec(),
        };
        Roster::new(vec![army("Red"), army("Blue")])
    }

    #[test]
    fn a_record_names_one_of_his_own_sides_units() {
        let r = roster();
        let (red_l, blue_l) = (r.find(0, "l").unwrap(), r.find(1, "l").unwrap());
        let red_b = r.find(0, "b").unwrap();
        let mut s = Status::default();
        s.apply(&Change::Mark {
            key: WITH.into(),
            to: Some("Red b".into()),
        });
        assert_eq!(unit_of(&r, red_l, &s), Some(red_b));
        // The same name read on the other side names none of its units.
        assert_eq!(unit_of(&r, blue_l, &s), None);
        let empty = Status::default();
        let status = |p: PieceId| if p == red_l { &s } else { &empty };
        assert_eq!(leaders_with(&r, status, red_b).collect::<Vec<_>>(), [red_l]);
        let gone = leave(&r, status, red_b);
        assert_eq!(gone.len(), 2);
        assert!(
            matches!(&gone[0], Event::Piece { piece, change: Change::Mark { to: None, .. } } if *piece == red_l)
        );
    }

    #[test]
    fn a_name_two_sides_share_is_read_with_or_without_the_side() {
        let r = roster();
        let (blue_l, blue_guns) = (r.find(1, "l").unwrap(), r.find(1, "a").unwrap());
        assert_eq!(r.name(blue_guns), "Guns (Blue)");
        for name in ["Guns (Blue)", "Guns"] {
            let mut s = Status::default();
            s.apply(&Change::Mark {
                key: WITH.into(),
                to: Some(name.into()),
            });
            assert_eq!(unit_of(&r, blue_l, &s), Some(blue_guns), "{name}");
            let empty = Status::default();
            let status = |p: PieceId| if p == blue_l { &s } else { &empty };
            assert_eq!(
                leaders_with(&r, status, blue_guns).collect::<Vec<_>>(),
                [blue_l]
            );
        }
        // The other side's reading names none of Blue's units.
        let mut s = Status::default();
        s.apply(&Change::Mark {
            key: WITH.into(),
            to: Some("Guns (Red)".into()),
        });
        assert_eq!(unit_of(&r, blue_l, &s), None);
    }
}
