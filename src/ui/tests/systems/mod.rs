//! Play-throughs of each rule system on the real battle screen, with its shipped armies: the
//! tests pick pieces in the roster, start the procedures the rules offer, answer their
//! parameters with the pickers, type the dice faces (so every outcome is fixed), draw cards,
//! choose, and then read the result on the screen and in the battle's state.
//!
//! The helpers here act as a player does: each action builds the screen afresh in a simulator,
//! scrolls the panel that holds the widget until it is in view, clicks or types, and feeds
//! the messages back through `update`.

mod d3_ecw;
mod rcw;
mod royalists_roundheads;
mod royalists_roundheads_status;
mod victory_without_squares;

use iced::keyboard;
use iced::mouse;
use iced::{Element, Point, Rectangle, Settings};
use iced_test::selector::{Bounded, Candidate, Selector, Target, id};
use iced_test::{Error, Simulator};

use adjutant::army::{Army, shipped};
use adjutant::battle as game;
use adjutant::event::PieceId;
use adjutant::odds::procedure_odds;
use adjutant::procedure::{Offer, Step};
use adjutant::rules;

use super::BattleScreen;
use super::simulator;
use crate::ui::battle::{Message, odds, procedure_panel, questions};
use crate::ui::persist::Store;
use crate::ui::theme::{self, size};

/// The window sizes the layout tests check: 1280×800, and the same window at 150 % zoom.
pub(in crate::ui::tests) const SIZES: [(f32, f32); 2] =
    [(1280.0, 800.0), (1280.0 / 1.5, 800.0 / 1.5)];

/// Every rule system in the registry with the sides of its shipped armies (the armies whose
/// `system` names it), seated as the system seats them: a system added to the registry is
/// played here with no edit.
pub(in crate::ui::tests) fn every_system() -> Vec<(&'static str, [String; 2])> {
    rules::standard()
        .iter()
        .map(|system| {
            let armies: Vec<Army> = shipped::ARMIES
                .iter()
                .filter_map(|file| file.load().ok())
                .filter(|army| army.system == system.id())
                .collect();
            let sides: Vec<String> = system.seat(armies).into_iter().map(|a| a.side).collect();
            let sides: [String; 2] = sides
                .get(..2)
                .and_then(|two| two.to_vec().try_into().ok())
                .unwrap_or_else(|| panic!("{}: two shipped armies", system.id()));
            (system.id(), sides)
        })
        .collect()
}

/// A simulator of `view` in a window of `size` (one of [`SIZES`]), with the embedded fonts.
pub(in crate::ui::tests) fn at<'a, M>(size: (f32, f32), view: Element<'a, M>) -> Simulator<'a, M> {
    Simulator::with_size(
        Settings {
            fonts: vec![theme::FONT_REGULAR.into(), theme::FONT_BOLD.into()],
            default_font: theme::BODY_FONT,
            ..Settings::default()
        },
        size,
        view,
    )
}

/// A battle under way on the screen, in its own data folder.
pub struct Play {
    pub screen: BattleScreen,
    /// The window the player acts in: 1280×800 unless a test picks another of [`SIZES`].
    pub size: (f32, f32),
    _dir: tempfile::TempDir,
}

impl Play {
    /// A battle of `system` between the shipped armies whose sides are named in `sides`
    /// (first moves first), with a fixed seed so draws from the deck are repeatable.
    pub fn new(system: &str, sides: [impl AsRef<str>; 2], seed: u64) -> Play {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::open(Some(dir.path().to_path_buf()));
        let shipped: Vec<Army> = store
            .armies()
            .into_iter()
            .filter_map(|f| f.loaded.ok())
            .filter(|a| a.system == system)
            .collect();
        let armies = sides
            .iter()
            .map(|side| {
                let side = side.as_ref();
                shipped
                    .iter()
                    .find(|a| a.side == side)
                    .unwrap_or_else(|| panic!("a shipped {system} army for {side}"))
                    .clone()
            })
            .collect();
        let game = game::Battle::new(system, armies, seed).expect("the battle sets up");
        Play {
            screen: BattleScreen::new(store, game),
            size: SIZES[0],
            _dir: dir,
        }
    }

    /// From now on the disk refuses every save: a file stands where the battles folder goes.
    pub fn refuse_saves(&self) {
        let battles = self._dir.path().join("battles");
        let _ = std::fs::remove_dir_all(&battles);
        std::fs::write(&battles, "not a folder").expect("a file in place of the folder");
    }

    pub fn game(&self) -> &game::Battle {
        self.screen.game()
    }

    /// The piece with this name.
    pub fn piece(&self, name: &str) -> PieceId {
        let roster = &self.game().roster;
        roster
            .ids()
            .find(|&p| roster.name(p) == name)
            .unwrap_or_else(|| panic!("no piece named {name}"))
    }

    /// The offer the rules make for these pieces (by name) with this procedure id.
    pub fn offer(&self, actors: &[&str], targets: &[&str], id: &str) -> Offer {
        let ids = |names: &[&str]| names.iter().map(|n| self.piece(n)).collect::<Vec<_>>();
        let game = self.game();
        game.rules()
            .offers(&game.context(), &ids(actors), &ids(targets))
            .into_iter()
            .find(|o| o.id == id)
            .unwrap_or_else(|| panic!("the rules offer {id} for {actors:?} at {targets:?}"))
    }

    /// Starts the offer with this id for these pieces, already picked on the screen, and
    /// checks that the rules allow it. A question the rules give no answer to is answered
    /// first, by a tap on its first choice (unless answered already).
    pub fn start_offer(&mut self, actors: &[&str], targets: &[&str], id: &str) {
        let offer = self.offer(actors, targets, id);
        assert_eq!(offer.refused, None, "{} is allowed", offer.label);
        for p in offer.params.iter().filter(|p| p.default().is_none()) {
            if !self.answered(&offer.id, p.key) {
                self.answer(&offer.id, p.key, &p.choices, &p.choices[0]);
            }
        }
        let before = self.game().log().len();
        self.start(&offer.label);
        assert!(
            self.game().pending().is_some() || self.game().log().len() > before,
            "{} started",
            offer.label
        );
    }

    /// Answers the questions `answers` (key, choice) of the offer `id` by tapping them, then
    /// starts it as [`Play::start_offer`] does.
    pub fn start_answered(
        &mut self,
        actors: &[&str],
        targets: &[&str],
        id: &str,
        answers: &[(&str, &str)],
    ) {
        let offer = self.offer(actors, targets, id);
        for (key, choice) in answers {
            let spec = offer
                .params
                .iter()
                .find(|p| p.key == *key)
                .unwrap_or_else(|| panic!("{} asks {key}", offer.label));
            self.answer(&offer.id, key, &spec.choices, choice);
        }
        self.start_offer(actors, targets, id);
    }

    /// Counts the activations of the side to act in D3 with every unit on the table seen
    /// (the last choice of the count), and returns that count.
    pub fn count_all_seen(&mut self) -> i32 {
        use adjutant::rules::d3_ecw::keys::{P_COUNT, UNITS_SEEN};
        let offer = self.offer(&[], &[], P_COUNT);
        let all = offer.params[0].choices.last().expect("a count").clone();
        self.start_answered(&[], &[], P_COUNT, &[(UNITS_SEEN, &all)]);
        all.parse().expect("a number")
    }

    /// Clicks the widget with the id `widget`, scrolled into view.
    pub fn click_id(&mut self, widget: &str) {
        let widget = widget.to_string();
        self.act(&format!("click {widget}"), |ui| {
            reveal(ui, || id(widget.clone()))?;
            ui.click(id(widget.clone())).map(|_| ())
        });
    }

    /// Whether the question `key` of `offer` shows an answer the player picked (a lit tap
    /// target or a picker's choice).
    fn answered(&self, offer: &str, key: &str) -> bool {
        self.screen.answer_given(offer, key)
    }

    /// Runs `act` on the screen as it stands, then feeds what it produced to `update`.
    fn act(
        &mut self,
        what: &str,
        act: impl FnOnce(&mut Simulator<'_, Message>) -> Result<(), Error>,
    ) -> Vec<Message> {
        let messages: Vec<Message> = {
            let mut ui = at(self.size, self.screen.view());
            if let Err(e) = act(&mut ui) {
                panic!("{what}: {e:?}");
            }
            ui.into_messages().collect()
        };
        for m in messages.clone() {
            let _ = self.screen.update(m);
        }
        messages
    }

    /// Clicks the first text that reads exactly `text`, scrolled into view.
    pub fn click(&mut self, text: &str) {
        let text = text.to_string();
        self.act(&format!("click {text}"), |ui| {
            reveal(ui, || text.clone())?;
            ui.click(text.clone()).map(|_| ())
        });
    }

    /// Clicks a piece in the roster so that it acts.
    pub fn pick(&mut self, name: &str) {
        self.click("Pick actors");
        self.click(name);
    }

    /// Clicks a piece in the roster in target mode, then goes back to picking actors.
    pub fn target(&mut self, name: &str) {
        self.click("Pick targets");
        self.click(name);
        self.click("Pick actors");
    }

    /// Clicks the text `what` nearest (up and down) to the text `name`, at its right: the
    /// Target button of a piece's row, the toggle beside a label.
    pub fn click_beside(&mut self, name: &str, what: &str) {
        let (name, what) = (name.to_string(), what.to_string());
        self.act(&format!("click {what} beside {name}"), |ui| {
            let at = reveal(ui, || name.clone())?;
            let mut best: Option<(f32, Rectangle)> = None;
            let _ = ui.find(|c: Candidate<'_>| {
                if let Candidate::Text {
                    content,
                    visible_bounds: Some(b),
                    ..
                } = c
                    && content == what
                    && b.x > at.x
                {
                    let d = (b.center_y() - at.center_y()).abs();
                    if best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, b));
                    }
                }
                None::<()>
            });
            let (_, b) = best.ok_or(Error::SelectorNotFound {
                selector: format!("{what} beside {name}"),
            })?;
            ui.point_at(b.center());
            let _ = ui.simulate(iced_test::simulator::click());
            Ok(())
        });
    }

    /// Records on the leader's row which unit he is with: opens the "with" list under his
    /// row and clicks the unit's entry, in one sitting (two clicks). A list draws its text
    /// itself (nothing to search for), so it is clicked where it is drawn: right of the "with"
    /// caption, its entries under it, "none" first, then the side's units, each as tall as the
    /// closed list.
    pub fn record_with(&mut self, leader: &str, unit: &str) {
        let (leader, unit) = (leader.to_string(), unit.to_string());
        let id = self.piece(&leader);
        let game = self.game();
        let index = game
            .piece_schema(id)
            .marks
            .iter()
            .find(|m| m.key == adjutant::status::WITH)
            .and_then(|m| m.choices.iter().position(|c| *c == unit))
            .expect("the unit is one of the leader's choices")
            + 1;
        let messages = self.act(&format!("record {leader} with {unit}"), |ui| {
            let at = reveal(ui, || leader.clone())?;
            // The "with" caption nearest below the leader's name.
            let mut with: Option<Rectangle> = None;
            let _ = ui.find(|c: Candidate<'_>| {
                if let Candidate::Text {
                    content,
                    visible_bounds: Some(b),
                    ..
                } = c
                    && content == crate::ui::battle::roster_panel::WITH_LABEL
                    && b.y > at.y
                    && with.is_none_or(|w| b.y < w.y)
                {
                    with = Some(b);
                }
                None::<()>
            });
            let with = with.ok_or(Error::SelectorNotFound {
                selector: format!("with under {leader}"),
            })?;
            // The list fills the line right of the caption, as tall as a caption line and its
            // padding; its entries open under it, each as tall.
            let tall = with.height + 2.0;
            ui.point_at(Point::new(with.x + with.width + 40.0, with.center_y()));
            let _ = ui.simulate(iced_test::simulator::click());
            let top = with.center_y() + tall / 2.0;
            let entry = Point::new(
                with.x + with.width + 40.0,
                top + (index as f32 + 0.5) * tall,
            );
            ui.point_at(entry);
            // The list marks the entry under the pointer when the pointer moves.
            let _ = ui.simulate([iced::Event::Mouse(mouse::Event::CursorMoved {
                position: entry,
            })]);
            let _ = ui.simulate(iced_test::simulator::click());
            Ok(())
        });
        assert!(!messages.is_empty(), "the list answered");
    }

    /// Clicks the Target button on the row of the piece `name`.
    pub fn click_target(&mut self, name: &str) {
        self.click_beside(name, "Target");
    }

    /// Clicks box `i` (from the left) of the step tracker on the row of the piece `name`.
    pub fn click_step_box(&mut self, name: &str, i: usize) {
        let name = name.to_string();
        self.act(&format!("click box {i} of {name}"), |ui| {
            let at = reveal(ui, || name.clone())?;
            let mut boxes: Vec<Rectangle> = Vec::new();
            let _ = ui.find(|c: Candidate<'_>| {
                if let Candidate::Text {
                    content,
                    visible_bounds: Some(b),
                    ..
                } = c
                    && (content == "□" || content == "■")
                    && b.y >= at.y + at.height - 2.0
                    && b.y <= at.y + at.height + 40.0
                {
                    boxes.push(b);
                }
                None::<()>
            });
            let top = boxes.iter().map(|b| b.y).fold(f32::MAX, f32::min);
            boxes.retain(|b| (b.y - top).abs() < 4.0);
            boxes.sort_by(|a, b| a.x.total_cmp(&b.x));
            let b = boxes.get(i).ok_or(Error::SelectorNotFound {
                selector: format!("box {i} of {name}"),
            })?;
            ui.point_at(b.center());
            let _ = ui.simulate(iced_test::simulator::click());
            Ok(())
        });
    }

    /// Clears the selection, if anything is picked.
    pub fn clear(&mut self) {
        self.act("clear", |ui| {
            ui.click("Clear")?;
            Ok(())
        });
    }

    /// Clicks Start on the offer whose label reads `label`.
    pub fn start(&mut self, label: &str) {
        let label = label.to_string();
        self.act(&format!("start {label}"), |ui| {
            reveal(ui, || label.clone())?;
            let at = ui.find(label.clone())?.bounds();
            ui.click(start_beside(at)).map(|_| ())
        });
    }

    /// Chooses `choice` in the picker of parameter `key` of offer `offer`: a click opens the
    /// list, a click on the line picks it. Checks the pick was made.
    pub fn answer(&mut self, offer: &str, key: &str, choices: &[String], choice: &str) {
        let index = choices
            .iter()
            .position(|c| c == choice)
            .unwrap_or_else(|| panic!("{choice} is not among {choices:?}"));
        let widget = procedure_panel::param_id(offer, key);
        // With several offers allowed, an offer's questions are folded: "Change" opens them.
        if at(self.size, self.screen.view())
            .find(iced::widget::Id::from(widget.clone()))
            .is_err()
        {
            let change = procedure_panel::questions_id(offer);
            self.act(&format!("open the questions of {offer}"), |ui| {
                reveal(ui, || iced::widget::Id::from(change.clone()))?;
                ui.click(iced::widget::Id::from(change.clone())).map(|_| ())
            });
        }
        let shape = questions::shape(&adjutant::procedure::ParamSpec {
            key: "",
            label: String::new(),
            choices: choices.to_vec(),
            given: adjutant::procedure::Given::Open,
        });
        let picked = if shape == questions::Shape::List {
            self.pick_from_list(&widget, key, choices, index)
        } else {
            // A row of tap targets (or number keys): one tap on the choice.
            let tap = questions::choice_id(offer, key, index);
            self.act(&format!("answer {key}: {choice}"), |ui| {
                reveal(ui, || iced::widget::Id::from(tap.clone()))?;
                ui.click(iced::widget::Id::from(tap.clone())).map(|_| ())
            })
        };
        assert!(
            picked.iter().any(|m| matches!(
                m,
                Message::Procedure(procedure_panel::Message::ParamPicked { value, .. })
                    if value == choice
            )),
            "picking {choice} for {key}"
        );
    }

    /// Picks choice `index` in the drop-down `widget`: a click opens the list, a click on the
    /// line picks it.
    fn pick_from_list(
        &mut self,
        widget: &str,
        key: &str,
        choices: &[String],
        index: usize,
    ) -> Vec<Message> {
        let widget = widget.to_string();
        let choice = &choices[index];
        let n = choices.len();
        let height = self.size.1;
        self.act(&format!("answer {key}: {choice}"), |ui| {
            let at = reveal(ui, || iced::widget::Id::from(widget.clone()))?;
            ui.point_at(at.center());
            let _ = ui.simulate(iced_test::simulator::click());
            // The list opens below the picker, or above when there is more room there; each
            // line is a body-size line of text with the picker's padding (5 above and below).
            let line = size::BODY * 1.3 + 10.0;
            let below = height - at.y - at.height;
            let top = if below > at.y {
                at.y + at.height
            } else {
                at.y - line * n as f32
            };
            let point = Point::new(at.center_x(), top + line * (index as f32 + 0.5));
            ui.point_at(point);
            let _ = ui.simulate([
                iced::Event::Mouse(mouse::Event::CursorMoved { position: point }),
                iced::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)),
                iced::Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left)),
            ]);
            Ok(())
        })
    }

    /// Types the faces rolled on the table into the procedure's field and presses Enter.
    pub fn faces(&mut self, faces: &str) {
        let before = self.inputs();
        self.act(&format!("type {faces}"), |ui| {
            reveal(ui, || id(procedure_panel::FACES))?;
            ui.click(id(procedure_panel::FACES))?;
            let _ = ui.typewrite(faces);
            let _ = ui.tap_key(keyboard::key::Named::Enter);
            Ok(())
        });
        assert_ne!(self.inputs(), before, "the faces {faces} were taken");
    }

    /// Clicks the option of the choice under way that begins with `option`.
    pub fn choose(&mut self, option: &str) {
        let option = option.to_string();
        self.act(&format!("choose {option}"), |ui| {
            reveal(ui, || starts_with(option.clone()))?;
            ui.click(starts_with(option.clone())).map(|_| ())
        });
    }

    /// How far the procedure under way has got, or the log's length once it is done.
    fn inputs(&self) -> (usize, usize) {
        (
            self.game().log().len(),
            self.game().pending().map_or(0, |p| p.inputs.len()),
        )
    }

    /// Saves a picture of the screen as `name`.png in the folder `ADJUTANT_LOOK` names, if set.
    pub fn look(&self, name: &str) {
        if let Ok(dir) = std::env::var("ADJUTANT_LOOK") {
            let theme = iced::Theme::Light;
            let shot = simulator(self.screen.view())
                .snapshot(&theme)
                .expect("a snapshot");
            let _ = shot.matches_image(std::path::Path::new(&dir).join(name));
        }
    }

    /// Whether some text on the screen reads exactly `text`.
    pub fn shows(&self, text: &str) -> bool {
        simulator(self.screen.view()).find(text.to_string()).is_ok()
    }

    /// Whether some text on the screen contains `part`.
    pub fn shows_part(&self, part: &str) -> bool {
        let part = part.to_string();
        simulator(self.screen.view())
            .find(move |c: Candidate<'_>| match c {
                Candidate::Text { content, .. } if content.contains(&part) => Some(()),
                _ => None,
            })
            .is_ok()
    }

    /// How many texts on the screen contain `part` (the log and the panel's last result both
    /// repeat an outcome).
    pub fn count_part(&self, part: &str) -> usize {
        let mut n = 0;
        let _ = simulator(self.screen.view()).find(|c: Candidate<'_>| {
            if let Candidate::Text { content, .. } = c
                && content.contains(part)
            {
                n += 1;
            }
            None::<()>
        });
        n
    }

    /// Checks that the request under way is explained on screen: for dice, every modifier
    /// and the odds of each band; and, whatever is asked, the odds of each result of the
    /// whole procedure.
    pub fn assert_proposal_explained(&self) {
        let game = self.game();
        let step = game.step().expect("a procedure is under way");
        if let Step::Dice(req) = &step {
            for m in &req.dice.modifiers {
                assert!(
                    self.shows_part(&format!("{:+}  {}", m.value, m.label)),
                    "the modifier {} is shown",
                    m.label
                );
            }
            let (readings, _) = req.readings();
            let low = readings.keys().next().copied().unwrap_or(0);
            let high = readings.keys().last().copied().unwrap_or(0);
            for (band, _, _) in req.band_odds() {
                let shown = odds::band_label(band.from, band.to, low, high, &band.label);
                assert!(
                    self.shows(&shown),
                    "the band {} is shown with its odds as {shown}",
                    band.label
                );
            }
        }
        assert!(self.shows("Odds of the whole procedure"));
        let procedure = game.pending_procedure().expect("a procedure");
        let pending = game.pending().expect("a procedure");
        let odds = procedure_odds(procedure.as_ref(), &game.context(), &pending.inputs);
        assert!(!odds.outcomes.is_empty(), "the procedure has odds");
        for (summary, _) in odds.outcomes {
            assert!(self.shows(&summary), "the result {summary} is shown");
        }
    }
}

/// A text selector for the first text that begins with `prefix`.
fn starts_with(prefix: String) -> impl FnMut(Candidate<'_>) -> Option<Target> + Send {
    move |c: Candidate<'_>| match &c {
        Candidate::Text { content, .. } if content.starts_with(&prefix) => Some(Target::from(c)),
        _ => None,
    }
}

/// The Start button on the same row as the offer label at `label`.
fn start_beside(label: Rectangle) -> impl FnMut(Candidate<'_>) -> Option<Target> + Send {
    move |c: Candidate<'_>| match &c {
        Candidate::Text {
            content, bounds, ..
        } if *content == "Start"
            && bounds.center_y() >= label.y - 2.0
            && bounds.center_y() <= label.y + label.height + 2.0 =>
        {
            Some(Target::from(c))
        }
        _ => None,
    }
}

/// Scrolls the panel holding the widget `make` selects until the widget is in view, and
/// returns where it shows.
fn reveal<S>(ui: &mut Simulator<'_, Message>, make: impl Fn() -> S) -> Result<Rectangle, Error>
where
    S: Selector + Send,
    S::Output: Bounded + Clone + Send,
{
    for _ in 0..40 {
        let target = ui.find(make())?;
        let at = target.bounds();
        if let Some(shown) = target.visible_bounds()
            && shown.height >= at.height * 0.9
        {
            return Ok(shown);
        }
        let centre = at.center();
        let mut holders: Vec<(Rectangle, Rectangle, f32)> = Vec::new();
        let _ = ui.find(|c: Candidate<'_>| {
            if let Candidate::Scrollable {
                bounds,
                content_bounds,
                translation,
                visible_bounds: Some(shown),
                ..
            } = c
                && content_bounds.contains(centre)
            {
                holders.push((bounds, shown, translation.y));
            }
            None::<()>
        });
        let Some((bounds, shown, offset)) = holders
            .into_iter()
            .min_by(|a, b| (a.0.width * a.0.height).total_cmp(&(b.0.width * b.0.height)))
        else {
            return Ok(target.visible_bounds().unwrap_or(at));
        };
        // Bring the widget's top to just below the panel's top.
        let by = (at.y - offset) - (bounds.y + 8.0);
        ui.point_at(shown.center());
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::WheelScrolled {
            delta: mouse::ScrollDelta::Pixels { x: 0.0, y: -by },
        })]);
    }
    Err(Error::SelectorNotFound {
        selector: "a widget that scrolls into view".into(),
    })
}
