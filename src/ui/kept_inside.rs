//! A pick list's text kept inside its panel. A pick list draws its choice and arrow as text
//! clipped only to the area it is handed to draw in; when that area lies within the panel's
//! clip (a scrolled panel, its box cut by the panel's edge), the renderer draws the text whole,
//! and the part beyond the box runs over the panel's border and the panel below. Handed an area
//! wider than the panel, the text is clipped by the panel itself, like everything else in it.

use iced::{Element, Event, Rectangle, Renderer, Size, Theme, Vector};
use iced_graphics::core::layout::{self, Layout};
use iced_graphics::core::widget::{Operation, Tree, tree};
use iced_graphics::core::{Clipboard, Shell, Widget, mouse, overlay, renderer};

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
    fn tag(&self) -> tree::Tag {
        self.content.as_widget().tag()
    }

    fn state(&self) -> tree::State {
        self.content.as_widget().state()
    }

    fn children(&self) -> Vec<Tree> {
        self.content.as_widget().children()
    }

    fn diff(&self, tree: &mut Tree) {
        self.content.as_widget().diff(tree);
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
        self.content.as_widget_mut().layout(tree, renderer, limits)
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
            .operate(tree, layout, renderer, operation);
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
        self.content.as_widget_mut().update(
            tree, event, layout, cursor, renderer, clipboard, shell, viewport,
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
        self.content
            .as_widget()
            .mouse_interaction(tree, layout, cursor, viewport, renderer)
    }

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

    fn overlay<'b>(
        &'b mut self,
        tree: &'b mut Tree,
        layout: Layout<'b>,
        renderer: &Renderer,
        viewport: &Rectangle,
        translation: Vector,
    ) -> Option<overlay::Element<'b, M, Theme, Renderer>> {
        self.content
            .as_widget_mut()
            .overlay(tree, layout, renderer, viewport, translation)
    }
}
