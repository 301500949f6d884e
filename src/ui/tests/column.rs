//! The battle screen's middle column at the table, at 1280×800 and at 150 % zoom (the tabbed
//! layout): after picking a firer and a target, the allowed fire's Start is in view without
//! scrolling; after Start, the request's Roll row and its dice keypad are; the keypad enters
//! the faces thrown; after the last roll the result is in view. Refused offers fold under one
//! line that unfolds to each reason and rule. A melee takes one click per request; the last
//! result gives way once other pieces are picked. Every click here lands on a widget already in view:
//! nothing is scrolled.

use iced::Rectangle;
use iced_test::Simulator;
use iced_test::selector::{Candidate, Target, id};

use adjutant::rules::royalists_roundheads::keys::proc as rr;

use super::clock_and_figures::clock_start;
use super::systems::{Play, SIZES, at};
use crate::ui::battle::{Message, keypad, procedure_panel, questions};

pub(super) const FIRER: &str = "Cromwell's Horse (1)";
pub(super) const FIRED_AT: &str = "Widdrington's Horse (1)";

/// Where the first text reading `text` shows, if it shows whole inside a window of `size`
/// without scrolling (the first drawn).
pub(super) fn in_view(play: &Play, size: (f32, f32), text: &str) -> Option<Rectangle> {
    let mut ui = at(size, play.screen.view());
    whole(&mut ui, size, |content| content == text)
}

pub(super) fn whole(
    ui: &mut Simulator<'_, Message>,
    size: (f32, f32),
    wanted: impl Fn(&str) -> bool + Send + Sync,
) -> Option<Rectangle> {
    let mut found = None;
    let _ = ui.find(|c: Candidate<'_>| {
        if let Candidate::Text {
            content,
            bounds,
            visible_bounds: Some(shown),
            ..
        } = c
            && wanted(content)
            && (shown.height - bounds.height).abs() < 1.0
            && shown.y >= 0.0
            && shown.y + shown.height <= size.1
            && found.is_none()
        {
            found = Some(shown);
        }
        None::<()>
    });
    found
}

/// Clicks the text `text` where it shows, failing when it is not in view; counts the click.
pub(super) fn tap(play: &mut Play, size: (f32, f32), text: &str, clicks: &mut usize) {
    tap_where(play, size, text, |_| true, clicks);
}

/// Clicks the Start beside the offer labelled `label`, both in view without scrolling; counts
/// the click. A question of the offer the rules give no answer to is answered first, each
/// with one click on its first choice, in view without scrolling.
pub(super) fn tap_start_of(play: &mut Play, size: (f32, f32), label: &str, clicks: &mut usize) {
    answer_open(play, size, label, clicks);
    let at = in_view(play, size, label)
        .unwrap_or_else(|| panic!("{label} is in view without scrolling at {size:?}"));
    tap_where(
        play,
        size,
        "Start",
        move |b| (b.center_y() - at.center_y()).abs() < at.height,
        clicks,
    );
}

/// Clicks the text `text` whose place passes `place`, in view without scrolling.
pub(super) fn tap_where(
    play: &mut Play,
    size: (f32, f32),
    text: &str,
    place: impl Fn(Rectangle) -> bool + Send + Sync,
    clicks: &mut usize,
) {
    let messages: Vec<Message> = {
        let mut ui = at(size, play.screen.view());
        let shown = whole(&mut ui, size, |c| c == text);
        let mut target = None;
        let _ = ui.find(|c: Candidate<'_>| {
            if let Candidate::Text {
                content,
                visible_bounds: Some(b),
                ..
            } = c
                && content == text
                && (b.y + b.height) <= size.1
                && place(b)
                && target.is_none()
            {
                target = Some(b);
            }
            None::<()>
        });
        let b = target
            .filter(|_| shown.is_some())
            .unwrap_or_else(|| panic!("{text} is in view at {size:?} without scrolling"));
        ui.point_at(b.center());
        let _ = ui.simulate(iced_test::simulator::click());
        ui.into_messages().collect()
    };
    *clicks += 1;
    for m in messages {
        let _ = play.screen.update(m);
    }
}

/// Answers each question the rules leave open of the offer labelled `label` for the pick on
/// screen (not answered yet) with one click on its first choice, in view without scrolling;
/// counts the clicks. Returns how many it answered.
pub(super) fn answer_open(
    play: &mut Play,
    size: (f32, f32),
    label: &str,
    clicks: &mut usize,
) -> usize {
    let sel = play.screen.selection().clone();
    let game = play.game();
    let Some(offer) = game
        .rules()
        .offers(&game.context(), &sel.actors, &sel.targets)
        .into_iter()
        .find(|o| o.label == label)
    else {
        return 0;
    };
    let mut answered = 0;
    for p in offer.params.iter().filter(|p| p.default().is_none()) {
        if play.screen.answer_given(&offer.id, p.key) {
            continue;
        }
        let tap = questions::choice_id(&offer.id, p.key, 0);
        let messages: Vec<Message> = {
            let mut ui = at(size, play.screen.view());
            let key = ui
                .find(id(tap.clone()))
                .unwrap_or_else(|_| panic!("{}: {} is a row of taps", offer.label, p.label));
            let shown = key.visible_bounds().filter(|v| {
                v.y >= 0.0
                    && v.y + v.height <= size.1
                    && (v.height - key.bounds().height).abs() < 1.0
            });
            let shown = shown
                .unwrap_or_else(|| panic!("{}: {} is in view at {size:?}", offer.label, p.label));
            ui.point_at(shown.center());
            let _ = ui.simulate(iced_test::simulator::click());
            ui.into_messages().collect()
        };
        *clicks += 1;
        answered += 1;
        for m in messages {
            let _ = play.screen.update(m);
        }
    }
    answered
}

/// Taps the keypad's key for `face`, in view without scrolling; counts the tap.
fn tap_face(play: &mut Play, size: (f32, f32), face: u8, clicks: &mut usize) {
    let messages: Vec<Message> = {
        let mut ui = at(size, play.screen.view());
        let key = ui.find(id(keypad::face_id(face))).expect("the key");
        let shown = key
            .visible_bounds()
            .filter(|v| v.y + v.height <= size.1 && (v.height - key.bounds().height).abs() < 1.0)
            .unwrap_or_else(|| panic!("the key {face} is in view at {size:?}"));
        ui.point_at(shown.center());
        let _ = ui.simulate(iced_test::simulator::click());
        ui.into_messages().collect()
    };
    *clicks += 1;
    for m in messages {
        let _ = play.screen.update(m);
    }
}

/// Clicks the Enter beside the procedure's faces field.
fn tap_enter(play: &mut Play, size: (f32, f32), clicks: &mut usize) {
    let field = at(size, play.screen.view())
        .find(id(procedure_panel::FACES))
        .expect("the faces field")
        .bounds();
    tap_where(
        play,
        size,
        "Enter",
        move |b| (b.center_y() - field.center_y()).abs() < field.height,
        clicks,
    );
}

/// Winceby at Parliament's first Fire Combat, its firer picked and its target aimed at.
pub(super) fn fire_combat() -> Play {
    let mut play = winceby_fire_combat();
    play.pick(FIRER);
    play.target(FIRED_AT);
    play
}

/// Winceby at Parliament's first Fire Combat, nothing picked.
pub(super) fn winceby_fire_combat() -> Play {
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);
    for _ in 0..6 {
        play.start_offer(&[], &[], rr::NEXT_PHASE);
    }
    play.pick("Colonel Oliver Cromwell");
    play.start_offer(&["Colonel Oliver Cromwell"], &[], rr::SET_CHIT);
    play.clear();
    play.start_offer(&[], &[], rr::NEXT_PHASE);
    assert!(play.shows("Turn 1 · Fire Combat · Parliament"));
    play
}

#[test]
fn a_fire_reads_top_to_bottom_without_scrolling_and_the_keypad_enters_its_faces() {
    for size in SIZES {
        let mut play = fire_combat();
        let offer = play.offer(&[FIRER], &[FIRED_AT], rr::FIRE);
        let mut clicks = 0;
        let asked = answer_open(&mut play, size, &offer.label, &mut clicks);
        tap_start_of(&mut play, size, &offer.label, &mut clicks);
        assert!(play.game().pending().is_some(), "the fire is under way");
        assert!(in_view(&play, size, "Roll").is_some(), "Roll at {size:?}");
        let mut ui = at(size, play.screen.view());
        let field = ui
            .find(id(procedure_panel::FACES))
            .expect("the faces field");
        assert!(
            field
                .visible_bounds()
                .is_some_and(|v| v.y + v.height <= size.1 && v.height > 1.0),
            "the faces field at {size:?}"
        );
        drop(ui);
        // The keypad: the faces of a D6, tapped, then Enter.
        tap_face(&mut play, size, 6, &mut clicks);
        tap_enter(&mut play, size, &mut clicks);
        assert_eq!(
            clicks,
            3 + asked,
            "the open questions, Start, a face, Enter"
        );
        assert_eq!(
            play.game().pending().map(|p| p.inputs.len()),
            Some(1),
            "the tapped 6 is the fire's roll"
        );
        // The morale check's 2D6: 6 and 5 fail it.
        assert!(in_view(&play, size, "Roll").is_some(), "Roll at {size:?}");
        tap_face(&mut play, size, 6, &mut clicks);
        tap_face(&mut play, size, 5, &mut clicks);
        tap_enter(&mut play, size, &mut clicks);
        let choice = format!("{FIRED_AT} routs and retreats 1–3 hexes");
        let mut ui = at(size, play.screen.view());
        let option = whole(&mut ui, size, |c| c.starts_with(&choice));
        assert!(option.is_some(), "the choice is in view at {size:?}");
        drop(ui);
        let option_text = {
            let mut ui = at(size, play.screen.view());
            let mut text = None;
            let _ = ui.find(|c: Candidate<'_>| match &c {
                Candidate::Text { content, .. } if content.starts_with(&choice) => {
                    text = Some(content.to_string());
                    Some(Target::from(c))
                }
                _ => None,
            });
            text.unwrap()
        };
        tap(&mut play, size, &option_text, &mut clicks);
        assert!(play.game().pending().is_none(), "the fire is over");
        // The result in words, at the top of the column.
        let result = format!("{FIRED_AT} fails its morale check (rolled 11 > 7)");
        let mut ui = at(size, play.screen.view());
        let shown = whole(&mut ui, size, |c| c.contains(&result));
        assert!(shown.is_some(), "{result} is in view at {size:?}");
    }
}

#[test]
fn refused_offers_fold_under_one_line_that_unfolds_to_each_reason() {
    let mut play = fire_combat();
    let game = play.game();
    let sel = play.screen.selection();
    let offers = game
        .rules()
        .offers(&game.context(), &sel.actors, &sel.targets);
    let refused: Vec<_> = offers.iter().filter(|o| o.refused.is_some()).collect();
    assert!(!refused.is_empty(), "some offers are refused");
    let line = format!("{} not allowed — why", refused.len());
    let first = refused[0].refused.clone().unwrap();
    let reason = format!("Not allowed: {} ({})", first.reason, first.rule);
    assert!(play.shows(&line), "{line}");
    assert!(!play.shows(&reason), "folded, the reasons are not drawn");
    play.click(&line);
    assert!(play.shows_part(&reason), "unfolded: {reason}");
}

#[test]
fn the_keypad_offers_the_faces_of_the_die_asked_for() {
    // A D10 reads 0–9 as the rules read them: Victory without Squares' initiative is a D10.
    let mut play = Play::new("victory_without_squares", ["Royalist", "Parliament"], 7);
    play.start_offer(&[], &[], "vws.initiative");
    let Some(adjutant::procedure::Step::Dice(req)) = play.game().step() else {
        panic!("the initiative asks for dice");
    };
    assert_eq!(req.dice.die, adjutant::dice::Die::D10);
    let die = req.dice.die;
    let mut ui = at(SIZES[0], play.screen.view());
    for face in die.min()..=die.max() {
        assert!(
            ui.find(id(keypad::face_id(face))).is_ok(),
            "the keypad has {face} for a {}",
            die.name()
        );
    }
    assert!(ui.find(id(keypad::face_id(die.max() + 1))).is_err());
}

#[test]
fn the_last_result_gives_way_once_other_pieces_are_picked() {
    // Last came the phase change: with the firer picked, its result makes room for the offers.
    let mut play = fire_combat();
    assert!(
        !play.shows_part("Last: "),
        "the phase change's result gives way"
    );
    play.clear();
    assert!(play.shows_part("Last: "), "with nothing picked, it shows");
}

/// Answers each request of the procedure under way with one click on what answers it — Roll,
/// Draw or the first option — each in view without scrolling; the number of clicks.
pub(super) fn play_out(play: &mut Play, size: (f32, f32)) -> usize {
    let mut clicks = 0;
    while let Some(step) = play.game().step() {
        let before = play.game().pending().map(|p| p.inputs.len());
        match step {
            adjutant::procedure::Step::Dice(_) => tap(play, size, "Roll", &mut clicks),
            adjutant::procedure::Step::Card(_) => tap(play, size, "Draw", &mut clicks),
            adjutant::procedure::Step::Choice(req) => {
                let first = req.options[0].clone();
                let shown = if req.assumed == 0 {
                    format!("{first} (the odds assume this)")
                } else {
                    first
                };
                tap(play, size, &shown, &mut clicks);
            }
            adjutant::procedure::Step::Done(_) => break,
        }
        assert_ne!(
            play.game().pending().map(|p| p.inputs.len()),
            before,
            "each click answers a request"
        );
        assert!(clicks < 30, "the procedure ends");
    }
    clicks
}

#[test]
fn a_melee_and_a_phase_change_take_one_click_per_step_without_scrolling() {
    const ATTACKER: &str = "Cromwell's Horse (2)";
    const DEFENDER: &str = "Widdrington's Horse (2)";
    for size in SIZES {
        let mut play = fire_combat();
        // The phase moves on from the bar's Start, with the fire's pick still on.
        let mut clicks = 0;
        let start = clock_start(&play, size).expect("the bar");
        tap_where(
            &mut play,
            size,
            "Start",
            move |b| (b.center_y() - start.center_y()).abs() < 1.0,
            &mut clicks,
        );
        assert_eq!(clicks, 1);
        assert!(play.shows("Turn 1 · Melee · Parliament"), "at {size:?}");
        play.clear();
        play.pick(ATTACKER);
        play.target(DEFENDER);
        let offer = play.offer(&[ATTACKER], &[DEFENDER], rr::MELEE);
        tap_start_of(&mut play, size, &offer.label, &mut clicks);
        assert!(play.game().pending().is_some(), "the melee is under way");
        let steps = play_out(&mut play, size);
        assert!(play.game().pending().is_none(), "the melee is over");
        let mut ui = at(size, play.screen.view());
        assert!(
            whole(&mut ui, size, |c| c.starts_with("Last: ")).is_some(),
            "its result heads the column at {size:?}"
        );
        assert!(steps >= 3, "a melee asks for several rolls");
    }
}

#[test]
fn a_melee_with_a_recorded_leader_takes_one_click_per_request_and_asks_nothing_of_him() {
    const ATTACKER: &str = "Cromwell's Horse (2)";
    const DEFENDER: &str = "Widdrington's Horse (2)";
    const LEADER: &str = "Colonel Oliver Cromwell";
    for size in SIZES {
        let mut play = fire_combat();
        let _ = play.screen.update(Message::NextPhase);
        assert!(play.shows("Turn 1 · Melee · Parliament"), "at {size:?}");
        play.clear();
        // Two clicks on the leader's row record him with the unit: saved, in the log.
        let log = play.game().log().len();
        play.record_with(LEADER, ATTACKER);
        assert_eq!(play.game().log().len(), log + 1);
        assert!(
            play.shows("Colonel Oliver Cromwell with it"),
            "on the unit's row"
        );
        let leader = play.piece(LEADER);
        assert_eq!(
            play.game()
                .state()
                .piece(leader)
                .mark(adjutant::status::WITH),
            Some(ATTACKER)
        );
        play.pick(ATTACKER);
        play.target(DEFENDER);
        let offer = play.offer(&[ATTACKER], &[DEFENDER], rr::MELEE);
        assert!(
            offer.params.iter().all(|p| !p.label.contains("eader")),
            "no question about the leader: {:?}",
            offer.params
        );
        let mut clicks = 0;
        let asked = answer_open(&mut play, size, &offer.label, &mut clicks);
        tap_start_of(&mut play, size, &offer.label, &mut clicks);
        assert_eq!(clicks, 1 + asked);
        let requests = play_out(&mut play, size);
        assert!(play.game().pending().is_none(), "the melee is over");
        let entry = play.game().log().last().expect("the melee's entry");
        let rolls = entry
            .events
            .iter()
            .filter(|e| matches!(e, adjutant::event::Event::Rolled { .. }))
            .count();
        assert!(rolls >= 3, "a melee asks for several rolls");
        assert_eq!(
            requests, rolls,
            "one click per roll after Start, none for the leader"
        );
        // The recorded leader's −1 on the morale check and his bonus on the melee die.
        let said: Vec<String> = entry
            .events
            .iter()
            .filter_map(|e| match e {
                adjutant::event::Event::Rolled { rolled, .. } => Some(
                    rolled
                        .dice
                        .modifiers
                        .iter()
                        .map(|m| m.label.clone())
                        .collect::<Vec<_>>()
                        .join("; "),
                ),
                _ => None,
            })
            .collect();
        assert!(
            said.iter().any(|s| s.contains("(recorded)")),
            "the rolls say where the leader came from: {said:?}"
        );
    }
}

/// The initiative's headline in D3 and Victory without Squares, where a tie is rolled again:
/// even before the first die (15/36 each of the 30 untied D6 pairs; 45/100 each of the 90
/// untied D10 pairs), then exact after it — a 4 on the first D6 wins on 1–3 and on half the
/// ties, 7/12; a 4 on the first D10 loses on 5–9 and on half the ties, 11/20 for the other.
#[test]
fn the_initiative_headline_folds_its_ties_even_then_exact() {
    let cases = [
        (
            "d3_ecw",
            "initiative",
            ["Royalist wins 50 %", "Parliament wins 50 %"],
            ["Royalist wins 58 %", "Parliament wins 42 %"],
        ),
        (
            "victory_without_squares",
            "vws.initiative",
            ["Royalist moves first 50 %", "Parliament moves first 50 %"],
            ["Parliament moves first 55 %", "Royalist moves first 45 %"],
        ),
    ];
    for (system, id, before, after) in cases {
        let mut play = Play::new(system, ["Royalist", "Parliament"], 7);
        play.start_offer(&[], &[], id);
        let headline = |play: &Play, parts: [&str; 2]| {
            play.shows_part(&format!("Result: {} · {}", parts[0], parts[1]))
                || play.shows_part(&format!("Result: {} · {}", parts[1], parts[0]))
        };
        assert!(headline(&play, before), "{system}: {before:?}");
        assert!(
            !play.shows_part("tie: roll again"),
            "{system}: no tie result"
        );
        play.faces("4");
        assert!(headline(&play, after), "{system}: {after:?}");
    }
}
