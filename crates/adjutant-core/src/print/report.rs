//! The after-action report, read from a battle's log: what happened turn by turn (the facts,
//! under the turns and phases the clock events mark; once the battle is over, with what its
//! secret marks were set to: "Cromwell changes command (Command: Attack)"), how each side's
//! dice rolled against their expectation, and the result. As Markdown and as PDF, from the same reading. Names
//! and facts from the battle are kept to one line each (a newline in an army's name is shown
//! as `\n`), so no name can add lines of its own to the report.

use std::collections::BTreeMap;

use crate::battle::{Action, Battle};
use crate::dice::Die;
use crate::event::{Event, FactKind, PieceId};
use crate::words::one_line;

use super::grid::Grid;
use super::layout::{Sheet, Style};
use super::{Paper, PrintError};

/// The label dice get when no side can be told from their entry.
pub(crate) const TRAY: &str = "tray";

/// One line of the narrative.
enum Line {
    /// The clock moved to a phase: "Fire — Parliament".
    Phase(String),
    /// A fact; `stress` for the ones a reader looks for (routs, losses, leaders, victory).
    Fact { text: String, stress: bool },
}

/// The dice one side rolled of one kind.
struct DiceRow {
    side: String,
    die: Die,
    count: u64,
    mean: f64,
}

/// The report as read from the log.
struct Report {
    title: String,
    system: String,
    turns: Vec<(u32, Vec<Line>)>,
    dice: Vec<DiceRow>,
    result: String,
}

fn stressed(kind: FactKind) -> bool {
    matches!(
        kind,
        FactKind::Rout | FactKind::Eliminated | FactKind::LeaderCasualty | FactKind::Victory
    )
}

fn expected_mean(die: Die) -> f64 {
    (f64::from(die.min()) + f64::from(die.max())) / 2.0
}

fn read(battle: &Battle) -> Report {
    let roster = &battle.roster;
    let rules = battle.rules();
    let phases = rules.phases();
    let side_of = |p: &PieceId| roster.pieces.get(usize::from(p.0)).map(|piece| piece.side);
    let side_label = |side: Option<usize>| {
        side.and_then(|s| roster.armies.get(s)).map_or_else(
            || TRAY.to_string(),
            |a| one_line(a.side_name()).into_owned(),
        )
    };
    let mut turns: Vec<(u32, Vec<Line>)> = vec![(1, Vec::new())];
    let mut clock = (1u32, 0usize, 0usize);
    let mut sums: BTreeMap<(usize, Die), (u64, u64)> = BTreeMap::new();
    let mut result = None;
    // After the battle nothing is secret: the report tells what the secret marks were set to.
    let over = battle.state().result.is_some();
    for entry in battle.log() {
        // Whose dice, unless a roll says: the procedure's first actor, else the first piece
        // the entry is about.
        let actor = match &entry.action {
            Action::Procedure(call) => call.actors.first().and_then(side_of),
            _ => None,
        };
        let about = entry.events.iter().find_map(|e| match e {
            Event::Fact { piece: Some(p), .. } | Event::Piece { piece: p, .. } => side_of(p),
            _ => None,
        });
        let side = actor.or(about);
        let mut secrets = if over {
            revealed(battle, &entry.events)
        } else {
            Vec::new()
        };
        for event in &entry.events {
            match event {
                Event::Fact { kind, text, piece } => {
                    let mut text = one_line(text).into_owned();
                    // The secrets the fact kept are told with it, once the battle is over.
                    let told: Vec<String> = secrets
                        .iter()
                        .filter(|(p, _)| Some(*p) == *piece)
                        .map(|(_, w)| w.clone())
                        .collect();
                    if !told.is_empty() {
                        secrets.retain(|(p, _)| Some(*p) != *piece);
                        text = format!("{text} ({})", told.join("; "));
                    }
                    let line = Line::Fact {
                        text,
                        stress: stressed(*kind),
                    };
                    turns.last_mut().expect("never empty").1.push(line);
                }
                Event::Clock { turn, phase, side } => {
                    if (*turn, *phase, *side) == clock {
                        continue;
                    }
                    if *turn != clock.0 {
                        turns.push((*turn, Vec::new()));
                    }
                    clock = (*turn, *phase, *side);
                    let name = phases
                        .get(*phase)
                        .map_or_else(|| format!("Phase {}", phase + 1), |p| p.name.clone());
                    let who = side_label(Some(*side));
                    let line = Line::Phase(format!("{name} — {who}"));
                    turns.last_mut().expect("never empty").1.push(line);
                }
                Event::Rolled { rolled, by, .. } => {
                    // The side that rolled, when the procedure said; else the acting side.
                    let who = by.filter(|&s| s < roster.armies.len()).or(side);
                    let key = (who.unwrap_or(usize::MAX), rolled.dice.die);
                    let sum = sums.entry(key).or_default();
                    sum.0 += rolled.faces.len() as u64;
                    sum.1 += rolled.faces.iter().map(|&f| u64::from(f)).sum::<u64>();
                }
                Event::Ended { result: r } => result = Some(one_line(r).into_owned()),
                _ => {}
            }
        }
    }
    // A phase in which nothing happened is left out of the story.
    for (_, lines) in &mut turns {
        let fact_follows: Vec<bool> = (0..lines.len())
            .map(|i| matches!(lines.get(i + 1), Some(Line::Fact { .. })))
            .collect();
        let mut keep = fact_follows.into_iter();
        lines.retain(|l| keep.next().is_some_and(|f| f) || matches!(l, Line::Fact { .. }));
    }
    turns.retain(|(_, lines)| !lines.is_empty());
    let dice = sums
        .into_iter()
        .filter(|(_, (n, _))| *n > 0)
        .map(|((side, die), (n, total))| DiceRow {
            side: side_label((side != usize::MAX).then_some(side)),
            die,
            count: n,
            mean: total as f64 / n as f64,
        })
        .collect();
    let state = battle.state();
    let result = result.unwrap_or_else(|| {
        let phase = phases
            .get(state.phase)
            .map_or_else(|| format!("phase {}", state.phase + 1), |p| p.name.clone());
        format!("Not finished: turn {}, {phase}.", state.turn)
    });
    // Names from the files, each kept to one line: a newline in one would start a line of
    // the report's own.
    let names: Vec<String> = roster
        .armies
        .iter()
        .map(|a| one_line(&a.name).into_owned())
        .collect();
    Report {
        title: format!("After-action report: {}", names.join(" vs ")),
        system: rules.name().to_string(),
        turns,
        dice,
        result,
    }
}

/// The secret marks an entry sets, each with its piece and in words ("Command: Attack"),
/// one line each.
fn revealed(battle: &Battle, events: &[Event]) -> Vec<(PieceId, String)> {
    let roster = &battle.roster;
    events
        .iter()
        .filter_map(|e| match e {
            Event::Piece {
                piece,
                change: crate::status::Change::Mark { key, to: Some(to) },
            } => {
                let spec = battle
                    .piece_schema(*piece)
                    .marks
                    .iter()
                    .find(|m| m.key == key && m.secret)?;
                let value = roster.mark_value(roster.side_of(*piece), to);
                let words = format!("{}: {}", spec.label, value);
                Some((*piece, one_line(&words).into_owned()))
            }
            _ => None,
        })
        .collect()
}

fn dice_table(report: &Report) -> (Vec<String>, Vec<Vec<String>>) {
    let header = ["Side", "Die", "Dice", "Mean", "Expected", "Difference"].map(String::from);
    let rows = report
        .dice
        .iter()
        .map(|d| {
            let expected = expected_mean(d.die);
            vec![
                d.side.clone(),
                d.die.to_string(),
                d.count.to_string(),
                format!("{:.2}", d.mean),
                format!("{expected:.2}"),
                format!("{:+.2}", d.mean - expected),
            ]
        })
        .collect();
    (header.to_vec(), rows)
}

/// The after-action report as Markdown.
pub fn report_markdown(battle: &Battle) -> String {
    let report = read(battle);
    let mut md = format!("# {}\n\n*{}*\n", report.title, report.system);
    for (turn, lines) in &report.turns {
        md.push_str(&format!("\n## Turn {turn}\n\n"));
        for line in lines {
            match line {
                Line::Phase(p) => {
                    // A blank line first, or the heading runs on as part of the list above.
                    if !md.ends_with("\n\n") {
                        md.push('\n');
                    }
                    md.push_str(&format!("*{p}*\n\n"));
                }
                Line::Fact { text, stress: true } => md.push_str(&format!("- **{text}**\n")),
                Line::Fact { text, .. } => md.push_str(&format!("- {text}\n")),
            }
        }
    }
    md.push_str("\n## Dice\n\n");
    let (header, rows) = dice_table(&report);
    if rows.is_empty() {
        md.push_str("No dice were rolled.\n");
    } else {
        md.push_str(&format!("| {} |\n", header.join(" | ")));
        md.push_str(&format!("|{}\n", "---|".repeat(header.len())));
        for row in rows {
            md.push_str(&format!("| {} |\n", row.join(" | ")));
        }
    }
    md.push_str(&format!("\n## Result\n\n{}\n", report.result));
    md
}

/// The after-action report as PDF.
pub fn report_pdf(battle: &Battle, paper: Paper) -> Result<Vec<u8>, PrintError> {
    let report = read(battle);
    let body = Style::regular(10.0);
    let bold = Style::bold(10.0);
    let heading = Style::bold(13.0);
    let mut sheet = Sheet::new(&report.title, paper, 1)?;
    sheet.paragraph(&report.title, Style::bold(16.0), 0.0);
    sheet.paragraph(&report.system, body, 0.0);
    for (turn, lines) in &report.turns {
        sheet.heading(&format!("Turn {turn}"), heading, 2.0 * body.leading());
        for line in lines {
            match line {
                Line::Phase(p) => {
                    sheet.space(2.0);
                    sheet.paragraph(p, Style::small(9.0), 0.0);
                }
                Line::Fact { text, stress } => {
                    let style = if *stress { bold } else { body };
                    sheet.paragraph(&format!("• {text}"), style, 6.0);
                }
            }
        }
    }
    sheet.heading("Dice", heading, 40.0);
    let (header, rows) = dice_table(&report);
    if rows.is_empty() {
        sheet.paragraph("No dice were rolled.", body, 0.0);
    } else {
        sheet.table(&Grid {
            header: &header,
            rows: &rows,
            style: body,
            fill: false,
        });
    }
    sheet.heading("Result", heading, body.leading());
    sheet.paragraph(&report.result, body, 0.0);
    Ok(sheet.finish())
}
