//! Building the offers a system lists for a selection: an offer is refused exactly when
//! starting the procedure would be, with the same rule, because both go through the same
//! check. [`as_called`] runs the check on the call the offer's defaults make (and, while its
//! open questions are unanswered, on each answer to them: refused only when none is allowed).

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
        confirm: None,
    }
}

/// A call with every parameter answered with the text of the choice it is read as unanswered
/// ([`ParamSpec::assumed`]: the rules' default, or the first choice of an open question) — a
/// script's call, for tests and the odds of every offer.
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
                let text = p.choices.get(p.assumed()).cloned().unwrap_or_default();
                (p.key.to_string(), text)
            })
            .collect::<BTreeMap<_, _>>(),
    }
}

/// The most calls an offer is checked with: one per answer to its open questions, up to this.
const CHECKED_CALLS: usize = 64;

/// The calls an offer is checked with: its rules' defaults, and each answer (or combination
/// of answers, up to [`CHECKED_CALLS`]) to its open questions — the first call its
/// [`default_call`].
fn checked_calls(
    id: &str,
    actors: &[PieceId],
    targets: &[PieceId],
    params: &[ParamSpec],
) -> Vec<Call> {
    let mut calls = vec![default_call(id, actors, targets, params)];
    for p in params.iter().filter(|p| p.default().is_none()) {
        let mut more = Vec::new();
        for call in &calls {
            for (i, text) in p.choices.iter().enumerate() {
                if i == p.assumed() {
                    continue;
                }
                let mut c = call.clone();
                c.params.insert(p.key.to_string(), text.clone());
                more.push(c);
            }
        }
        calls.extend(more);
        if calls.len() >= CHECKED_CALLS {
            calls.truncate(CHECKED_CALLS);
            break;
        }
    }
    calls
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

/// An offer refused with whatever `check` says of the call its defaults make — unless some
/// answer to its open questions is allowed (the player has not answered them yet).
pub(crate) fn as_called<T>(
    id: &str,
    label: impl Into<String>,
    params: Vec<ParamSpec>,
    (actors, targets): (&[PieceId], &[PieceId]),
    check: impl Fn(&Call) -> Result<T, Refusal>,
) -> Offer {
    let mut first = None;
    for call in checked_calls(id, actors, targets, &params) {
        match check(&call) {
            Ok(_) => return offer(id, label.into(), params, Ok(())),
            Err(r) => {
                first.get_or_insert(r);
            }
        }
    }
    offer(id, label.into(), params, first.map_or(Ok(()), Err))
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
    use crate::rules::kit::params::{Rules, YES, choice, yes_no};

    #[test]
    fn an_offer_is_refused_as_its_default_call_would_be() {
        let params = vec![
            yes_no("far", "Far").by(YES, "§1.1"),
            choice("c", "C", &["a", "b"]).by(1, "§1.1"),
        ];
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

    #[test]
    fn an_offer_with_open_questions_is_refused_only_when_no_answer_is_allowed() {
        let params = || vec![choice("d", "Division", &["left", "centre", "right"])];
        let moved = |c: &Call| match c.param("d") {
            Some("left") => refuse::<()>("the left division has moved", "§2.3"),
            _ => Ok(()),
        };
        let made = as_called("x.div", "Move", params(), (&[], &[]), moved);
        assert_eq!(made.refused, None, "the centre may still move");
        let all = |_: &Call| refuse::<()>("every division has moved", "§2.3");
        let made = as_called("x.div", "Move", params(), (&[], &[]), all);
        assert_eq!(
            made.refused,
            Some(Refusal::new("every division has moved", "§2.3"))
        );
    }
}
