//! Victory (§10, §2.3): loss points computed live, the Victory Table roll a side
//! makes in its own Victory Check Phase, the draw after the last turn, and each side's figures.

use super::look::{self, Look};
use super::run::{Run, bands_by};
use super::tables::Tables;
use crate::battle::state::Context;
use crate::dice::{Dice, Die};
use crate::event::{Event, FactKind};
use crate::procedure::DiceRequest;
use crate::rules::Figure;
use crate::rules::kit::Need;

/// The Victory Check of `side`: rolls only if the enemy's losses reached the table.
pub(crate) fn victory_check(run: &mut Run, t: &Tables, side: usize) -> Need<bool> {
    let enemy = 1 - side;
    let losses = look::side_losses(run, enemy);
    let me = run.roster().side_name(side);
    let them = run.roster().side_name(enemy);
    let Some(need) = t.victory.need(side, losses) else {
        let at = t.victory.threshold(side).unwrap_or(0);
        run.fact(
            FactKind::Victory,
            None,
            format!("{me}: no victory check ({them} loss points {losses}, below {at})"),
        );
        return Ok(false);
    };
    let dice = Dice::new(2, Die::D6);
    let bands = bands_by(&dice, |v| {
        if v >= need {
            format!("{need}–12: victory to {me}")
        } else {
            "no victory".into()
        }
    });
    let req = DiceRequest::total(
        format!("Victory check: {me} ({them} loss points {losses}; need {need}–12)"),
        "§10.2",
        dice,
        bands,
    );
    let band = run.roll(req.clone())?;
    if req.bands[band].label.contains("victory to") {
        let text =
            format!("Victory to {me}: {them} loss points {losses}, victory roll in {need}–12");
        run.fact(FactKind::Victory, None, text.clone());
        run.emit(Event::Ended { result: text });
        Ok(true)
    } else {
        run.fact(
            FactKind::Victory,
            None,
            format!("Victory check by {me}: missed (needed {need}–12)"),
        );
        Ok(false)
    }
}

/// The end of the last turn with no winner: a draw (§2.3), losses given for information.
pub(crate) fn draw(run: &mut Run, t: &Tables) {
    let a = look::side_losses(run, 0);
    let b = look::side_losses(run, 1);
    let text = format!(
        "Draw: no side has won by the end of turn {} (§2.3). Loss points: {} {a}, {} {b}",
        t.modifiers.get(super::modifiers::key::LAST_TURN),
        run.roster().side_name(0),
        run.roster().side_name(1)
    );
    run.fact(FactKind::Victory, None, text.clone());
    run.emit(Event::Ended { result: text });
}

/// Each side's loss points, leader losses and victory threshold, for the across-the-table view.
pub(crate) fn figures(ctx: &Context, t: &Tables) -> Vec<Figure> {
    let mut out = Vec::new();
    for side in 0..ctx.roster.armies.len().min(2) {
        let losses = look::side_losses(ctx, side);
        out.push(Figure {
            side,
            label: "Loss points".into(),
            value: losses.to_string(),
        });
        out.push(Figure {
            side,
            label: "Leader losses".into(),
            value: ctx.state.sides[side]
                .track(super::keys::LEADER_LOSSES)
                .to_string(),
        });
        let enemy = 1 - side;
        let value = match (t.victory.threshold(enemy), t.victory.need(enemy, losses)) {
            (_, Some(need)) => format!("enemy rolls {need}–12 to win"),
            (Some(at), None) => format!("the enemy may roll to win at {at} loss points"),
            (None, None) => "no check".into(),
        };
        out.push(Figure {
            side,
            label: "Enemy victory check".into(),
            value,
        });
    }
    out
}
