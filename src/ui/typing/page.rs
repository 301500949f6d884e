//! The window's wrapper in a browser (browser only): after each event the window takes, it
//! finds the field with the focus ([`super::focused::Focused`]) and has the page's input
//! ([`super::bridge`]) follow it — put over a field that took the focus (focused at once,
//! or for a tap when the finger lifts, which a phone counts as the player's gesture), moved
//! with it, given the field's value when the window changed it, and put away when no field
//! has the focus. A field scrolled out of view, or dragged away under the finger that
//! tapped it, loses the focus, so no input is left over something else. It lays out and
//! draws exactly as the window it holds.

use iced::widget::text_input;
use iced::{Element, Event, Rectangle, Renderer, Theme, mouse, touch, window};
use iced_graphics::core::layout::Layout;
use iced_graphics::core::widget::operation::{self, Outcome};
use iced_graphics::core::widget::{Operation as _, Tree};
use iced_graphics::core::{Clipboard, Shell, Widget};
use iced_selector::Selector as _;

use super::bridge::{self, Look, Moment};
use super::focused::Focused;
use crate::ui::pass_through::pass_through;

pub(super) struct Page<'a, M> {
    content: Element<'a, M>,
    look: Look,
}

impl<'a, M: 'a> Page<'a, M> {
    pub fn wrap(content: Element<'a, M>, zoom: f32, theme: &Theme) -> Element<'a, M> {
        let style = text_input::default(theme, text_input::Status::Focused { is_hovered: false });
        let background = match style.background {
            iced::Background::Color(c) => c,
            iced::Background::Gradient(_) => theme.extended_palette().background.base.color,
        };
        let look = Look {
            zoom,
            background: css(background),
            border: css(style.border.color),
            border_width: style.border.width,
            radius: style.border.radius.top_left,
            text: css(style.value),
        };
        Element::new(Page { content, look })
    }
}

/// A colour as CSS writes it.
fn css(c: iced::Color) -> String {
    let [r, g, b, a] = c.into_rgba8();
    format!("rgba({r}, {g}, {b}, {:.3})", f32::from(a) / 255.0)
}

/// What an event is to the page's input: a finger or button down or up, or anything else
/// after which the focused field may have changed or moved. `None`: nothing to look at.
fn moment(event: &Event) -> Option<Moment> {
    match event {
        Event::Touch(touch::Event::FingerPressed { .. }) => Some(Moment::Press { touch: true }),
        Event::Mouse(mouse::Event::ButtonPressed(_)) => Some(Moment::Press { touch: false }),
        Event::Touch(touch::Event::FingerLifted { .. } | touch::Event::FingerLost { .. })
        | Event::Mouse(mouse::Event::ButtonReleased(_)) => Some(Moment::Lift),
        Event::Window(window::Event::RedrawRequested(_) | window::Event::Resized(_))
        | Event::Keyboard(_) => Some(Moment::Other),
        Event::Touch(touch::Event::FingerMoved { .. })
        | Event::Mouse(mouse::Event::CursorMoved { .. } | mouse::Event::WheelScrolled { .. })
            if bridge::is_shown() =>
        {
            Some(Moment::Other)
        }
        _ => None,
    }
}

impl<M> Widget<M, Theme, Renderer> for Page<'_, M> {
    pass_through!(
        content: tag, state, children, diff, size, size_hint, layout, operate, mouse_interaction,
            draw, overlay
    );

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
        bridge::begin_pass();
        self.content.as_widget_mut().update(
            tree, event, layout, cursor, renderer, clipboard, shell, viewport,
        );
        let Some(moment) = moment(event) else {
            return;
        };
        // Nothing to find when no field took the focus and the input is put away.
        if !bridge::focused_in_pass() && !bridge::is_shown() {
            return;
        }
        let mut find = Focused.find();
        self.content.as_widget_mut().operate(
            tree,
            layout,
            renderer,
            &mut operation::black_box(&mut find),
        );
        let found = match find.finish() {
            Outcome::Some(found) => found,
            _ => None,
        };
        if bridge::sync(found, moment, &self.look) == bridge::Then::Unfocus {
            self.content.as_widget_mut().operate(
                tree,
                layout,
                renderer,
                &mut operation::focusable::unfocus::<()>(),
            );
            shell.request_redraw();
        }
    }
}
