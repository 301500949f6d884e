//! A pick list's text kept inside its panel. A pick list draws its choice and arrow as text
//! clipped only to the area it is handed to draw in; when that area lies within the panel's
//! clip (a scrolled panel, its box cut by the panel's edge), the renderer draws the text whole,
//! and the part beyond the box runs over the panel's border and the panel below. Handed an area
//! wider than the panel, the text is clipped by the panel itself, like everything else in it.

use crate::ui::pass_through::pass_through;
use iced::{Element, Rectangle, Renderer, Theme};
use iced_graphics::core::layout::Layout;
use iced_graphics::core::widget::Tree;
use iced_graphics::core::{Widget, mouse, renderer};

/// How far past its own box the content is told it may draw (the panel clips it).
const REACH: f32 = 10_000.0;

/// `content`, whose text is clipped by the panel it is drawn in.
pub fn kept_inside<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> Element<'a, M> {
    Element::new(KeptInside {
        content: content.into(),
    })
}

struct KeptInside<'a, M> {
    content: Element<'a, M>,
}

impl<M> Widget<M, Theme, Renderer> for KeptInside<'_, M> {
    pass_through!(
        content: tag, state, children, diff, size, size_hint, layout, operate, update,
            mouse_interaction, overlay
    );

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut Renderer,
        theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        _viewport: &Rectangle,
    ) {
        let reach = layout.bounds().expand(REACH);
        self.content
            .as_widget()
            .draw(tree, renderer, theme, style, layout, cursor, &reach);
    }
}
