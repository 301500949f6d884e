//! An offer's questions as the player answers them. A question the rules give an answer to
//! starts at it, named as such ("the rules' default, §5.4"); one they do not starts
//! unanswered, says "answer this first", and the offer's Start waits for it. A choice of six
//! or fewer (nine, when each is a word or two) is a row of tap targets, a count a row of number keys (a drop-down only past
//! [`KEYS`]), anything longer a drop-down; the picked answer is the one lit.

use iced::widget::{Row, button, column, container, pick_list, row, text};
use iced::{Element, Fill};

use adjutant::procedure::ParamSpec;

use super::keypad;
use crate::ui::kept_inside::kept_inside;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

/// The most choices always shown as a row of tap targets.
pub const TAPS: usize = 6;

/// The most choices shown as tap targets when every one is a short word or two (more go in
/// a drop-down).
pub const SHORT_TAPS: usize = 9;

/// The longest choice counted as short.
const SHORT: usize = 12;

/// The most numbers of a count shown as keys (more go in a drop-down).
pub const KEYS: usize = 24;

/// The widest a drop-down grows.
const PICKER_MAX: f32 = 240.0;

/// The widget id of a question's answers (tests and focus use it).
pub fn param_id(offer: &str, key: &str) -> String {
    format!("param:{offer}:{key}")
}

/// The widget id of the tap target of choice `i` of a question.
pub fn choice_id(offer: &str, key: &str, i: usize) -> String {
    format!("param:{offer}:{key}:{i}")
}

/// How a question is answered on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A row of tap targets, one per choice.
    Taps,
    /// A row of number keys: the choices are the counts 0, 1, 2, ….
    Count,
    /// A drop-down.
    List,
}

/// The shape of `spec`'s answers.
pub fn shape(spec: &ParamSpec) -> Shape {
    let count = spec
        .choices
        .iter()
        .enumerate()
        .all(|(i, c)| c.parse::<usize>() == Ok(i));
    if count && spec.choices.len() > TAPS && spec.choices.len() <= KEYS {
        Shape::Count
    } else if spec.choices.len() <= TAPS
        || (spec.choices.len() <= SHORT_TAPS
            && spec.choices.iter().all(|c| c.chars().count() <= SHORT))
    {
        Shape::Taps
    } else {
        Shape::List
    }
}

/// The answer shown for `spec`: the one the player picked (if it is still a choice), else the
/// rules' default, else none.
pub fn chosen(spec: &ParamSpec, picked: Option<&String>) -> Option<String> {
    picked
        .filter(|v| spec.choices.contains(v))
        .cloned()
        .or_else(|| spec.default().and_then(|d| spec.choices.get(d).cloned()))
}

/// Whether the answer shown is the rules' own default (not one the player picked).
pub fn is_default(spec: &ParamSpec, picked: Option<&String>) -> bool {
    picked.filter(|v| spec.choices.contains(v)).is_none() && spec.default().is_some()
}

/// A question's label without its explanation in brackets ("Target in cover (small arms −1)"
/// reads "Target in cover"), for the one line of a folded offer's answers.
pub fn short_label(label: &str) -> &str {
    label.split(" (").next().unwrap_or(label).trim_end()
}

/// One question: its label with what its answer is (the rules' default, or to be given),
/// then its answers. `pick` makes the message of an answer picked. On a phone (`touch`) every
/// answer is a finger's size.
pub fn view<'a, M: Clone + 'a>(
    offer: &str,
    spec: &ParamSpec,
    picked: Option<&String>,
    pick: impl Fn(String) -> M + 'a,
    touch: bool,
) -> Element<'a, M> {
    let chosen = chosen(spec, picked);
    let note = match (&chosen, spec.default_rule()) {
        (None, _) => Some(parts::warning_caption("answer this first")),
        (Some(_), Some(rule)) if is_default(spec, picked) => {
            Some(parts::caption(format!("the rules' default, {rule}")))
        }
        _ => None,
    };
    let head = row![container(parts::body(spec.label.clone())).width(Fill)]
        .push(note)
        .spacing(gap::S)
        .align_y(iced::Center);
    let answers: Element<'a, M> = match shape(spec) {
        Shape::Taps | Shape::Count => {
            let keys = shape(spec) == Shape::Count;
            let mut taps = Row::new().spacing(gap::XS).align_y(iced::Center);
            for (i, c) in spec.choices.iter().enumerate() {
                let on = chosen.as_deref() == Some(c.as_str());
                let tap = if keys {
                    keypad::key(c.clone())
                } else {
                    button(text(c.clone()).size(size::BODY)).padding([gap::XS + 2.0, gap::M])
                };
                taps = taps.push(
                    container(parts::tap(
                        tap.style(theme::toggle(on)).on_press(pick(c.clone())),
                        touch,
                    ))
                    .id(choice_id(offer, spec.key, i)),
                );
            }
            container(taps.wrap().vertical_spacing(gap::XS))
                .id(param_id(offer, spec.key))
                .into()
        }
        Shape::List => {
            let list = pick_list(spec.choices.clone(), chosen, pick)
                .placeholder("Choose…")
                .text_size(size::BODY);
            // The list keeps its own width (up to a share of the row, its choice clipped
            // beyond), so it never shrinks to its arrow or runs out of the card.
            container(parts::tap(kept_inside(list), touch))
                .id(param_id(offer, spec.key))
                .max_width(PICKER_MAX)
                .into()
        }
    };
    container(column![head, answers].spacing(gap::XS))
        .width(Fill)
        .into()
}
