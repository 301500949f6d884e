//! Taps per action on a phone (390×844), by touch alone as a player at the table makes them,
//! counted from nothing picked to the result — Winceby (Royalists & Roundheads), each tap on
//! what shows whole, a swipe of the pieces wherever one is not in view (a swipe is no tap):
//!
//! - a fire: the Pieces tab, the firer, the piece fired at in the "Aim at" strip that the
//!   pick brings up in place of the find box (which brings the procedures up), Start — four
//!   taps — then one per roll or choice; Roll comes where Start was and stays there for
//!   every roll after, and what each of Adjutant's rolls came to is in view at once, the
//!   result at the end;
//! - a melee, counted the same way;
//! - the melee of two units against one, set up by touch alone: "Several", both attackers,
//!   the defender in the strip.
//!
//! The side whose phase it is heads the list, so the actor is at most a swipe away; the
//! target is none (the strip shows the other side whole), and a piece tapped stays where it
//! was, so a double tap lands on it again.

use iced::{Point, Rectangle, Vector};
use iced_test::selector::Candidate;

use adjutant::procedure::Step;
use adjutant::rules::royalists_roundheads::keys::proc as rr;

use super::column::{FIRED_AT, FIRER, winceby_fire_combat};
use super::kept::{Kept, drag, finger, write_png};
use super::systems::Play;
use crate::ui::battle::{Message, aim, questions, roster_panel};
use crate::ui::swipe::swipe;

const PHONE: (f32, f32) = (390.0, 844.0);

/// The middle of the pieces list on the phone's screen, and the most a swipe moves it.
const LIST_MIDDLE: f32 = 520.0;
const SWIPE: f32 = 300.0;

/// A player's finger on the phone: the battle, the screen kept between touches, and the taps
/// and swipes made.
struct Finger {
    play: Play,
    kept: Kept,
    taps: usize,
    swipes: usize,
    /// Where the last Start or Roll was tapped.
    last_action: Option<Point>,
    /// The questions the rules give no answer to, each one tap before Start.
    asked: usize,
}

impl Finger {
    fn new(mut play: Play) -> Finger {
        play.size = PHONE;
        Finger {
            play,
            kept: Kept::new(PHONE),
            taps: 0,
            swipes: 0,
            last_action: None,
            asked: 0,
        }
    }

    fn shown(&mut self) -> Vec<(String, Rectangle)> {
        self.kept.texts(swipe(self.play.screen.view()))
    }

    /// Where `text` shows whole on the screen, the first passing `place`.
    fn whole(&mut self, text: &str, place: impl Fn(Rectangle) -> bool) -> Option<Rectangle> {
        self.shown()
            .into_iter()
            .find(|(t, r)| {
                t == text && r.y >= 0.0 && r.y + r.height <= PHONE.1 && r.x >= 0.0 && place(*r)
            })
            .map(|(_, r)| r)
    }

    /// A touch at `path`; the messages it made are carried out.
    fn touch(&mut self, events: &[iced::Event]) -> usize {
        let messages = self
            .kept
            .events(swipe(self.play.screen.view()), events, None)
            .messages;
        let made = messages.len();
        for m in messages {
            let _ = self.play.screen.update(m);
        }
        made
    }

    /// Taps the middle of `at`.
    fn tap_at(&mut self, what: &str, at: Point) {
        let made = self.touch(&finger(&[at]));
        assert!(made > 0, "tapping {what} at {at:?} does something");
        self.taps += 1;
    }

    /// Taps `text` (the first whole passing `place`, well above the clock bar at the foot),
    /// swiping the pieces until it shows.
    fn tap_where(&mut self, text: &str, place: impl Fn(Rectangle) -> bool) -> Rectangle {
        let r = self.reveal(text, |r| place(r) && r.y + r.height < PHONE.1 - 90.0);
        self.tap_at(text, r.center());
        r
    }

    fn tap(&mut self, text: &str) -> Rectangle {
        self.tap_where(text, |_| true)
    }

    /// Where `text` shows whole, passing `place`: swiped into view (the way it lies, by as
    /// much as a swipe moves the list at a time).
    fn reveal(&mut self, text: &str, place: impl Fn(Rectangle) -> bool) -> Rectangle {
        for _ in 0..20 {
            if let Some(r) = self.whole(text, &place) {
                return r;
            }
            // Where it lies, scrolled away (its place in the list less how far the list is
            // scrolled): above the list's middle, or below it.
            let (mut at, mut scrolled) = (None, 0.0);
            let list = Point::new(150.0, LIST_MIDDLE);
            let _ = self
                .kept
                .find(swipe(self.play.screen.view()), |c: Candidate<'_>| {
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
            let at =
                at.unwrap_or_else(|| panic!("{text:?} is on the screen, scrolled away")) - scrolled;
            self.swipe((LIST_MIDDLE - at).clamp(-SWIPE, SWIPE));
        }
        panic!("{text:?} comes into view:\n{:#?}", self.shown());
    }

    /// A swipe of the list by `dy`, from its middle, resting before it lifts (no fling).
    fn swipe(&mut self, dy: f32) {
        let from = Point::new(150.0, LIST_MIDDLE - dy / 2.0);
        let events = drag(from, Vector::new(0.0, dy));
        let (lift, moves) = events.split_last().expect("a drag");
        assert_eq!(self.touch(moves), 0, "a swipe presses nothing");
        std::thread::sleep(std::time::Duration::from_millis(120));
        assert_eq!(self.touch(std::slice::from_ref(lift)), 0);
        self.swipes += 1;
    }

    /// Taps `piece`'s button in the strip of what the pick may aim at, which shows whole
    /// with no swipe of the list (with `ADJUTANT_COUNTS_PNG` set to a folder, the screen
    /// then is drawn there, `aim-PIECE.png`).
    fn target(&mut self, piece: &str) {
        let id = self.play.piece(piece);
        self.picture(&format!("aim-{piece}"));
        let chip = self
            .kept
            .find(
                swipe(self.play.screen.view()),
                iced_test::selector::id(aim::id(id)),
            )
            .and_then(|t| t.visible_bounds())
            .unwrap_or_else(|| panic!("{piece} is in the strip:\n{:#?}", self.shown()));
        let name = self
            .whole(piece, |r| chip.contains(r.center()))
            .unwrap_or_else(|| panic!("{piece} shows whole in its button at {chip:?}"));
        assert!(
            chip.height >= crate::ui::finger::TAP - 0.5
                && chip.width >= crate::ui::finger::TAP - 0.5,
            "{piece}'s button {chip:?} is a finger's size"
        );
        self.tap_at(piece, name.center());
    }

    /// Taps Start on the line of the offer `id` for what is picked, and notes where.
    fn start(&mut self, id: &str) {
        let sel = self.play.screen.selection().clone();
        let game = self.play.game();
        let offer = game
            .rules()
            .offers(&game.context(), &sel.actors, &sel.targets)
            .into_iter()
            .find(|o| o.id == id)
            .unwrap_or_else(|| panic!("the rules offer {id}"));
        assert_eq!(offer.refused, None, "{} is allowed", offer.label);
        // A question the rules give no answer to: one tap on its first choice.
        for p in offer.params.iter().filter(|p| p.default().is_none()) {
            if self.play.screen.answer_given(&offer.id, p.key) {
                continue;
            }
            let tap = questions::choice_id(&offer.id, p.key, 0);
            let at = self
                .kept
                .find(swipe(self.play.screen.view()), iced_test::selector::id(tap))
                .and_then(|t| t.visible_bounds())
                .filter(|b| b.y >= 0.0 && b.y + b.height <= PHONE.1)
                .unwrap_or_else(|| panic!("{}: {} is in view", offer.label, p.label));
            self.tap_at(&p.label, at.center());
            self.asked += 1;
        }
        let line = self
            .whole(&offer.label, |_| true)
            .unwrap_or_else(|| panic!("{} is in view", offer.label));
        let start = self.tap_where("Start", |b| {
            b.y >= line.y - 30.0 && b.y <= line.y + line.height + 2.0
        });
        self.last_action = Some(start.center());
    }

    /// Answers the procedure under way, one tap each: Roll (where the last Start or Roll was,
    /// what it rolled in view at once), Draw, or the first option; how many.
    fn play_out(&mut self) -> usize {
        let mut answered = 0;
        while let Some(step) = self.play.game().step() {
            let inputs = self.play.game().pending().map(|p| p.inputs.len());
            match step {
                Step::Dice(_) => {
                    let roll = self.whole("Roll", |_| true).expect("Roll is in view");
                    if let Some(was) = self.last_action {
                        assert!(
                            roll.contains(was)
                                || (roll.center() - was).x.hypot((roll.center() - was).y) < 12.0,
                            "Roll at {roll:?} is where the finger was, {was:?}"
                        );
                    }
                    let entries = self.play.game().log().len();
                    self.tap_at("Roll", roll.center());
                    self.last_action = Some(roll.center());
                    self.rolled_in_view(entries);
                }
                Step::Card(_) => {
                    let _ = self.tap("Draw");
                }
                Step::Choice(req) => {
                    let first = &req.options[0];
                    let label = self
                        .shown()
                        .into_iter()
                        .find(|(t, _)| t.starts_with(first.as_str()))
                        .map(|(t, _)| t)
                        .expect("the choice is in view");
                    let _ = self.tap(&label);
                }
                Step::Done(_) => break,
            }
            answered += 1;
            assert_ne!(
                self.play.game().pending().map(|p| p.inputs.len()),
                inputs,
                "each tap answers a request"
            );
            assert!(answered < 20, "the procedure ends");
        }
        answered
    }

    /// Fails unless the faces of the roll just made (under way, or the last entry's when the
    /// roll finished the procedure) show whole on the screen.
    fn rolled_in_view(&mut self, entries: usize) {
        let game = self.play.game();
        let events = match game.pending() {
            Some(p) => p.events.clone(),
            None => {
                assert_eq!(
                    game.log().len(),
                    entries + 1,
                    "the roll ended the procedure"
                );
                game.log().last().expect("an entry").events.clone()
            }
        };
        let rolled = events
            .iter()
            .rev()
            .find_map(|e| match e {
                adjutant::event::Event::Rolled { rolled, .. } => Some(rolled.to_string()),
                _ => None,
            })
            .expect("the roll is recorded");
        let shown = self.shown();
        assert!(
            shown
                .iter()
                .any(|(t, r)| t.contains(&rolled) && r.y >= 0.0 && r.y + r.height <= PHONE.1),
            "the faces rolled ({rolled}) are in view:\n{shown:#?}"
        );
    }
}

/// Plays one action from nothing picked and counts it: the taps to the first request (less
/// one per question the rules give no answer to, tapped before Start), and the requests
/// answered after.
fn count(play: Play, actors: &[&str], target: &str, offer: &str) -> (usize, usize, usize) {
    let mut f = Finger::new(play);
    assert!(
        f.play.screen.selection().actors.is_empty(),
        "nothing is picked"
    );
    let _ = f.tap("Pieces");
    f.picture("pieces");
    if actors.len() > 1 {
        let _ = f.tap(roster_panel::SEVERAL);
    }
    for actor in actors {
        let was = f.tap(actor);
        // Nothing moved under the finger: a second tap there lands on the same piece.
        assert_eq!(
            f.whole(actor, |r| r.contains(was.center())),
            Some(was),
            "{actor} stays where it was tapped"
        );
    }
    // The target is a tap away once the actors are picked: no swipe.
    let to_actors = f.swipes;
    f.target(target);
    assert_eq!(f.swipes, to_actors, "no swipe between the pick and the aim");
    let ids: Vec<_> = actors.iter().map(|a| f.play.piece(a)).collect();
    assert_eq!(f.play.screen.selection().actors, ids, "the actors picked");
    assert_eq!(
        f.play.screen.selection().targets,
        vec![f.play.piece(target)],
        "the target aimed at"
    );
    f.start(offer);
    assert!(f.play.game().pending().is_some(), "{offer} is under way");
    let before = f.taps;
    let answered = f.play_out();
    assert_eq!(f.taps - before, answered, "one tap per request");
    assert!(
        f.whole_prefix("Last: "),
        "the result heads the procedures:\n{:#?}",
        f.shown()
    );
    if f.asked > 0 {
        println!(
            "{offer}: {} taps on questions the rules give no answer to",
            f.asked
        );
    }
    // The taps to Start less those on the questions the rules leave open (one each); the
    // swipes were all to the actors.
    (before - f.asked, answered, f.swipes)
}

impl Finger {
    /// With `ADJUTANT_COUNTS_PNG` set to a folder, draws the screen there as `NAME.png`.
    fn picture(&mut self, name: &str) {
        if let Ok(dir) = std::env::var("ADJUTANT_COUNTS_PNG") {
            let shot = self
                .kept
                .picture(swipe(self.play.screen.view()), &iced::Theme::Light);
            write_png(
                &std::path::Path::new(&dir).join(format!("{name}.png")),
                &shot,
            );
        }
    }

    fn whole_prefix(&mut self, prefix: &str) -> bool {
        self.shown()
            .iter()
            .any(|(t, r)| t.starts_with(prefix) && r.y >= 0.0 && r.y + r.height <= PHONE.1)
    }
}

/// Winceby at Parliament's first Melee, nothing picked.
fn winceby_melee() -> Play {
    let mut play = winceby_fire_combat();
    let _ = play.screen.update(Message::NextPhase);
    assert!(play.shows("Turn 1 · Melee · Parliament"));
    play
}

#[test]
fn on_a_phone_a_fire_takes_four_taps_to_its_first_roll_and_one_per_roll_after() {
    let (to_start, answered, swipes) = count(winceby_fire_combat(), &[FIRER], FIRED_AT, rr::FIRE);
    println!("fire: {to_start} taps to Start, {answered} after, {swipes} swipes");
    assert!(to_start <= 4, "{to_start} taps to Start");
    assert!(swipes <= 1, "{swipes} swipes, all to the firer");
    assert!(answered >= 1);
}

#[test]
fn on_a_phone_a_melee_takes_four_taps_to_its_first_request_and_one_per_request_after() {
    let (to_start, answered, swipes) = count(
        winceby_melee(),
        &["Cromwell's Horse (2)"],
        "Widdrington's Horse (2)",
        rr::MELEE,
    );
    println!("melee: {to_start} taps to Start, {answered} after, {swipes} swipes");
    assert!(to_start <= 4, "{to_start} taps to Start");
    assert!(swipes <= 1, "{swipes} swipes, all to the attacker");
    assert!(answered >= 2, "a melee asks for several rolls");
}

#[test]
fn on_a_phone_a_melee_of_two_units_against_one_is_set_up_by_touch_alone() {
    let attackers = ["Cromwell's Horse (1)", "Cromwell's Horse (2)"];
    let (to_start, answered, swipes) = count(
        winceby_melee(),
        &attackers,
        "Widdrington's Horse (2)",
        rr::MELEE,
    );
    println!("two against one: {to_start} taps to Start, {answered} after, {swipes} swipes");
    assert!(to_start <= 6, "{to_start} taps to Start");
    assert!(swipes <= 1, "{swipes} swipes, all to the attackers");
}
