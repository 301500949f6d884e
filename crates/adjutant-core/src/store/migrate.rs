//! Bringing an older battle file's log up to date.
//!
//! Version 1 stored each roll of a Royalists & Roundheads procedure twice: once when the dice
//! were given (at the head of the entry, with any cards), and again among the procedure's own
//! events. The after-action report counted those rolls double and the log listed them twice.
//! Version 2 stores each roll once, where it was given; [`store_rolls_once`] drops the second
//! copy from a version 1 log.

use crate::battle::{Action, Entry};
use crate::event::Event;

/// The only rule system whose version 1 files hold the second copies.
const DOUBLED: &str = "royalists_roundheads";

/// Drops the second copy of every roll from each procedure entry of a version 1 log.
pub(crate) fn store_rolls_once(system: &str, entries: &mut [Entry]) {
    if system != DOUBLED {
        return;
    }
    for entry in entries {
        if matches!(entry.action, Action::Procedure(_)) {
            drop_second_copies(&mut entry.events);
        }
    }
}

/// The entry's rolls come in two equal runs — the rolls as given, all before the first thing
/// the procedure said, then the same rolls again among what it said — and the second run goes.
/// An entry not of that shape is left as it is.
fn drop_second_copies(events: &mut Vec<Event>) {
    let rolls: Vec<usize> = (0..events.len())
        .filter(|&i| matches!(events[i], Event::Rolled { .. }))
        .collect();
    let half = rolls.len() / 2;
    if half == 0 || !rolls.len().is_multiple_of(2) {
        return;
    }
    let (given, again) = rolls.split_at(half);
    let said = events
        .iter()
        .position(|e| {
            !matches!(
                e,
                Event::Rolled { .. } | Event::Drew { .. } | Event::Shuffled { .. }
            )
        })
        .unwrap_or(events.len());
    let same = given
        .iter()
        .zip(again)
        .all(|(&a, &b)| events[a] == events[b]);
    if !same || given[half - 1] >= said {
        return;
    }
    let mut i = 0;
    events.retain(|_| {
        let keep = !again.contains(&i);
        i += 1;
        keep
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, Die, Rolled};
    use crate::event::FactKind;

    fn roll(label: &str, faces: Vec<u8>) -> Event {
        Event::Rolled {
            label: label.into(),
            rolled: Rolled {
                dice: Dice::new(faces.len() as u8, Die::D6),
                faces,
                typed: false,
            },
            by: None,
        }
    }

    fn fact(text: &str) -> Event {
        Event::fact(FactKind::Note, None, text)
    }

    #[test]
    fn the_second_run_of_rolls_goes_and_other_shapes_stay() {
        let (a, b) = (roll("Fire", vec![3, 4]), roll("Morale", vec![6]));
        let mut doubled = vec![
            a.clone(),
            b.clone(),
            a.clone(),
            fact("hit"),
            b.clone(),
            fact("holds"),
        ];
        drop_second_copies(&mut doubled);
        assert_eq!(
            doubled,
            vec![a.clone(), b.clone(), fact("hit"), fact("holds")]
        );
        // A roll given once and said once goes the same way; an odd number of rolls stays.
        let mut once = vec![a.clone(), a.clone(), fact("hit")];
        drop_second_copies(&mut once);
        assert_eq!(once, vec![a.clone(), fact("hit")]);
        let mut odd = vec![a.clone(), b.clone(), a.clone(), fact("hit")];
        let kept = odd.clone();
        drop_second_copies(&mut odd);
        assert_eq!(odd, kept);
        // Rolls that do not all come before the procedure's first word are not of the
        // version 1 shape.
        let mut late = vec![fact("hit"), a.clone(), a.clone()];
        let kept = late.clone();
        drop_second_copies(&mut late);
        assert_eq!(late, kept);
    }
}
