//! The one procedure that reads no inputs: its events are known when it starts, and its
//! summary is its title.

use crate::battle::state::Context;
use crate::event::Event;
use crate::procedure::{Input, Procedure, Step};

use super::done;

/// A procedure that needs no dice, cards or choices.
#[derive(Debug, Clone)]
pub struct Fixed {
    pub title: String,
    pub events: Vec<Event>,
}

impl Procedure for Fixed {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn step(&self, _ctx: &Context, _inputs: &[Input]) -> Step {
        done(self.title.clone(), self.events.clone())
    }
}
