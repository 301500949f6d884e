//! The army builder at a phone's size, 390×844: for every rule system, the army's form, a
//! leader's and a unit of each kind, each field drawn whole on the screen, as wide as a value
//! needs, overlapping no other field and no text, and no two texts overlapping; the entries
//! and the check (the problems, then the roster as it loads) a tab each. Also drawn 390 wide
//! and tall enough for a whole form, so the fields a phone scrolls to are checked too, and
//! at a tablet's 810×1080 either way up, where the three columns stand side by side.
//!
//! With `ADJUTANT_WEB_PICTURES=DIR`, each screen is drawn into DIR as a PNG to look at.

use iced::Rectangle;
use iced_test::selector::Candidate;

use adjutant::army::draft::Roll;
use adjutant::rules;

use super::layout::{problems, texts};
use super::systems::at;
use super::typing::fields;
use crate::ui::editor::{Message as EditorMessage, Pane, Selected};
use crate::ui::home::Message as HomeMessage;
use crate::ui::home::picker::system_pick;
use crate::ui::persist::Store;
use crate::ui::{App, Message};

/// A phone held upright, and the same width tall enough for the longest form.
const PHONE: (f32, f32) = (390.0, 844.0);
const TALL: (f32, f32) = (390.0, 2400.0);

/// A tablet, either way up: the builder's three columns side by side.
const TABLETS: [(f32, f32); 2] = [(810.0, 1080.0), (1080.0, 810.0)];

/// The narrowest a field may be: room for a few digits.
const NARROWEST: f32 = 60.0;

/// What is wrong with the screen of `app` at `size`, in words: texts overlapping or past an
/// edge, and fields not whole on the screen (among those in view), too narrow, or
/// overlapping a field or a text. Fields scrolled below the screen are passed over when
/// `all_in_view` is false.
fn look(app: &App, size: (f32, f32), what: &str, all_in_view: bool) -> Vec<String> {
    let mut ui = at(size, app.view());
    let shown = texts(&mut ui);
    let fields = fields(&mut ui);
    if let Ok(dir) = std::env::var("ADJUTANT_WEB_PICTURES") {
        let name = what.replace(|c: char| !c.is_ascii_alphanumeric(), "-");
        let path = std::path::Path::new(&dir).join(format!("builder-{name}-{}", size.1));
        let _ = at(size, app.view())
            .snapshot(&iced::Theme::Light)
            .expect("the screen draws")
            .matches_image(path);
    }
    let mut found = problems(size, &shown);
    // Texts cut sideways: squeezed out of a full line, past the screen's right edge (in view
    // or scrolled out of it), or by the edge of the panel they are in.
    let _ = ui.find(|c: Candidate<'_>| {
        if let Candidate::Text {
            content,
            bounds,
            visible_bounds,
            ..
        } = c
            && !content.trim().is_empty()
        {
            if bounds.width < 1.0 {
                // A line with no room left for it at all.
                found.push(format!("{content:?} is squeezed out ({bounds:?})"));
            } else if bounds.x + bounds.width > size.0 + 0.5 {
                found.push(format!("{content:?} runs past the right edge ({bounds:?})"));
            } else if let Some(v) = visible_bounds
                && v.width < bounds.width - 0.5
            {
                found.push(format!("{content:?} is cut sideways ({v:?} of {bounds:?})"));
            }
        }
        None::<()>
    });
    let inside = |r: Rectangle| {
        r.x >= -0.5
            && r.y >= -0.5
            && r.x + r.width <= size.0 + 0.5
            && r.y + r.height <= size.1 + 0.5
    };
    for (t, r) in &shown {
        if !inside(*r) && (all_in_view || r.y + r.height <= size.1) {
            found.push(format!("{t:?} is cut at an edge ({r:?})"));
        }
    }
    if fields.is_empty() && what.contains("form") {
        found.push("no field is on show".into());
    }
    for (i, f) in fields.iter().enumerate() {
        let Some(v) = f.visible else {
            if all_in_view {
                found.push(format!("the field {:?} is not in view", f.id));
            }
            continue;
        };
        if f.on_screen().is_none() {
            // At the phone's height, a field the panel's edge cuts is scrolled to.
            if all_in_view {
                found.push(format!(
                    "the field {:?} is cut ({v:?} of {:?})",
                    f.id, f.bounds
                ));
            }
            continue;
        }
        if !inside(v) {
            found.push(format!("the field {:?} runs past an edge ({v:?})", f.id));
        }
        if v.width < NARROWEST {
            found.push(format!("the field {:?} is {} wide", f.id, v.width));
        }
        for g in &fields[i + 1..] {
            if let Some(w) = g.visible
                && let Some(both) = v.intersection(&w)
                && both.width > 1.0
                && both.height > 1.0
            {
                found.push(format!("the fields {:?} and {:?} overlap", f.id, g.id));
            }
        }
        for (t, r) in &shown {
            if let Some(both) = v.intersection(r)
                && both.width > 1.0
                && both.height > 1.0
                && !(t.is_empty())
            {
                // A field's own value and placeholder are drawn inside it.
                let own = r.x >= v.x - 0.5 && r.x + r.width <= v.x + v.width + 0.5;
                if !own {
                    found.push(format!("the field {:?} overlaps {t:?} {r:?}", f.id));
                }
            }
        }
    }
    found
        .into_iter()
        .map(|f| format!("{what} at {size:?}: {f}"))
        .collect()
}

fn editor(app: &App) -> &crate::ui::editor::Editor {
    match &app.screen {
        crate::ui::Screen::Editor(e) => e,
        _ => panic!("the builder is on show"),
    }
}

fn builder(app: &mut App, message: EditorMessage) {
    let _ = app.update(Message::Editor(message));
}

#[test]
fn the_builder_on_a_phone_draws_every_field_whole_for_every_system() {
    let mut found = Vec::new();
    for system in rules::standard() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
        let _ = app.update(Message::Home(HomeMessage::NewArmyPressed(system_pick(
            &system,
        ))));
        let id = system.id();
        let mut screens = vec![format!("{id} the army's form")];
        found.extend(look(&app, PHONE, &screens[0], false));
        found.extend(look(&app, TALL, &screens[0], true));
        for tablet in TABLETS {
            found.extend(look(&app, tablet, &screens[0], false));
        }

        builder(&mut app, EditorMessage::AddPressed(Roll::Leaders));
        screens.push(format!("{id} a leader's form"));
        found.extend(look(&app, PHONE, &screens[1], false));
        found.extend(look(&app, TALL, &screens[1], true));
        for tablet in TABLETS {
            found.extend(look(&app, tablet, &screens[1], false));
        }

        for kind in &system.army_spec().unit_kinds {
            builder(
                &mut app,
                EditorMessage::AddKindSelected(kind.name.to_string()),
            );
            builder(&mut app, EditorMessage::AddPressed(Roll::Units));
            let what = format!("{id} a unit's form ({})", kind.name);
            found.extend(look(&app, PHONE, &what, false));
            found.extend(look(&app, TALL, &what, true));
            for tablet in TABLETS {
                found.extend(look(&app, tablet, &what, false));
            }
        }
        assert_eq!(
            editor(&app).draft().units.len(),
            system.army_spec().unit_kinds.len()
        );

        for pane in [Pane::Entries, Pane::Check] {
            builder(&mut app, EditorMessage::PaneSelected(pane));
            found.extend(look(&app, PHONE, &format!("{id} the {pane:?} tab"), false));
        }
        // A problem in the check tab leads to its entry's form.
        builder(&mut app, EditorMessage::Selected(Selected::Army));
        assert!(
            matches!(editor(&app).pane(), Pane::Details),
            "an entry picked shows its form"
        );
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
