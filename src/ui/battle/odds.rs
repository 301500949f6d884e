//! The odds of the whole procedure under way, from where it stands: a line at a glance for
//! each side (its pieces' likeliest results, summed over every outcome that holds them), then
//! each result with its probability, what the walk could not follow, and the choices it
//! assumed.

use iced::Element;
use iced::widget::{Column, column};

use adjutant::battle::{Battle, Pending};
use adjutant::odds::{Odds, procedure_odds};

use crate::ui::parts;
use crate::ui::theme::gap;

/// How many results a line at a glance names.
const GLANCE: usize = 3;

/// The odds of the procedure under way, from the inputs it has had; none when there is none.
pub fn of(game: &Battle, pending: &Pending) -> Odds {
    game.pending_procedure()
        .map(|p| procedure_odds(p.as_ref(), &game.context(), &pending.inputs))
        .unwrap_or_default()
}

pub fn view<'a, M: 'a>(game: &Battle, odds: Odds) -> Element<'a, M> {
    if odds.outcomes.is_empty() && odds.unexplored == 0.0 {
        return column![].into();
    }
    let mut col = Column::new().spacing(gap::XS);
    for line in glance(game, &odds) {
        col = col.push(parts::strong(line));
    }
    col = col.push(parts::strong("Odds of the whole procedure"));
    for (summary, p) in odds.outcomes {
        col = col.push(parts::odds_bar(summary, p, String::new()));
    }
    if odds.unexplored > 0.0 {
        col = col.push(parts::caption(format!(
            "Not followed to the end: {}",
            parts::percent(odds.unexplored)
        )));
    }
    for assumption in odds.assumptions {
        col = col.push(parts::caption(assumption));
    }
    col.into()
}

/// The odds of a procedure before it starts, in a line or two: [`glance`]'s lines, or, with a
/// single outcome, that outcome for certain.
pub fn preview(game: &Battle, odds: &Odds) -> Vec<String> {
    match odds.outcomes.as_slice() {
        [] => Vec::new(),
        [(summary, _)] => vec![format!("Certain: {summary}")],
        _ => glance(game, odds),
    }
}

/// One line per side whose pieces an outcome names ("Royalist: Holles's Horse routs 27 % ·
/// Holles's Horse passes 73 %"), and one for results that name no piece ("Result: step loss
/// 35 % · morale check 40 %"): each outcome's parts (split at "; ") summed over the outcomes
/// that hold them, likeliest first. No lines when there is a single outcome.
pub fn glance(game: &Battle, odds: &Odds) -> Vec<String> {
    if odds.outcomes.len() < 2 {
        return Vec::new();
    }
    // Each part once, with its total probability, in the order first met.
    let mut parts: Vec<(String, f64)> = Vec::new();
    for (summary, p) in &odds.outcomes {
        let mut seen: Vec<&str> = Vec::new();
        for part in summary.split("; ").map(str::trim).filter(|s| !s.is_empty()) {
            if seen.contains(&part) {
                continue;
            }
            seen.push(part);
            match parts.iter_mut().find(|(s, _)| s == part) {
                Some((_, total)) => *total += p,
                None => parts.push((part.to_string(), *p)),
            }
        }
    }
    // Whose part it is: the side of the piece it begins with (the longest name that fits).
    let roster = &game.roster;
    let side_of = |part: &str| {
        roster
            .ids()
            .filter(|&id| !roster.name(id).is_empty() && part.starts_with(&*roster.name(id)))
            .max_by_key(|&id| roster.name(id).len())
            .map(|id| roster.side_of(id))
    };
    let mut groups: Vec<SideParts> = Vec::new();
    for (part, p) in parts {
        // A part every outcome holds says nothing about the odds.
        if p >= 0.9995 {
            continue;
        }
        let side = side_of(&part);
        match groups.iter_mut().find(|(s, _)| *s == side) {
            Some((_, list)) => list.push((part, p)),
            None => groups.push((side, vec![(part, p)])),
        }
    }
    groups.sort_by_key(|(side, _)| side.map_or(usize::MAX, |s| s));
    groups
        .into_iter()
        .map(|(side, mut list)| {
            list.sort_by(|a, b| b.1.total_cmp(&a.1));
            let who = match side {
                Some(s) => game
                    .armies()
                    .get(s)
                    .map_or_else(|| "Result".to_string(), |a| a.side.clone()),
                None => "Result".to_string(),
            };
            let items: Vec<String> = list
                .iter()
                .take(GLANCE)
                .map(|(part, p)| format!("{part} {}", whole_percent(*p)))
                .collect();
            format!("{who}: {}", items.join(" · "))
        })
        .collect()
}

/// A probability as a whole percentage ("41 %"); "<1 %" for a chance that rounds to nothing.
fn whole_percent(p: f64) -> String {
    let pct = (p * 100.0).round();
    if pct == 0.0 && p > 0.0 {
        "<1 %".to_string()
    } else {
        format!("{pct:.0} %")
    }
}

/// A band of a roll as a plain range, with its label when the label says more than the
/// numbers: "3–5 · fails", "−2 to −1 · less than 0", "9" — clamped to the totals the dice
/// can make (`low`..=`high`). A band the dice cannot reach shows its own range.
pub fn band_label(from: i32, to: i32, low: i32, high: i32, label: &str) -> String {
    let (lo, hi) = (from.max(low), to.min(high));
    let (lo, hi) = if lo > hi { (from, to) } else { (lo, hi) };
    let range = plain_range(lo, hi);
    let label = label.trim();
    let numeric = label
        .chars()
        .all(|c| c.is_ascii_digit() || " -–−+".contains(c));
    if label.is_empty() || numeric {
        range
    } else {
        format!("{range} · {label}")
    }
}

/// "7", "3–5", "10 or more" for an open top, "−2 to −1" when a bound is negative (a dash
/// between minus signs reads as arithmetic).
pub fn plain_range(from: i32, to: i32) -> String {
    let n = |v: i32| {
        if v < 0 {
            format!("−{}", -(v as i64))
        } else {
            v.to_string()
        }
    };
    if from == to {
        n(from)
    } else if to >= i32::MAX / 2 {
        format!("{} or more", n(from))
    } else if from <= i32::MIN / 2 {
        format!("{} or less", n(to))
    } else if from < 0 || to < 0 {
        format!("{} to {}", n(from), n(to))
    } else {
        format!("{}–{}", n(from), n(to))
    }
}

/// One side's parts of the outcomes with their odds (no side: parts naming no piece).
type SideParts = (Option<usize>, Vec<(String, f64)>);
