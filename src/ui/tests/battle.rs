//! The battle screen beyond the tray: undo and redo (buttons and shortcuts), the banner when
//! a save fails, a rule-system procedure started from its offer, and secret marks.

use iced::keyboard::{self, Key, Modifiers};
use iced_test::selector::id;

use super::{battle, click, interact, shows, simulator, type_faces};
use crate::ui::battle::{Message, procedure_panel};
use crate::ui::{Message as AppMessage, shortcut};

#[test]
fn undo_removes_the_entry_and_redo_puts_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    type_faces(&mut screen, "2 5");
    assert!(shows(&screen, "2. Roll 2D6"));
    click(&mut screen, "Undo");
    assert!(!shows(&screen, "2. Roll 2D6"), "the entry is gone");
    assert_eq!(screen.game().log().len(), 1);
    click(&mut screen, "Redo");
    assert!(
        shows(&screen, "2D6 [2 5] = 7"),
        "redo gives back the same faces"
    );
}

#[test]
fn ctrl_z_and_ctrl_shift_z_are_undo_and_redo() {
    let press =
        |c: &str, modifiers: Modifiers| super::key_press(Key::Character(c.into()), modifiers);
    let status = iced::event::Status::Captured;
    let window = iced::window::Id::unique();
    assert!(matches!(
        shortcut(press("z", Modifiers::CTRL), status, window),
        Some(AppMessage::UndoPressed)
    ));
    assert!(matches!(
        shortcut(
            press("Z", Modifiers::CTRL | Modifiers::SHIFT),
            status,
            window
        ),
        Some(AppMessage::RedoPressed)
    ));
    assert!(shortcut(press("z", Modifiers::empty()), status, window).is_none());

    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    type_faces(&mut screen, "1 1");
    let _ = screen.update(Message::Undo);
    assert_eq!(screen.game().log().len(), 1);
    let _ = screen.update(Message::Redo);
    assert_eq!(screen.game().log().len(), 2);
}

#[test]
fn a_battle_that_cannot_be_saved_says_so_and_keeps_going() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    // Make the battles folder unwritable by putting a file where it should be.
    let battles = dir.path().join("battles");
    std::fs::remove_dir_all(&battles).unwrap();
    std::fs::write(&battles, "not a folder").unwrap();
    type_faces(&mut screen, "3 3");
    assert_eq!(screen.game().log().len(), 2, "the roll is kept in memory");
    let banner = simulator(screen.view()).find(|c: iced_test::selector::Candidate<'_>| match c {
        iced_test::selector::Candidate::Text { content, .. }
            if content.starts_with("Not saved: ") =>
        {
            Some(())
        }
        _ => None,
    });
    assert!(banner.is_ok(), "the banner explains");
    assert!(shows(&screen, "Retry"));
    std::fs::remove_file(&battles).unwrap();
    click(&mut screen, "Retry");
    assert!(shows(&screen, "Saved"), "retry saves once the disk allows");
}

/// Moves the phase on, picks a piece whose first allowed procedure rolls dice, starts it from
/// its offer, has a bad face refused inline, rolls, and sees Cancel refused once dice are down.
#[test]
fn a_procedure_offered_for_a_pick_asks_for_dice_and_takes_typed_faces() {
    use adjutant::battle::Action;
    use adjutant::procedure::{Call, Step};

    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    // With nothing picked the rules offer the battle's procedures; the first moves the phase on.
    click(&mut screen, "Start");
    assert_eq!(screen.game().log().len(), 2, "the phase procedure ran");

    // Find, through the rules, a piece with an allowed procedure that asks for dice first.
    let game = screen.game().clone();
    let ctx = game.context();
    let (piece, label) = game
        .roster
        .ids()
        .find_map(|p| {
            let offers = game.rules().offers(&ctx, &[p], &[]);
            let first = offers.iter().find(|o| o.refused.is_none())?;
            let mut probe = game.clone();
            probe
                .start(Action::Procedure(Call {
                    id: first.id.clone(),
                    actors: vec![p],
                    ..Call::default()
                }))
                .ok()?;
            matches!(probe.step(), Some(Step::Dice(_))).then(|| (p, first.label.clone()))
        })
        .expect("some piece can start a procedure that rolls dice");
    let name = game.roster.name(piece).to_string();
    interact(&mut screen, |ui| ui.click(name.clone()).map(|_| ()));
    assert!(shows(&screen, &format!("Acting: {name}")));
    assert!(shows(&screen, &label), "the offer is listed");
    click(&mut screen, "Start");
    assert!(
        screen.game().pending().is_some(),
        "the procedure is under way"
    );
    assert!(shows(&screen, "Roll"), "the request offers a roll");
    assert!(shows(&screen, "Odds of the whole procedure"));

    // A face the dice cannot show is refused inline; the procedure waits.
    let Some(Step::Dice(request)) = screen.game().step() else {
        panic!("the procedure asks for dice");
    };
    let die = request.dice.die;
    let too_high = vec![(die.max() + 1).to_string(); usize::from(request.dice.count)].join(" ");
    interact(&mut screen, |ui| {
        ui.click(id(procedure_panel::FACES))?;
        let _ = ui.typewrite(&too_high);
        let _ = ui.tap_key(keyboard::key::Named::Enter);
        Ok(())
    });
    let refusal = format!(
        "a {die} cannot show {}: its faces are {}–{}",
        die.max() + 1,
        die.min(),
        die.max()
    );
    assert!(shows(&screen, &refusal), "expected: {refusal}");
    assert!(screen.game().pending().is_some());

    click(&mut screen, "Roll");
    // Whatever comes next (more dice, a card, a choice, or the end), the dice are in the log or
    // the procedure: Cancel is now refused with the reason.
    if screen.game().pending().is_some() {
        assert!(shows(
            &screen,
            "Cancel is refused: dice are already rolled for this procedure. Finish it, then undo it."
        ));
    } else {
        assert_eq!(screen.game().log().len(), 3, "the procedure is one entry");
    }
}

#[test]
fn a_secret_mark_is_hidden_from_the_other_side() {
    use adjutant::status::Viewer;

    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    let game = screen.game().clone();
    // A piece whose schema has a secret mark and whose first allowed offer sets it.
    let found = game.roster.ids().find_map(|p| {
        let schema = game.rules().piece_schema(&game.roster, p);
        let mark = schema.marks.iter().find(|m| m.secret)?.clone();
        let offer = game
            .rules()
            .offers(&game.context(), &[p], &[])
            .into_iter()
            .find(|o| o.refused.is_none())?;
        let mut probe = game.clone();
        probe
            .start(adjutant::battle::Action::Procedure(
                adjutant::procedure::Call {
                    id: offer.id,
                    actors: vec![p],
                    ..Default::default()
                },
            ))
            .ok()?;
        probe.state().piece(p).mark(mark.key)?;
        Some((p, mark))
    });
    let Some((piece, mark)) = found else {
        return; // no shipped rule system has a secret mark set by a first offer
    };
    let name = game.roster.name(piece).to_string();
    interact(&mut screen, |ui| ui.click(name.clone()).map(|_| ()));
    click(&mut screen, "Start");
    let value = screen
        .game()
        .state()
        .piece(piece)
        .mark(mark.key)
        .unwrap()
        .to_string();
    let shown = format!("{}: {value}", mark.label);
    let hidden = format!("{}: hidden", mark.label);
    assert!(shows(&screen, &shown), "the umpire sees {shown}");

    let side = screen.game().roster.side_of(piece);
    let _ = screen.update(Message::ViewerSelected(Viewer::Side(1 - side)));
    assert!(
        shows(&screen, &hidden),
        "the other side sees only that a mark is set"
    );
    assert!(!shows(&screen, &shown));
    assert!(
        shows(&screen, &format!("{name}: {} set (hidden)", mark.label)),
        "the log hides it too"
    );

    let _ = screen.update(Message::ViewerSelected(Viewer::Side(side)));
    assert!(shows(&screen, &shown), "the owner sees it");
}

#[test]
fn a_long_log_draws_the_newest_entries_and_shows_older_ones_on_request() {
    use adjutant::battle::Action;
    use adjutant::dice::{Dice, Die};

    let dir = tempfile::tempdir().unwrap();
    let mut game = battle(&dir).game().clone();
    for _ in 0..44 {
        game.start(Action::Roll(Dice::new(1, Die::D6))).unwrap();
        game.roll().unwrap();
    }
    assert_eq!(game.log().len(), 45);
    let store = crate::ui::persist::Store::open(Some(dir.path().to_path_buf()));
    let mut screen = super::BattleScreen::new(store, game);
    assert!(shows(&screen, "45. Roll D6"), "the newest entry is drawn");
    assert!(!shows(&screen, "5. Roll D6"), "the 41st newest is not");
    assert!(shows(&screen, "… and 5 older entries"));
    assert!(shows(&screen, "Show 5 more"));
    // The button sits at the foot of the log's scroller, out of view until scrolled to.
    let _ = screen.update(Message::Log(crate::ui::battle::log::Message::ShowOlder));
    assert!(shows(&screen, "5. Roll D6"));
    assert!(shows(&screen, "1. Battle set up"));
    assert!(
        !shows(&screen, "… and 5 older entries"),
        "nothing is left out"
    );
    assert_eq!(
        screen.game().log().len(),
        45,
        "showing more is not an action"
    );
}
