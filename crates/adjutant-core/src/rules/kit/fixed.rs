//! The one procedure that reads no inputs: its events are known when it starts, and its
//! summary is its title.

use crate::battle::state::Context;
use crate::event::Event;
use crate::procedure::{Procedure, Refusal, Step};

use super::{Body, Cursor, Need, done};

/// A procedure that needs no dice, cards or choices.
#[derive(Debug, Clone)]
pub(crate) struct Fixed {
    pub(crate) title: String,
    pub(crate) events: Vec<Event>,
}

impl Fixed {
    /// The procedure titled `title` that records `events`.
    pub(crate) fn new(title: impl Into<String>, events: Vec<Event>) -> Fixed {
        Fixed {
            title: title.into(),
            events,
        }
    }

    /// The procedure started: what a system's `procedure` returns for it.
    pub(crate) fn start(
        title: impl Into<String>,
        events: Vec<Event>,
    ) -> Result<Box<dyn Procedure>, Refusal> {
        Ok(Box::new(Fixed::new(title, events)))
    }
}

impl Body for Fixed {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn body(&self, _ctx: &Context, _cursor: &mut Cursor) -> Need<Step> {
        Ok(self.resolve())
    }
}

impl Fixed {
    /// The procedure's result: it reads no inputs.
    fn resolve(&self) -> Step {
        done(self.title.clone(), self.events.clone())
    }
}
