//! The window at a phone's size, 390×844 (the browser check's screen, `scripts/check-web.sh`),
//! played by touch as a player would at the table: the Winceby battle started from the home
//! screen, the clock moved on to Parliament's Fire Combat (Cromwell's command chit set on
//! the way, his side's pieces narrowed to by a tap on its button), and from nothing picked
//! the fire in four taps to its first roll — the Pieces tab, the firer, the piece fired at
//! in the "Aim at" strip the pick brings up (which brings the procedures up), Start — the
//! firer swiped into view, the piece fired at in view with no swipe; its dice entered on the keypad, the morale check's choice taken and its result
//! read; the app started again on the same files and the battle resumed from the home
//! screen, twice, the clock moved on once more; a swipe begun on a piece's row that scrolls
//! the pieces and picks nothing; the melee of two units against one set up by touch alone
//! ("Several", both attackers, the defender in the strip, Start) and played on the keypad; and a
//! roster sheet asked for in the print panel, from the top bar's menu. Every tap lands on a
//! text drawn whole inside the screen without scrolling, and on every screen no two texts
//! overlap and none runs past an edge (as `layout.rs` checks the desktop window). The screen
//! is kept between touches as the page keeps it (`kept.rs`): a swipe's scroll is still there
//! at the next tap.
//!
//! With `ADJUTANT_WEB_TARGETS=FILE`, it also writes where each tap and swipe lands and which
//! texts each screen shows (JSON, logical pixels) for the browser check, which makes the same
//! touches on the page and looks for those texts in its screenshots: a change of layout moves
//! the taps with it instead of breaking the check. `ADJUTANT_WEB_SIZE=WIDTHxHEIGHT` plays at
//! another size.

use iced::Rectangle;
use iced_test::selector::id;

use adjutant::rules::royalists_roundheads::keys::proc as rr;

use super::column::{FIRED_AT, FIRER};

mod json;
mod keep;
use iced_test::selector::Candidate;

use super::kept::{Kept, drag, finger, write_png};
use super::layout::problems;
use crate::ui::battle::{keypad, procedure_panel, questions, roster_panel, screen};
use crate::ui::persist::Store;
use crate::ui::{App, Screen};

/// The piece a swipe begins on, the attackers of the melee of two against one, and the unit
/// they attack (Winceby).
const SWIPED: &str = "Cromwell's Horse (1)";
const ATTACKERS: [&str; 2] = ["Cromwell's Horse (2)", "Cromwell's Horse (3)"];
const DEFENDER: &str = "Widdrington's Horse (2)";

/// A phone held upright: the logical size of an iPhone 12–15's page.
const PHONE: (f32, f32) = (390.0, 844.0);

/// The screen played on: the phone, or `ADJUTANT_WEB_SIZE=WIDTHxHEIGHT`.
fn screen_size() -> (f32, f32) {
    std::env::var("ADJUTANT_WEB_SIZE")
        .ok()
        .and_then(|s| {
            let (w, h) = s.split_once('x')?;
            Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
        })
        .unwrap_or(PHONE)
}

/// One tap (or swipe): what it is for, the text it lands on, where that shows, and the texts
/// on show.
struct Tap {
    name: String,
    text: String,
    bounds: Rectangle,
    /// Where the finger goes (the text's centre, or inside its button for Confirm).
    point: (f32, f32),
    /// A swipe: how far the finger travels from `point` (it rests there before it lifts).
    drag: Option<(f32, f32)>,
    keypad: bool,
    /// The simulated screen before the tap, drawn (a PNG beside the JSON), if written.
    picture: Option<String>,
    shows: Vec<(String, Rectangle)>,
}

/// A part of the play: its taps, and the texts on show when it is done.
struct Part {
    name: &'static str,
    taps: Vec<Tap>,
    end: Vec<(String, Rectangle)>,
    end_picture: Option<String>,
}

/// The app at the phone's size, its taps noted by part of the play.
struct Phone {
    app: App,
    size: (f32, f32),
    /// A panel (printing) is open over the screen: the texts under its veil are still found,
    /// so overlaps are not looked for and a tap notes only its own text as on show.
    over: bool,
    /// Pictures of the simulated screens drawn so far.
    pictures: usize,
    parts: Vec<Part>,
    dir: tempfile::TempDir,
    /// The screen as a page keeps it between touches (how far each panel is scrolled).
    kept: Kept,
}

impl Phone {
    fn new() -> Phone {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let app = app_on(&dir);
        let size = screen_size();
        Phone {
            app,
            size,
            over: false,
            pictures: 0,
            parts: Vec::new(),
            dir,
            kept: Kept::new(size),
        }
    }

    /// With `ADJUTANT_WEB_TARGETS` set, draws the screen as it stands into a PNG beside that
    /// file (`sim-NN.png`, two pixels to one, the app's theme) and returns its name.
    /// None with the print panel open: its button and caption say what happens on the
    /// desktop, where a browser downloads.
    fn picture(&mut self) -> Option<String> {
        if self.over {
            return None;
        }
        let file = std::env::var("ADJUTANT_WEB_TARGETS").ok()?;
        let dir = std::path::Path::new(&file).parent()?.to_path_buf();
        self.pictures += 1;
        let name = format!("sim-{:02}.png", self.pictures);
        let theme = self.app.theme().unwrap_or(iced::Theme::Light);
        let shot = self.kept.picture(self.app.view(), &theme);
        write_png(&dir.join(&name), &shot);
        Some(name)
    }

    /// Ends the part under way (noting what it leaves on show) and begins `name`.
    fn part(&mut self, name: &'static str) {
        self.end_part();
        self.parts.push(Part {
            name,
            taps: Vec::new(),
            end: Vec::new(),
            end_picture: None,
        });
    }

    fn end_part(&mut self) {
        if self.parts.last().is_some_and(|p| p.end.is_empty()) {
            let end = self.screen("the end of a part");
            let picture = self.picture();
            let part = self.parts.last_mut().expect("a part");
            part.end = end;
            part.end_picture = picture;
        }
    }

    /// The app started again on the same files, as a page reloaded (on its home screen).
    fn reopen(&mut self) {
        self.app = app_on(&self.dir);
        self.kept.forget();
    }

    /// The pieces picked, to act or to be acted on.
    fn picked(&self) -> Vec<adjutant::event::PieceId> {
        match &self.app.screen {
            Screen::Battle(b) => {
                let sel = b.selection();
                sel.actors.iter().chain(&sel.targets).copied().collect()
            }
            _ => panic!("the battle screen is up"),
        }
    }

    fn game(&self) -> &adjutant::battle::Battle {
        match &self.app.screen {
            Screen::Battle(b) => b.game(),
            _ => panic!("the battle screen is up"),
        }
    }

    /// Every text drawn whole on the screen, after checking that none overlaps another or
    /// runs past an edge.
    fn screen(&mut self, what: &str) -> Vec<(String, Rectangle)> {
        let size = self.size;
        let shown = self.kept.texts(self.app.view());
        assert!(!shown.is_empty(), "{what}: the screen shows text");
        if self.over {
            return shown;
        }
        let mut found = problems(self.size, &shown);
        for (t, r) in &shown {
            if r.x < -0.5 || r.y < -0.5 || r.y + r.height > self.size.1 + 0.5 {
                found.push(format!("{t:?} runs past an edge ({r:?})"));
            }
        }
        assert!(
            found.is_empty(),
            "{what} at {size:?}:\n{}",
            found.join("\n")
        );
        shown
    }

    /// Taps the text `text` (the first drawn whole whose place passes `place`), failing with
    /// what the screen shows when it is not in view.
    fn tap_where(&mut self, name: &str, text: &str, place: impl Fn(Rectangle) -> bool) {
        let size = self.size;
        let shown = self.screen(name);
        let Some(bounds) = shown
            .iter()
            .find(|(t, r)| t == text && whole(size, *r) && place(*r))
            .map(|(_, r)| *r)
        else {
            panic!(
                "{name}: {text:?} is not in view at {size:?} without scrolling; the screen shows:\n{}",
                listing(&shown)
            );
        };
        self.tap_at(name, text, bounds, bounds.center(), false, shown);
    }

    fn tap(&mut self, name: &str, text: &str) {
        self.tap_where(name, text, |_| true);
    }

    /// Narrows the pieces to the side `side` (its index among the armies; None: All) by a
    /// tap on its button.
    fn side(&mut self, side: Option<usize>) {
        let label = match side {
            Some(s) => self.game().armies()[s].side.clone(),
            None => "All".to_string(),
        };
        let button = self
            .kept
            .find(
                self.app.view(),
                id(crate::ui::battle::roster_panel::side_id(side)),
            )
            .unwrap_or_else(|| panic!("the {label} button is on show"))
            .bounds();
        self.tap_where(&format!("show {label}"), &label, |b| {
            button.contains(b.center())
        });
    }

    /// On a phone, where the battle screen is one column of tabs, shows the tab `tab`.
    fn tab(&mut self, tab: &str) {
        if self.size.0 < crate::ui::battle::PHONE {
            self.tap(&format!("the {tab} tab"), tab);
        }
    }

    /// Taps Start on the line of the offer `id` for what is picked.
    fn start(&mut self, name: &str, id: &str) {
        let size = self.size;
        let label = self.offer_label(id);
        let shown = self.screen(name);
        let Some(line) = shown
            .iter()
            .find(|(t, r)| *t == label && whole(size, *r))
            .map(|(_, r)| *r)
        else {
            panic!(
                "{name}: the offer {label:?} is not in view; the screen shows:\n{}",
                listing(&shown)
            );
        };
        self.answer_open(name, id);
        self.tap_where(name, "Start", |b| {
            b.center_y() >= line.y - 2.0 && b.center_y() <= line.y + line.height + 2.0
        });
    }

    /// Taps the first choice of each question of the offer `offer` the rules give no answer
    /// to, not answered yet.
    fn answer_open(&mut self, name: &str, offer: &str) {
        let Screen::Battle(b) = &self.app.screen else {
            panic!("the battle screen is up")
        };
        let sel = b.selection();
        let game = b.game();
        let offer = game
            .rules()
            .offers(&game.context(), &sel.actors, &sel.targets)
            .into_iter()
            .find(|o| o.id == offer)
            .expect("offered");
        let open: Vec<_> = offer
            .params
            .iter()
            .filter(|p| p.default().is_none() && !b.answer_given(&offer.id, p.key))
            .map(|p| (p.key, p.choices[0].clone()))
            .collect();
        for (key, first) in open {
            let target = questions::choice_id(&offer.id, key, 0);
            let bounds = self
                .kept
                .find(self.app.view(), id(target))
                .expect("the question's first choice")
                .bounds();
            let shown = self.screen(name);
            self.tap_at(name, &first, bounds, bounds.center(), false, shown);
        }
    }

    /// The label of the offer `id` the rules make for what is picked now.
    fn offer_label(&self, id: &str) -> String {
        let Screen::Battle(b) = &self.app.screen else {
            panic!("the battle screen is up")
        };
        let sel = b.selection();
        let game = b.game();
        let offer = game
            .rules()
            .offers(&game.context(), &sel.actors, &sel.targets)
            .into_iter()
            .find(|o| o.id == id)
            .unwrap_or_else(|| panic!("the rules offer {id}"));
        assert_eq!(offer.refused, None, "{} is allowed", offer.label);
        offer.label
    }

    /// Taps the keypad's key for `face`.
    fn face(&mut self, face: u8) {
        let size = self.size;
        let name = format!("keypad {face}");
        let shown = self.screen(&name);
        let key = self
            .kept
            .find(self.app.view(), id(keypad::face_id(face)))
            .expect("the keypad");
        let bounds = key
            .visible_bounds()
            .filter(|v| whole(size, *v) && (v.height - key.bounds().height).abs() < 1.0)
            .unwrap_or_else(|| panic!("the key {face} is in view at {size:?}"));
        self.tap_at(
            &name,
            &face.to_string(),
            bounds,
            bounds.center(),
            true,
            shown,
        );
    }

    /// Taps the Enter beside the faces field.
    fn enter(&mut self) {
        let field = self
            .kept
            .find(self.app.view(), id(procedure_panel::FACES))
            .expect("the faces field")
            .bounds();
        self.tap_where("Enter the faces", "Enter", |b| {
            (b.center_y() - field.center_y()).abs() < field.height
        });
    }

    fn tap_at(
        &mut self,
        name: &str,
        text: &str,
        bounds: Rectangle,
        point: iced::Point,
        keypad: bool,
        shows: Vec<(String, Rectangle)>,
    ) {
        let picture = self.picture();
        // A finger's tap, as the page has it: down and up in one place.
        let messages = self
            .kept
            .events(self.app.view(), &finger(&[point]), None)
            .messages;
        assert!(
            !messages.is_empty(),
            "{name}: tapping {text:?} at {point:?} does something"
        );
        for m in messages {
            let _ = self.app.update(m);
        }
        let shows = if self.over {
            shows
                .into_iter()
                .filter(|(t, r)| t == text && *r == bounds)
                .collect()
        } else {
            shows
        };
        self.parts
            .last_mut()
            .expect("a part of the play")
            .taps
            .push(Tap {
                name: name.to_string(),
                text: text.to_string(),
                bounds,
                point: (point.x, point.y),
                drag: None,
                keypad,
                picture,
                shows,
            });
    }

    /// The taps of the part under way so far (swipes are no taps).
    fn taps(&self) -> usize {
        self.parts
            .last()
            .map_or(0, |p| p.taps.iter().filter(|t| t.drag.is_none()).count())
    }

    /// The middle of the pieces list on the screen, where swipes begin and end.
    fn list_middle(&self) -> f32 {
        self.size.1 * 0.62
    }

    /// Swipes the pieces list until `text` shows whole well inside it, each swipe begun on a
    /// piece's name (the way `text` lies, by at most 200 px, resting before the lift so the
    /// list does not fling on); where it shows.
    fn reveal(&mut self, text: &str) -> Rectangle {
        let size = self.size;
        let middle = self.list_middle();
        let inside = |r: Rectangle| r.y > size.1 * 0.3 && r.y + r.height < size.1 - 110.0;
        let names: Vec<String> = {
            let roster = &self.game().roster;
            roster.ids().map(|p| roster.name(p).to_string()).collect()
        };
        for _ in 0..20 {
            let shown = self.screen(&format!("find {text}"));
            if let Some((_, r)) = shown
                .iter()
                .find(|(t, r)| t == text && whole(size, *r) && inside(*r))
            {
                return *r;
            }
            // Where it lies, scrolled away: its place in the list less how far the list is
            // scrolled.
            let (mut at, mut scrolled) = (None, 0.0);
            let list = iced::Point::new(size.0 / 2.0, middle);
            let _ = self.kept.find(self.app.view(), |c: Candidate<'_>| {
                match c {
                    Candidate::Text {
                        content, bounds, ..
                    } if content == text && at.is_none() => at = Some(bounds.center_y()),
                    Candidate::Scrollable {
                        bounds,
                        translation,
                        ..
                    } if bounds.contains(list) => scrolled = translation.y,
                    _ => {}
                }
                None::<()>
            });
            let at = at.unwrap_or_else(|| panic!("{text:?} is in the pieces list")) - scrolled;
            let dy = (middle - at).clamp(-200.0, 200.0);
            // Begun on the name of a piece, where the whole swipe stays on the screen.
            let (from, bounds) = shown
                .iter()
                .filter(|(t, r)| {
                    // A name drawn whole, not a sliver at the list's top edge.
                    names.contains(t)
                        && inside(*r)
                        && r.height >= 20.0
                        && r.center_y() + dy > size.1 * 0.2
                        && r.center_y() + dy < size.1 - 40.0
                })
                .min_by(|a, b| {
                    let want = middle - dy / 2.0;
                    (a.1.center_y() - want)
                        .abs()
                        .total_cmp(&(b.1.center_y() - want).abs())
                })
                .map(|(t, r)| (t.clone(), *r))
                .unwrap_or_else(|| panic!("a piece to begin a swipe on:\n{}", listing(&shown)));
            self.swipe(&format!("swipe to {text}"), &from, bounds, dy);
        }
        panic!("{text:?} comes into view by swiping");
    }

    /// A swipe of `dy` begun on the text `text` (at `bounds`), resting before it lifts: it
    /// scrolls what is under it and presses nothing.
    fn swipe(&mut self, name: &str, text: &str, bounds: Rectangle, dy: f32) {
        let shows = self.screen(name);
        let picture = self.picture();
        let from = bounds.center();
        let events = drag(from, iced::Vector::new(0.0, dy));
        let (lift, moves) = events.split_last().expect("a drag");
        let moved = self.kept.events(self.app.view(), moves, None).messages;
        std::thread::sleep(std::time::Duration::from_millis(150));
        let lifted = self
            .kept
            .events(self.app.view(), std::slice::from_ref(lift), None)
            .messages;
        assert!(
            moved.is_empty() && lifted.is_empty(),
            "{name}: a swipe begun on {text:?} presses nothing"
        );
        self.parts
            .last_mut()
            .expect("a part of the play")
            .taps
            .push(Tap {
                name: name.to_string(),
                text: text.to_string(),
                bounds,
                point: (from.x, from.y),
                drag: Some((0.0, dy)),
                keypad: false,
                picture,
                shows,
            });
    }

    /// Taps the piece `piece` in the "Aim at" strip the pick brings up, in view without a
    /// swipe.
    fn target(&mut self, name: &str, piece: &str) {
        let piece_id = {
            let roster = &self.game().roster;
            roster
                .ids()
                .find(|&p| roster.name(p) == piece)
                .unwrap_or_else(|| panic!("{piece} is on the roster"))
        };
        let chip = self
            .kept
            .find(self.app.view(), id(crate::ui::battle::aim::id(piece_id)))
            .unwrap_or_else(|| panic!("{name}: {piece} is in the strip"))
            .bounds();
        self.tap_where(name, piece, |b| chip.contains(b.center()));
    }

    /// Answers the procedure under way on the keypad, each die a `face` (the faces are typed,
    /// so the page comes to the same result), and each choice with its first option.
    fn answer(&mut self, face: u8) {
        let size = self.size;
        let mut answered = 0;
        while let Some(step) = self.game().step() {
            match step {
                adjutant::procedure::Step::Dice(req) => {
                    for _ in 0..req.dice.count {
                        self.face(face);
                    }
                    self.enter();
                }
                adjutant::procedure::Step::Choice(req) => {
                    let first = req.options[0].clone();
                    let option = self
                        .screen("a choice")
                        .into_iter()
                        .find(|(t, r)| t.starts_with(&first) && whole(size, *r))
                        .map(|(t, _)| t)
                        .unwrap_or_else(|| panic!("{first} is in view"));
                    self.tap("take the first choice", &option);
                }
                adjutant::procedure::Step::Card(_) => self.tap("draw", "Draw"),
                adjutant::procedure::Step::Done(_) => break,
            }
            answered += 1;
            assert!(answered < 20, "the procedure ends");
        }
    }

    /// Taps the home screen's Resume button (the last battle).
    fn resume(&mut self) {
        let size = self.size;
        let shown = self.screen("home");
        let resume = shown
            .iter()
            .find(|(t, r)| t.starts_with("Resume: ") && whole(size, *r))
            .map(|(t, _)| t.clone())
            .unwrap_or_else(|| panic!("home: Resume is in view:\n{}", listing(&shown)));
        self.tap("resume the battle", &resume);
    }

    fn shows_part(&mut self, part: &str) -> bool {
        let size = self.size;
        self.screen("the result")
            .iter()
            .any(|(t, r)| t.contains(part) && whole(size, *r))
    }
}

/// The app on the files in `dir`, asking for files as a browser does: with no path field
/// (the print panel's button downloads there, where the desktop's opens a file dialog).
fn app_on(dir: &tempfile::TempDir) -> App {
    // The home screen says what headless Chromium grants the page in the browser check.
    crate::ui::platform::pretend_granted(Some(crate::ui::platform::HEADLESS_CHROMIUM));
    let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
    app.files = crate::ui::files::Files::new(crate::ui::files::Dialogs::System, false);
    app
}

/// Drawn whole inside a screen of `size`.
fn whole(size: (f32, f32), r: Rectangle) -> bool {
    r.x >= -0.5 && r.y >= -0.5 && r.x + r.width <= size.0 + 0.5 && r.y + r.height <= size.1 + 0.5
}

fn listing(shown: &[(String, Rectangle)]) -> String {
    shown
        .iter()
        .map(|(t, r)| {
            format!(
                "  {t:?} at ({:.0}, {:.0}) {:.0}×{:.0}",
                r.x, r.y, r.width, r.height
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_fire_is_played_by_taps_on_a_phone_and_a_roster_sheet_asked_for() {
    let mut phone = Phone::new();
    let size = phone.size;
    phone.part("start");
    phone.tap("home", "Start the battle");
    assert!(
        phone.game().log().len() == 1,
        "the battle is set up and nothing else"
    );

    phone.part("fire");
    // The clock to the Royalist Command Phase of turn 1, where Cromwell sets his chit, then
    // on to Parliament's Fire Combat.
    for i in 0..6 {
        phone.start(&format!("next phase {}", i + 1), rr::NEXT_PHASE);
    }
    // On a phone the pieces are narrowed to a side by a tap (nothing is typed): Parliament's
    // for Cromwell and then his horse, Manchester's command (listed first) folded away by a
    // tap to bring them into view; the Royalists' for the target, Widdrington's horse first.
    let side =
        |phone: &Phone, name: &str| phone.game().armies().iter().position(|a| a.side == name);
    let (royalist, parliament) = (side(&phone, "Royalist"), side(&phone, "Parliament"));
    assert!(
        royalist.is_some() && parliament.is_some(),
        "Winceby's two sides"
    );
    phone.tab("Pieces");
    phone.side(parliament);
    phone.tap("fold Manchester's command", "▾");
    phone.tap("pick Cromwell", "Colonel Oliver Cromwell");
    phone.tab("Procedures");
    phone.start("set Cromwell's chit", rr::SET_CHIT);
    phone.tab("Pieces");
    phone.tap("clear the pick", "Clear");
    phone.side(None);
    phone.tab("Procedures");
    phone.start("next phase 7", rr::NEXT_PHASE);
    let clock = "Turn 1 · Fire Combat · Parliament";
    assert!(phone.shows_part(clock), "{clock}");
    // The fire, from nothing picked, counted: the Pieces tab, the firer (swiped into view:
    // swipes are no taps) and the piece fired at in the "Aim at" strip, which brings the
    // procedures up, the range (the player's: the rules give it no answer of their own),
    // and Start.
    let before = phone.taps();
    phone.tab("Pieces");
    let _ = phone.reveal(FIRER);
    phone.tap("pick the firer", FIRER);
    phone.target("aim at the target", FIRED_AT);
    phone.start("start the fire", rr::FIRE);
    let fire_taps = phone.taps() - before;
    assert_eq!(
        fire_taps, 5,
        "five taps from nothing picked to the fire's first roll, the range among them"
    );
    assert!(phone.game().pending().is_some(), "the fire is under way");
    // The fire's D6: a 6; the morale check's 2D6: 6 and 5, which fail it.
    phone.face(6);
    phone.enter();
    phone.face(6);
    phone.face(5);
    phone.enter();
    let choice = format!("{FIRED_AT} routs and retreats 1–3 hexes");
    let option = phone
        .screen("the morale check's choice")
        .into_iter()
        .find(|(t, r)| t.starts_with(&choice) && whole(size, *r))
        .map(|(t, _)| t)
        .unwrap_or_else(|| panic!("{choice} is in view"));
    phone.tap("take the choice", &option);
    assert!(phone.game().pending().is_none(), "the fire is over");
    let result = format!("{FIRED_AT} fails its morale check (rolled 11 > 7)");
    assert!(phone.shows_part(&result), "{result} is in view");
    let fire_title = phone
        .game()
        .log()
        .iter()
        .rev()
        .find(|e| matches!(&e.action, adjutant::battle::Action::Procedure(c) if c.id == rr::FIRE))
        .map(|e| e.title.clone())
        .expect("the fire is in the log");

    // The page reloaded: its home screen resumes the battle as it was.
    phone.part("resume");
    phone.reopen();
    phone.resume();
    assert!(phone.shows_part(&result), "{result} is in view again");

    // Reloaded again with the server gone: resumed, and played on.
    phone.part("offline");
    phone.reopen();
    phone.resume();
    let entries = phone.game().log().len();
    phone.start("next phase 8", rr::NEXT_PHASE);
    assert_eq!(phone.game().log().len(), entries + 1, "the clock moved on");
    let melee_clock = "Turn 1 · Melee · Parliament";
    assert!(phone.shows_part(melee_clock), "{melee_clock}");

    // A swipe begun on a piece's row scrolls the list and picks nothing.
    phone.part("swipe");
    phone.tab("Pieces");
    let first = phone.reveal(SWIPED);
    let by = -phone.size.1 * 0.15;
    phone.swipe("a swipe begun on a piece", SWIPED, first, by);
    let after = phone
        .screen("the list swiped")
        .into_iter()
        .find(|(t, _)| t == SWIPED)
        .map(|(_, r)| r)
        .expect("the piece is still on show");
    assert!(
        (first.y + by - after.y).abs() < 1.0,
        "the list moved with the finger: {first:?} → {after:?}"
    );
    assert!(phone.picked().is_empty(), "the swipe picked nothing");

    // The melee of two units against one, set up by touch alone: Several, both attackers,
    // the defender in the strip (which brings the procedures up), Start; the faces tapped.
    phone.part("melee");
    let before = phone.taps();
    phone.tap("several", roster_panel::SEVERAL);
    for attacker in ATTACKERS {
        let _ = phone.reveal(attacker);
        phone.tap(&format!("pick {attacker}"), attacker);
    }
    phone.target("aim at the defender", DEFENDER);
    phone.start("start the melee", rr::MELEE);
    let melee_taps = phone.taps() - before;
    assert_eq!(
        melee_taps, 5,
        "five taps from the Pieces tab to the melee's first request"
    );
    assert!(phone.game().pending().is_some(), "the melee is under way");
    phone.answer(4);
    let melee = phone
        .game()
        .log()
        .last()
        .filter(|e| matches!(&e.action, adjutant::battle::Action::Procedure(c) if c.id == rr::MELEE && c.actors.len() == 2))
        .map(|e| e.title.clone())
        .expect("the melee of two against one is in the log");

    phone.part("print");
    phone.tap("open the menu", screen::MENU);
    phone.tap("open the print panel", "Print…");
    phone.over = true;
    let army = phone.game().armies()[1].name.clone();
    phone.tap("the roster sheet", &format!("Roster sheet: {army}"));
    // The button right of Cancel prints (its words differ in a browser, where it downloads):
    // tapped inside its right end, wherever its label ends.
    let shown = phone.screen("the print panel");
    let cancel = shown
        .iter()
        .find(|(t, r)| t == "Cancel" && whole(size, *r))
        .map(|(_, r)| *r)
        .unwrap_or_else(|| panic!("Cancel is in view:\n{}", listing(&shown)));
    let confirm = shown
        .iter()
        .filter(|(_, r)| (r.center_y() - cancel.center_y()).abs() < 2.0 && r.x > cancel.x)
        .map(|(t, r)| (t.clone(), *r))
        .min_by(|a, b| a.1.x.total_cmp(&b.1.x))
        .unwrap_or_else(|| panic!("a button beside Cancel:\n{}", listing(&shown)));
    let point = iced::Point::new(confirm.1.x + confirm.1.width - 4.0, confirm.1.center_y());
    phone.tap_at(
        "print the sheet",
        &confirm.0,
        confirm.1,
        point,
        false,
        shown,
    );

    phone.end_part();

    if let Ok(file) = std::env::var("ADJUTANT_WEB_TARGETS") {
        let json = phone.json(&[
            ("clock", clock.to_string()),
            ("fire_title", fire_title),
            ("fire_taps", fire_taps.to_string()),
            ("result", result),
            ("melee_title", melee),
            ("melee_taps", melee_taps.to_string()),
            ("army", army),
        ]);
        std::fs::write(&file, json).unwrap_or_else(|e| panic!("writing {file}: {e}"));
    }
}
