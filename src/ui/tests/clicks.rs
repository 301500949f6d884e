//! How many clicks an action takes at the table, in every rule system, at 1280×800 and at
//! 150 % zoom (the tabbed layout): a fire takes four to its first roll — the firer picked in
//! the roster, Target on the row of the piece fired at, Start, Roll — and one more for each
//! question the rules give no answer to (at most five in all), and one for each roll
//! (draw or choice) after that, every one on a widget in view without scrolling the middle
//! column; its result is then in view. A melee is counted the same way, its first request
//! (a roll or a choice) in place of the Roll. Moving the phase on takes one click (or F8).

use adjutant::procedure::Step;

use super::clock_and_figures::clock_start;
use super::column::{FIRED_AT, FIRER, in_view, play_out, tap_start_of, tap_where};
use super::systems::{Play, SIZES, at, every_system};

/// A fire in one system: the battle brought to where the firer may fire, nothing picked.
pub(super) struct Fire {
    pub system: &'static str,
    pub firer: &'static str,
    pub target: &'static str,
    pub offer: &'static str,
    pub setup: fn() -> Play,
}

fn winceby() -> Play {
    super::column::winceby_fire_combat()
}

/// Edgehill: the Royalists win the initiative, count their activations and activate the foot.
fn edgehill() -> Play {
    edgehill_activating(D3_FIRER)
}

/// Edgehill: the Royalists win the initiative, count their activations and activate `unit`.
fn edgehill_activating(unit: &str) -> Play {
    use adjutant::rules::d3_ecw::keys::*;
    let mut play = Play::new("d3_ecw", ["Royalist", "Parliament"], 1642);
    play.start_offer(&[], &[], P_INITIATIVE);
    play.faces("5");
    play.faces("2");
    play.choose("Royalist goes first");
    play.count_all_seen();
    play.pick(unit);
    play.start_offer(&[unit], &[], P_ACTIVATE);
    play.clear();
    play
}
const D3_FIRER: &str = "Sir Thomas Salusbury's Regiment of Foot";

/// Tsaritsyn: the Reds win the roll-off and their machine-guns declare Move and Shoot.
fn tsaritsyn() -> Play {
    use adjutant::rules::rcw::keys::*;
    let mut play = tsaritsyn_reds_first();
    play.pick(RCW_FIRER);
    play.start_answered(
        &[RCW_FIRER],
        &[],
        P_ACTIVATE,
        &[(Q_FIRST, "Move"), (Q_SECOND, "Shoot")],
    );
    play.clear();
    play
}
/// Tsaritsyn: the Reds win the first-player roll-off.
fn tsaritsyn_reds_first() -> Play {
    let mut play = Play::new("rcw", ["Reds", "Whites"], 1919);
    play.start_offer(&[], &[], adjutant::rules::rcw::keys::P_FIRST_PLAYER);
    play.faces("5");
    play.faces("2");
    play
}
const RCW_FIRER: &str = "Machine-gun detachment behind the wire";

/// Naseby: the Royalists win the initiative and move first.
fn naseby() -> Play {
    use adjutant::rules::victory_without_squares::keys::*;
    let mut play = Play::new("victory_without_squares", ["Royalist", "Parliament"], 1645);
    play.start_offer(&[], &[], P_INITIATIVE);
    play.faces("7");
    play.faces("3");
    play.choose("Royalist moves first");
    play
}

pub(super) const FIRES: [Fire; 4] = [
    Fire {
        system: "royalists_roundheads",
        firer: FIRER,
        target: FIRED_AT,
        offer: adjutant::rules::royalists_roundheads::keys::proc::FIRE,
        setup: winceby,
    },
    Fire {
        system: "d3_ecw",
        firer: D3_FIRER,
        target: "Lord Brooke's Regiment of Foot",
        offer: adjutant::rules::d3_ecw::keys::P_SHOOT,
        setup: edgehill,
    },
    Fire {
        system: "victory_without_squares",
        firer: "Lord Astley's Tertia",
        target: "Major-General Skippon's Regiment of Foot",
        offer: adjutant::rules::victory_without_squares::keys::P_FIRE,
        setup: naseby,
    },
    Fire {
        system: "rcw",
        firer: RCW_FIRER,
        target: "Caucasian Army rifle battalion",
        offer: adjutant::rules::rcw::keys::P_SHOOT,
        setup: tsaritsyn,
    },
];

/// What a fire took: clicks to its first roll, and after it the rolls, draws and choices
/// it asked for, each answered with one click (`play_out` checks that every click answers one).
#[derive(Debug, PartialEq)]
struct Count {
    to_first_roll: usize,
    after: usize,
    /// The questions the rules give no answer to, each one click before Start.
    asked: usize,
}

/// Plays `fire` at `size` as a player does, counting each click.
fn fire_at(fire: &Fire, size: (f32, f32)) -> Count {
    action_at(fire, size, true)
}

/// Plays the action at `size` as a player does, counting each click; a fire must ask for
/// its dice first, a melee may first ask a choice.
fn action_at(fire: &Fire, size: (f32, f32), dice_first: bool) -> Count {
    let mut play = (fire.setup)();
    play.size = size;
    let what = format!("{} at {size:?}", fire.system);
    // The roster may scroll to bring a piece into view (the wheel is no click); each piece is
    // one click: its name picks it, the Target on its row aims at it.
    play.click(fire.firer);
    play.click_target(fire.target);
    let mut clicks = 2;
    let offer = play.offer(&[fire.firer], &[fire.target], fire.offer);
    assert_eq!(offer.refused, None, "{what}: {} is allowed", offer.label);
    let asked = super::column::answer_open(&mut play, size, &offer.label, &mut clicks);
    tap_start_of(&mut play, size, &offer.label, &mut clicks);
    if dice_first {
        assert!(
            matches!(play.game().step(), Some(Step::Dice(_))),
            "{what}: the fire asks for its dice"
        );
        assert!(
            in_view(&play, size, "Roll").is_some(),
            "{what}: the Roll row is in view"
        );
    }
    let rest = play_out(&mut play, size);
    assert!(
        play.game().pending().is_none(),
        "{what}: the action is over"
    );
    let mut ui = at(size, play.screen.view());
    assert!(
        super::column::whole(&mut ui, size, |c| c.starts_with("Last: ")).is_some(),
        "{what}: its result is in view"
    );
    // The first of the clicks `play_out` made is the Roll.
    Count {
        to_first_roll: clicks + 1,
        after: rest - 1,
        asked,
    }
}

#[test]
fn a_fire_takes_four_clicks_to_its_first_roll_and_one_per_roll_after_in_every_system() {
    assert_eq!(
        sorted(FIRES.map(|f| f.system).to_vec()),
        sorted(every_system().into_iter().map(|(s, _)| s).collect()),
        "a fire for every system"
    );
    let mut report = Vec::new();
    for fire in &FIRES {
        for size in SIZES {
            let count = fire_at(fire, size);
            report.push(format!("{} at {size:?}: {count:?}", fire.system));
            assert!(
                count.to_first_roll <= 4 + count.asked && count.to_first_roll <= 5,
                "{}: {count:?}",
                fire.system
            );
        }
    }
    println!("{}", report.join("\n"));
}

#[test]
fn the_phase_moves_on_in_one_click_in_every_system() {
    for fire in &FIRES {
        for size in SIZES {
            let mut play = (fire.setup)();
            let state = play.game().state();
            let clock = (state.turn, state.phase, state.side);
            let log = play.game().log().len();
            let start = clock_start(&play, size)
                .unwrap_or_else(|| panic!("{} at {size:?}: the clock bar", fire.system));
            let mut clicks = 0;
            tap_where(
                &mut play,
                size,
                "Start",
                move |b| (b.center_y() - start.center_y()).abs() < 1.0,
                &mut clicks,
            );
            assert_eq!(clicks, 1);
            let state = play.game().state();
            assert!(
                play.game().pending().is_none() && play.game().log().len() == log + 1,
                "{} at {size:?}: one click did it",
                fire.system
            );
            assert_ne!(
                (state.turn, state.phase, state.side),
                clock,
                "{} at {size:?}: the clock moved on",
                fire.system
            );
        }
    }
}

/// Winceby at Parliament's first Melee, nothing picked.
fn winceby_melee() -> Play {
    let mut play = winceby();
    play.start_offer(
        &[],
        &[],
        adjutant::rules::royalists_roundheads::keys::proc::NEXT_PHASE,
    );
    assert!(play.shows("Turn 1 · Melee · Parliament"));
    play
}

/// Edgehill: the Royalists win the initiative, count their activations and activate the horse.
fn edgehill_horse() -> Play {
    edgehill_activating(D3_CHARGER)
}
const D3_CHARGER: &str = "Prince Rupert's Regiment of Horse";

/// Tsaritsyn: the Reds win the roll-off and their infantry declares Move and Close assault.
fn tsaritsyn_assault() -> Play {
    use adjutant::rules::rcw::keys::*;
    let mut play = tsaritsyn_reds_first();
    play.pick(RCW_ASSAULTER);
    let offer = play.offer(&[RCW_ASSAULTER], &[], P_ACTIVATE);
    for (key, action) in [(Q_FIRST, "Move"), (Q_SECOND, "Close assault")] {
        let spec = offer
            .params
            .iter()
            .find(|p| p.key == key)
            .expect("the action");
        play.answer(P_ACTIVATE, key, &spec.choices.clone(), action);
    }
    play.start_offer(&[RCW_ASSAULTER], &[], P_ACTIVATE);
    play.clear();
    play
}
const RCW_ASSAULTER: &str = "37th Rifle Division, rifle battalion";

const MELEES: [Fire; 4] = [
    Fire {
        system: "royalists_roundheads",
        firer: "Cromwell's Horse (2)",
        target: "Widdrington's Horse (2)",
        offer: adjutant::rules::royalists_roundheads::keys::proc::MELEE,
        setup: winceby_melee,
    },
    Fire {
        system: "d3_ecw",
        firer: D3_CHARGER,
        target: "Sir William Balfour's Regiment of Horse",
        offer: adjutant::rules::d3_ecw::keys::P_MELEE,
        setup: edgehill_horse,
    },
    Fire {
        system: "victory_without_squares",
        firer: "Lord Astley's Tertia",
        target: "Major-General Skippon's Regiment of Foot",
        offer: adjutant::rules::victory_without_squares::keys::P_COMBAT,
        setup: naseby,
    },
    Fire {
        system: "rcw",
        firer: RCW_ASSAULTER,
        target: "Caucasian Army rifle battalion",
        offer: adjutant::rules::rcw::keys::P_ASSAULT,
        setup: tsaritsyn_assault,
    },
];

#[test]
fn a_melee_takes_four_clicks_to_its_first_request_and_one_per_request_after_in_every_system() {
    assert_eq!(
        sorted(MELEES.map(|f| f.system).to_vec()),
        sorted(every_system().into_iter().map(|(s, _)| s).collect()),
        "a melee for every system"
    );
    let mut report = Vec::new();
    for melee in &MELEES {
        for size in SIZES {
            // `to_first_roll` counts pick, Target, Start and the first request's click.
            let count = action_at(melee, size, false);
            report.push(format!("{} at {size:?}: {count:?}", melee.system));
            assert!(
                count.to_first_roll <= 4 + count.asked && count.to_first_roll <= 5,
                "{}: {count:?}",
                melee.system
            );
        }
    }
    println!("{}", report.join("\n"));
}

/// The systems named, in order of id.
fn sorted(mut systems: Vec<&'static str>) -> Vec<&'static str> {
    systems.sort_unstable();
    systems
}
