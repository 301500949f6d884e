//! The battle as it stands: a cover with the turn, the phase, the side to play, the result if
//! the battle is over and each side's key figures, then every army's roster sheet with today's
//! ticks, rungs, flags and chits filled in.

use crate::battle::Battle;
use crate::battle::state::Context;
use crate::rules::RuleSystem;

use super::grid::Grid;
use super::layout::{Sheet, Style};
use super::roster::draw_army;
use super::{Paper, PrintError, PrintOptions};

const TITLE: Style = Style::bold(16.0);
const HEADING: Style = Style::bold(12.0);
const BODY: Style = Style::regular(10.0);

/// The battle as it stands, secret marks hidden.
pub fn battle_pdf(battle: &Battle, paper: Paper) -> Result<Vec<u8>, PrintError> {
    let options = PrintOptions {
        paper,
        show_secrets: false,
    };
    battle_pdf_with(battle.rules(), &battle.context(), options)
}

/// The battle as it stands for any roster and state under `rules`, with the options given.
pub fn battle_pdf_with(
    rules: &dyn RuleSystem,
    ctx: &Context,
    options: PrintOptions,
) -> Result<Vec<u8>, PrintError> {
    let names: Vec<&str> = ctx.roster.armies.iter().map(|a| a.name.as_str()).collect();
    let title = format!("Battle: {}", names.join(" vs "));
    let mut sheet = Sheet::new(&title, options.paper, 1)?;
    sheet.paragraph(&title, TITLE, 0.0);
    sheet.paragraph(rules.name(), BODY, 0.0);
    sheet.space(6.0);
    let state = ctx.state;
    let phases = rules.phases();
    let phase = phases
        .get(state.phase)
        .map_or_else(|| format!("phase {}", state.phase + 1), |p| p.name.clone());
    let to_play = ctx.roster.armies.get(state.side).map_or_else(
        || format!("side {}", state.side + 1),
        |a| a.side_name().to_string(),
    );
    sheet.paragraph(
        &format!("Turn {} · {} · {} to play", state.turn, phase, to_play),
        HEADING,
        0.0,
    );
    if let Some(result) = &state.result {
        sheet.paragraph(&format!("Result: {result}"), HEADING, 0.0);
    }
    let figures = rules.figures(ctx);
    if !figures.is_empty() {
        sheet.heading("Figures", HEADING, 40.0);
        let header = ["Side", "Figure", "Value"].map(String::from);
        let rows: Vec<Vec<String>> = figures
            .iter()
            .map(|f| {
                let side = ctx.roster.armies.get(f.side).map_or_else(
                    || format!("side {}", f.side + 1),
                    |a| a.side_name().to_string(),
                );
                vec![side, f.label.clone(), f.value.clone()]
            })
            .collect();
        sheet.table(&Grid {
            header: &header,
            rows: &rows,
            style: BODY,
            fill: false,
        });
    }
    if !options.show_secrets {
        sheet.space(4.0);
        sheet.paragraph("Secret marks are not printed.", Style::small(8.0), 0.0);
    }
    for side in 0..ctx.roster.armies.len() {
        sheet.space(16.0);
        // Each army starts a page of its own unless the cover left most of one.
        if side > 0 || sheet.y > sheet.bottom() / 2.0 {
            sheet.new_page();
        }
        draw_army(
            &mut sheet,
            rules,
            ctx.roster,
            side,
            Some(state),
            options.show_secrets,
        );
    }
    Ok(sheet.finish())
}
