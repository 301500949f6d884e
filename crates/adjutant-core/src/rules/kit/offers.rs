//! Building the offers a system lists for a selection: an offer is refused exactly when
//! starting the procedure would be, with the same rule, because both go through the same
//! check. [`as_called`] runs the check on the call the offer's defaults make.

use std::collections::BTreeMap;

use crate::event::PieceId;
use crate::procedure::{Call, Offer, ParamSpec, Refusal};

/// An offer, refused when `check` is an error.
pub(crate) fn offer(
    id: &str,
    label: String,
    params: Vec<ParamSpec>,
    check: Result<(), Refusal>,
) -> Offer {
    Offer {
        id: id.into(),
        label,
        params,
        refused: check.err(),
    }
}

/// A call with every parameter answered with its default choice's text.
pub fn default_call(
    id: &str,
    actors: &[PieceId],
    targets: &[PieceId],
    params: &[ParamSpec],
) -> Call {
    Call {
        id: id.into(),
        actors: actors.to_vec(),
        targets: targets.to_vec(),
        params: params
            .iter()
            .map(|p| {
                let text = p.choices.get(p.default).cloned().unwrap_or_default();
                (p.key.to_string(), text)
            })
            .collect::<BTreeMap<_, _>>(),
    }
}

/// A bare call: no parameters answered (every question reads as its default).
pub(crate) fn call(id: &str, actors: &[PieceId], targets: &[PieceId]) -> Call {
    Call {
        id: id.into(),
        actors: actors.to_vec(),
        targets: targets.to_vec(),
        params: BTreeMap::new(),
    }
}

/// An offer refused with whatever `check` says of the call its defaults make.
pub(crate) fn as_called<T>(
    id: &str,
    label: impl Into<String>,
    params: Vec<ParamSpec>,
    (actors, targets): (&[PieceId], &[PieceId]),
    check: impl FnOnce(&Call) -> Result<T, Refusal>,
) -> Offer {
    let call = default_call(id, actors, targets, &params);
    offer(id, label.into(), params, check(&call).map(|_| ()))
}

/// The first actor and the first target of a call; refused with `choose` (what to select)
/// and `rule` when either is missing.
pub(crate) fn actor_and_target(
    call: &Call,
    choose: &str,
    rule: &str,
) -> Result<(PieceId, PieceId), Refusal> {
    match (call.actors.first(), call.targets.first()) {
        (Some(&a), Some(&t)) => Ok((a, t)),
        _ => refuse(choose, rule),
    }
}

/// A refusal as an `Err`, for `return refuse(...)`.
pub(crate) fn refuse<T>(reason: impl Into<String>, rule: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(reason, rule))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kit::params::{choice, yes_no};

    #[test]
    fn an_offer_is_refused_as_its_default_call_would_be() {
        let params = vec![yes_no("far", "Far", true), choice("c", "C", &["a", "b"], 1)];
        let made = as_called(
            "x.go",
            "Go",
            params,
            (&[PieceId(1)], &[]),
            |call: &Call| match call.param("far") {
                Some("yes") if call.param("c") == Some("b") => refuse::<()>("too far", "§1.1"),
                _ => Ok(()),
            },
        );
        assert_eq!(made.refused, Some(Refusal::new("too far", "§1.1")));
        assert_eq!(made.params.len(), 2);
        let open = offer("x.go", "Go".into(), Vec::new(), Ok(()));
        assert!(open.refused.is_none());
        assert!(call("x.go", &[], &[]).params.is_empty());
    }
}
