//! An army built on a phone, 390×844, by taps and typing as a player would with the page's
//! input (the browser check, `web/test/typing.mjs`, types the same words into the input the
//! page lays over each field): a shipped army opened in the builder from its built-in copy and
//! left; a new Royalists & Roundheads army named, given its side, a unit added and its
//! statistics typed (numbers, which a phone types on its numeric keyboard); saved; and taken
//! into a battle from the home screen's picker. Every tap lands on a text drawn whole on the
//! screen, every field typed into is whole on the screen, and no two texts overlap on any
//! screen.
//!
//! With `ADJUTANT_WEB_ARMY=FILE` it writes each step (where to tap, which field to type into,
//! where the page's input must lie, which keyboard it asks for, the words) as JSON, with a
//! picture of each simulated screen beside the file (`FILE-NN.png`, FILE without its
//! extension). `ADJUTANT_WEB_SIZE=WIDTHxHEIGHT` plays at another size (a tablet's 810x1080).

use std::fmt::Write as _;

use iced::{Event, Point, Rectangle, mouse};
use iced_test::Simulator;
use iced_test::simulator::click;

use super::layout::{problems, texts};
use super::systems::at;
use super::typing::fields;
use crate::ui::battle::{Message as BattleMessage, roster_panel, tray};
use crate::ui::files::{Dialogs, Files};
use crate::ui::persist::Store;
use crate::ui::typing::Kind;
use crate::ui::{App, Screen};

/// A phone held upright: the logical size of an iPhone 12–15's page.
const PHONE: (f32, f32) = (390.0, 844.0);

/// How far a wheel turns to bring a panel to its end, in pixels: past any form's length.
const WHEEL: f32 = 20_000.0;

/// The new army's name and side, and its unit's statistics.
pub const NAME: &str = "Test Horse";
pub const SIDE: &str = "Parliament";
const STATS: [(&str, &str); 4] = [
    ("strength", "4"),
    ("morale", "7"),
    ("movement", "8"),
    ("entry_turn", "1"),
];

enum Act {
    Tap {
        text: String,
        point: (f32, f32),
    },
    /// A tap on a choice of the pick list's menu, open over the screen.
    Pick {
        text: String,
        point: (f32, f32),
    },
    /// A mouse wheel turned far enough down over `point` to bring a panel to its end.
    Wheel {
        point: (f32, f32),
    },
    Type {
        field: String,
        bounds: Rectangle,
        kind: Kind,
        words: String,
        /// Enter pressed after the words (the input is put away).
        enter: bool,
    },
    /// The page's ± key of a number that may be below zero, tapped: the field's value is
    /// now `value`.
    Sign {
        value: String,
    },
    /// Nothing done: the screen is only looked at.
    Look,
}

struct Step {
    name: String,
    act: Act,
    /// The simulated screen before the step, drawn (a PNG beside the JSON), if written.
    picture: Option<String>,
    /// Where the page's input is up before the step (the last field typed into): the page
    /// draws it there with the browser's own font, so the pictures may differ inside it.
    input: Option<Rectangle>,
}

struct Play {
    app: App,
    /// The screen played on: the phone, or `ADJUTANT_WEB_SIZE=WIDTHxHEIGHT`.
    size: (f32, f32),
    steps: Vec<Step>,
    input: Option<Rectangle>,
    /// The screen as it stands is not the page's (what differs between the desktop and a
    /// browser is on it): its picture is not compared.
    unlike_page: bool,
    /// Where a panel was scrolled to its end, until the screen changes: each simulated
    /// window of the screen is scrolled so too (the page keeps its panels' scrolling).
    wheel: Option<Point>,
    pictures: usize,
    _dir: tempfile::TempDir,
}

impl Play {
    fn new() -> Play {
        let dir = tempfile::tempdir().expect("a temporary folder");
        // The home screen says what headless Chromium grants the page in the browser check.
        crate::ui::platform::pretend_granted(Some(crate::ui::platform::HEADLESS_CHROMIUM));
        let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
        // Files move as in a browser: downloads and the browser's picker, no path field.
        app.files = Files::new(Dialogs::System, false);
        let size = std::env::var("ADJUTANT_WEB_SIZE")
            .ok()
            .and_then(|s| {
                let (w, h) = s.split_once('x')?;
                Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
            })
            .unwrap_or(PHONE);
        Play {
            app,
            size,
            steps: Vec::new(),
            input: None,
            unlike_page: false,
            wheel: None,
            pictures: 0,
            _dir: dir,
        }
    }

    /// The screen as it stands, its panel scrolled to the end if one was.
    fn ui(&self) -> Simulator<'_, crate::ui::Message> {
        let mut ui = at(self.size, self.app.view());
        if let Some(point) = self.wheel {
            ui.point_at(point);
            let _ = ui.simulate([Event::Mouse(mouse::Event::WheelScrolled {
                delta: mouse::ScrollDelta::Pixels { x: 0.0, y: -WHEEL },
            })]);
        }
        ui
    }

    /// Scrolls the panel under `point` to its end, as a wheel turned far down.
    fn scroll_to_end(&mut self, name: &str, point: Point) {
        let picture = self.picture();
        self.wheel = Some(point);
        self.record(
            name,
            Act::Wheel {
                point: (point.x, point.y),
            },
            picture,
        );
    }

    /// Every text on show, after checking that none overlaps another or runs past an edge.
    fn screen(&self, what: &str) -> Vec<(String, Rectangle)> {
        let mut ui = self.ui();
        let shown = texts(&mut ui);
        let found = problems(self.size, &shown);
        assert!(found.is_empty(), "{what}:\n{}", found.join("\n"));
        shown
    }

    /// With `ADJUTANT_WEB_ARMY` set, the screen drawn beside that file; its name.
    fn picture(&mut self) -> Option<String> {
        if std::mem::take(&mut self.unlike_page) {
            return None;
        }
        let file = std::env::var("ADJUTANT_WEB_ARMY").ok()?;
        let file = std::path::Path::new(&file);
        let dir = file.parent()?.to_path_buf();
        let stem = file.file_stem()?.to_string_lossy().into_owned();
        self.pictures += 1;
        let name = format!("{stem}-{:02}", self.pictures);
        let theme = self.app.theme().unwrap_or(iced::Theme::Light);
        let shot = self.ui().snapshot(&theme).expect("the screen draws");
        let stem = dir.join(&name);
        shot.matches_image(&stem).expect("the picture is written");
        // The snapshot names its file after the renderer too (NAME-tiny-skia.png).
        let written = std::fs::read_dir(&dir)
            .expect("the pictures' folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(&format!("{name}-")) && n.ends_with(".png"))
            })
            .expect("the picture is written");
        std::fs::rename(&written, stem.with_extension("png")).expect("the picture is named");
        Some(format!("{name}.png"))
    }

    fn record(&mut self, name: &str, act: Act, picture: Option<String>) {
        let input = self.input.take();
        self.steps.push(Step {
            name: name.to_string(),
            act,
            picture,
            input,
        });
    }

    /// Taps the text `text` drawn whole on the screen (the one nearest `near`, given a
    /// text it must be beside).
    fn tap_near(&mut self, name: &str, text: &str, near: Option<&str>) {
        let shown = self.screen(name);
        let size = self.size;
        let whole = |r: &Rectangle| {
            r.x >= 0.0 && r.y >= 0.0 && r.x + r.width <= size.0 && r.y + r.height <= size.1
        };
        let anchor = near.map(|n| {
            shown
                .iter()
                .find(|(t, r)| t == n && whole(r))
                .map(|(_, r)| *r)
                .unwrap_or_else(|| panic!("{name}: {n:?} is in view: {shown:?}"))
        });
        // Beside it: on its line, or on the line of a card whose first line it is (the
        // card's buttons are centred on the card, below the middle of its first line).
        let bounds = shown
            .iter()
            .filter(|(t, r)| t == text && whole(r))
            .map(|(_, r)| *r)
            .filter(|r| anchor.is_none_or(|n| r.y + r.height >= n.center_y()))
            .min_by(|a, b| {
                let off =
                    |r: &Rectangle| anchor.map_or(0.0, |n| (r.center_y() - n.center_y()).abs());
                off(a).total_cmp(&off(b))
            })
            .unwrap_or_else(|| panic!("{name}: {text:?} is in view: {shown:?}"));
        let picture = self.picture();
        let point = bounds.center();
        let messages: Vec<_> = {
            let mut ui = self.ui();
            ui.point_at(point);
            let _ = ui.simulate(click());
            ui.into_messages().collect()
        };
        assert!(
            !messages.is_empty(),
            "{name}: tapping {text:?} does something"
        );
        for m in messages {
            let _ = self.app.update(m);
        }
        let act = Act::Tap {
            text: text.to_string(),
            point: (point.x, point.y),
        };
        self.record(name, act, picture);
    }

    fn tap(&mut self, name: &str, text: &str) {
        self.tap_near(name, text, None);
    }

    /// Opens the pick list labelled `label` (the list beside it) and picks
    /// its `index`-th choice, `option`, in the menu that opens below it: two taps. The menu
    /// draws its choices where no operation finds them: each is as tall as a line of the
    /// list's text and its padding.
    fn pick(&mut self, name: &str, label: &str, index: usize, option: &str) {
        let shown = self.screen(name);
        let row = shown
            .iter()
            .find(|(t, _)| t == label)
            .map(|(_, r)| *r)
            .unwrap_or_else(|| panic!("{name}: {label:?} is on show: {shown:?}"));
        let from = row.x + row.width + crate::ui::theme::gap::S;
        // Inside the list, near its left end (it is as wide as its column allows).
        let at_list = Point::new(from + 40.0, row.center_y());
        let line = crate::ui::theme::size::BODY * 1.3 + 10.0;
        let at_option = Point::new(
            at_list.x,
            at_list.y + line / 2.0 + line * index as f32 + line / 2.0,
        );
        let picture = self.picture();
        self.record(
            &format!("{name}: open the list"),
            Act::Tap {
                text: label.to_string(),
                point: (at_list.x, at_list.y),
            },
            picture,
        );
        let messages: Vec<_> = {
            let mut ui = self.ui();
            ui.point_at(at_list);
            let _ = ui.simulate(click());
            // A menu picks the choice the pointer is over: moved there first (a finger's tap
            // on the page lands there as it presses).
            ui.point_at(at_option);
            let _ = ui.simulate([Event::Mouse(mouse::Event::CursorMoved {
                position: at_option,
            })]);
            let _ = ui.simulate(click());
            ui.into_messages().collect()
        };
        self.record(
            &format!("{name}: pick {option}"),
            Act::Pick {
                text: option.to_string(),
                point: (at_option.x, at_option.y),
            },
            None,
        );
        assert!(
            !messages.is_empty(),
            "{name}: picking {option:?} does something"
        );
        for m in messages {
            let _ = self.app.update(m);
        }
    }

    /// Taps the field `id` and types `words` into it, as into the page's input over it.
    fn type_in(&mut self, name: &str, id: &str, words: &str) {
        self.type_and(name, id, words, false);
    }

    /// The same, and Enter after the words.
    fn type_enter(&mut self, name: &str, id: &str, words: &str) {
        self.type_and(name, id, words, true);
    }

    fn type_and(&mut self, name: &str, id: &str, words: &str, enter: bool) {
        let _ = self.screen(name);
        let picture = self.picture();
        let (messages, act, bounds): (Vec<_>, _, _) = {
            let mut ui = self.ui();
            let seen = fields(&mut ui)
                .into_iter()
                .find(|s| s.id == iced::widget::Id::from(id.to_string()))
                .unwrap_or_else(|| panic!("{name}: the field {id} is on show"));
            let bounds = seen
                .on_screen()
                .unwrap_or_else(|| panic!("{name}: the field {id} is whole in view"));
            assert_eq!(seen.report.value, "", "{name}: the field {id} is empty");
            ui.point_at(bounds.center());
            let _ = ui.simulate(click());
            let _ = ui.typewrite(words);
            if enter {
                let _ = ui.tap_key(iced::keyboard::key::Named::Enter);
            }
            let act = Act::Type {
                field: id.to_string(),
                bounds,
                kind: seen.report.kind,
                words: words.to_string(),
                enter,
            };
            (ui.into_messages().collect(), act, bounds)
        };
        self.record(name, act, picture);
        self.input = (!enter).then_some(bounds);
        for m in messages {
            let _ = self.app.update(m);
        }
    }

    /// Taps the page's ± key over the field typed into last, which then holds `value`
    /// (sent here as the field sends a change).
    fn sign(&mut self, name: &str, value: &str, message: crate::ui::Message) {
        let input = self.input;
        let picture = self.picture();
        let _ = self.app.update(message);
        self.record(
            name,
            Act::Sign {
                value: value.to_string(),
            },
            picture,
        );
        self.input = input;
    }

    /// The screen as the play leaves it, looked at.
    fn look(&mut self, name: &str) {
        let _ = self.screen(name);
        let picture = self.picture();
        let input = self.input;
        self.record(name, Act::Look, picture);
        self.input = input;
    }

    fn game(&self) -> &adjutant::battle::Battle {
        match &self.app.screen {
            Screen::Battle(b) => b.game(),
            _ => panic!("the battle is on screen"),
        }
    }

    fn editor(&self) -> &crate::ui::editor::Editor {
        match &self.app.screen {
            Screen::Editor(e) => e,
            _ => panic!("the builder is on show"),
        }
    }

    fn json(&self, expect: &[(&str, String)]) -> String {
        let rect = |r: Rectangle| format!("[{}, {}, {}, {}]", r.x, r.y, r.width, r.height);
        let quote = |s: &str| format!("{s:?}");
        let mut out = format!(
            "{{\n  \"size\": {{ \"width\": {}, \"height\": {} }},\n  \"expect\": {{",
            self.size.0, self.size.1
        );
        for (i, (k, v)) in expect.iter().enumerate() {
            let _ = write!(
                out,
                "{}\n    {:?}: {}",
                if i > 0 { "," } else { "" },
                k,
                quote(v)
            );
        }
        out.push_str("\n  },\n  \"steps\": [");
        for (i, s) in self.steps.iter().enumerate() {
            let act = match &s.act {
                Act::Wheel { point } => format!(
                    "\"do\": \"wheel\", \"x\": {}, \"y\": {}, \"dy\": {WHEEL}",
                    point.0, point.1
                ),
                Act::Tap { text, point } => format!(
                    "\"do\": \"tap\", \"text\": {}, \"x\": {}, \"y\": {}",
                    quote(text),
                    point.0,
                    point.1
                ),
                Act::Pick { text, point } => format!(
                    "\"do\": \"pick\", \"text\": {}, \"x\": {}, \"y\": {}",
                    quote(text),
                    point.0,
                    point.1
                ),
                Act::Type {
                    field,
                    bounds,
                    kind,
                    words,
                    enter,
                } => format!(
                    "\"do\": \"type\", \"field\": {}, \"bounds\": {}, \"inputmode\": {}, \"sign\": {}, \"words\": {}, \"enter\": {enter}",
                    quote(field),
                    rect(*bounds),
                    quote(if *kind == Kind::Text {
                        "text"
                    } else {
                        "numeric"
                    }),
                    *kind == Kind::Signed,
                    quote(words)
                ),
                Act::Sign { value } => format!("\"do\": \"sign\", \"value\": {}", quote(value)),
                Act::Look => "\"do\": \"look\"".to_string(),
            };
            let _ = write!(
                out,
                "{}\n    {{ \"name\": {}, {act}, \"picture\": {}, \"input\": {} }}",
                if i > 0 { "," } else { "" },
                quote(&s.name),
                s.picture.as_deref().map_or("null".into(), quote),
                s.input.map_or("null".into(), rect)
            );
        }
        out.push_str("\n  ]\n}\n");
        out
    }
}

#[test]
fn a_new_army_is_typed_on_a_phone_saved_and_taken_into_a_battle() {
    let mut play = Play::new();
    let shipped = "Winceby Parliament";
    play.tap_near("edit a shipped army", "Edit", Some(shipped));
    assert_eq!(
        play.editor().draft().name,
        shipped,
        "the builder opens on the shipped army"
    );
    assert_eq!(
        play.editor().target(),
        None,
        "it is saved as a copy, not over it"
    );
    play.tap("back home", "← Home");

    let system = adjutant::rules::standard()[0].clone();
    play.tap_near("a new army", "New army", Some(system.name()));
    play.type_in("the army's name", "army-name", NAME);
    play.type_in("its side", "army-side", SIDE);
    play.tap("the entries", "Entries");
    play.tap("add a unit", "Add unit");
    // The unit's form is longer than the screen: its statistics are near its end.
    play.scroll_to_end(
        "the unit's statistics",
        Point::new(play.size.0 / 2.0, play.size.1 * 0.7),
    );
    for (key, value) in STATS {
        play.type_in(&format!("its {key}"), &format!("stat-{key}"), value);
    }
    assert_eq!(
        play.editor().problems(),
        &[],
        "the army is whole: {:?}",
        play.editor().draft()
    );
    play.tap("save it", "Save");
    // The notice names the saved file by its path here, by its name in a browser.
    play.unlike_page = true;
    let saved = play.editor().target().expect("saved").to_path_buf();
    let army = adjutant::army::load_army(&saved).expect("it loads");
    assert_eq!((army.name.as_str(), army.side.as_str()), (NAME, SIDE));
    play.tap("home with it", "← Home");
    play.wheel = None;

    // The picker lists the system's armies in the home screen's order: the shipped ones,
    // then the player's own.
    let listed: Vec<String> = Store::open(Some(play._dir.path().to_path_buf()))
        .armies()
        .into_iter()
        .filter_map(|f| f.loaded.ok())
        .filter(|a| a.system == system.id())
        .map(|a| format!("{} ({})", a.name, a.side))
        .collect();
    let choice = |label: &str| {
        listed
            .iter()
            .position(|l| l == label)
            .unwrap_or_else(|| panic!("{label} is listed: {listed:?}"))
    };
    for (list, label) in [
        ("Side 1", format!("{NAME} ({SIDE})")),
        ("Side 2", "Winceby Royalists (Royalist)".to_string()),
    ] {
        play.pick(&format!("{list}: {label}"), list, choice(&label), &label);
    }
    play.tap("start the battle", "Start the battle");
    let names: Vec<&str> = play
        .game()
        .armies()
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert!(
        names.contains(&NAME),
        "the battle has the new army: {names:?}"
    );

    // The dice tray's faces, typed on the numeric keyboard and entered with Enter; a
    // modifier's value, turned below zero by the page's ± key, and added.
    let touch = crate::ui::battle::touch(iced::Size::new(play.size.0, play.size.1));
    play.tap("the dice tray", crate::ui::battle::screen::dice_tab(touch));
    play.type_enter("the tray's faces", tray::FACES, "34");
    let rolled = play.game().log().len();
    assert_eq!(rolled, 2, "the tray's roll is in the log");
    play.type_in("a modifier's value", tray::MOD_VALUE, "2");
    let turned = crate::ui::Message::Battle(BattleMessage::Tray(tray::Message::ValueChanged(
        "-2".into(),
    )));
    play.sign("below zero", "-2", turned);
    play.tap("add the modifier", "Add");
    let modifier = "-2 modifier";
    assert!(
        play.screen("the modifier")
            .iter()
            .any(|(t, _)| t == modifier),
        "{modifier} is listed"
    );
    // The find box narrows the pieces to the new army's unit.
    // On a phone the pieces are a tab of their own; beside the tabs on a wider screen.
    if play.size.0 < crate::ui::battle::PHONE {
        play.tap("the pieces", "Pieces");
    }
    play.type_in("find a piece", roster_panel::FILTER, "Unit");
    play.look("the pieces found");

    if let Ok(file) = std::env::var("ADJUTANT_WEB_ARMY") {
        let key = format!(
            "adjutant/armies/{}/{}",
            system.id(),
            saved.file_name().expect("a file").to_string_lossy()
        );
        let json = play.json(&[
            ("army", NAME.to_string()),
            ("side", SIDE.to_string()),
            ("shipped", shipped.to_string()),
            ("key", key),
        ]);
        std::fs::write(&file, json).unwrap_or_else(|e| panic!("writing {file}: {e}"));
    }
}
