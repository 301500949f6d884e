//! The odds of the whole procedure under way, from where it stands: each result with its
//! probability, what the walk could not follow, and the choices it assumed.

use iced::Element;
use iced::widget::{Column, column};

use adjutant::battle::{Battle, Pending};
use adjutant::odds::procedure_odds;

use crate::ui::parts;
use crate::ui::theme::gap;

pub fn view<'a, M: 'a>(game: &Battle, pending: &Pending) -> Element<'a, M> {
    let Some(procedure) = game.pending_procedure() else {
        return column![].into();
    };
    let odds = procedure_odds(procedure.as_ref(), &game.context(), &pending.inputs);
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
