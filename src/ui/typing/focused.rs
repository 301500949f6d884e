//! Finding the fields on the screen as an operation walks the window: each [`super::field`]
//! reports itself ([`Report`]), and the walk (iced's selector finder) places it on the
//! screen — its bounds moved by every scrolled panel it is in, and the part of it left in
//! view. The page's input goes over the one with the focus ([`Focused`]); tests read every
//! field's kind and bounds ([`Every`]).

use iced::Rectangle;
use iced_graphics::core::widget::Id;
use iced_selector::{Candidate, Selector};

use super::field::Report;

/// A field as the screen shows it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Seen {
    pub id: Id,
    pub report: Report,
    /// Its bounds as laid out (before any panel is scrolled).
    pub bounds: Rectangle,
    /// The part of it in view on the screen (moved by the panels' scrolling), if any.
    pub visible: Option<Rectangle>,
}

impl Seen {
    /// Where it is on the screen when it is wholly in view; `None` when a panel's edge or
    /// the screen's cuts it, or it is scrolled out of view.
    pub fn on_screen(&self) -> Option<Rectangle> {
        let v = self.visible?;
        let whole = (v.width - self.bounds.width).abs() < 0.5
            && (v.height - self.bounds.height).abs() < 0.5;
        whole.then_some(v)
    }
}

fn seen(candidate: Candidate<'_>) -> Option<Seen> {
    let Candidate::Custom {
        id: Some(id),
        bounds,
        visible_bounds,
        state,
    } = candidate
    else {
        return None;
    };
    let report = state.downcast_ref::<Report>()?;
    Some(Seen {
        id: id.clone(),
        report: report.clone(),
        bounds,
        visible: visible_bounds,
    })
}

/// The field with the focus.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Focused;

impl Selector for Focused {
    type Output = Seen;

    fn select(&mut self, candidate: Candidate<'_>) -> Option<Seen> {
        seen(candidate).filter(|s| s.report.focused)
    }

    fn description(&self) -> String {
        "the text field with the focus".into()
    }
}

/// Every field (with `find_all`), or the one with an id.
#[derive(Debug, Clone, Default)]
#[cfg(test)]
pub(crate) struct Every(pub Option<Id>);

#[cfg(test)]
impl Selector for Every {
    type Output = Seen;

    fn select(&mut self, candidate: Candidate<'_>) -> Option<Seen> {
        seen(candidate).filter(|s| self.0.as_ref().is_none_or(|id| *id == s.id))
    }

    fn description(&self) -> String {
        match &self.0 {
            Some(id) => format!("the text field {id:?}"),
            None => "every text field".into(),
        }
    }
}
