//! The plumbing every Royalists & Roundheads procedure shares: a [`Proc`] that runs a body function over the
//! inputs with the tables in force, the parameters' specs and answers, and offer building that
//! uses the same checks as starting a procedure, so an offer is refused exactly when the call
//! would be.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::keys::param;
use super::run::{Need, Run};
use super::tables::Tables;
use crate::battle::state::Context;
use crate::procedure::{Call, Explorer, Input, Offer, ParamSpec, Procedure, Refusal, Step};

/// A procedure body: the straight-line rules, stopping at each request.
pub type Body = fn(&mut Run, &Tables, &Call) -> Need<String>;

/// A started procedure.
pub struct Proc {
    pub title: String,
    pub notes: Vec<String>,
    pub tables: Arc<Tables>,
    pub call: Call,
    pub body: Body,
}

impl Procedure for Proc {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    fn step(&self, ctx: &Context, inputs: &[Input]) -> Step {
        Run::finish(ctx, inputs, |run| {
            let summary = (self.body)(run, &self.tables, &self.call)?;
            super::readouts::refresh(run, &self.tables);
            Ok(summary)
        })
    }

    fn explore(&self, ctx: &Context, inputs: &[Input], more: &mut Explorer<'_>) -> Step {
        Run::explore(ctx, inputs, more, |run| {
            (self.body)(run, &self.tables, &self.call)
        })
    }
}

/// A yes/no parameter, answered "no" by default unless `default_yes`.
pub fn yes_no(key: &'static str, label: impl Into<String>, default_yes: bool) -> ParamSpec {
    ParamSpec {
        key,
        label: label.into(),
        choices: vec![param::NO.into(), param::YES.into()],
        default: usize::from(default_yes),
    }
}

/// A parameter with named choices.
pub fn pick(
    key: &'static str,
    label: impl Into<String>,
    choices: Vec<String>,
    default: usize,
) -> ParamSpec {
    ParamSpec {
        key,
        label: label.into(),
        choices,
        default,
    }
}

/// Whether a yes/no parameter was answered yes, read as the kit reads every answer
/// ([`crate::rules::kit::params`]): "yes", "y", "true" or "1" in any case; anything else is no.
pub fn is_yes(call: &Call, key: &str) -> bool {
    call.param(key)
        .is_some_and(crate::rules::kit::params::says_yes)
}

/// A call with every parameter at its default.
pub fn default_call(
    id: &str,
    ctx_actors: &[crate::event::PieceId],
    targets: &[crate::event::PieceId],
    params: &[ParamSpec],
) -> Call {
    Call {
        id: id.into(),
        actors: ctx_actors.to_vec(),
        targets: targets.to_vec(),
        params: params
            .iter()
            .map(|p| {
                (
                    p.key.to_string(),
                    p.choices.get(p.default).cloned().unwrap_or_default(),
                )
            })
            .collect::<BTreeMap<_, _>>(),
    }
}

/// An offer whose refusal is whatever `check` says about the default call.
pub fn offer(
    id: &str,
    label: impl Into<String>,
    params: Vec<ParamSpec>,
    call_check: impl FnOnce(&Call) -> Result<(), Refusal>,
    actors: &[crate::event::PieceId],
    targets: &[crate::event::PieceId],
) -> Offer {
    let call = default_call(id, actors, targets, &params);
    Offer {
        id: id.into(),
        label: label.into(),
        refused: call_check(&call).err(),
        params,
    }
}

/// Shorthand for a refusal.
pub fn refuse<T>(reason: impl Into<String>, rule: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(reason, rule))
}
