//! The text field every screen uses: iced's text input with an id, told what it takes. It
//! draws, lays out and types exactly as the text input it holds. To an operation it reports
//! itself first ([`Report`]: what it takes and, while it has the focus, its value, caret,
//! placeholder, text size and padding), so the page's input can be put over it; in a
//! browser it also takes what was typed into that input ([`super::bridge`]) as its own
//! messages.

use std::rc::Rc;

use iced::widget::text_input::{self, TextInput, Value, cursor};
use iced::{Element, Event, Length, Padding, Pixels, Rectangle, Renderer, Size, Theme, Vector};
use iced_graphics::core::layout::{self, Layout};
use iced_graphics::core::text::Renderer as _;
use iced_graphics::core::widget::{Id, Operation, Tree, tree};
use iced_graphics::core::{Clipboard, Shell, Widget, mouse, overlay, renderer};

use super::Kind;

type Paragraph = <Renderer as iced_graphics::core::text::Renderer>::Paragraph;

/// iced's padding of a text input when none is given.
const DEFAULT_PADDING: f32 = 5.0;

/// A text field with the id `id` showing `value` (or `placeholder` while empty).
pub(crate) fn field<'a, M: Clone + 'a>(
    id: impl Into<Id>,
    placeholder: &str,
    value: &str,
) -> Field<'a, M> {
    let id = id.into();
    Field {
        input: TextInput::new(placeholder, value).id(id.clone()),
        id,
        kind: Kind::Text,
        value: value.to_string(),
        placeholder: placeholder.to_string(),
        size: None,
        padding: Padding::new(DEFAULT_PADDING),
        on_input: None,
        on_submit: None,
    }
}

/// A text field (see [`field`]).
pub(crate) struct Field<'a, M> {
    input: TextInput<'a, M, Theme, Renderer>,
    id: Id,
    kind: Kind,
    value: String,
    placeholder: String,
    size: Option<f32>,
    padding: Padding,
    on_input: Option<Rc<dyn Fn(String) -> M + 'a>>,
    on_submit: Option<M>,
}

/// What a field tells an operation about itself (`Operation::custom`, under its id).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Report {
    pub kind: Kind,
    pub focused: bool,
    /// The value, while focused (empty otherwise).
    pub value: String,
    /// The selection (the caret where both are equal), in UTF-16 code units as a page's
    /// input counts them, while focused.
    pub selection: (u32, u32),
    /// The placeholder, while focused.
    pub placeholder: String,
    /// The text size and padding (logical pixels).
    pub size: f32,
    pub padding: Padding,
    /// Enter does something in the field (otherwise it only puts the page's input away).
    pub submits: bool,
}

impl<'a, M: Clone + 'a> Field<'a, M> {
    /// What the field takes (words unless told).
    pub fn kind(mut self, kind: Kind) -> Self {
        self.kind = kind;
        self
    }

    /// The message of a change: the whole new value.
    pub fn on_input(mut self, on_input: impl Fn(String) -> M + 'a) -> Self {
        let on_input: Rc<dyn Fn(String) -> M + 'a> = Rc::new(on_input);
        let call = Rc::clone(&on_input);
        self.input = self.input.on_input(move |v| call(v));
        self.on_input = Some(on_input);
        self
    }

    /// The message of Enter.
    pub fn on_submit(mut self, message: M) -> Self {
        self.input = self.input.on_submit(message.clone());
        self.on_submit = Some(message);
        self
    }

    pub fn size(mut self, size: impl Into<Pixels>) -> Self {
        let size = size.into();
        self.size = Some(size.0);
        self.input = self.input.size(size);
        self
    }

    pub fn width(mut self, width: impl Into<Length>) -> Self {
        self.input = self.input.width(width);
        self
    }

    pub fn padding(mut self, padding: impl Into<Padding>) -> Self {
        let padding = padding.into();
        self.padding = padding;
        self.input = self.input.padding(padding);
        self
    }

    /// What the field tells an operation, its input's state being `state`.
    fn report(&self, state: &text_input::State<Paragraph>, renderer: &Renderer) -> Report {
        let size = self.size.unwrap_or(renderer.default_size().0);
        if !state.is_focused() {
            return Report {
                kind: self.kind,
                size,
                padding: self.padding,
                submits: self.on_submit.is_some(),
                ..Report::default()
            };
        }
        let value = Value::new(&self.value);
        let (start, end) = match state.cursor().state(&value) {
            cursor::State::Index(i) => (i, i),
            cursor::State::Selection { start, end } => (start.min(end), start.max(end)),
        };
        Report {
            kind: self.kind,
            focused: true,
            selection: (utf16_at(&value, start), utf16_at(&value, end)),
            value: self.value.clone(),
            placeholder: self.placeholder.clone(),
            size,
            padding: self.padding,
            submits: self.on_submit.is_some(),
        }
    }

    /// Takes the edits typed on the page for this field, in order, as its own messages
    /// (browser only).
    #[cfg(target_arch = "wasm32")]
    fn take_page_edits(&self, tree: &mut Tree, shell: &mut Shell<'_, M>) {
        use super::bridge::{self, Edit};
        for edit in bridge::take_for(&self.id) {
            match edit {
                Edit::Value(value) => {
                    if let Some(on_input) = &self.on_input {
                        shell.publish(on_input(value));
                    }
                }
                Edit::Submit => {
                    if let Some(message) = &self.on_submit {
                        shell.publish(message.clone());
                    }
                    input_state(tree).unfocus();
                }
                Edit::Close => input_state(tree).unfocus(),
            }
            shell.request_redraw();
        }
    }
}

/// The UTF-16 code units before the `graphemes`-th grapheme of `value`.
fn utf16_at(value: &Value, graphemes: usize) -> u32 {
    let before = value.select(0, graphemes.min(value.len())).to_string();
    u32::try_from(before.encode_utf16().count()).unwrap_or(u32::MAX)
}

fn input_state(tree: &mut Tree) -> &mut text_input::State<Paragraph> {
    tree.state.downcast_mut::<text_input::State<Paragraph>>()
}

impl<'a, M: Clone + 'a> From<Field<'a, M>> for Element<'a, M> {
    fn from(field: Field<'a, M>) -> Self {
        Element::new(field)
    }
}

impl<'a, M: Clone + 'a> Widget<M, Theme, Renderer> for Field<'a, M> {
    fn tag(&self) -> tree::Tag {
        Widget::<M, Theme, Renderer>::tag(&self.input)
    }

    fn state(&self) -> tree::State {
        Widget::<M, Theme, Renderer>::state(&self.input)
    }

    fn children(&self) -> Vec<Tree> {
        Widget::<M, Theme, Renderer>::children(&self.input)
    }

    fn diff(&self, tree: &mut Tree) {
        Widget::<M, Theme, Renderer>::diff(&self.input, tree);
    }

    fn size(&self) -> Size<Length> {
        Widget::<M, Theme, Renderer>::size(&self.input)
    }

    fn size_hint(&self) -> Size<Length> {
        Widget::<M, Theme, Renderer>::size_hint(&self.input)
    }

    fn layout(
        &mut self,
        tree: &mut Tree,
        renderer: &Renderer,
        limits: &layout::Limits,
    ) -> layout::Node {
        Widget::<M, Theme, Renderer>::layout(&mut self.input, tree, renderer, limits)
    }

    fn operate(
        &mut self,
        tree: &mut Tree,
        layout: Layout<'_>,
        renderer: &Renderer,
        operation: &mut dyn Operation,
    ) {
        let mut report = self.report(input_state(tree), renderer);
        operation.custom(Some(&self.id), layout.bounds(), &mut report);
        Widget::<M, Theme, Renderer>::operate(&mut self.input, tree, layout, renderer, operation);
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
        #[cfg(target_arch = "wasm32")]
        self.take_page_edits(tree, shell);
        Widget::<M, Theme, Renderer>::update(
            &mut self.input,
            tree,
            event,
            layout,
            cursor,
            renderer,
            clipboard,
            shell,
            viewport,
        );
        #[cfg(target_arch = "wasm32")]
        if input_state(tree).is_focused() {
            super::bridge::note_focused();
        }
    }

    fn mouse_interaction(
        &self,
        tree: &Tree,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
        renderer: &Renderer,
    ) -> mouse::Interaction {
        Widget::<M, Theme, Renderer>::mouse_interaction(
            &self.input,
            tree,
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
        Widget::<M, Theme, Renderer>::draw(
            &self.input,
            tree,
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
        Widget::<M, Theme, Renderer>::overlay(
            &mut self.input,
            tree,
            layout,
            renderer,
            viewport,
            translation,
        )
    }
}
