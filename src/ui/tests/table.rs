//! At the table with Winceby: finding a piece (the find box, Ctrl+F, folded commands), a
//! plain click that replaces the pick and Ctrl-click that adds, the one-click Target button,
//! corrections by hand (a step box clicked, the Correct-by-hand controls) logged and undone,
//! the odds at a glance, and the window habits (Escape, Ctrl+Q, reopening the last battle,
//! the window's size).

use iced::keyboard::{Key, Modifiers, key::Named};
use iced_test::selector::{Candidate, id};

use super::systems::Play;
use super::{key_press, simulator};
use crate::ui::battle::{FIND_FIELD, Message};
use crate::ui::persist::Store;
use crate::ui::{App, Message as AppMessage, Screen, shortcut};

use adjutant::rules::royalists_roundheads::keys;

const FIRER: &str = "Cromwell's Horse (1)";
const SECOND: &str = "Cromwell's Horse (2)";
const ENEMY: &str = "Widdrington's Horse (1)";
const CROMWELL: &str = "Colonel Oliver Cromwell";

fn winceby() -> Play {
    Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643)
}

/// Every piece name on the pieces panel (rows drawn, scrolled or not).
pub(super) fn rows(play: &Play) -> Vec<String> {
    let names: Vec<String> = play
        .game()
        .roster
        .ids()
        .map(|p| play.game().roster.name(p).to_string())
        .collect();
    let mut shown = Vec::new();
    let _ = simulator(play.screen.view()).find(|c: Candidate<'_>| {
        if let Candidate::Text { content, .. } = c
            && names.iter().any(|n| n == content)
            && !shown.iter().any(|s: &String| s == content)
        {
            shown.push(content.to_string());
        }
        None::<()>
    });
    shown
}

pub(super) fn typed_filter(play: &mut Play, words: &str) {
    let words = words.to_string();
    let messages: Vec<Message> = {
        let mut ui = simulator(play.screen.view());
        ui.click(id(FIND_FIELD)).expect("the find box");
        let _ = ui.typewrite(&words);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = play.screen.update(m);
    }
}

#[test]
fn the_find_box_narrows_the_pieces_by_name_kind_and_leader() {
    let mut play = winceby();
    let all = rows(&play);
    assert!(all.len() > 20, "Winceby has {} pieces", all.len());

    typed_filter(&mut play, "widdrington's horse (1");
    assert_eq!(rows(&play), [ENEMY]);

    // By leader: Cromwell's units (and Cromwell himself, by name).
    let mut play = winceby();
    typed_filter(&mut play, "cromwell");
    let found = rows(&play);
    assert!(found.contains(&FIRER.to_string()), "{found:?}");
    assert!(found.contains(&CROMWELL.to_string()), "{found:?}");
    assert!(!found.contains(&ENEMY.to_string()), "{found:?}");

    // By kind.
    let mut play = winceby();
    typed_filter(&mut play, "dragoons");
    let found = rows(&play);
    assert!(!found.is_empty());
    assert!(found.iter().all(|n| n.contains("Dragoons")), "{found:?}");

    let mut play = winceby();
    typed_filter(&mut play, "no such unit");
    assert!(rows(&play).is_empty());
    assert!(play.shows("No piece matches."));
}

#[test]
fn ctrl_f_focuses_the_find_box_even_from_a_text_field() {
    let press = key_press(Key::Character("f".into()), Modifiers::CTRL);
    // listen_with is handed the key even when a text field captured it.
    assert!(matches!(
        shortcut(
            press,
            iced::event::Status::Captured,
            iced::window::Id::unique()
        ),
        Some(AppMessage::FindPressed)
    ));
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
    let _ = app.update(AppMessage::Battle(Message::AcrossToggled));
    let mut ui = simulator(app.view());
    ui.click("Start the battle").expect("the home screen");
    for m in ui.into_messages().collect::<Vec<_>>() {
        let _ = app.update(m);
    }
    let _ = app.update(AppMessage::Battle(Message::AcrossToggled));
    let _task = app.update(AppMessage::FindPressed);
    let Screen::Battle(b) = &app.screen else {
        panic!("on the battle");
    };
    assert!(
        simulator(b.view()).find(id(FIND_FIELD)).is_ok(),
        "Ctrl+F brings the panels back with the find box"
    );
}

#[test]
fn a_folded_command_hides_its_units() {
    let mut play = winceby();
    assert!(rows(&play).contains(&FIRER.to_string()));
    let cromwell = play.piece(CROMWELL);
    let _ = play.screen.update(Message::Pieces(
        crate::ui::battle::roster_panel::Message::FoldToggled(cromwell),
    ));
    let shown = rows(&play);
    assert!(shown.contains(&CROMWELL.to_string()), "the leader stays");
    assert!(!shown.contains(&FIRER.to_string()), "his units fold away");
    assert!(shown.contains(&ENEMY.to_string()));
    // The fold button on the leader's row opens it again.
    play.click("▸");
    assert!(rows(&play).contains(&FIRER.to_string()));
}

#[test]
fn a_plain_click_replaces_the_pick_and_ctrl_click_adds() {
    let mut play = winceby();
    play.click(FIRER);
    play.click(SECOND);
    let ids = |play: &Play, names: &[&str]| names.iter().map(|n| play.piece(n)).collect::<Vec<_>>();
    assert_eq!(play.screen.selection().actors, ids(&play, &[SECOND]));
    let _ = play.screen.update(Message::AddingChanged(true));
    play.click(FIRER);
    let _ = play.screen.update(Message::AddingChanged(false));
    assert_eq!(play.screen.selection().actors, ids(&play, &[SECOND, FIRER]));
    // The Target button picks a target in one click, and leaves the actors as they are.
    play.click_target(ENEMY);
    assert_eq!(play.screen.selection().targets, ids(&play, &[ENEMY]));
    assert_eq!(play.screen.selection().actors, ids(&play, &[SECOND, FIRER]));
    // A plain click on an actor again makes it the only actor; targets stay apart.
    play.click(FIRER);
    assert_eq!(play.screen.selection().actors, ids(&play, &[FIRER]));
    assert_eq!(play.screen.selection().targets, ids(&play, &[ENEMY]));
}

#[test]
fn a_click_on_a_step_box_is_a_logged_correction_that_undo_takes_back() {
    let mut play = winceby();
    let unit = play.piece(FIRER);
    let before = play.game().log().len();
    play.click_step_box(FIRER, 0);
    assert_eq!(play.game().state().piece(unit).track(keys::STEPS_LOST), 1);
    let last = play.game().log().last().unwrap();
    assert_eq!(last.title, format!("Manual correction: {FIRER}"));
    assert!(play.shows_part(&format!("Manual correction: {FIRER}: Steps lost 0 → 1")));
    // Clicking the last filled box empties it.
    play.click_step_box(FIRER, 0);
    assert_eq!(play.game().state().piece(unit).track(keys::STEPS_LOST), 0);
    assert_eq!(play.game().log().len(), before + 2);
    play.click("Undo");
    assert_eq!(play.game().state().piece(unit).track(keys::STEPS_LOST), 1);
    play.click("Undo");
    assert_eq!(play.game().state().piece(unit).track(keys::STEPS_LOST), 0);
    assert_eq!(play.game().log().len(), before);
}

#[test]
fn correct_by_hand_sets_a_flag_and_a_secret_chit_and_the_report_names_it() {
    let mut play = winceby();
    play.click(FIRER);
    play.click("Show");
    assert!(play.shows("Correct by hand"));
    // Routed is a flag: its toggle reads No; a click sets it.
    play.click_beside("Routed", "No");
    let unit = play.piece(FIRER);
    assert!(play.game().state().piece(unit).flag(keys::ROUTED));
    assert!(play.shows_part(&format!("Manual correction: {FIRER}: Routed no → yes")));
    let report = adjutant::print::report_markdown(play.game());
    assert!(
        report.contains(&format!("Manual correction: {FIRER}: Routed no → yes")),
        "{report}"
    );
    // A side's figures: nothing picked offers each side's status.
    play.clear();
    assert!(play.shows("Royalist"));
    assert!(
        play.count_part("Array / Hobart entered") >= 2,
        "each side's flag is offered"
    );
    play.click("Hide");
    assert!(!play.shows_part("each change is logged as a manual correction"));
}

#[test]
fn a_refused_correction_says_why_and_clears_when_the_pick_changes() {
    let play = winceby();
    let unit = play.piece(FIRER);
    let err = play
        .screen
        .game()
        .clone()
        .adjust(
            adjutant::battle::adjust::Subject::Piece(unit),
            adjutant::status::Change::Track {
                key: keys::STEPS_LOST.into(),
                to: 99,
            },
        )
        .unwrap_err();
    assert!(
        err.to_string().contains("Steps lost runs from 0 to"),
        "{err}"
    );
}

#[test]
fn escape_closes_the_print_panel_and_ctrl_q_quits() {
    let window = iced::window::Id::unique();
    let status = iced::event::Status::Ignored;
    assert!(matches!(
        shortcut(
            key_press(Key::Named(Named::Escape), Modifiers::empty()),
            status,
            window
        ),
        Some(AppMessage::Files(crate::ui::files::Message::Cancelled))
    ));
    assert!(matches!(
        shortcut(
            key_press(Key::Character("q".into()), Modifiers::CTRL),
            status,
            window
        ),
        Some(AppMessage::QuitPressed)
    ));
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
    let mut ui = simulator(app.view());
    ui.click("Start the battle").expect("the home screen");
    for m in ui.into_messages().collect::<Vec<_>>() {
        let _ = app.update(m);
    }
    let _ = app.update(AppMessage::Files(crate::ui::files::Message::PrintPressed));
    assert!(app.files.panel_open());
    let escape = shortcut(
        key_press(Key::Named(Named::Escape), Modifiers::empty()),
        status,
        window,
    )
    .expect("Escape is a shortcut");
    let _ = app.update(escape);
    assert!(!app.files.panel_open(), "Escape closes the print panel");
    let _ = app.update(AppMessage::Files(crate::ui::files::Message::SaveAsPressed));
    assert!(app.files.panel_open());
    let _ = app.update(AppMessage::Files(crate::ui::files::Message::Cancelled));
    assert!(!app.files.panel_open(), "and the save panel");
}

#[test]
fn the_last_battle_reopens_on_start_when_asked_and_the_window_size_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let open = || Store::open(Some(dir.path().to_path_buf()));
    let mut app = App::new(open());
    let mut ui = simulator(app.view());
    ui.click("Off").expect("the reopen setting, off at first");
    ui.click("Start the battle").expect("the home screen");
    for m in ui.into_messages().collect::<Vec<_>>() {
        let _ = app.update(m);
    }
    assert!(open().reopen_last(), "the setting is saved");
    let _ = app.update(AppMessage::WindowResized(iced::Size::new(1100.0, 760.0)));
    let _ = app.update(AppMessage::UndoPressed);
    assert_eq!(open().window_size(), Some((1100.0, 760.0)));
    // The window is closed (it lets go of the battle), then Adjutant starts again.
    drop(app);

    let mut next = App::new(open());
    assert!(
        matches!(next.screen, Screen::Home(_)),
        "tests start at home"
    );
    next.reopen_last_battle();
    assert!(
        matches!(next.screen, Screen::Battle(_)),
        "the battle is back"
    );

    open().save_reopen_last(false).unwrap();
    let mut off = App::new(open());
    off.reopen_last_battle();
    assert!(matches!(off.screen, Screen::Home(_)));
}

#[test]
fn band_labels_read_as_plain_ranges() {
    use crate::ui::battle::odds::band_label;
    // A band past what the dice make shows its own range, once.
    assert_eq!(band_label(8, 9, 2, 7, "8–9"), "8–9");
    // Negative totals read "to", not a dash between minus signs.
    assert_eq!(
        band_label(i32::MIN, -1, -2, 12, "less than 0"),
        "−2 to −1 · less than 0"
    );
    assert_eq!(band_label(3, 5, 2, 12, "fails"), "3–5 · fails");
    assert_eq!(band_label(9, 9, 2, 12, "9"), "9");
    assert_eq!(band_label(10, i32::MAX, 2, 12, "hit"), "10–12 · hit");
}

#[test]
fn the_odds_at_a_glance_sum_each_result_over_the_outcomes_per_side() {
    let play = winceby();
    let odds = adjutant::odds::Odds {
        outcomes: vec![
            (format!("{ENEMY} routs; step loss"), 0.25),
            (format!("{ENEMY} passes; step loss"), 0.15),
            (format!("{ENEMY} passes"), 0.6),
        ],
        unexplored: 0.0,
        assumptions: Vec::new(),
        repeats: false,
    };
    let lines = crate::ui::battle::odds::glance(play.game(), &odds);
    assert_eq!(
        lines,
        [
            format!("Royalist: {ENEMY} passes 75 % · {ENEMY} routs 25 %"),
            "Result: step loss 40 %".to_string(),
        ]
    );
}

#[test]
fn the_odds_at_a_glance_show_above_the_outcomes_of_a_fire() {
    let mut play = winceby();
    // Parliament's first Fire Combat: Cromwell's Horse (1) may fire at Widdrington's (1).
    while !play.shows_part("Fire Combat · Parliament") {
        play.clear();
        let offer = play.offer(
            &[],
            &[],
            adjutant::rules::royalists_roundheads::keys::proc::NEXT_PHASE,
        );
        play.start(&offer.label);
    }
    // The report's phase headings each start a paragraph of their own (after a list of facts
    // a heading without a blank line before it would run on as part of the last item).
    let md = adjutant::print::report_markdown(play.game());
    let lines: Vec<&str> = md.lines().collect();
    let headings: Vec<usize> = (1..lines.len())
        .filter(|&i| {
            lines[i].starts_with('*') && lines[i].ends_with('*') && !lines[i].starts_with("**")
        })
        .collect();
    assert!(headings.len() >= 2, "{md}");
    for i in headings {
        assert_eq!(
            lines[i - 1],
            "",
            "a blank line before {:?} in\n{md}",
            lines[i]
        );
    }
    play.click(FIRER);
    play.click_target(ENEMY);
    let offer = play.offer(
        &[FIRER],
        &[ENEMY],
        adjutant::rules::royalists_roundheads::keys::proc::FIRE,
    );
    play.start_offer(&[FIRER], &[ENEMY], &offer.id);
    assert!(
        play.shows_part(&format!("Royalist: {ENEMY} ")),
        "a line at a glance for the side fired at"
    );
    assert!(play.shows("Odds of the whole procedure"));
}

#[test]
fn the_tray_rolls_mixed_dice_and_up_to_twelve() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = super::battle(&dir);
    // 2D6 (the default) + D3: one roll, one entry, one total.
    super::click(&mut screen, "+ kind");
    super::click(&mut screen, "D3");
    assert!(super::shows(&screen, "Roll 2D6 + D3"));
    super::type_faces(&mut screen, "3 5 2");
    let last = screen.game().log().last().unwrap();
    assert_eq!(last.title, "Roll 2D6 + D3");
    assert!(
        super::shows(&screen, "2D6 [3 5] + D3 [2] = 10"),
        "the history sums the kinds"
    );
    // A face a D3 cannot show is refused before anything is recorded.
    let before = screen.game().log().len();
    super::type_faces(&mut screen, "3 5 6");
    assert_eq!(screen.game().log().len(), before);
    assert!(super::shows(
        &screen,
        "a D3 cannot show 6: its faces are 1–3"
    ));
    // Up to twelve of a kind.
    super::click(&mut screen, "Remove");
    for _ in 0..15 {
        let _ = screen.update(Message::Tray(
            crate::ui::battle::tray::Message::CountSelected(13),
        ));
    }
    assert!(super::shows(&screen, "Roll 12D3"));
}

#[test]
fn the_winceby_screen_reads_plainly_one_step_tracker_a_sentence_and_no_mixed_numbers() {
    let play = winceby();
    assert!(play.shows("the enemy may roll to win at 10 loss points"));
    let roster = &play.game().roster;
    let units = roster.ids().filter(|&p| roster.unit(p).is_some()).count();
    assert_eq!(
        play.count_part("Steps lost"),
        units,
        "one step tracker per unit"
    );
    assert!(!play.shows_part("Steps ●"), "no second tracker");
    // The roster screen says once that the values are estimates.
    let army = play.game().armies()[1].clone();
    let roster = crate::ui::roster::Roster::new(army);
    let mut n = 0;
    let _ = simulator(roster.view()).find(|c: Candidate<'_>| {
        if let Candidate::Text { content, .. } = c
            && content.contains("Estimated values — edit the army file")
        {
            n += 1;
        }
        None::<()>
    });
    assert_eq!(n, 1, "said once, on the roster");
}

#[test]
fn a_window_opened_at_the_size_it_was_left_at_writes_no_settings() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(Some(dir.path().to_path_buf()));
    store.save_window_size((1100.0, 760.0)).unwrap();
    let settings = dir.path().join("config").join("settings.ron");
    // Settings written by an earlier Adjutant, without the fields added since.
    std::fs::write(
        &settings,
        "Settings(version: 1, window_size: Some((1100.0, 760.0)))\n",
    )
    .unwrap();
    let store = Store::open(Some(dir.path().to_path_buf()));
    store.save_window_size((1100.0, 760.0)).unwrap();
    assert_eq!(
        std::fs::read_to_string(&settings).unwrap(),
        "Settings(version: 1, window_size: Some((1100.0, 760.0)))\n",
        "the same size again writes nothing"
    );
    store.save_window_size((1000.0, 700.0)).unwrap();
    assert!(
        std::fs::read_to_string(&settings)
            .unwrap()
            .contains("window_size: Some((1000.0, 700.0))"),
        "another size is written"
    );
}
