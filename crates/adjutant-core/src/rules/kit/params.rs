//! The questions a procedure asks before it starts (range, cover, facing) and the one way
//! every system reads their answers from a [`Call`].
//!
//! **How an answer is read** ([`answer`]), after trimming spaces:
//!
//! 1. the text of one of the choices, in any case ("Obscured", "obscured") — that choice;
//! 2. on a two-way question (a "no"/"yes" question, or any question with two choices, the
//!    second being the "yes" side): `yes`, `y`, `true` read as the second choice and `no`,
//!    `n`, `false` as the first, in any case;
//! 3. a whole number that is the index of a choice, counted from 0 ("1" is the second
//!    choice) — the window and the saved calls use the choice's text, scripts may use
//!    either;
//! 4. anything else, or no answer, reads as the question's default ([`ParamSpec::assumed`]:
//!    the rules' default, or the first choice of a question asked open — which only an offer's
//!    check or a script reads: the battle refuses to start a procedure whose open question is
//!    unanswered).
//!
//! A choice whose text is itself a number ("2") is matched as text first (rule 1).
//!
//! **Whose answer**: every builder makes a question asked open ([`Given::Open`]); a question
//! whose plain case the rules give (no modifier, no cover, the check the phase calls for)
//! says so with [`Rules::by`], naming the rule: `yes_no(K, "Cover (−1)").by(NO, "§5.5")`.

use crate::procedure::{Call, Given, ParamSpec, Refusal};

/// The choices of a yes/no question, "no" first.
pub(crate) const NO: &str = "no";
pub(crate) const YES: &str = "yes";

/// A question with several named answers, asked open.
pub(crate) fn choice(key: &'static str, label: impl Into<String>, choices: &[&str]) -> ParamSpec {
    pick(key, label, choices.iter().map(|c| c.to_string()).collect())
}

/// A question whose answers are built at run time (side names, unit names), asked open.
pub(crate) fn pick(key: &'static str, label: impl Into<String>, choices: Vec<String>) -> ParamSpec {
    ParamSpec {
        key,
        label: label.into(),
        choices,
        given: Given::Open,
    }
}

/// A yes/no question ("no", "yes"), asked open.
pub(crate) fn yes_no(key: &'static str, label: impl Into<String>) -> ParamSpec {
    choice(key, label, &[NO, YES])
}

/// A question that starts at the answer the rules give.
pub(crate) trait Rules {
    /// The question, starting at choice `choice` (by its index, or [`NO`] / [`YES`] on a
    /// yes/no question) unless the player says otherwise, as `rule` gives it.
    fn by(self, choice: impl Choice, rule: &'static str) -> ParamSpec;
}

impl Rules for ParamSpec {
    fn by(mut self, choice: impl Choice, rule: &'static str) -> ParamSpec {
        let choice = choice
            .index(&self)
            .min(self.choices.len().saturating_sub(1));
        self.given = Given::Rules { choice, rule };
        self
    }
}

/// A choice named by its index or its text.
pub(crate) trait Choice {
    fn index(self, spec: &ParamSpec) -> usize;
}

impl Choice for usize {
    fn index(self, _: &ParamSpec) -> usize {
        self
    }
}

impl Choice for &str {
    fn index(self, spec: &ParamSpec) -> usize {
        read(spec, self).unwrap_or(0)
    }
}

/// The index of the choice `text` names for `spec` (the rules in the module's header), or
/// `None` when it names none.
pub(crate) fn read(spec: &ParamSpec, text: &str) -> Option<usize> {
    let v = text.trim();
    if let Some(i) = spec.choices.iter().position(|c| c.eq_ignore_ascii_case(v)) {
        return Some(i);
    }
    if spec.choices.len() == 2 {
        match v.to_ascii_lowercase().as_str() {
            "yes" | "y" | "true" => return Some(1),
            "no" | "n" | "false" => return Some(0),
            _ => {}
        }
    }
    v.parse::<usize>().ok().filter(|&i| i < spec.choices.len())
}

/// Whether `text` answers a yes/no question "yes" (the rules above, choices "no", "yes").
pub(crate) fn says_yes(text: &str) -> bool {
    read(&yes_no("", ""), text) == Some(1)
}

/// Whether `call` answered the yes/no question `key` "yes" (read as [`says_yes`] reads it);
/// unanswered is "no".
pub(crate) fn yes_to(call: &Call, key: &str) -> bool {
    call.param(key).is_some_and(says_yes)
}

/// The index of the answer `call` gave to `spec`; [`ParamSpec::assumed`] when unanswered or
/// unreadable.
pub(crate) fn answer(call: &Call, spec: &ParamSpec) -> usize {
    call.param(spec.key)
        .and_then(|v| read(spec, v))
        .unwrap_or(spec.assumed())
}

/// Whether `call` answers `spec` with one of its choices.
pub(crate) fn answered(call: &Call, spec: &ParamSpec) -> bool {
    call.param(spec.key).and_then(|v| read(spec, v)).is_some()
}

/// Whether the answer is the second choice: the "yes" of a two-way question.
pub(crate) fn yes(call: &Call, spec: &ParamSpec) -> bool {
    answer(call, spec) == 1
}

/// The index of the choice `call` answered for `spec`, read as [`answer`] reads it, but an
/// answer that names none of the choices is refused (citing `rule`) rather than read as the
/// default. Unanswered: [`ParamSpec::assumed`].
pub(crate) fn strict_answer(call: &Call, spec: &ParamSpec, rule: &str) -> Result<usize, Refusal> {
    let Some(text) = call.param(spec.key) else {
        return Ok(spec.assumed());
    };
    read(spec, text).ok_or_else(|| {
        Refusal::new(
            format!(
                "'{}' is not an answer to \"{}\": the answers are {}",
                text.trim(),
                spec.label,
                spec.choices.join(", ")
            ),
            rule,
        )
    })
}

/// Refuses a call that answers any of `specs` with something that names none of its choices.
pub(crate) fn check_answers(call: &Call, specs: &[ParamSpec], rule: &str) -> Result<(), Refusal> {
    for spec in specs {
        strict_answer(call, spec, rule)?;
    }
    Ok(())
}

/// The answer to the question with this key among `specs` (0 when there is none).
pub(crate) fn answer_of(call: &Call, specs: &[ParamSpec], key: &str) -> usize {
    specs
        .iter()
        .find(|s| s.key == key)
        .map_or(0, |s| answer(call, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(key: &str, value: &str) -> Call {
        Call {
            params: [(key.to_string(), value.to_string())].into(),
            ..Call::default()
        }
    }

    #[test]
    fn an_answer_is_a_choice_in_any_case_a_yes_no_word_or_an_index() {
        let cover = choice("cover", "Target", &["In the open", "Obscured", "2"]).by(0, "§5.1");
        let read = |v: &str| answer(&call("cover", v), &cover);
        assert_eq!(read("obscured"), 1);
        assert_eq!(read("  IN THE OPEN "), 0);
        assert_eq!(read("1"), 1, "an index");
        assert_eq!(read("2"), 2, "a choice's text first");
        assert_eq!(read("3"), 0, "no such index: the default");
        assert_eq!(read("yes"), 0, "yes/no words only on two-way questions");
        assert_eq!(read("uphill"), 0);
        let flank = yes_no("flank", "Flank").by(NO, "§7.4");
        for (v, want) in [
            ("yes", true),
            ("Y", true),
            ("TRUE", true),
            ("1", true),
            ("no", false),
            ("n", false),
            ("false", false),
            ("0", false),
            ("maybe", false),
        ] {
            assert_eq!(yes(&call("flank", v), &flank), want, "{v}");
        }
        let unanswered = Call::default();
        assert!(yes(&unanswered, &yes_no("flank", "Flank").by(YES, "§7.4")));
        assert_eq!(answer_of(&call("cover", "Obscured"), &[cover], "cover"), 1);
    }

    #[test]
    fn a_question_is_asked_open_unless_the_rules_give_its_answer() {
        let range = choice("range", "Range", &["1", "2"]);
        assert_eq!(range.given, Given::Open);
        assert_eq!(range.default(), None);
        assert_eq!(range.assumed(), 0, "read so only by a check or a script");
        assert!(!answered(&Call::default(), &range));
        assert!(answered(&call("range", "2"), &range));
        assert!(!answered(&call("range", "3"), &range), "no such choice");
        let cover = yes_no("cover", "Cover").by(NO, "§5.5");
        assert_eq!(cover.default(), Some(0));
        assert_eq!(cover.default_rule(), Some("§5.5"));
        let column = yes_no("col", "In column").by(YES, "§3.4");
        assert_eq!(column.default(), Some(1));
        assert_eq!(
            choice("c", "C", &["a", "b"]).by("b", "§1").default(),
            Some(1),
            "named by its text"
        );
    }
}
