//! A tap target a finger can hit: [`finger`] lays its content out at least [`TAP`] logical
//! pixels each way (a button grows to it, its centred label in the middle), the smallest
//! touch target phones' guidelines allow. The phone's layout wraps its buttons in it; the
//! desktop's are laid out as they always were.

use crate::ui::pass_through::pass_through;
use iced::{Element, Renderer, Theme};
use iced_graphics::core::Widget;
use iced_graphics::core::layout;
use iced_graphics::core::widget::Tree;

/// The smallest a tap target is on a phone, each way (the page draws a logical pixel as a
/// CSS pixel).
pub const TAP: f32 = 44.0;

/// `content` laid out at least [`TAP`] wide and tall.
pub fn finger<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> Element<'a, M> {
    Element::new(Finger {
        content: content.into(),
    })
}

struct Finger<'a, M> {
    content: Element<'a, M>,
}

impl<M> Widget<M, Theme, Renderer> for Finger<'_, M> {
    pass_through!(
        content: tag, state, children, diff, size, size_hint, operate, update, mouse_interaction,
            draw, overlay
    );

    fn layout(
        &mut self,
        tree: &mut Tree,
        renderer: &Renderer,
        limits: &layout::Limits,
    ) -> layout::Node {
        let max = limits.max();
        let limits = limits
            .min_width(TAP.min(max.width))
            .min_height(TAP.min(max.height));
        self.content.as_widget_mut().layout(tree, renderer, &limits)
    }
}
