//! Touch as a phone user expects it: a finger that travels scrolls, wherever it came down. The
//! window's content is wrapped in [`swipe`], which holds a finger's press back until it knows
//! what the finger does:
//!
//! - lifted without travelling more than [`SLOP`], it is a **tap**: the press and the lift are
//!   handed on together, where the finger came down, so the button, piece row, box or pick
//!   list there acts as it would for a click;
//! - travelled further, it is a **drag**: nothing is pressed, and each move scrolls the panel
//!   where the finger came down (the innermost one that can still scroll, as a mouse wheel
//!   there would), so a swipe that starts on a piece row scrolls the pieces;
//! - lifted while moving, the panel goes on scrolling and slows down (a **fling**, one
//!   redraw at a time, [`Fling`]), until it stops or the panel's end; a finger that comes
//!   down on a fling stops it and presses nothing.
//!
//! Once a finger has lifted, nothing shows hovered where it was (a phone has no pointer left
//! on the screen) until a mouse moves.
//!
//! The mouse, the keyboard and every other event pass through untouched: the desktop's
//! clicks and wheel are as they were. A second finger while one is down is ignored.

use iced::time::Instant;
use iced::{Element, Event, Point, Rectangle, Renderer, Size, Theme, Vector};
use iced_graphics::core::layout::{self, Layout};
use iced_graphics::core::widget::operation::Scrollable;
use iced_graphics::core::widget::{Id, Operation, Tree, tree};
use iced_graphics::core::{Clipboard, Shell, Widget, mouse, overlay, renderer, touch, window};

/// How far (logical pixels) a finger may travel and still tap.
pub const SLOP: f32 = 8.0;

/// `content`, scrolled by a drag wherever it starts (see the module's notes).
pub fn swipe<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> Element<'a, M> {
    Element::new(Swipe {
        content: content.into(),
    })
}

struct Swipe<'a, M> {
    content: Element<'a, M>,
}

/// What the finger on the screen is doing, and the fling it left.
#[derive(Debug, Default)]
struct State {
    finger: Option<Gesture>,
    /// The fling under way, and the point of the panel it scrolls (where its drag began).
    fling: Option<(Point, Fling)>,
    /// The last finger has lifted and no mouse has moved since: nothing is under a pointer,
    /// so nothing shows hovered where a finger last was (a phone has no hover).
    lifted: bool,
}

impl State {
    /// The pointer the content is told of: none once a finger has lifted.
    fn cursor(&self, cursor: mouse::Cursor) -> mouse::Cursor {
        match self.lifted {
            true => mouse::Cursor::Unavailable,
            false => cursor,
        }
    }
}

/// One finger from its press.
#[derive(Debug)]
struct Gesture {
    id: touch::Finger,
    /// Where it came down: a tap is handed on here, and a drag scrolls the panel here.
    start: Point,
    last: Point,
    dragging: bool,
    /// It came down on a fling: it stops it, and a lift presses nothing.
    stopper: bool,
    /// Its recent moves, for the speed a lift leaves the fling.
    moves: Moves,
}

/// The last moves of a drag: when, and how far.
#[derive(Debug, Default)]
struct Moves {
    recent: Vec<(Instant, Vector)>,
}

/// Moves older than this (seconds) before the lift say nothing of the speed at the lift.
const SPEED_WINDOW: f32 = 0.1;

impl Moves {
    fn push(&mut self, at: Instant, by: Vector) {
        self.recent
            .retain(|(t, _)| at.duration_since(*t).as_secs_f32() <= SPEED_WINDOW);
        self.recent.push((at, by));
    }

    /// The speed (logical pixels a second) of the moves in the last [`SPEED_WINDOW`] to `now`.
    fn speed(&self, now: Instant) -> Vector {
        let recent: Vec<_> = self
            .recent
            .iter()
            .filter(|(t, _)| now.duration_since(*t).as_secs_f32() <= SPEED_WINDOW)
            .collect();
        let Some(first) = recent.first() else {
            return Vector::ZERO;
        };
        let moved = recent.iter().fold(Vector::ZERO, |sum, (_, by)| sum + *by);
        // The time the moves took: from the first of them to now, at least one frame.
        let took = now.duration_since(first.0).as_secs_f32().max(1.0 / 60.0);
        moved * (1.0 / took)
    }
}

/// The panel scrolling on after a finger left it moving: its speed falls off exponentially.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Fling {
    /// Logical pixels a second (the way the finger went).
    velocity: Vector,
    /// When it was last moved on.
    at: Instant,
}

impl Fling {
    /// The time (seconds) in which the speed falls to about a third.
    const DECAY: f32 = 0.35;
    /// The slowest lift that flings; slower, the panel stops where the finger left it.
    const START: f32 = 250.0;
    /// The fastest a fling starts.
    const MAX: f32 = 6000.0;
    /// Below this speed it stops.
    const STOP: f32 = 15.0;

    /// A fling for a lift at `velocity`, or none when the finger was too slow.
    pub(crate) fn new(velocity: Vector, at: Instant) -> Option<Fling> {
        let speed = velocity.x.hypot(velocity.y);
        if !speed.is_finite() || speed < Self::START {
            return None;
        }
        let velocity = velocity * (speed.min(Self::MAX) / speed);
        Some(Fling { velocity, at })
    }

    /// How far it moves from its last step to `now`, and the fling after that (none once it
    /// has slowed to a stop).
    pub(crate) fn advance(self, now: Instant) -> (Vector, Option<Fling>) {
        let dt = now.saturating_duration_since(self.at).as_secs_f32();
        let kept = (-dt / Self::DECAY).exp();
        // The distance is the integral of v·e^(−t/τ) over dt.
        let moved = self.velocity * (Self::DECAY * (1.0 - kept));
        let velocity = self.velocity * kept;
        let next =
            (velocity.x.hypot(velocity.y) >= Self::STOP).then_some(Fling { velocity, at: now });
        (moved, next)
    }
}

/// How far the panels under a point are scrolled, summed: a fling's frame that leaves it as it
/// was has met the panel's end.
struct Scrolled {
    at: Point,
    sum: Vector,
}

impl Operation for Scrolled {
    fn traverse(&mut self, operate: &mut dyn FnMut(&mut dyn Operation)) {
        operate(self);
    }

    fn scrollable(
        &mut self,
        _id: Option<&Id>,
        bounds: Rectangle,
        _content_bounds: Rectangle,
        translation: Vector,
        _state: &mut dyn Scrollable,
    ) {
        if bounds.contains(self.at) {
            self.sum += translation;
        }
    }
}

impl<M> Swipe<'_, M> {
    /// How far the panels under `at` are scrolled ([`Scrolled`]).
    fn scrolled(
        &mut self,
        tree: &mut Tree,
        at: Point,
        layout: Layout<'_>,
        renderer: &Renderer,
    ) -> Vector {
        let mut scrolled = Scrolled {
            at,
            sum: Vector::ZERO,
        };
        self.content.as_widget_mut().operate(
            &mut tree.children[0],
            layout,
            renderer,
            &mut scrolled,
        );
        scrolled.sum
    }

    /// Scrolls the panel under `at` by `by` (the way the finger went), as a wheel there would.
    #[allow(clippy::too_many_arguments)]
    fn scroll(
        &mut self,
        tree: &mut Tree,
        at: Point,
        by: Vector,
        layout: Layout<'_>,
        renderer: &Renderer,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, M>,
        viewport: &Rectangle,
    ) {
        if by == Vector::ZERO {
            return;
        }
        let wheel = Event::Mouse(mouse::Event::WheelScrolled {
            delta: mouse::ScrollDelta::Pixels { x: by.x, y: by.y },
        });
        self.content.as_widget_mut().update(
            &mut tree.children[0],
            &wheel,
            layout,
            mouse::Cursor::Available(at),
            renderer,
            clipboard,
            shell,
            viewport,
        );
    }
}

impl<M> Widget<M, Theme, Renderer> for Swipe<'_, M> {
    fn tag(&self) -> tree::Tag {
        tree::Tag::of::<State>()
    }

    fn state(&self) -> tree::State {
        tree::State::new(State::default())
    }

    fn children(&self) -> Vec<Tree> {
        vec![Tree::new(&self.content)]
    }

    fn diff(&self, tree: &mut Tree) {
        tree.diff_children(std::slice::from_ref(&self.content));
    }

    fn size(&self) -> Size<iced::Length> {
        self.content.as_widget().size()
    }

    fn size_hint(&self) -> Size<iced::Length> {
        self.content.as_widget().size_hint()
    }

    fn layout(
        &mut self,
        tree: &mut Tree,
        renderer: &Renderer,
        limits: &layout::Limits,
    ) -> layout::Node {
        self.content
            .as_widget_mut()
            .layout(&mut tree.children[0], renderer, limits)
    }

    fn operate(
        &mut self,
        tree: &mut Tree,
        layout: Layout<'_>,
        renderer: &Renderer,
        operation: &mut dyn Operation,
    ) {
        self.content
            .as_widget_mut()
            .operate(&mut tree.children[0], layout, renderer, operation);
    }

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        renderer: &Renderer,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, M>,
        viewport: &Rectangle,
    ) {
        let state = tree.state.downcast_mut::<State>();
        match event {
            Event::Touch(touch::Event::FingerLifted { .. } | touch::Event::FingerLost { .. }) => {
                state.lifted = true;
            }
            Event::Touch(_) | Event::Mouse(mouse::Event::CursorMoved { .. }) => {
                state.lifted = false;
            }
            _ => {}
        }
        match *event {
            Event::Touch(touch::Event::FingerPressed { id, position }) => {
                if state.finger.is_some() {
                    // A second finger: the first one's gesture goes on.
                    shell.capture_event();
                    return;
                }
                if layout.bounds().contains(position) {
                    let stopper = state.fling.take().is_some();
                    state.finger = Some(Gesture {
                        id,
                        start: position,
                        last: position,
                        dragging: false,
                        stopper,
                        moves: Moves::default(),
                    });
                    shell.capture_event();
                    return;
                }
            }
            Event::Touch(touch::Event::FingerMoved { id, position }) => {
                if let Some(finger) = state.finger.as_mut() {
                    if finger.id == id {
                        let from = finger.last;
                        finger.last = position;
                        let travelled = position - finger.start;
                        if !finger.dragging && travelled.x.hypot(travelled.y) > SLOP {
                            finger.dragging = true;
                        }
                        if finger.dragging {
                            // The whole way from the press on the first move of a drag, so the
                            // content stays under the finger.
                            let by = if finger.moves.recent.is_empty() {
                                travelled
                            } else {
                                position - from
                            };
                            finger.moves.push(Instant::now(), by);
                            let at = finger.start;
                            self.scroll(tree, at, by, layout, renderer, clipboard, shell, viewport);
                            shell.request_redraw();
                        }
                    }
                    shell.capture_event();
                    return;
                }
            }
            Event::Touch(touch::Event::FingerLifted { id, .. }) => {
                if let Some(finger) = state.finger.take_if(|f| f.id == id) {
                    if finger.dragging {
                        let now = Instant::now();
                        state.fling =
                            Fling::new(finger.moves.speed(now), now).map(|f| (finger.start, f));
                        if state.fling.is_some() {
                            shell.request_redraw();
                        }
                    } else if !finger.stopper {
                        // A tap: pressed and lifted where the finger came down, each as an
                        // event of its own (what takes the press must not leave the lift
                        // taken before it arrives).
                        let at = mouse::Cursor::Available(finger.start);
                        for event in [
                            touch::Event::FingerPressed {
                                id,
                                position: finger.start,
                            },
                            touch::Event::FingerLifted {
                                id,
                                position: finger.start,
                            },
                        ] {
                            let mut messages = Vec::new();
                            let mut own = Shell::new(&mut messages);
                            self.content.as_widget_mut().update(
                                &mut tree.children[0],
                                &Event::Touch(event),
                                layout,
                                at,
                                renderer,
                                clipboard,
                                &mut own,
                                viewport,
                            );
                            shell.merge(own, |m| m);
                        }
                    }
                    shell.capture_event();
                    return;
                }
                if state.finger.is_some() {
                    shell.capture_event();
                    return;
                }
            }
            Event::Touch(touch::Event::FingerLost { id, .. }) if state.finger.is_some() => {
                // Its press was never handed on: nothing below has anything to forget.
                let _ = state.finger.take_if(|f| f.id == id);
                shell.capture_event();
                return;
            }
            Event::Window(window::Event::RedrawRequested(now)) => {
                if let Some((at, fling)) = state.fling.take() {
                    let (by, next) = fling.advance(now);
                    let before = self.scrolled(tree, at, layout, renderer);
                    self.scroll(tree, at, by, layout, renderer, clipboard, shell, viewport);
                    // On while it moves the panel; stopped at its end.
                    let moved = self.scrolled(tree, at, layout, renderer) != before;
                    if let Some(next) = next.filter(|_| moved || by == Vector::ZERO) {
                        tree.state.downcast_mut::<State>().fling = Some((at, next));
                        shell.request_redraw();
                    }
                }
            }
            _ => {}
        }
        // A finger's own events keep their pointer: what a lift acts on is where it is.
        let cursor = match event {
            Event::Touch(_) => cursor,
            _ => tree.state.downcast_ref::<State>().cursor(cursor),
        };
        self.content.as_widget_mut().update(
            &mut tree.children[0],
            event,
            layout,
            cursor,
            renderer,
            clipboard,
            shell,
            viewport,
        );
    }

    fn mouse_interaction(
        &self,
        tree: &Tree,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
        renderer: &Renderer,
    ) -> mouse::Interaction {
        let cursor = tree.state.downcast_ref::<State>().cursor(cursor);
        self.content.as_widget().mouse_interaction(
            &tree.children[0],
            layout,
            cursor,
            viewport,
            renderer,
        )
    }

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut Renderer,
        theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
    ) {
        let cursor = tree.state.downcast_ref::<State>().cursor(cursor);
        self.content.as_widget().draw(
            &tree.children[0],
            renderer,
            theme,
            style,
            layout,
            cursor,
            viewport,
        );
    }

    fn overlay<'b>(
        &'b mut self,
        tree: &'b mut Tree,
        layout: Layout<'b>,
        renderer: &Renderer,
        viewport: &Rectangle,
        translation: Vector,
    ) -> Option<overlay::Element<'b, M, Theme, Renderer>> {
        self.content.as_widget_mut().overlay(
            &mut tree.children[0],
            layout,
            renderer,
            viewport,
            translation,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{Fling, Moves};
    use iced::Vector;
    use iced::time::{Duration, Instant};

    #[test]
    fn a_fling_travels_its_speed_times_its_decay_and_stops() {
        let t0 = Instant::now();
        let mut fling = Fling::new(Vector::new(0.0, -2000.0), t0);
        let mut travelled = Vector::ZERO;
        let mut frames = 0;
        while let Some(f) = fling {
            frames += 1;
            let (by, next) = f.advance(t0 + Duration::from_millis(16 * frames));
            assert!(by.y <= 0.0, "it goes the way the finger went");
            travelled += by;
            fling = next;
            assert!(frames < 1000, "it stops");
        }
        // The whole of v·τ, less what is left below the stopping speed.
        let whole = 2000.0 * Fling::DECAY;
        assert!(
            (travelled.y + whole).abs() < Fling::STOP * Fling::DECAY + 1.0,
            "{travelled:?} against {whole}"
        );
        assert!(frames * 16 < 2500, "it stops in {} ms", frames * 16);
    }

    #[test]
    fn a_slow_lift_does_not_fling_and_a_wild_one_is_capped() {
        let t0 = Instant::now();
        assert_eq!(Fling::new(Vector::new(0.0, 100.0), t0), None);
        assert_eq!(Fling::new(Vector::new(f32::NAN, 0.0), t0), None);
        let capped = Fling::new(Vector::new(0.0, 1.0e6), t0).expect("a fling");
        let (by, _) = capped.advance(t0 + Duration::from_millis(16));
        assert!(by.y <= Fling::MAX * 0.016 + 0.01, "{by:?}");
    }

    #[test]
    fn the_speed_is_of_the_moves_just_before_the_lift() {
        let t0 = Instant::now();
        let mut moves = Moves::default();
        moves.push(t0, Vector::new(0.0, 500.0));
        // 200 ms later, two moves of 10 px in 20 ms: 1000 px/s, the early one forgotten.
        moves.push(t0 + Duration::from_millis(200), Vector::new(0.0, 10.0));
        moves.push(t0 + Duration::from_millis(210), Vector::new(0.0, 10.0));
        let speed = moves.speed(t0 + Duration::from_millis(220));
        assert!((speed.y - 1000.0).abs() < 1.0, "{speed:?}");
        // A finger that rests before it lifts leaves nothing to fling.
        assert_eq!(moves.speed(t0 + Duration::from_millis(500)), Vector::ZERO);
    }
}
