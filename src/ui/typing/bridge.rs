//! The page's input (browser only): one `<input>` of the page, made the first time a field
//! takes the focus, laid over the focused field ([`sync`], from [`super::page`]) and
//! coloured as the field is, with `inputmode="numeric"` where the field takes a number (and,
//! for a number that may be below zero, a ± key of the page's own above it, which a phone's
//! numeric keyboard may lack).
//!
//! What the player does there waits, with the id of the field it is for, until that field
//! takes it ([`take_for`], in the field's next update): each change of the value as the
//! field's own change, Enter as its Enter (the input is put away after it), Escape and the
//! input losing the page's focus as the field losing the focus. Tab, Shift+Tab and
//! Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y are the window's keys ([`keys`], a subscription), and so is
//! the nudge that makes the window look at the fields after an edit is left for one.
//!
//! The listeners never wait on the state [`sync`] holds: an event the page sends while it
//! is busy there (the input's blur when [`sync`] puts it away) is its own doing and passed
//! over.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

use iced::Rectangle;
use iced::futures::channel::mpsc;
use iced_graphics::core::widget::Id;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Document, Event, HtmlButtonElement, HtmlElement, HtmlInputElement, KeyboardEvent};

use super::focused::Seen;
use super::{Kind, PageKey};

/// What was done in the page's input, for the field it lies over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Edit {
    /// The value is now this.
    Value(String),
    /// Enter.
    Submit,
    /// Escape, or the input lost the page's focus: the field loses the focus.
    Close,
}

/// When the page's input is brought up to date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Moment {
    /// A finger (`touch`) or a mouse button went down.
    Press { touch: bool },
    /// It came up.
    Lift,
    /// Anything else: a redraw, a key, the window resized, a drag while the input is up.
    Other,
}

/// What the window is to do after [`sync`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Then {
    Nothing,
    /// Take the focus from the field: it was scrolled out of view, or dragged away.
    Unfocus,
}

/// How the input looks: the window's zoom (logical to CSS pixels) and the field's colours.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Look {
    pub zoom: f32,
    pub background: String,
    pub border: String,
    pub border_width: f32,
    pub radius: f32,
    pub text: String,
}

thread_local! {
    static EDITS: RefCell<VecDeque<(Id, Edit)>> = RefCell::default();
    static KEYS: RefCell<Option<mpsc::UnboundedSender<PageKey>>> = RefCell::default();
    static INPUT: RefCell<Option<Input>> = RefCell::default();
    /// A field had the focus in the window's pass over an event.
    static FOCUSED: Cell<bool> = const { Cell::new(false) };
    /// A field took an edit in that pass: its new value is not shown yet.
    static TAKEN: Cell<bool> = const { Cell::new(false) };
}

/// The page's input and the field it lies over.
struct Input {
    element: HtmlInputElement,
    sign: HtmlButtonElement,
    document: Document,
    active: Option<Active>,
    _listeners: Vec<Closure<dyn FnMut(Event)>>,
}

struct Active {
    id: Id,
    kind: Kind,
    /// Where it is (CSS pixels).
    place: Rectangle,
    /// The input has the page's focus.
    focused: bool,
    /// Where the field was when a finger went down on it, until the finger lifts: the input
    /// is focused then, if the finger did not drag it away.
    pressed: Option<Rectangle>,
    /// The value the input and the field last agreed on.
    shown: String,
    /// An input method is composing a word in the input.
    composing: bool,
}

/// The window's keys from the page, for [`super::page_keys`].
pub(crate) fn keys() -> mpsc::UnboundedReceiver<PageKey> {
    let (sender, receiver) = mpsc::unbounded();
    KEYS.with(|k| *k.borrow_mut() = Some(sender));
    receiver
}

fn send(key: PageKey) {
    KEYS.with(|k| {
        if let Some(sender) = &*k.borrow() {
            let _ = sender.unbounded_send(key);
        }
    });
}

fn leave(id: Id, edit: Edit) {
    EDITS.with(|e| e.borrow_mut().push_back((id, edit)));
    send(PageKey::Typed);
}

/// The edits waiting for the field `id`, taken in order.
pub(crate) fn take_for(id: &Id) -> Vec<Edit> {
    EDITS.with(|e| {
        let mut edits = e.borrow_mut();
        if !edits.iter().any(|(to, _)| to == id) {
            return Vec::new();
        }
        let mut taken = Vec::new();
        edits.retain(|(to, edit)| {
            if to == id {
                taken.push(edit.clone());
                false
            } else {
                true
            }
        });
        TAKEN.with(|t| t.set(true));
        taken
    })
}

/// A new pass of the window over an event begins.
pub(crate) fn begin_pass() {
    FOCUSED.with(|f| f.set(false));
    TAKEN.with(|t| t.set(false));
}

/// A field has the focus (said by the field in the pass).
pub(crate) fn note_focused() {
    FOCUSED.with(|f| f.set(true));
}

pub(crate) fn focused_in_pass() -> bool {
    FOCUSED.with(Cell::get)
}

/// Whether the page's input is up.
pub(crate) fn is_shown() -> bool {
    INPUT.with(|i| {
        i.try_borrow()
            .is_ok_and(|i| i.as_ref().is_some_and(|i| i.active.is_some()))
    })
}

/// Brings the page's input up to date with the field that has the focus (`found`) after an
/// event of the kind `moment`.
pub(crate) fn sync(found: Option<Seen>, moment: Moment, look: &Look) -> Then {
    INPUT.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return Then::Nothing;
        };
        let Some(seen) = found else {
            if let Some(input) = slot.as_mut() {
                input.put_away();
            }
            return Then::Nothing;
        };
        let Some(bounds) = seen.on_screen() else {
            if let Some(input) = slot.as_mut() {
                input.put_away();
            }
            return Then::Unfocus;
        };
        if slot.is_none() {
            *slot = Input::make();
        }
        let Some(input) = slot.as_mut() else {
            return Then::Nothing;
        };
        let place = input.on_page(bounds, look.zoom);
        let kind = seen.report.kind;
        let Some(a) = input
            .active
            .as_mut()
            .filter(|a| a.id == seen.id && a.kind == kind)
        else {
            input.show(&seen, place, look);
            if moment == (Moment::Press { touch: true }) {
                // Focused when the finger lifts: a phone brings up its keyboard only in the
                // player's own gesture, and a drag is not one to type after.
                if let Some(a) = input.active.as_mut() {
                    a.pressed = Some(place);
                }
            } else {
                input.focus();
            }
            return Then::Nothing;
        };
        let pressed = if moment == Moment::Lift {
            a.pressed.take()
        } else {
            None
        };
        if pressed.is_some_and(|p| !same(p, place)) {
            input.put_away();
            return Then::Unfocus;
        }
        let moved = !same(a.place, place);
        a.place = place;
        // The window changed the value itself (undo, or it refused a change); not while an
        // edit is on its way to the field, nor while a word is being composed.
        let value = &seen.report.value;
        let waiting = EDITS.with(|e| e.borrow().iter().any(|(to, _)| *to == a.id));
        let refresh = !TAKEN.with(Cell::get) && !waiting && !a.composing && *value != a.shown;
        if refresh {
            a.shown = value.clone();
        }
        let focus = !a.focused && a.pressed.is_none() && moment != (Moment::Press { touch: true });
        if moved {
            input.position(place, kind);
        }
        if refresh {
            input.element.set_value(value);
            let end = u32::try_from(value.encode_utf16().count()).unwrap_or(0);
            let _ = input.element.set_selection_range(end, end);
        }
        if focus {
            input.focus();
        }
        Then::Nothing
    })
}

/// Whether two places are one (to a hundredth of a CSS pixel).
fn same(a: Rectangle, b: Rectangle) -> bool {
    (a.x - b.x).abs() < 0.01
        && (a.y - b.y).abs() < 0.01
        && (a.width - b.width).abs() < 0.01
        && (a.height - b.height).abs() < 0.01
}

/// The value with its sign turned: "3" and "+3" to "-3", "-3" to "3".
fn turned(value: &str) -> String {
    let v = value.trim();
    match v.strip_prefix('-') {
        Some(rest) => rest.to_string(),
        None => format!("-{}", v.strip_prefix('+').unwrap_or(v)),
    }
}

/// Runs `f` on the input's state unless [`sync`] holds it (then it is the page's own event).
fn with_input<T>(f: impl FnOnce(&mut Input) -> Option<T>) -> Option<T> {
    INPUT.with(|cell| {
        let mut slot = cell.try_borrow_mut().ok()?;
        f(slot.as_mut()?)
    })
}

impl Input {
    /// The input and its ± key, added to the page hidden, with their listeners.
    fn make() -> Option<Input> {
        let document = web_sys::window()?.document()?;
        let body = document.body()?;
        let element: HtmlInputElement = document.create_element("input").ok()?.dyn_into().ok()?;
        element.set_type("text");
        element.set_id("adjutant-typing");
        for (name, value) in [
            ("autocomplete", "off"),
            ("autocorrect", "off"),
            ("autocapitalize", "off"),
            ("spellcheck", "false"),
        ] {
            let _ = element.set_attribute(name, value);
        }
        let sign: HtmlButtonElement = document.create_element("button").ok()?.dyn_into().ok()?;
        sign.set_type("button");
        sign.set_id("adjutant-typing-sign");
        sign.set_text_content(Some("±"));
        let _ = sign.set_attribute("aria-label", "Turn the sign");
        let _ = sign.set_attribute("tabindex", "-1");
        let hidden =
            "position: fixed; display: none; margin: 0; box-sizing: border-box; z-index: 2;";
        let _ = element.set_attribute(
            "style",
            &format!("{hidden} outline: none; -webkit-user-select: text; user-select: text;"),
        );
        let _ = sign.set_attribute(
            "style",
            &format!("{hidden} width: 44px; height: 44px; padding: 0; font: 22px system-ui, sans-serif; border-radius: 6px;"),
        );
        body.append_child(&element).ok()?;
        body.append_child(&sign).ok()?;
        let mut listeners = Vec::new();
        let mut listen = |target: &HtmlElement, name: &str, f: Box<dyn FnMut(Event)>| {
            let closure = Closure::wrap(f);
            let _ = target.add_event_listener_with_callback(name, closure.as_ref().unchecked_ref());
            listeners.push(closure);
        };
        listen(&element, "input", Box::new(|_| on_input()));
        listen(&element, "keydown", Box::new(on_key));
        listen(&element, "blur", Box::new(|_| on_blur()));
        listen(&element, "compositionstart", Box::new(|_| composing(true)));
        listen(&element, "compositionend", Box::new(|_| composing(false)));
        listen(&sign, "pointerdown", Box::new(on_sign));
        // A tap or click on the key leaves the page's focus in the input.
        for name in ["touchstart", "mousedown"] {
            listen(&sign, name, Box::new(|e: Event| e.prevent_default()));
        }
        Some(Input {
            element,
            sign,
            document,
            active: None,
            _listeners: listeners,
        })
    }

    /// A field's bounds on the screen (logical pixels) as the page places them (CSS pixels,
    /// from the canvas's corner).
    fn on_page(&self, bounds: Rectangle, zoom: f32) -> Rectangle {
        let (left, top) = self
            .document
            .query_selector("canvas")
            .ok()
            .flatten()
            .map_or((0.0, 0.0), |c| {
                let r = c.get_bounding_client_rect();
                (r.left() as f32, r.top() as f32)
            });
        Rectangle {
            x: left + bounds.x * zoom,
            y: top + bounds.y * zoom,
            width: bounds.width * zoom,
            height: bounds.height * zoom,
        }
    }

    /// Puts the input over a field that took the focus, with its value, caret and look.
    fn show(&mut self, seen: &Seen, place: Rectangle, look: &Look) {
        EDITS.with(|e| e.borrow_mut().retain(|(to, _)| *to == seen.id));
        let r = &seen.report;
        let numeric = r.kind != Kind::Text;
        let e = &self.element;
        let _ = e.set_attribute("inputmode", if numeric { "numeric" } else { "text" });
        if numeric {
            let _ = e.set_attribute(
                "pattern",
                if r.kind == Kind::Whole {
                    "[0-9]*"
                } else {
                    "-?[0-9]*"
                },
            );
        } else {
            let _ = e.remove_attribute("pattern");
        }
        e.set_placeholder(&r.placeholder);
        let _ = e.set_attribute("aria-label", &r.placeholder);
        // A phone's Enter key says what Enter does there: the field's own action, or done.
        let _ = e.set_attribute("enterkeyhint", if r.submits { "enter" } else { "done" });
        e.set_value(&r.value);
        let style = e.style();
        let z = look.zoom;
        // A phone zooms the page to an input whose text is smaller than 16 CSS pixels.
        let font = (r.size * z).max(16.0);
        let _ = style.set_property("font", &format!("{font}px system-ui, sans-serif"));
        let _ = style.set_property(
            "padding",
            &format!(
                "{}px {}px {}px {}px",
                r.padding.top * z,
                r.padding.right * z,
                r.padding.bottom * z,
                r.padding.left * z
            ),
        );
        let _ = style.set_property("background", &look.background);
        let _ = style.set_property("color", &look.text);
        let _ = style.set_property("caret-color", &look.text);
        let _ = style.set_property(
            "border",
            &format!("{}px solid {}", look.border_width * z, look.border),
        );
        let _ = style.set_property("border-radius", &format!("{}px", look.radius * z));
        let sign = self.sign.style();
        let _ = sign.set_property("background", &look.background);
        let _ = sign.set_property("color", &look.text);
        let _ = sign.set_property("border", &format!("1px solid {}", look.border));
        self.active = Some(Active {
            id: seen.id.clone(),
            kind: r.kind,
            place,
            focused: false,
            pressed: None,
            shown: r.value.clone(),
            composing: false,
        });
        self.position(place, r.kind);
        let _ = style.set_property("display", "block");
        let _ = e.set_selection_range(r.selection.0, r.selection.1);
    }

    /// Moves the input (and the ± key of a signed number, above its right end, or below it
    /// at the top of the screen) to `place`.
    fn position(&self, place: Rectangle, kind: Kind) {
        let style = self.element.style();
        for (name, value) in [
            ("left", place.x),
            ("top", place.y),
            ("width", place.width),
            ("height", place.height),
        ] {
            let _ = style.set_property(name, &format!("{value}px"));
        }
        let sign = self.sign.style();
        if kind == Kind::Signed {
            const KEY: f32 = 44.0;
            let above = place.y - KEY - 4.0;
            let top = if above >= 0.0 {
                above
            } else {
                place.y + place.height + 4.0
            };
            let left = (place.x + place.width - KEY).max(0.0);
            let _ = sign.set_property("left", &format!("{left}px"));
            let _ = sign.set_property("top", &format!("{top}px"));
            let _ = sign.set_property("display", "block");
        } else {
            let _ = sign.set_property("display", "none");
        }
    }

    /// Gives the input the page's focus (a phone shows its keyboard).
    fn focus(&mut self) {
        let _ = self.element.focus();
        let has = self
            .document
            .active_element()
            .is_some_and(|a| a.is_same_node(Some(self.element.as_ref())));
        if let Some(a) = self.active.as_mut() {
            a.focused = has;
        }
    }

    /// Hides the input and the ± key; what was typed for no field on screen is dropped. The
    /// window takes the page's focus back, for a keyboard's shortcuts.
    fn put_away(&mut self) {
        let Some(active) = self.active.take() else {
            return;
        };
        EDITS.with(|e| e.borrow_mut().clear());
        let _ = self.element.blur();
        let _ = self.element.style().set_property("display", "none");
        let _ = self.sign.style().set_property("display", "none");
        if active.focused
            && let Ok(Some(canvas)) = self.document.query_selector("canvas")
            && let Ok(canvas) = canvas.dyn_into::<HtmlElement>()
        {
            let _ = canvas.focus();
        }
    }
}

/// The value changed: the field takes it.
fn on_input() {
    let edit = with_input(|input| {
        let value = input.element.value();
        let a = input.active.as_mut()?;
        a.shown = value.clone();
        Some((a.id.clone(), value))
    });
    if let Some((id, value)) = edit {
        leave(id, Edit::Value(value));
    }
}

fn composing(on: bool) {
    with_input(|input| {
        input.active.as_mut()?.composing = on;
        Some(())
    });
}

/// Enter, Escape, Tab and undo typed in the input.
fn on_key(event: Event) {
    let Some(key) = event.dyn_ref::<KeyboardEvent>() else {
        return;
    };
    let command = key.ctrl_key() || key.meta_key();
    let name = key.key();
    let to_window = match name.as_str() {
        "Tab" => Some(PageKey::Tab {
            back: key.shift_key(),
        }),
        "z" | "Z" if command && key.shift_key() => Some(PageKey::Redo),
        "z" | "Z" if command => Some(PageKey::Undo),
        "y" | "Y" if command => Some(PageKey::Redo),
        _ => None,
    };
    if let Some(to_window) = to_window {
        event.prevent_default();
        send(to_window);
        return;
    }
    let edit = match name.as_str() {
        "Enter" if !key.is_composing() => Edit::Submit,
        "Escape" => Edit::Close,
        _ => return,
    };
    event.prevent_default();
    let id = with_input(|input| Some(input.active.as_ref()?.id.clone()));
    if let Some(id) = id {
        leave(id, edit);
    }
}

/// The input lost the page's focus (a tap elsewhere, a phone's Done key): so does the field.
fn on_blur() {
    let id = with_input(|input| {
        let a = input.active.as_mut()?;
        if !a.focused {
            return None;
        }
        a.focused = false;
        Some(a.id.clone())
    });
    if let Some(id) = id {
        leave(id, Edit::Close);
    }
}

/// The ± key: the value's sign turned, as if typed.
fn on_sign(event: Event) {
    event.prevent_default();
    let edit = with_input(|input| {
        let value = turned(&input.element.value());
        input.element.set_value(&value);
        let end = u32::try_from(value.encode_utf16().count()).unwrap_or(0);
        let _ = input.element.set_selection_range(end, end);
        let a = input.active.as_mut()?;
        a.shown = value.clone();
        Some((a.id.clone(), value))
    });
    if let Some((id, value)) = edit {
        leave(id, Edit::Value(value));
    }
}
