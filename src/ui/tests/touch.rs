//! The window at the sizes a browser on a phone or a tablet gives it — 390×844 upright,
//! 844×390 on its side, 810×1080 a tablet — as a player uses it there, by taps alone: the
//! home screen and every system's battle screen hold (no text over another or past the
//! right edge), on a phone the pieces are a tab of the one column, and the dice keypad's keys
//! are fingertip-sized.

use iced::Element;
use iced_test::selector::id;

use adjutant::dice::Die;

use super::layout::{problems, texts};
use super::systems::{Play, at, every_system};
use crate::ui::battle::{Message, keypad, roster_panel};
use crate::ui::persist::Store;

/// A phone upright, a phone on its side, a tablet (logical pixels: CSS pixels in a browser).
const TOUCH: [(f32, f32); 3] = [(390.0, 844.0), (844.0, 390.0), (810.0, 1080.0)];

fn assert_holds<M>(what: &str, size: (f32, f32), view: Element<'_, M>) {
    let mut ui = at(size, view);
    let shown = texts(&mut ui);
    assert!(!shown.is_empty(), "{what} at {size:?} shows text");
    let found = problems(size, &shown);
    assert!(
        found.is_empty(),
        "{what} at {size:?}:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_home_screen_and_every_battle_screen_hold_on_a_phone_and_a_tablet() {
    for size in TOUCH {
        let dir = tempfile::tempdir().unwrap();
        let app = crate::ui::App::new(Store::open(Some(dir.path().to_path_buf())));
        assert_holds("home", size, app.view());
        for (system, sides) in every_system() {
            let play = Play::new(system, sides, 7);
            assert_holds(system, size, play.screen.view());
        }
    }
}

#[test]
fn on_a_phone_the_pieces_are_a_tab_and_a_tap_on_it_shows_them() {
    let phone = TOUCH[0];
    let mut play = Play::new("royalists_roundheads", royalists_roundheads_sides(), 7);
    let piece = play
        .game()
        .roster
        .name(play.game().roster.ids().next().unwrap())
        .to_string();
    let shows = |play: &Play, text: &str| {
        let mut ui = at(phone, play.screen.view());
        texts(&mut ui)
            .iter()
            .any(|(t, r)| t == text && r.x >= 0.0 && r.x + r.width <= phone.0)
    };
    assert!(shows(&play, "Pieces"), "the tab is in view");
    assert!(shows(&play, "Procedures"), "with the others");
    assert!(
        !shows(&play, &piece),
        "the procedures are on show, not the pieces"
    );

    let messages: Vec<Message> = {
        let mut ui = at(phone, play.screen.view());
        ui.click("Pieces").expect("the tab is tapped");
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = play.screen.update(m);
    }
    assert!(
        shows(&play, &piece),
        "{piece} in view once the tab is tapped"
    );

    // Wider than a phone, the pieces keep their column beside the tabs, whichever is chosen.
    let _ = play
        .screen
        .update(Message::NarrowTabSelected(crate::ui::battle::Tab::Log));
    let mut ui = at(TOUCH[1], play.screen.view());
    assert!(texts(&mut ui).iter().any(|(t, _)| *t == piece));
}

#[test]
fn the_dice_keypads_keys_are_at_least_44_pixels_square() {
    for die in [Die::D6, Die::D10] {
        let view: Element<'_, u8> = keypad::view(die, |f| f, 0);
        let mut ui = at(TOUCH[0], view);
        for face in die.min()..=die.max() {
            let key = ui
                .find(id(keypad::face_id(face)))
                .unwrap_or_else(|_| panic!("the key for {face}"))
                .bounds();
            assert!(
                key.width >= 44.0 && key.height >= 44.0,
                "the {face} key is {key:?}"
            );
        }
    }
}

#[test]
fn on_a_phone_the_not_saved_banner_says_why_in_full_with_its_buttons() {
    let phone = TOUCH[0];
    let mut play = Play::new("royalists_roundheads", royalists_roundheads_sides(), 7);
    play.refuse_saves();
    let _ = play.screen.update(Message::NextPhase);
    assert!(play.screen.unsaved(), "the save was refused");
    let mut ui = at(phone, play.screen.view());
    let shown = texts(&mut ui);
    let why = shown
        .iter()
        .find(|(t, _)| t.starts_with("Not saved: "))
        .expect("the reason is on show");
    assert!(
        why.1.x >= 0.0 && why.1.x + why.1.width <= phone.0 && why.1.height > 30.0,
        "the reason wraps inside the screen: {why:?}"
    );
    for button in ["Retry", "Save a copy…"] {
        assert!(
            shown
                .iter()
                .any(|(t, r)| t == button && r.x + r.width <= phone.0),
            "{button} in view"
        );
    }
    assert!(
        problems(phone, &shown).is_empty(),
        "{:?}",
        problems(phone, &shown)
    );
}

/// The sides of the R&R battle the every-system tests play.
fn royalists_roundheads_sides() -> [String; 2] {
    every_system()
        .into_iter()
        .find(|(system, _)| *system == "royalists_roundheads")
        .map(|(_, sides)| sides)
        .expect("R&R is registered and ships two armies")
}

#[test]
fn on_a_phone_a_tap_on_a_sides_button_narrows_the_pieces_to_it_and_all_brings_everyone_back() {
    let phone = TOUCH[0];
    let mut play = Play::new("royalists_roundheads", royalists_roundheads_sides(), 7);
    let _ = play
        .screen
        .update(Message::NarrowTabSelected(crate::ui::battle::Tab::Pieces));
    let names = |play: &Play, side: usize| -> Vec<String> {
        let roster = &play.game().roster;
        roster
            .ids()
            .filter(|&p| roster.side_of(p) == side)
            .map(|p| roster.name(p).to_string())
            .collect()
    };
    let listed = |play: &Play| super::table::rows(play);
    let tap = |play: &mut Play, label: &str, side: Option<usize>| {
        let messages: Vec<Message> = {
            let mut ui = at(phone, play.screen.view());
            let button = ui
                .find(id(roster_panel::side_id(side)))
                .unwrap_or_else(|_| panic!("the {label} button is on show"))
                .bounds();
            assert!(
                button.height >= 44.0,
                "{label} is {button:?}, not tap-sized"
            );
            ui.click(id(roster_panel::side_id(side)))
                .expect("the button is tapped");
            ui.into_messages().collect()
        };
        assert!(!messages.is_empty(), "tapping {label} does something");
        for m in messages {
            let _ = play.screen.update(m);
        }
    };
    let everyone = listed(&play);
    let sides: Vec<String> = play
        .game()
        .armies()
        .iter()
        .map(|a| a.side.clone())
        .collect();
    for (side, label) in sides.iter().enumerate() {
        tap(&mut play, label, Some(side));
        let shown = listed(&play);
        let own = names(&play, side);
        assert!(!shown.is_empty(), "{label}: some pieces listed");
        assert!(
            shown.iter().all(|n| own.contains(n)),
            "{label}: only its pieces are listed: {shown:?}"
        );
        assert!(
            names(&play, 1 - side).iter().all(|n| !shown.contains(n)),
            "{label}: none of the other side's"
        );
        tap(&mut play, "All", None);
        assert_eq!(listed(&play), everyone, "All lists every piece again");
    }
}

/// [`assert_holds`], and no text cut at a side: every text, on show or scrolled away, lies
/// its whole width within the screen's (a panel may hide one above or below, to scroll to),
/// and is drawn its whole width where it shows.
fn assert_fits<M>(what: &str, size: (f32, f32), view: Element<'_, M>) {
    let mut ui = at(size, view);
    let mut cut = Vec::new();
    let _ = ui.find(|c: iced_test::selector::Candidate<'_>| {
        if let iced_test::selector::Candidate::Text {
            content,
            bounds,
            visible_bounds,
            ..
        } = c
            && !content.trim().is_empty()
        {
            let outside = bounds.x < -0.5 || bounds.x + bounds.width > size.0 + 0.5;
            let clipped = visible_bounds
                .is_some_and(|shown| shown.height > 0.5 && shown.width + 0.5 < bounds.width);
            if outside || clipped {
                cut.push(format!(
                    "{content:?} at {bounds:?}, shown {visible_bounds:?}"
                ));
            }
        }
        None::<()>
    });
    assert!(
        cut.is_empty(),
        "{what} at {size:?}: cut at a side:\n{}",
        cut.join("\n")
    );
    let shown = texts(&mut ui);
    assert!(!shown.is_empty(), "{what} at {size:?} shows text");
    let found = problems(size, &shown);
    assert!(
        found.is_empty(),
        "{what} at {size:?}:\n{}",
        found.join("\n")
    );
}

#[test]
fn across_the_table_the_tables_and_every_roster_fit_a_phone_and_a_tablet() {
    for size in TOUCH {
        for (system, sides) in every_system() {
            let mut play = Play::new(system, sides, 7);
            let _ = play.screen.update(Message::AcrossToggled);
            assert_fits(
                &format!("{system} across the table"),
                size,
                play.screen.view(),
            );
            let _ = play.screen.update(Message::AcrossToggled);
            let _ = play.screen.update(Message::TablesToggled);
            assert_fits(&format!("{system}'s tables"), size, play.screen.view());
        }
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(Some(dir.path().to_path_buf()));
        for army in store.armies().into_iter().filter_map(|f| f.loaded.ok()) {
            let name = army.name.clone();
            let roster = crate::ui::roster::Roster::new(army);
            assert_fits(&format!("the roster of {name}"), size, roster.view());
        }
    }
}

/// Pictures of the phone's screens (390×844, two pixels to one): the pieces, the procedures,
/// a fire under way, the menu, across the table, the tables and a roster, for a look:
/// `ADJUTANT_SHOTS=DIR cargo test --lib retake_phone_screenshots -- --ignored`.
#[test]
#[ignore]
fn retake_phone_screenshots() {
    let Ok(dir) = std::env::var("ADJUTANT_SHOTS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let phone = TOUCH[0];
    let theme = crate::ui::theme::resolve(crate::ui::theme::Choice::Light, false);
    let shot = |name: &str, view: Element<'_, Message>| {
        let mut kept = super::kept::Kept::new(phone);
        super::kept::write_png(&dir.join(name), &kept.picture(view, &theme));
    };
    let mut play = super::column::winceby_fire_combat();
    play.size = phone;
    shot("phone-procedures.png", play.screen.view());
    let _ = play
        .screen
        .update(Message::NarrowTabSelected(crate::ui::battle::Tab::Pieces));
    let firer = play.piece(super::column::FIRER);
    let _ = play
        .screen
        .update(Message::Pieces(roster_panel::Message::PieceClicked {
            id: firer,
            adding: false,
        }));
    shot("phone-pieces.png", play.screen.view());
    let target = play.piece(super::column::FIRED_AT);
    let _ = play
        .screen
        .update(Message::Pieces(roster_panel::Message::TargetClicked {
            id: target,
            adding: false,
        }));
    shot("phone-offers.png", play.screen.view());
    let _ = play.screen.update(Message::Procedure(
        crate::ui::battle::procedure_panel::Message::Started {
            offer: adjutant::rules::royalists_roundheads::keys::proc::FIRE.to_string(),
            params: Default::default(),
        },
    ));
    shot("phone-fire.png", play.screen.view());
    let _ = play.screen.update(Message::Procedure(
        crate::ui::battle::procedure_panel::Message::Roll,
    ));
    shot("phone-rolled.png", play.screen.view());
    let _ = play.screen.update(Message::MenuToggled);
    shot("phone-menu.png", play.screen.view());
    let _ = play.screen.update(Message::MenuToggled);
    for tab in [
        crate::ui::battle::Tab::Dice,
        crate::ui::battle::Tab::Cards,
        crate::ui::battle::Tab::Log,
    ] {
        let _ = play.screen.update(Message::NarrowTabSelected(tab));
        shot(
            &format!("phone-{tab:?}.png").to_lowercase(),
            play.screen.view(),
        );
    }
    let _ = play.screen.update(Message::AcrossToggled);
    shot("phone-across.png", play.screen.view());
    let _ = play.screen.update(Message::AcrossToggled);
    let _ = play.screen.update(Message::TablesToggled);
    shot("phone-tables.png", play.screen.view());
    // On its side, and a tablet.
    let _ = play.screen.update(Message::TablesToggled);
    let _ = play.screen.update(Message::NarrowTabSelected(
        crate::ui::battle::Tab::Procedures,
    ));
    for (name, size) in [("phone-side.png", TOUCH[1]), ("tablet.png", TOUCH[2])] {
        let mut kept = super::kept::Kept::new(size);
        super::kept::write_png(&dir.join(name), &kept.picture(play.screen.view(), &theme));
    }
    let dir2 = tempfile::tempdir().unwrap();
    let store = Store::open(Some(dir2.path().to_path_buf()));
    let army = store
        .armies()
        .into_iter()
        .filter_map(|f| f.loaded.ok())
        .find(|a| a.name == "Winceby Parliament")
        .unwrap();
    let roster = crate::ui::roster::Roster::new(army);
    let mut kept = super::kept::Kept::new(phone);
    super::kept::write_png(
        &dir.join("phone-roster.png"),
        &kept.picture(roster.view(), &theme),
    );
}
