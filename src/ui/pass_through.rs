//! Widgets that wrap one element and change one or two things about it (a finger-sized
//! layout, text kept inside its panel, a swipe, a page input laid over a field) hand every
//! other part of iced's `Widget` trait to the element they wrap. [`pass_through!`] writes those
//! hand-overs, so each wrapper spells out only what it changes:
//!
//! ```ignore
//! impl<M> Widget<M, Theme, Renderer> for Finger<'_, M> {
//!     pass_through!(content: tag, state, children, diff, size, size_hint, operate);
//!     fn layout(&mut self, …) -> layout::Node { … }
//! }
//! ```
//!
//! The field named first is the wrapped `Element`; the methods listed are written to call
//! the same method of it with the same arguments. The impl's message type must be `M`.

/// Writes, inside an `impl Widget<M, Theme, Renderer>`, the methods listed that hand
/// everything to the element in the field named first (see the module's header).
macro_rules! pass_through {
    ($field:ident: $($method:ident),+ $(,)?) => {
        $( $crate::ui::pass_through::pass_through!(@ $field $method); )+
    };
    (@ $f:ident tag) => {
        fn tag(&self) -> ::iced_graphics::core::widget::tree::Tag {
            self.$f.as_widget().tag()
        }
    };
    (@ $f:ident state) => {
        fn state(&self) -> ::iced_graphics::core::widget::tree::State {
            self.$f.as_widget().state()
        }
    };
    (@ $f:ident children) => {
        fn children(&self) -> Vec<::iced_graphics::core::widget::Tree> {
            self.$f.as_widget().children()
        }
    };
    (@ $f:ident diff) => {
        fn diff(&self, tree: &mut ::iced_graphics::core::widget::Tree) {
            self.$f.as_widget().diff(tree);
        }
    };
    (@ $f:ident size) => {
        fn size(&self) -> ::iced::Size<::iced::Length> {
            self.$f.as_widget().size()
        }
    };
    (@ $f:ident size_hint) => {
        fn size_hint(&self) -> ::iced::Size<::iced::Length> {
            self.$f.as_widget().size_hint()
        }
    };
    (@ $f:ident layout) => {
        fn layout(
            &mut self,
            tree: &mut ::iced_graphics::core::widget::Tree,
            renderer: &::iced::Renderer,
            limits: &::iced_graphics::core::layout::Limits,
        ) -> ::iced_graphics::core::layout::Node {
            self.$f.as_widget_mut().layout(tree, renderer, limits)
        }
    };
    (@ $f:ident operate) => {
        fn operate(
            &mut self,
            tree: &mut ::iced_graphics::core::widget::Tree,
            layout: ::iced_graphics::core::layout::Layout<'_>,
            renderer: &::iced::Renderer,
            operation: &mut dyn ::iced_graphics::core::widget::Operation,
        ) {
            self.$f
                .as_widget_mut()
                .operate(tree, layout, renderer, operation);
        }
    };
    (@ $f:ident update) => {
        fn update(
            &mut self,
            tree: &mut ::iced_graphics::core::widget::Tree,
            event: &::iced::Event,
            layout: ::iced_graphics::core::layout::Layout<'_>,
            cursor: ::iced_graphics::core::mouse::Cursor,
            renderer: &::iced::Renderer,
            clipboard: &mut dyn ::iced_graphics::core::Clipboard,
            shell: &mut ::iced_graphics::core::Shell<'_, M>,
            viewport: &::iced::Rectangle,
        ) {
            self.$f.as_widget_mut().update(
                tree, event, layout, cursor, renderer, clipboard, shell, viewport,
            );
        }
    };
    (@ $f:ident mouse_interaction) => {
        fn mouse_interaction(
            &self,
            tree: &::iced_graphics::core::widget::Tree,
            layout: ::iced_graphics::core::layout::Layout<'_>,
            cursor: ::iced_graphics::core::mouse::Cursor,
            viewport: &::iced::Rectangle,
            renderer: &::iced::Renderer,
        ) -> ::iced_graphics::core::mouse::Interaction {
            self.$f
                .as_widget()
                .mouse_interaction(tree, layout, cursor, viewport, renderer)
        }
    };
    (@ $f:ident draw) => {
        fn draw(
            &self,
            tree: &::iced_graphics::core::widget::Tree,
            renderer: &mut ::iced::Renderer,
            theme: &::iced::Theme,
            style: &::iced_graphics::core::renderer::Style,
            layout: ::iced_graphics::core::layout::Layout<'_>,
            cursor: ::iced_graphics::core::mouse::Cursor,
            viewport: &::iced::Rectangle,
        ) {
            self.$f
                .as_widget()
                .draw(tree, renderer, theme, style, layout, cursor, viewport);
        }
    };
    (@ $f:ident overlay) => {
        fn overlay<'b>(
            &'b mut self,
            tree: &'b mut ::iced_graphics::core::widget::Tree,
            layout: ::iced_graphics::core::layout::Layout<'b>,
            renderer: &::iced::Renderer,
            viewport: &::iced::Rectangle,
            translation: ::iced::Vector,
        ) -> Option<::iced_graphics::core::overlay::Element<'b, M, ::iced::Theme, ::iced::Renderer>>
        {
            self.$f
                .as_widget_mut()
                .overlay(tree, layout, renderer, viewport, translation)
        }
    };
}

pub(crate) use pass_through;
