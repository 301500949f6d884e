//! A screen kept from one touch to the next, as a browser keeps it: the window's widget state
//! (how far each panel is scrolled, a fling under way) lives on between the views built after
//! each message, where a [`iced_test::Simulator`] starts every view afresh. The phone's play
//! (`phone.rs`) touches, looks and takes its pictures through it, so a swipe's scroll is still
//! there at the next tap, on the simulated screen as on the page.

use iced::{Element, Event, Point, Rectangle, Size, Theme};
use iced_test::core::renderer::Headless;
use iced_test::core::widget::operation::{Outcome, black_box};
use iced_test::core::{clipboard, mouse, touch, widget::Operation, window};
use iced_test::runtime::user_interface::{Cache, State, UserInterface};
use iced_test::selector::{Candidate, Selector};

use crate::ui::theme;

/// The renderer of the simulated window (the software one, as `ICED_TEST_BACKEND` says).
type Renderer = iced::Renderer;

/// A window of one size whose widget state is kept between views.
pub struct Kept {
    size: Size,
    renderer: Renderer,
    cache: Option<Cache>,
}

/// How a touch went: the messages it produced, and whether the window asked to be drawn
/// again (a fling under way).
pub struct Touched<M> {
    pub messages: Vec<M>,
    pub redraw: bool,
}

impl Kept {
    /// A window of `size` (logical pixels), with the embedded fonts.
    pub fn new(size: (f32, f32)) -> Kept {
        // A simulator loads the embedded fonts into the text system.
        let empty: Element<'_, ()> = iced::widget::text("").into();
        drop(super::systems::at(size, empty));
        let backend = std::env::var("ICED_TEST_BACKEND").ok();
        let renderer = iced_test::futures::futures::executor::block_on(
            <Renderer as Headless>::new(theme::BODY_FONT, iced::Pixels(16.0), backend.as_deref()),
        )
        .expect("a headless renderer");
        Kept {
            size: Size::new(size.0, size.1),
            renderer,
            cache: Some(Cache::default()),
        }
    }

    /// Forgets the widget state kept: the next view starts afresh.
    pub fn forget(&mut self) {
        self.cache = Some(Cache::default());
    }

    /// Runs `with` on the window showing `view`, keeping its widget state for the next.
    fn with<'a, M, R>(
        &mut self,
        view: Element<'a, M>,
        with: impl FnOnce(&mut UserInterface<'a, M, Theme, Renderer>, &mut Renderer) -> R,
    ) -> R {
        let cache = self.cache.take().unwrap_or_default();
        let mut ui = UserInterface::build(view, self.size, cache, &mut self.renderer);
        let result = with(&mut ui, &mut self.renderer);
        self.cache = Some(ui.into_cache());
        result
    }

    /// What `selector` finds on the window showing `view`.
    pub fn find<M, S>(&mut self, view: Element<'_, M>, selector: S) -> Option<S::Output>
    where
        S: Selector + Send,
        S::Output: Clone + Send,
    {
        self.with(view, |ui, renderer| {
            let mut operation = selector.find();
            ui.operate(renderer, &mut black_box(&mut operation));
            match operation.finish() {
                Outcome::Some(found) => found,
                _ => None,
            }
        })
    }

    /// Every text on show on the window showing `view`: its content and where it shows.
    pub fn texts<M>(&mut self, view: Element<'_, M>) -> Vec<(String, Rectangle)> {
        let mut all = Vec::new();
        let _ = self.find(view, |c: Candidate<'_>| {
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

    /// Hands `events` to the window showing `view`, the pointer where each touch is (as the
    /// browser's window has it), or at `at` for the rest.
    pub fn events<M>(
        &mut self,
        view: Element<'_, M>,
        events: &[Event],
        at: Option<Point>,
    ) -> Touched<M> {
        self.with(view, |ui, renderer| {
            let mut messages = Vec::new();
            let mut redraw = false;
            let mut cursor = at.map_or(mouse::Cursor::Unavailable, mouse::Cursor::Available);
            for event in events {
                if let Event::Touch(
                    touch::Event::FingerPressed { position, .. }
                    | touch::Event::FingerMoved { position, .. }
                    | touch::Event::FingerLifted { position, .. }
                    | touch::Event::FingerLost { position, .. },
                ) = event
                {
                    cursor = mouse::Cursor::Available(*position);
                }
                let (state, _) = ui.update(
                    std::slice::from_ref(event),
                    cursor,
                    renderer,
                    &mut clipboard::Null,
                    &mut messages,
                );
                if let State::Updated { redraw_request, .. } = state {
                    redraw |= redraw_request != window::RedrawRequest::Wait;
                }
            }
            Touched { messages, redraw }
        })
    }

    /// Whether the pointer shows a hand (something to press) at each of `points` on the
    /// window showing `view`; nothing is pressed.
    pub fn hands<M>(&mut self, view: Element<'_, M>, points: &[Point]) -> Vec<bool> {
        self.with(view, |ui, renderer| {
            points
                .iter()
                .map(|&p| {
                    let moved = Event::Mouse(mouse::Event::CursorMoved { position: p });
                    let (state, _) = ui.update(
                        &[moved],
                        mouse::Cursor::Available(p),
                        renderer,
                        &mut clipboard::Null,
                        &mut Vec::new(),
                    );
                    matches!(
                        state,
                        State::Updated {
                            mouse_interaction: mouse::Interaction::Pointer,
                            ..
                        }
                    )
                })
                .collect()
        })
    }

    /// What the pointer finds at each of `points` on a fresh window showing `view` (nothing
    /// kept from before, nothing kept after): whether it is over something to press, and the
    /// message a click there makes (its words), if any. Each point is clicked twice, so a pick
    /// list opened by the first is closed by the second and covers nothing for the next.
    pub fn probe<M: std::fmt::Debug>(
        &mut self,
        view: Element<'_, M>,
        points: &[Point],
    ) -> Vec<(bool, Option<String>)> {
        self.cache = Some(Cache::default());
        let found = self.with(view, |ui, renderer| {
            points
                .iter()
                .map(|&p| {
                    let cursor = mouse::Cursor::Available(p);
                    let moved = Event::Mouse(mouse::Event::CursorMoved { position: p });
                    let mut messages = Vec::new();
                    let (state, _) = ui.update(
                        &[moved],
                        cursor,
                        renderer,
                        &mut clipboard::Null,
                        &mut messages,
                    );
                    let pointer = matches!(
                        state,
                        State::Updated {
                            mouse_interaction: mouse::Interaction::Pointer,
                            ..
                        }
                    );
                    let clicks: Vec<Event> = iced_test::simulator::click()
                        .chain(iced_test::simulator::click())
                        .collect();
                    let _ = ui.update(
                        &clicks,
                        cursor,
                        renderer,
                        &mut clipboard::Null,
                        &mut messages,
                    );
                    (pointer, messages.first().map(|m| format!("{m:?}")))
                })
                .collect()
        });
        self.cache = Some(Cache::default());
        found
    }

    /// The window showing `view` drawn at two pixels to one in `theme`, as RGBA rows.
    pub fn picture<M>(&mut self, view: Element<'_, M>, theme: &Theme) -> (u32, u32, Vec<u8>) {
        let size = self.size;
        self.with(view, |ui, renderer| {
            use iced::theme::Base;
            use iced_test::core::Renderer as _;
            let base = theme.base();
            // What was drawn for the last picture is gone; the widgets learn how they look
            // now (a button is drawn as disabled until a frame tells it otherwise).
            renderer.reset(Rectangle::with_size(size));
            let _ = ui.update(
                &[frame(iced::time::Instant::now())],
                mouse::Cursor::Unavailable,
                renderer,
                &mut clipboard::Null,
                &mut Vec::new(),
            );
            ui.draw(
                renderer,
                theme,
                &iced_test::core::renderer::Style {
                    text_color: base.text_color,
                },
                mouse::Cursor::Unavailable,
            );
            let scale = 2.0;
            let physical = Size::new(
                (size.width * scale).round() as u32,
                (size.height * scale).round() as u32,
            );
            let rgba = renderer.screenshot(physical, scale, base.background_color);
            (physical.width, physical.height, rgba)
        })
    }
}

/// A finger's touch: where it comes down, each place it moves through, and where it lifts.
pub fn finger(path: &[Point]) -> Vec<Event> {
    let id = touch::Finger(1);
    let mut events = Vec::new();
    for (i, &position) in path.iter().enumerate() {
        events.push(Event::Touch(if i == 0 {
            touch::Event::FingerPressed { id, position }
        } else {
            touch::Event::FingerMoved { id, position }
        }));
    }
    if let Some(&position) = path.last() {
        events.push(Event::Touch(touch::Event::FingerLifted { id, position }));
    }
    events
}

/// A drag from `from` by `by`, in steps of at most 20 logical pixels.
pub fn drag(from: Point, by: iced::Vector) -> Vec<Event> {
    let steps = (by.x.hypot(by.y) / 20.0).ceil().max(1.0) as usize;
    let path: Vec<Point> = (0..=steps)
        .map(|i| from + by * (i as f32 / steps as f32))
        .collect();
    finger(&path)
}

/// A frame drawn at `at` (a fling moves on at each).
pub fn frame(at: iced::time::Instant) -> Event {
    Event::Window(window::Event::RedrawRequested(at))
}

/// Writes RGBA rows as a PNG at `path`.
pub fn write_png(path: &std::path::Path, (width, height, rgba): &(u32, u32, Vec<u8>)) {
    let file = std::fs::File::create(path).expect("the picture's file");
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), *width, *height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("the PNG header");
    writer.write_image_data(rgba).expect("the PNG data");
}
