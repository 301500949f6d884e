//! Every screen at the default 1280×800 window and at 150 % zoom (the same window seen as
//! 853×533 logical pixels): no two texts on show overlap, no text runs past the window's
//! right edge, "Next phase" is in view without scrolling, the procedures keep a usable width,
//! a procedure's pickers keep theirs, and each roster's headers fit their columns (the longest
//! word of each, measured in the real font, against the column's width).

use iced::{Element, Rectangle};
use iced_test::Simulator;
use iced_test::selector::{Candidate, id};

use adjutant::army::Army;
use adjutant::rules;

use super::systems::{Play, SIZES, at, every_system};
use crate::ui::battle::procedure_panel;
use crate::ui::persist::Store;
use crate::ui::roster::{Roster, stat_width};
use crate::ui::theme;

/// Every text on show: its content and where it shows.
pub(super) fn texts<M>(ui: &mut Simulator<'_, M>) -> Vec<(String, Rectangle)> {
    let mut all = Vec::new();
    let _ = ui.find(|c: Candidate<'_>| {
        if let Candidate::Text {
            content,
            visible_bounds: Some(shown),
            ..
        } = c
            && !content.trim().is_empty()
            && shown.width > 0.5
            && shown.height > 0.5
        {
            all.push((content.to_string(), shown));
        }
        None::<()>
    });
    all
}

/// What is wrong with the texts on show in a window `size` wide: overlaps and overruns.
pub(super) fn problems(size: (f32, f32), shown: &[(String, Rectangle)]) -> Vec<String> {
    let mut found = Vec::new();
    for (i, (a, ra)) in shown.iter().enumerate() {
        if ra.x + ra.width > size.0 + 0.5 {
            found.push(format!("{a:?} runs past the right edge ({ra:?})"));
        }
        for (b, rb) in &shown[i + 1..] {
            if let Some(both) = ra.intersection(rb)
                && both.width > 1.0
                && both.height > 1.0
            {
                found.push(format!("{a:?} {ra:?} overlaps {b:?} {rb:?}"));
            }
        }
    }
    found
}

fn assert_clean<M>(what: &str, size: (f32, f32), view: Element<'_, M>) -> Vec<(String, Rectangle)> {
    let mut ui = at(size, view);
    let shown = texts(&mut ui);
    assert!(!shown.is_empty(), "{what} at {size:?} shows text");
    let found = problems(size, &shown);
    assert!(
        found.is_empty(),
        "{what} at {size:?}:\n{}",
        found.join("\n")
    );
    shown
}

#[test]
fn the_home_screen_holds_at_1280_and_at_150_percent() {
    for size in SIZES {
        let dir = tempfile::tempdir().unwrap();
        let app = crate::ui::App::new(Store::open(Some(dir.path().to_path_buf())));
        assert_clean("home", size, app.view());
    }
}

#[test]
fn every_roster_holds_and_its_headers_fit_their_columns() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(Some(dir.path().to_path_buf()));
    let armies: Vec<Army> = store
        .armies()
        .into_iter()
        .filter_map(|f| f.loaded.ok())
        .collect();
    assert!(armies.len() >= 8);
    for army in armies {
        let name = army.name.clone();
        let screen = Roster::new(army.clone());
        for size in SIZES {
            assert_clean(&name, size, screen.view());
        }
        // At 1280×800 the units are a table, as they always were.
        let mut ui = at(SIZES[0], screen.view());
        assert!(
            texts(&mut ui).iter().any(|(t, _)| t == "Unit"),
            "{name}: the units' table at 1280×800"
        );
        // Each header's longest word, set in the real font, fits its column (less padding).
        let spec = rules::by_id(&army.system).unwrap().army_spec();
        for stat in &spec.unit_stats {
            for word in stat.label.split_whitespace() {
                let width = word_width(word);
                assert!(
                    width + 2.0 * theme::gap::S <= stat_width(stat.label),
                    "{name}: '{word}' of '{}' is {width} px, its column {}",
                    stat.label,
                    stat_width(stat.label)
                );
            }
        }
    }
}

/// The width of one word as a bold caption, measured on a simulated screen.
fn word_width(word: &str) -> f32 {
    let view: Element<'_, ()> = iced::widget::text(word.to_string())
        .size(theme::size::CAPTION)
        .font(theme::BOLD_FONT)
        .into();
    let mut ui = at((2000.0, 200.0), view);
    texts(&mut ui)
        .into_iter()
        .find(|(c, _)| c == word)
        .map(|(_, r)| r.width)
        .expect("the word is drawn")
}

#[test]
fn every_battle_screen_holds_with_next_phase_in_view_and_a_roomy_centre() {
    for (system, sides) in every_system() {
        let play = Play::new(system, sides, 7);
        for size in SIZES {
            let shown = assert_clean(system, size, play.screen.view());
            // With nothing picked, every procedure the rules allow (moving the phase on among
            // them) is in view at 1280×800 without scrolling.
            if size == SIZES[0] {
                let game = play.game();
                let offers = game.rules().offers(&game.context(), &[], &[]);
                for offer in offers.iter().filter(|o| o.refused.is_none()) {
                    let mut ui = at(size, play.screen.view());
                    let found = ui
                        .find(offer.label.clone())
                        .unwrap_or_else(|_| panic!("{system}: {} is drawn", offer.label));
                    let (b, v) = (found.bounds(), found.visible_bounds());
                    assert!(
                        v.is_some_and(|v| (v.height - b.height).abs() < 1.0)
                            && b.y + b.height <= size.1,
                        "{system}: {} is below the fold ({b:?}, shown {v:?})",
                        offer.label
                    );
                }
            }
            // The procedures panel: the scrolled area that holds its first line, the pick.
            let heading = shown
                .iter()
                .find(|(c, _)| {
                    ["Acting: ", "At: ", "Nothing picked: "]
                        .iter()
                        .any(|p| c.starts_with(p))
                })
                .unwrap_or_else(|| panic!("{system} at {size:?}: the procedures"))
                .1;
            let mut widths = Vec::new();
            let _ = at(size, play.screen.view()).find(|c: Candidate<'_>| {
                if let Candidate::Scrollable { bounds, .. } = c
                    && bounds.contains(heading.center())
                {
                    widths.push(bounds.width);
                }
                None::<()>
            });
            let width = widths.into_iter().fold(f32::MAX, f32::min);
            assert!(
                (400.0..f32::MAX).contains(&width),
                "{system} at {size:?}: the procedures are squeezed to {width} px"
            );
        }
    }
}

#[test]
fn a_procedures_pickers_keep_their_width_inside_the_panel() {
    let mut play = Play::new("victory_without_squares", ["Royalist", "Parliament"], 7);
    // Initiative first: only the side moving fires and attacks.
    play.start_offer(&[], &[], "vws.initiative");
    play.faces("7");
    play.faces("3");
    play.choose("Royalist moves first");
    let game = play.game();
    // A unit of each side: the attack offers have pickers.
    let roster = &game.roster;
    let a = roster
        .ids()
        .find(|&p| roster.side_of(p) == 0 && roster.unit(p).is_some())
        .unwrap();
    let d = roster
        .ids()
        .find(|&p| roster.side_of(p) == 1 && roster.unit(p).is_some())
        .unwrap();
    let (a, d) = (roster.name(a).to_string(), roster.name(d).to_string());
    play.click(&a);
    play.click_target(&d);
    let game = play.game();
    let sel = play.screen.selection();
    let offers = game
        .rules()
        .offers(&game.context(), &sel.actors, &sel.targets);
    let with_params: Vec<_> = offers
        .iter()
        .filter(|o| !o.params.is_empty() && o.refused.is_none())
        .collect();
    assert!(!with_params.is_empty(), "an offer with pickers");
    for size in SIZES {
        let mut ui = at(size, play.screen.view());
        for offer in &with_params {
            for p in &offer.params {
                let Ok(found) = ui.find(id(procedure_panel::param_id(&offer.id, p.key))) else {
                    continue;
                };
                let r = found.bounds();
                assert!(
                    r.width >= 60.0,
                    "{} {} at {size:?}: the picker is {} px wide",
                    offer.label,
                    p.key,
                    r.width
                );
                assert!(
                    r.x + r.width <= size.0,
                    "{} {} at {size:?}: the picker runs out of the window",
                    offer.label,
                    p.key
                );
            }
        }
    }
}

/// Writes a picture of `view` at `size` to `path` (replacing it).
fn shot<M>(size: (f32, f32), view: Element<'_, M>, path: &std::path::Path) {
    // The simulator names its file after the renderer ("battle-tiny-skia.png").
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    let dir = path.parent().unwrap();
    // Only the simulator's own names: "roster-sheet.png" beside "roster.png" is not one.
    let made = |entry: &std::fs::DirEntry| {
        let name = entry.file_name().to_string_lossy().into_owned();
        ["tiny-skia", "wgpu"]
            .iter()
            .any(|renderer| name == format!("{stem}-{renderer}.png"))
    };
    let clear = || {
        for entry in std::fs::read_dir(dir).unwrap().flatten().filter(made) {
            let _ = std::fs::remove_file(entry.path());
        }
    };
    clear();
    let snapshot = at(size, view)
        .snapshot(&theme::resolve(theme::Choice::Light, false))
        .expect("a snapshot");
    let _ = snapshot.matches_image(path);
    let written = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .find(made)
        .expect("written");
    std::fs::rename(written.path(), path).unwrap();
}

/// The README's battle screenshot (a morale check under way at Winceby, 1280×800) and its
/// across-the-table view (F9), and for a look the battle at 150 % zoom, Victory Without
/// Squares' screen and a roster: run with
/// `ADJUTANT_SHOTS=DIR cargo test --lib retake_screenshots -- --ignored`.
#[test]
#[ignore]
fn retake_screenshots() {
    let Ok(dir) = std::env::var("ADJUTANT_SHOTS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);
    let unit = "Widdrington's Horse (1)";
    // The Movement phase brings the Royalists onto the map.
    let next = play.offer(
        &[],
        &[],
        adjutant::rules::royalists_roundheads::keys::proc::NEXT_PHASE,
    );
    play.start(&next.label);
    play.click(unit);
    let offer = play.offer(
        &[unit],
        &[],
        adjutant::rules::royalists_roundheads::keys::proc::MORALE,
    );
    play.start(&offer.label);
    shot(SIZES[0], play.screen.view(), &dir.join("battle.png"));
    shot(SIZES[1], play.screen.view(), &dir.join("battle-150.png"));
    // Across the table (F9): Winceby's Movement phase after a command chit.
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);
    play.start(&next.label);
    let leader = "Sir William Widdrington";
    play.pick(leader);
    play.start_offer(
        &[leader],
        &[],
        adjutant::rules::royalists_roundheads::keys::proc::SET_CHIT,
    );
    let _ = play
        .screen
        .update(crate::ui::battle::Message::AcrossToggled);
    shot(
        SIZES[0],
        play.screen.view(),
        &dir.join("across-the-table.png"),
    );
    let mut play = Play::new("victory_without_squares", ["Royalist", "Parliament"], 7);
    shot(SIZES[0], play.screen.view(), &dir.join("vws.png"));
    play.start_offer(&[], &[], "vws.initiative");
    play.faces("7");
    play.faces("3");
    play.choose("Royalist moves first");
    let game = play.game();
    let roster = &game.roster;
    let a = roster
        .ids()
        .find(|&p| roster.side_of(p) == 0 && roster.unit(p).is_some())
        .unwrap();
    let d = roster
        .ids()
        .find(|&p| roster.side_of(p) == 1 && roster.unit(p).is_some())
        .unwrap();
    let (a, d) = (roster.name(a).to_string(), roster.name(d).to_string());
    play.click(&a);
    play.click_target(&d);
    shot(SIZES[0], play.screen.view(), &dir.join("vws-attack.png"));
    shot(
        SIZES[1],
        play.screen.view(),
        &dir.join("vws-attack-150.png"),
    );
    let dir2 = tempfile::tempdir().unwrap();
    let store = Store::open(Some(dir2.path().to_path_buf()));
    let army = store
        .armies()
        .into_iter()
        .filter_map(|f| f.loaded.ok())
        .find(|a| a.name == "Winceby Parliament")
        .unwrap();
    shot(SIZES[0], Roster::new(army).view(), &dir.join("roster.png"));
}
