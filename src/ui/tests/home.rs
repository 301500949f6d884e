//! The home screen: armies listed, a battle started from the default picks, broken army and
//! battle files shown with their problems while the app keeps running.

use super::simulator;
use crate::ui::persist::Store;
use crate::ui::{App, Message as AppMessage};

#[test]
fn the_home_screen_lists_armies_and_starts_a_battle() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
    let messages: Vec<AppMessage> = {
        let mut ui = simulator(app.view());
        assert!(ui.find("Armies").is_ok());
        assert!(ui.find("No saved battle to resume yet.").is_ok());
        ui.click("Start the battle")
            .expect("a default battle is picked");
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
    let mut ui = simulator(app.view());
    assert!(
        ui.find("1. Battle set up").is_ok(),
        "the battle screen is up"
    );
    assert!(ui.find("Saved").is_ok());
}

#[test]
fn the_default_pair_is_shown_seated_as_the_rules_seat_it() {
    let dir = tempfile::tempdir().unwrap();
    let armies = Store::open(Some(dir.path().to_path_buf())).armies();
    let picker = crate::ui::home::picker::Picker::new(&armies);
    let (system, pair) = picker.chosen(&armies).expect("a default pair");
    assert_eq!(system, "royalists_roundheads");
    // Royalists & Roundheads seats the Royalists first, whatever the file order.
    let sides: Vec<&str> = pair.iter().map(|a| a.side.as_str()).collect();
    assert_eq!(sides, ["Royalist", "Parliament"]);
}

#[test]
fn broken_files_are_shown_with_their_problems_and_the_app_keeps_running() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(Some(dir.path().to_path_buf()));
    let army = store.user_armies_dir().join("broken.ron");
    std::fs::write(&army, "Army(\n    version: 1,\n    name: \n").unwrap();
    let battles = dir.path().join("battles");
    std::fs::write(battles.join("damaged.ron"), "BattleFile(version: 1, seed: ").unwrap();
    std::fs::write(battles.join("future.ron"), "BattleFile(version: 99)").unwrap();

    let mut app = App::new(store);
    let mut ui = simulator(app.view());
    assert!(ui.find("Files with problems (not loaded)").is_ok());
    let problem = ui.find(|c: iced_test::selector::Candidate<'_>| match c {
        iced_test::selector::Candidate::Text { content, .. }
            if content.contains("broken.ron:")
                && content
                    .split(':')
                    .nth(1)
                    .is_some_and(|l| l.parse::<usize>().is_ok()) =>
        {
            Some(content.to_string())
        }
        _ => None,
    });
    assert!(
        problem.is_ok(),
        "each problem shows as path:line:col: message"
    );
    let newer = ui.find(|c: iced_test::selector::Candidate<'_>| match c {
        iced_test::selector::Candidate::Text { content, .. }
            if content.contains("newer Adjutant") =>
        {
            Some(())
        }
        _ => None,
    });
    assert!(newer.is_ok(), "a battle file from a newer Adjutant says so");
    drop(ui);
    // The home screen still starts a battle, and the damaged files are left as they were.
    let messages: Vec<AppMessage> = {
        let mut ui = simulator(app.view());
        ui.click("Start the battle").unwrap();
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
    assert!(simulator(app.view()).find("1. Battle set up").is_ok());
    assert_eq!(
        std::fs::read_to_string(battles.join("damaged.ron")).unwrap(),
        "BattleFile(version: 1, seed: "
    );
}

/// Each saved battle says where it stands — its turn, phase and side, as the battle
/// screen's clock line has it — beside its armies, on the home screen.
#[test]
fn the_saved_battles_say_each_ones_turn_and_phase() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_path_buf();
    let play = super::column::winceby_fire_combat();
    let clock = "Turn 1 · Fire Combat · Parliament";
    assert_eq!(play.game().clock_line(), clock);
    let mut battles = adjutant::store::BattleStore::new(&adjutant::store::Paths::portable(&data));
    let _ = battles.save(play.game()).unwrap();
    drop(battles);

    let app = App::new(Store::open(Some(data)));
    let mut ui = simulator(app.view());
    assert!(ui.find("Saved battles").is_ok());
    assert!(ui.find(clock).is_ok(), "{clock} is listed");
}
