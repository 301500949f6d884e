//! The plumbing every Royalists & Roundheads procedure shares: a [`Proc`], the kit's
//! [`Script`] that runs a body function over the inputs with the tables in force, and keeps
//! the pieces it changed in a [`Run`] so a later check sees an earlier one.

use std::sync::Arc;

use super::run::Run;
use super::tables::Tables;
use crate::battle::state::Context;
use crate::procedure::{Call, Step};
use crate::rules::kit::{Cursor, Need, Script, done};

/// A procedure body: the straight-line rules, stopping at each request.
pub(crate) type Body = fn(&mut Run, &Tables, &Call) -> Need<String>;

/// A started procedure.
pub(crate) struct Proc {
    pub(crate) title: String,
    pub(crate) notes: Vec<String>,
    pub(crate) tables: Arc<Tables>,
    pub(crate) call: Call,
    pub(crate) body: Body,
}

impl Script for Proc {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        let mut run = Run::over(ctx, cursor);
        match (self.body)(&mut run, &self.tables, &self.call) {
            Ok(summary) => {
                super::readouts::refresh(&mut run, &self.tables);
                done(summary, run.events)
            }
            Err(request) => request,
        }
    }
}
