//! The Rally action (§5.5): a pinned unit rolls 1D6 against its quality (Elite 3+,
//! Average 4+, Conscript 5+), +1 with an HQ adjacent (asked only while its side has an HQ on
//! the table), and is no longer pinned if it makes it.

use crate::rules::kit::done;
use std::sync::Arc;

use super::actions::unit;
use super::keys::*;
use super::params;
use super::tables::RcwTables;
use super::unit::{Act, UnitView, view};
use crate::battle::state::Context;
use crate::dice::{Dice, Die, Modifier};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Band, Call, DiceRequest, ParamSpec, Refusal, Step};
use crate::rules::kit::events::{flag, piece_change};
use crate::rules::kit::params::yes;
use crate::rules::kit::{Cursor, Script};

/// A Rally action: 1D6 against the unit's quality, +1 with an HQ adjacent (§5.5).
#[derive(Debug, Clone)]
pub(crate) struct Rally {
    pub(crate) tables: Arc<RcwTables>,
    pub(crate) unit: PieceId,
    pub(crate) hq_adjacent: bool,
    pub(crate) title: String,
}

/// The question a rally asks: whether an HQ is adjacent — only while its side has one on the
/// table.
pub(crate) fn params(ctx: &Context, u: &UnitView) -> Vec<ParamSpec> {
    if u.side_hq_standing(ctx) {
        vec![params::hq_adjacent()]
    } else {
        Vec::new()
    }
}

/// Checks a rally and builds it; an HQ adjacent is refused when its side has none left.
pub(crate) fn rally(ctx: &Context, tables: &Arc<RcwTables>, call: &Call) -> Result<Rally, Refusal> {
    let u = unit(ctx, tables, call)?;
    u.check(ctx, Act::Rally)?;
    let hq_adjacent = yes(call, &params::hq_adjacent());
    if hq_adjacent && !u.side_hq_standing(ctx) {
        return Err(Refusal::new(
            format!(
                "no HQ of {}'s side is left on the table, so none can be adjacent",
                u.name()
            ),
            "§5.5",
        ));
    }
    Ok(Rally {
        tables: Arc::clone(tables),
        unit: u.id,
        hq_adjacent,
        title: format!("Rally {}", u.name()),
    })
}

impl Rally {
    fn request(&self, u: &UnitView) -> DiceRequest {
        let need = i32::from(u.quality.rally);
        let mut dice = Dice::new(1, Die::D6);
        if self.hq_adjacent {
            dice = dice.with(Modifier::new(
                self.tables.hq_rally_bonus,
                "HQ adjacent",
                "§5.5",
            ));
        }
        let (low, high) = (1 + dice.modifier_total(), 6 + dice.modifier_total());
        let mut bands = Vec::new();
        if need > low {
            bands.push(Band::new(low, need - 1, "stays pinned"));
        }
        bands.push(Band::new(need.max(low), high.max(need), "rallies"));
        DiceRequest::total(
            format!("Rally: {} rallies on {need}+", u.quality.name),
            "§5.5",
            dice,
            bands,
        )
    }
}

impl Script for Rally {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        vec!["Elite 3+, Average 4+, Conscript 5+; +1 with an HQ adjacent (§5.5)".into()]
    }

    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        self.rally(ctx, cursor)
    }
}

impl Rally {
    /// The rally, its roll read from `cursor`.
    fn rally(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        let Some(u) = view(ctx, &self.tables, self.unit) else {
            return done("no unit", Vec::new());
        };
        let total = match cursor.reading(self.request(&u)) {
            Ok((_, total)) => total,
            Err(step) => return step,
        };
        let rallied = total >= i32::from(u.quality.rally);
        let word = if rallied { "rallies" } else { "stays pinned" };
        if cursor.quiet() {
            return done(word, Vec::new());
        }
        let mut events = u.spend(Act::Rally);
        if rallied {
            events.push(piece_change(u.id, flag(PINNED, false)));
        }
        events.push(Event::fact(
            FactKind::Rally,
            Some(u.id),
            format!("{} {word} ({total})", u.name()),
        ));
        done(word, events)
    }
}
