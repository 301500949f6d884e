//! Touch on a phone (390×844), as the window is wrapped for it ([`crate::ui::swipe`]): a drag
//! that starts on a piece's row scrolls the pieces and picks nothing; a finger that does not
//! travel taps; one that travels and comes back taps nothing; a quick swipe flings the list on,
//! slower and slower, to a stop; and the mouse picks and scrolls as it always did.

use iced::{Element, Point, Rectangle, Vector};
use iced_test::selector::Candidate;

use super::kept::{Kept, drag, finger, frame};
use super::systems::Play;
use crate::ui::battle::{Message, Tab};
use crate::ui::swipe::swipe;

const PHONE: (f32, f32) = (390.0, 844.0);

/// Winceby on a phone, its Pieces tab on show.
fn pieces() -> Play {
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 7);
    play.size = PHONE;
    let _ = play.screen.update(Message::NarrowTabSelected(Tab::Pieces));
    play
}

/// The screen as the window wraps it for touch.
fn view(play: &Play) -> Element<'_, Message> {
    swipe(play.screen.view())
}

/// Where `text` shows whole on the kept screen.
fn place(kept: &mut Kept, play: &Play, text: &str) -> Option<Rectangle> {
    kept.texts(view(play))
        .into_iter()
        .find(|(t, r)| t == text && r.y >= 0.0 && r.y + r.height <= PHONE.1)
        .map(|(_, r)| r)
}

/// Touches the kept screen and carries out what the touch asked for; returns how many
/// messages it made.
fn touch(kept: &mut Kept, play: &mut Play, events: &[iced::Event]) -> usize {
    let messages = kept.events(view(play), events, None).messages;
    let made = messages.len();
    for m in messages {
        let _ = play.screen.update(m);
    }
    made
}

/// A unit of the pieces list in view on the phone, well below the list's top.
const UNIT: &str = "Henderson's Horse (1)";

#[test]
fn a_drag_that_starts_on_a_pieces_row_scrolls_the_list_and_picks_nothing() {
    let mut play = pieces();
    let mut kept = Kept::new(PHONE);
    let before = place(&mut kept, &play, UNIT).expect("the unit is in view");
    let made = touch(
        &mut kept,
        &mut play,
        &drag(before.center(), Vector::new(0.0, -200.0)),
    );
    assert_eq!(made, 0, "the drag pressed nothing");
    let sel = play.screen.selection();
    assert!(
        sel.actors.is_empty() && sel.targets.is_empty(),
        "nothing is picked"
    );
    let after = kept
        .texts(view(&play))
        .into_iter()
        .find(|(t, _)| t == UNIT)
        .map(|(_, r)| r)
        .expect("the unit is still drawn");
    assert!(
        (before.y - after.y - 200.0).abs() < 1.0,
        "the list moved up with the finger: from {before:?} to {after:?}"
    );
    // Dragged back down, the list is where it began.
    let _ = touch(
        &mut kept,
        &mut play,
        &drag(after.center(), Vector::new(0.0, 250.0)),
    );
    let back = place(&mut kept, &play, UNIT).expect("the unit is in view again");
    assert!(
        (back.y - before.y).abs() < 1.0,
        "{back:?} against {before:?}"
    );
}

#[test]
fn a_finger_that_does_not_travel_taps_and_one_that_travels_and_comes_back_taps_nothing() {
    let mut play = pieces();
    let mut kept = Kept::new(PHONE);
    let at = place(&mut kept, &play, UNIT)
        .expect("the unit is in view")
        .center();
    let unit = play.piece(UNIT);

    // Away past the slop and back to where it came down: a drag, not a tap.
    let there_and_back = [at, at + Vector::new(0.0, 30.0), at];
    assert_eq!(touch(&mut kept, &mut play, &finger(&there_and_back)), 0);
    assert!(play.screen.selection().actors.is_empty(), "nothing picked");

    // A finger that shakes by a few pixels still taps.
    let shaky = [at, at + Vector::new(3.0, 2.0), at + Vector::new(-2.0, 4.0)];
    assert_eq!(touch(&mut kept, &mut play, &finger(&shaky)), 1);
    assert_eq!(
        play.screen.selection().actors,
        vec![unit],
        "the tap picked it"
    );

    // Down and up in one place: a tap (it picks the piece only, as a click does).
    let other = place(&mut kept, &play, FIRST_UNIT)
        .expect("another unit in view")
        .center();
    assert_eq!(touch(&mut kept, &mut play, &finger(&[other])), 1);
    assert_eq!(play.screen.selection().actors, vec![play.piece(FIRST_UNIT)]);
}

const FIRST_UNIT: &str = "Widdrington's Horse (1)";

#[test]
fn a_quick_swipe_flings_the_list_on_slower_and_slower_to_a_stop() {
    let play = pieces();
    let mut kept = Kept::new(PHONE);
    let start = place(&mut kept, &play, UNIT).expect("the unit is in view");
    let swiped = kept.events(
        view(&play),
        &drag(start.center(), Vector::new(0.0, -120.0)),
        None,
    );
    assert!(swiped.messages.is_empty(), "the swipe pressed nothing");
    assert!(swiped.redraw, "the lift leaves the list moving");
    // How far the pieces list is scrolled (its content moves up as this grows).
    let y = |kept: &mut Kept, play: &Play| -> f32 {
        let list = start.center();
        let mut found = Vec::new();
        let _ = kept.find(view(play), |c: Candidate<'_>| {
            if let Candidate::Scrollable {
                bounds,
                translation,
                ..
            } = c
                && bounds.contains(list)
            {
                found.push(translation.y);
            }
            None::<()>
        });
        found.pop().expect("the pieces list scrolls")
    };
    let lifted = y(&mut kept, &play);
    assert!((lifted - 120.0).abs() < 1.0, "under the finger: {lifted}");
    // Frames every 16 ms: the list goes on up, each step shorter than the one before.
    let t0 = iced::time::Instant::now();
    let mut last = lifted;
    let mut steps = Vec::new();
    let mut moving = true;
    for i in 1..=300 {
        let at = t0 + std::time::Duration::from_millis(16 * i);
        moving = kept.events(view(&play), &[frame(at)], None).redraw;
        let now = y(&mut kept, &play);
        steps.push(now - last);
        last = now;
        if !moving {
            break;
        }
    }
    assert!(!moving, "the fling stops within 5 s");
    let total: f32 = steps.iter().sum();
    assert!(total > 120.0, "the fling carried the list on by {total} px");
    let moved: Vec<f32> = steps.iter().copied().filter(|s| *s > 0.01).collect();
    // The list lands on whole pixels, so a step may be a pixel longer than the one before.
    assert!(
        moved.windows(2).all(|w| w[1] <= w[0] + 1.0),
        "each step is no longer than the last (to the pixel): {moved:?}"
    );
    assert!(moved.first() > moved.last(), "the steps shorten: {moved:?}");
    // Stopped, it stays.
    let _ = kept.events(
        view(&play),
        &[frame(t0 + std::time::Duration::from_secs(20))],
        None,
    );
    assert_eq!(y(&mut kept, &play), last, "the list stays where it stopped");
    // A finger on a fling stops it and presses nothing.
    let swiped = kept.events(
        view(&play),
        &drag(Point::new(200.0, 600.0), Vector::new(0.0, -120.0)),
        None,
    );
    assert!(swiped.redraw);
    let held = y(&mut kept, &play);
    let stopper = kept.events(view(&play), &finger(&[Point::new(200.0, 500.0)]), None);
    assert!(
        stopper.messages.is_empty(),
        "the finger that stops a fling taps nothing"
    );
    let _ = kept.events(
        view(&play),
        &[frame(
            iced::time::Instant::now() + std::time::Duration::from_millis(50),
        )],
        None,
    );
    assert_eq!(
        y(&mut kept, &play),
        held,
        "the fling stopped where the finger came down"
    );
}

#[test]
fn the_mouse_clicks_and_its_wheel_scrolls_as_before() {
    let mut play = pieces();
    let mut kept = Kept::new(PHONE);
    let at = place(&mut kept, &play, UNIT).expect("in view");
    let wheel = iced::Event::Mouse(iced::mouse::Event::WheelScrolled {
        delta: iced::mouse::ScrollDelta::Pixels { x: 0.0, y: -100.0 },
    });
    let scrolled = kept.events(view(&play), &[wheel], Some(at.center()));
    assert!(scrolled.messages.is_empty());
    let moved = place(&mut kept, &play, UNIT).expect("still in view");
    assert!((at.y - moved.y - 100.0).abs() < 1.0, "{at:?} → {moved:?}");
    let click = kept.events(
        view(&play),
        &iced_test::simulator::click().collect::<Vec<_>>(),
        Some(moved.center()),
    );
    assert_eq!(click.messages.len(), 1, "a click picks");
    for m in click.messages {
        let _ = play.screen.update(m);
    }
    assert_eq!(play.screen.selection().actors, vec![play.piece(UNIT)]);
}
