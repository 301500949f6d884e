//! The odds of the whole procedure under way, from where it stands: each result with its
//! probability, what the walk could not follow, and the choices it assumed.

use iced::Element;
use iced::widget::{Column, column};

use adjutant::battle::{Battle, Pending};
use adjutant::odds::{Odds, procedure_odds};

use crate::ui::parts;
use crate::ui::theme::gap;

/// The odds of the procedure under way, from the inputs it has had; none when there is none.
pub fn of(game: &Battle, pending: &Pending) -> Odds {
    game.pending_procedure()
        .map(|p| procedure_odds(p.as_ref(), &game.context(), &pending.inputs))
        .unwrap_or_default()
}

pub fn view<'a, M: 'a>(odds: Odds) -> Element<'a, M> {
    if odds.outcomes.is_empty() && odds.unexplored == 0.0 {
        return column![].into();
    }
    let mut col = Column::new()
        .spacing(gap::XS)
        .push(parts::strong("Odds of the whole procedure"));
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
