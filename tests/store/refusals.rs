//! Each refusal of the check a battle file goes through before the battle is rebuilt
//! (`src/store/check.rs`, 18 of them), tripped alone by a small file: two armies of one
//! regiment each, the set-up, and the one entry, undone entry or procedure under way that is
//! wrong. Each file is refused as corrupt with exactly that message, at a line and column inside
//! the file, quarantined and left byte for byte. With the check turned off, every test here
//! fails but the unknown rule system's, which rebuilding the battle refuses in the same words.
//!
//! A suited card of rank 0 or 14 never reaches the check: reading the file refuses it (`rank 14
//! is not 1 (ace) to 13 (king)`, in `tests/store/broken.rs`). A joker numbered other than 1 or
//! 2 is the card the check refuses as not a playing card.

use adjutant::cards::{Card, Rank, Suit};
use adjutant::dice::Modifier;

use super::broken::assert_refused;
use super::*;

/// A battle file of version 2 as Adjutant wrote it — two armies of one regiment, the set-up
/// alone in its log — with `/*LOG*/`, `/*REDO*/` and `/*PENDING*/` (comments, so the file
/// loads as it is) where a test puts what it needs. Kept as a file rather than made by
/// today's writer, so what a test adds is checked in a file of that version whatever later
/// versions add.
const SMALL: &str = include_str!("small_battle.ron");

/// The small battle with `log` after its set-up, `redo` undone and `pending` under way.
fn small(log: &[&str], redo: &[&str], pending: Option<&str>) -> String {
    let list = |entries: &[&str]| entries.iter().map(|e| format!("{e},")).collect::<String>();
    SMALL
        .replacen("/*LOG*/", &list(log), 1)
        .replacen("/*REDO*/", &list(redo), 1)
        .replacen(
            "/*PENDING*/None",
            &pending.map_or("None".into(), |p| format!("Some({p})")),
            1,
        )
}

/// An entry, as a file holds it.
fn entry(action: &str, events: &[&str]) -> String {
    format!(
        "Entry(title: \"Test\", action: {action}, events: [{}])",
        events.join(", ")
    )
}

/// A procedure under way, as a file holds it.
fn pending(action: &str, inputs: &[&str]) -> String {
    format!(
        "Pending(action: {action}, title: \"Test\", inputs: [{}], events: [])",
        inputs.join(", ")
    )
}

fn dice(count: u8, die: &str) -> String {
    format!("Dice(count: {count}, die: {die}, modifiers: [])")
}

fn rolled(count: u8, faces: &[u8]) -> String {
    format!(
        "Rolled(dice: {}, faces: {faces:?}, typed: false)",
        dice(count, "D6")
    )
}

/// A roll of `count` D6 showing `faces`, as an event.
fn roll(count: u8, faces: &[u8]) -> String {
    format!(
        "Rolled(label: \"Test roll\", rolled: {})",
        rolled(count, faces)
    )
}

fn spade(rank: u8) -> Card {
    Card::Suited(Rank::new(rank).unwrap(), Suit::Spades)
}

fn shuffled(cards: &[&str]) -> String {
    format!("Shuffled(order: [{}])", cards.join(", "))
}

fn drew(card: &str) -> String {
    format!("Drew(label: \"Test draw\", card: {card})")
}

/// Loads `text` and expects it refused as corrupt with exactly `message` as the reason, placed
/// at a line and column inside the text.
fn corrupt(text: &str, message: &str) {
    let err = assert_refused(text.as_bytes(), &[message]);
    match &err {
        StoreError::Untrue {
            message: said,
            line,
            col,
            ..
        } => {
            assert_eq!(said, message);
            let at = text
                .lines()
                .nth(line - 1)
                .unwrap_or_else(|| panic!("{err}"));
            assert!(*col >= 1 && *col <= at.chars().count() + 1, "{err}");
        }
        other => panic!("not refused as corrupt: {other}"),
    }
}

#[test]
fn the_small_battle_loads_as_it_is_and_with_what_the_tests_add_done_right() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.ron");
    fs::write(&path, SMALL).unwrap();
    let battle = read_battle(&path).unwrap();
    assert_eq!((battle.log().len(), battle.roster.ids().count()), (1, 2));
    // The same pieces as each test below uses, each right.
    let roll_entry = entry(&format!("Roll({})", dice(2, "D6")), &[&roll(2, &[3, 5])]);
    let draws = entry(
        "Draw",
        &[
            &shuffled(&["Suited(Rank(1), Spades)", "Suited(Rank(2), Spades)"]),
            &drew("Suited(Rank(2), Spades)"),
            &drew("Suited(Rank(1), Spades)"),
        ],
    );
    let side = entry(
        "Adjust(subject: Side(1), change: Track(key: \"loss_points\", to: 1))",
        &["Side(side: 1, change: Track(key: \"loss_points\", to: 1))"],
    );
    let fact = entry(
        "Draw",
        &["Fact(kind: Note, piece: Some(PieceId(1)), text: \"A note\")"],
    );
    let text = small(
        &[&roll_entry, &draws, &side],
        &[&fact],
        Some(&pending(
            &format!("Roll({})", dice(2, "D6")),
            &["Card(Joker(2))"],
        )),
    );
    fs::write(&path, &text).unwrap();
    let battle = read_battle(&path).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        (battle.log().len(), battle.redo_stack().len()),
        (4, 1),
        "{text}"
    );
    assert!(battle.pending().is_some());
}

#[test]
fn an_unknown_rule_system_is_refused() {
    // The armies stay of a known system, so only the battle's own system is unknown.
    let text = SMALL.replacen(
        "system: \"royalists_roundheads\"",
        "system: \"no_such_rules\"",
        1,
    );
    assert!(text.contains("system: \"royalists_roundheads\""));
    corrupt(&text, "unknown rule system 'no_such_rules'");
}

#[test]
fn more_pieces_than_a_battle_can_hold_are_refused() {
    // Each army's units are on one line: copies of the first unit, each with an id of its own.
    let start = SMALL.find("Unit(").unwrap();
    let end = start + SMALL[start..].find("notes: \"\")").unwrap() + "notes: \"\")".len();
    let unit = &SMALL[start..end];
    let id = unit.find("id: \"").unwrap() + "id: \"".len();
    let many: String = (0..65_536)
        .map(|i| format!("{}x{i}_{}, ", &unit[..id], &unit[id..]))
        .collect();
    let text = format!("{}{many}{}", &SMALL[..start], &SMALL[start..]);
    // Read once, not through every check of `corrupt`: the file is 9 MB.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.ron");
    fs::write(&path, &text).unwrap();
    match read_battle(&path) {
        Err(StoreError::Untrue { message, .. }) => {
            assert_eq!(message, "65538 pieces are more than a battle can hold");
        }
        other => panic!("not refused as corrupt: {:?}", other.map(|b| b.log().len())),
    }
}

#[test]
fn a_log_that_does_not_start_with_the_set_up_is_refused() {
    let text = SMALL.replacen("action: Setup", "action: Draw", 1);
    corrupt(&text, "the log does not start with the battle's set-up");
    let start = SMALL.find("  log: [").unwrap();
    let end = start + SMALL[start..].find("\n  ],\n").unwrap() + "\n  ],\n".len();
    let empty = format!("{}  log: [],\n{}", &SMALL[..start], &SMALL[end..]);
    corrupt(&empty, "the log does not start with the battle's set-up");
}

#[test]
fn a_second_set_up_in_the_log_is_refused() {
    let text = small(&[&entry("Setup", &[])], &[], None);
    corrupt(&text, "log entry 1 \"Test\": a second set-up");
}

#[test]
fn a_set_up_among_the_undone_entries_is_refused() {
    let text = small(&[], &[&entry("Setup", &[])], None);
    corrupt(&text, "undone entry 1 \"Test\": a set-up cannot be redone");
}

#[test]
fn a_set_up_reshuffle_or_correction_under_way_is_refused() {
    for action in [
        "Setup",
        "Reshuffle",
        "Adjust(subject: Side(0), change: Track(key: \"loss_points\", to: 1))",
    ] {
        let text = small(&[], &[], Some(&pending(action, &[])));
        corrupt(
            &text,
            "the procedure under way \"Test\": this action is never left under way",
        );
    }
}

#[test]
fn a_roll_of_no_dice_is_refused() {
    let text = small(&[&entry("RollMixed([])", &[])], &[], None);
    corrupt(&text, "log entry 1 \"Test\": a roll of no dice");
}

#[test]
fn a_correction_to_a_side_that_does_not_exist_is_refused() {
    let action = "Adjust(subject: Side(2), change: Track(key: \"loss_points\", to: 1))";
    let text = small(&[&entry(action, &[])], &[], None);
    corrupt(&text, "log entry 1 \"Test\": no side 3");
}

#[test]
fn a_draw_of_a_card_not_on_top_is_refused() {
    let draws = entry(
        "Draw",
        &[
            &shuffled(&["Suited(Rank(1), Spades)", "Suited(Rank(2), Spades)"]),
            &drew("Suited(Rank(1), Spades)"),
        ],
    );
    let text = small(&[&draws], &[], None);
    corrupt(
        &text,
        &format!(
            "log entry 1 \"Test\": event 2: it records drawing {}, but the card on top of the \
             deck was {}",
            spade(1),
            spade(2)
        ),
    );
}

#[test]
fn a_draw_from_an_empty_deck_is_refused() {
    let draws = entry(
        "Draw",
        &[
            &shuffled(&["Suited(Rank(1), Spades)"]),
            &drew("Suited(Rank(1), Spades)"),
            &drew("Suited(Rank(1), Spades)"),
        ],
    );
    let text = small(&[], &[&draws], None);
    corrupt(
        &text,
        &format!(
            "undone entry 1 \"Test\": event 3: it records drawing {} from an empty deck",
            spade(1)
        ),
    );
}

#[test]
fn a_shuffled_deck_holding_a_card_twice_is_refused() {
    let shuffle = entry(
        "Reshuffle",
        &[&shuffled(&[
            "Suited(Rank(1), Spades)",
            "Suited(Rank(3), Spades)",
            "Suited(Rank(1), Spades)",
        ])],
    );
    let text = small(&[&shuffle], &[], None);
    corrupt(
        &text,
        &format!(
            "log entry 1 \"Test\": event 1: the shuffled deck holds {} twice",
            spade(1)
        ),
    );
}

#[test]
fn a_piece_that_does_not_exist_is_refused() {
    let fact = entry(
        "Draw",
        &["Fact(kind: Note, piece: Some(PieceId(2)), text: \"A note\")"],
    );
    corrupt(
        &small(&[&fact], &[], None),
        "log entry 1 \"Test\": event 1: piece 2 does not exist (this battle has 2 pieces)",
    );
    let call = "Procedure(Call(id: \"fire\", actors: [PieceId(0)], targets: [PieceId(7)], \
                params: {}))";
    corrupt(
        &small(&[], &[], Some(&pending(call, &[]))),
        "the procedure under way \"Test\": piece 7 does not exist (this battle has 2 pieces)",
    );
}

#[test]
fn a_side_that_does_not_exist_is_refused() {
    let side = entry(
        "Draw",
        &["Side(side: 2, change: Track(key: \"loss_points\", to: 1))"],
    );
    corrupt(
        &small(&[&side], &[], None),
        "log entry 1 \"Test\": event 1: side 2 does not exist (this battle has 2 sides)",
    );
    let by = format!(
        "Rolled(label: \"Test roll\", rolled: {}, by: Some(5))",
        rolled(1, &[4])
    );
    let roll = entry(&format!("Roll({})", dice(1, "D6")), &[&by]);
    corrupt(
        &small(&[], &[&roll], None),
        "undone entry 1 \"Test\": event 1: side 5 does not exist (this battle has 2 sides)",
    );
    let clock = entry("Draw", &["Clock(turn: 2, phase: 0, side: 3)"]);
    corrupt(
        &small(&[&clock], &[], None),
        "log entry 1 \"Test\": event 1: side 3 does not exist (this battle has 2 sides)",
    );
}

#[test]
fn more_dice_than_the_odds_can_be_worked_for_are_refused() {
    let text = small(
        &[&entry(&format!("Roll({})", dice(50, "D6")), &[])],
        &[],
        None,
    );
    corrupt(
        &text,
        "log entry 1 \"Test\": 50 D6 are more dice than Adjutant can work odds for",
    );
}

#[test]
fn modifiers_out_of_all_reason_are_refused() {
    let modifier = |value: i32| format!("Modifier(value: {value}, label: \"Test\", rule: \"§1\")");
    let huge = Dice::new(1, Die::D6).with(Modifier::new(1_000_001, "Test", "§1"));
    let text = small(
        &[&entry(
            &format!(
                "Roll(Dice(count: 1, die: D6, modifiers: [{}]))",
                modifier(1_000_001)
            ),
            &[],
        )],
        &[],
        None,
    );
    corrupt(
        &text,
        &format!("log entry 1 \"Test\": the modifiers of {huge} are out of all reason"),
    );
    let many = Dice::new(1, Die::D6);
    let many = (0..1_001).fold(many, |d, _| d.with(Modifier::new(1, "Test", "§1")));
    let list = vec![modifier(1); 1_001].join(", ");
    let text = small(
        &[],
        &[],
        Some(&pending(
            &format!("Roll(Dice(count: 1, die: D6, modifiers: [{list}]))"),
            &[],
        )),
    );
    corrupt(
        &text,
        &format!("the procedure under way \"Test\": the modifiers of {many} are out of all reason"),
    );
}

#[test]
fn a_roll_with_too_few_faces_is_refused() {
    let roll_entry = entry(&format!("Roll({})", dice(2, "D6")), &[&roll(2, &[3])]);
    corrupt(
        &small(&[&roll_entry], &[], None),
        &format!(
            "log entry 1 \"Test\": event 1: {} was rolled but 1 faces are recorded",
            Dice::new(2, Die::D6)
        ),
    );
}

#[test]
fn a_face_the_die_cannot_show_is_refused() {
    let given = format!("Dice({})", rolled(1, &[0]));
    corrupt(
        &small(
            &[],
            &[],
            Some(&pending(&format!("Roll({})", dice(1, "D6")), &[&given])),
        ),
        "the procedure under way \"Test\": a D6 shows 0, but its faces are 1–6",
    );
}

#[test]
fn a_card_that_is_not_a_playing_card_is_refused() {
    let joker = entry("Draw", &[&drew("Joker(3)")]);
    corrupt(
        &small(&[&joker], &[], None),
        "log entry 1 \"Test\": event 1: Joker(3) is not a playing card",
    );
    corrupt(
        &small(
            &[],
            &[],
            Some(&pending(
                &format!("Roll({})", dice(1, "D6")),
                &["Card(Joker(0))"],
            )),
        ),
        "the procedure under way \"Test\": Joker(0) is not a playing card",
    );
}
