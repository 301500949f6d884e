//! The roster sheet: an army's leaders, each followed by the units it commands, with the
//! statistics the rule system's [`ArmySpec`] declares and a status strip per piece (tick
//! boxes, ladder, flags, chit boxes) — blank to write on, or filled in for a battle.

use crate::army::{Army, ArmySpec, StatSpec};
use crate::battle::state::{BattleState, Role, Roster};
use crate::event::PieceId;
use crate::rules::RuleSystem;
use crate::status::StatusSchema;

use super::grid::{Grid, PAD_X, PAD_Y};
use super::layout::{Paint, Sheet, Style};
use super::widgets::{Fill, Group};
use super::{Paper, PrintError, humanize};

const TITLE: Style = Style::bold(16.0);
const SUBTITLE: Style = Style::regular(10.0);
const NOTE: Style = Style::small(8.0);
const LEADER: Style = Style::bold(10.5);
const BODY: Style = Style::regular(9.0);
const CELL: Style = Style::regular(8.5);
const GROUP_SHADE: f32 = 0.8;
const UNIT_SHADE: f32 = 0.95;

/// A roster sheet for `army`, blank for players to write on.
pub fn roster_pdf(
    army: &Army,
    rules: &dyn RuleSystem,
    paper: Paper,
) -> Result<Vec<u8>, PrintError> {
    if army.system != rules.id() {
        return Err(PrintError::WrongSystem {
            army: army.name.clone(),
            army_system: army.system.clone(),
            system: rules.id().to_string(),
        });
    }
    let roster = Roster::new(vec![army.clone()]);
    let mut sheet = Sheet::new(&format!("{} — roster", army.name), paper, 1)?;
    draw_army(&mut sheet, rules, &roster, 0, None, false);
    Ok(sheet.finish())
}

/// The piece of `side` with this role and index in its army.
fn piece_id(roster: &Roster, side: usize, role: Role, index: usize) -> Option<PieceId> {
    roster.ids().find(|&id| {
        let p = roster.piece(id);
        p.side == side && p.role == role && p.index == index
    })
}

/// Leaders in command order: each leader without a (known) superior, then those answering to
/// it, depth first; file order among equals.
fn leaders_in_order(army: &Army) -> Vec<usize> {
    fn visit(army: &Army, i: usize, out: &mut Vec<usize>) {
        if out.contains(&i) {
            return;
        }
        out.push(i);
        let id = &army.leaders[i].id;
        for (j, l) in army.leaders.iter().enumerate() {
            if l.superior.as_deref() == Some(id.as_str()) {
                visit(army, j, out);
            }
        }
    }
    let known = |s: &Option<String>| {
        s.as_deref()
            .is_some_and(|s| army.leaders.iter().any(|l| l.id == s))
    };
    let mut out = Vec::new();
    for (i, l) in army.leaders.iter().enumerate() {
        if !known(&l.superior) {
            visit(army, i, &mut out);
        }
    }
    // Leaders caught in a cycle of superiors still print.
    for i in 0..army.leaders.len() {
        visit(army, i, &mut out);
    }
    out
}

/// The statistics to print: the spec's in its order, then any the spec does not name.
fn stat_columns<'a>(
    specs: &'a [StatSpec],
    present: impl Iterator<Item = &'a String> + Clone,
) -> Vec<(String, String)> {
    let mut cols: Vec<(String, String)> = specs
        .iter()
        .filter(|s| present.clone().any(|k| k == s.key))
        .map(|s| (s.key.to_string(), s.label.to_string()))
        .collect();
    for key in present {
        if !cols.iter().any(|(k, _)| k == key) {
            cols.push((key.clone(), humanize(key)));
        }
    }
    cols
}

/// Draws one side's army: title, side status, then each leader and its units.
pub(super) fn draw_army(
    sheet: &mut Sheet,
    rules: &dyn RuleSystem,
    roster: &Roster,
    side: usize,
    state: Option<&BattleState>,
    show_secrets: bool,
) {
    let army = &roster.armies[side];
    let spec = rules.army_spec();
    sheet.paragraph(&army.name, TITLE, 0.0);
    let sub = [army.side.as_str(), rules.name()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" · ");
    sheet.paragraph(&sub, SUBTITLE, 0.0);
    if !army.description.is_empty() {
        sheet.paragraph(&army.description, NOTE, 0.0);
    }
    let fill = |status| Fill {
        status,
        show_secrets,
    };
    let side_schema = rules.side_schema();
    if side_schema != StatusSchema::default() {
        sheet.space(4.0);
        let status = state.and_then(|s| s.sides.get(side));
        strip(sheet, &side_schema, fill(status), &[]);
    }
    sheet.space(6.0);
    let units = UnitTable::new(sheet, &spec, army);
    for i in leaders_in_order(army) {
        let Some(id) = piece_id(roster, side, Role::Leader, i) else {
            continue;
        };
        let leader = &army.leaders[i];
        let commanded: Vec<usize> = (0..army.units.len())
            .filter(|&u| army.units[u].leader.as_deref() == Some(leader.id.as_str()))
            .collect();
        let schema = rules.piece_schema(roster, id);
        let cols = stat_columns(&spec.leader_stats, leader.stats.keys());
        let stats: Vec<String> = cols
            .iter()
            .map(|(k, label)| format!("{label} {}", leader.stat(k)))
            .collect();
        let traits: Vec<String> = leader.traits.iter().map(|t| humanize(t)).collect();
        let lines = [
            (stats.join(" · "), BODY),
            (traits.join(", "), BODY),
            (leader.notes.clone(), NOTE),
        ];
        let mut right = Vec::new();
        if let Some(g) = &leader.group {
            right.push(g.clone());
        }
        if let Some(s) = leader.superior.as_ref() {
            let name = army
                .leaders
                .iter()
                .find(|l| &l.id == s)
                .map_or(s, |l| &l.name);
            right.push(format!("answers to {name}"));
        }
        let status = state.map(|s| s.piece(id));
        let keep = units.first_row_height(sheet, &commanded);
        leader_bar(sheet, &leader.name, &right.join(" · "), keep);
        strip(sheet, &schema, fill(status), &lines);
        units.draw(sheet, rules, roster, side, &commanded, state, show_secrets);
        sheet.space(8.0);
    }
    let loose: Vec<usize> = (0..army.units.len())
        .filter(|&u| {
            let l = army.units[u].leader.as_deref();
            !l.is_some_and(|l| army.leaders.iter().any(|x| x.id == l))
        })
        .collect();
    if !loose.is_empty() {
        let keep = units.first_row_height(sheet, &loose);
        let title = if army.leaders.is_empty() {
            "Units"
        } else {
            "Unattached units"
        };
        leader_bar(sheet, title, "", keep);
        units.draw(sheet, rules, roster, side, &loose, state, show_secrets);
    }
}

/// A shaded bar across the column with a leader's name, kept with `keep` points below it.
fn leader_bar(sheet: &mut Sheet, name: &str, right: &str, keep: f32) {
    let h = LEADER.size + 2.0 * PAD_Y + 2.0;
    sheet.ensure(h + keep + 30.0);
    let (x, top, w) = (sheet.left(), sheet.y, sheet.frame_width());
    sheet.rect(x, top, w, h, Paint::Fill(GROUP_SHADE));
    let baseline = top + PAD_Y + LEADER.size * 0.95;
    sheet.text_at(x + PAD_X, baseline, name, LEADER);
    if !right.is_empty() {
        let rw = sheet.measure(right, BODY);
        sheet.text_at(x + w - PAD_X - rw, baseline, right, BODY);
    }
    sheet.y += h;
}

/// A strip laid out: its text lines, its widgets and its height (0 when empty).
struct Strip {
    lines: Vec<(String, Style)>,
    groups: Vec<Group>,
    height: f32,
}

impl Strip {
    fn new(sheet: &Sheet, schema: &StatusSchema, fill: Fill, lines: &[(String, Style)]) -> Strip {
        let w = sheet.frame_width() - 2.0 * PAD_X;
        let groups = sheet.status_groups(schema, fill);
        let lines: Vec<(String, Style)> = lines
            .iter()
            .filter(|(l, _)| !l.is_empty())
            .flat_map(|(l, s)| sheet.wrap(l, w, *s).into_iter().map(|l| (l, *s)))
            .collect();
        let text_h: f32 = lines.iter().map(|(_, s)| s.leading()).sum();
        let inner = text_h + sheet.flow_height(&groups, w);
        let height = if inner > 0.0 {
            inner + 2.0 * PAD_Y
        } else {
            0.0
        };
        Strip {
            lines,
            groups,
            height,
        }
    }
}

/// A bordered box across the column: wrapped `lines` of text, then the status widgets.
fn strip(sheet: &mut Sheet, schema: &StatusSchema, fill: Fill, lines: &[(String, Style)]) {
    let s = Strip::new(sheet, schema, fill, lines);
    sheet.ensure(s.height);
    draw_strip(sheet, &s);
}

fn draw_strip(sheet: &mut Sheet, s: &Strip) {
    if s.height == 0.0 {
        return;
    }
    let (wrapped, groups, h) = (&s.lines, &s.groups, s.height);
    let w = sheet.frame_width() - 2.0 * PAD_X;
    let (x, top) = (sheet.left(), sheet.y);
    sheet.rect(x, top, sheet.frame_width(), h, Paint::Stroke(0.4));
    let mut y = top + PAD_Y;
    for (line, style) in wrapped {
        sheet.text_at(x + PAD_X, y + style.size, line, *style);
        y += style.leading();
    }
    let text_h = y - top - PAD_Y;
    sheet.draw_flow(groups, x + PAD_X, top + PAD_Y + text_h, w);
    sheet.y += h;
}

/// The unit table of an army: the same columns for every leader's group, so they line up.
struct UnitTable {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    widths: Vec<f32>,
}

impl UnitTable {
    fn new(sheet: &Sheet, spec: &ArmySpec, army: &Army) -> UnitTable {
        let with_kind = army.units.iter().any(|u| !u.kind.is_empty());
        let cols = stat_columns(
            &spec.unit_stats,
            army.units.iter().flat_map(|u| u.stats.keys()),
        );
        let mut header = vec!["Unit".to_string()];
        if with_kind {
            header.push("Kind".into());
        }
        header.extend(cols.iter().map(|(_, l)| l.clone()));
        let keys: Vec<String> = cols.into_iter().map(|(k, _)| k).collect();
        let rows: Vec<Vec<String>> = army
            .units
            .iter()
            .map(|u| {
                let mut row = vec![u.name.clone()];
                if with_kind {
                    row.push(u.kind.clone());
                }
                row.extend(keys.iter().map(|k| {
                    u.stats
                        .get(k)
                        .map_or_else(|| "–".to_string(), i32::to_string)
                }));
                row
            })
            .collect();
        let grid = Grid {
            header: &header,
            rows: &rows,
            style: CELL,
            fill: true,
        };
        let widths = sheet.column_widths(&grid, sheet.frame_width());
        UnitTable {
            header,
            rows,
            widths,
        }
    }

    /// The height of the header and the first of `units`, to keep with a leader's bar.
    fn first_row_height(&self, sheet: &Sheet, units: &[usize]) -> f32 {
        units.first().map_or(0.0, |&u| {
            sheet.row_height(&self.header, &self.widths, CELL)
                + sheet.row_height(&self.rows[u], &self.widths, CELL)
        })
    }

    /// Draws the header and each unit's row with its status strip below it.
    #[allow(clippy::too_many_arguments)]
    fn draw(
        &self,
        sheet: &mut Sheet,
        rules: &dyn RuleSystem,
        roster: &Roster,
        side: usize,
        units: &[usize],
        state: Option<&BattleState>,
        show_secrets: bool,
    ) {
        if units.is_empty() {
            return;
        }
        sheet.draw_header(&self.header, &self.widths, CELL);
        let army = &roster.armies[side];
        for &u in units {
            let Some(id) = piece_id(roster, side, Role::Unit, u) else {
                continue;
            };
            let unit = &army.units[u];
            let schema = rules.piece_schema(roster, id);
            let fill = Fill {
                status: state.map(|s| s.piece(id)),
                show_secrets,
            };
            let traits: Vec<String> = unit.traits.iter().map(|t| humanize(t)).collect();
            let lines = [(traits.join(", "), BODY), (unit.notes.clone(), NOTE)];
            let row_h = sheet.row_height(&self.rows[u], &self.widths, CELL);
            let below = Strip::new(sheet, &schema, fill, &lines);
            if sheet.ensure(row_h + below.height) {
                sheet.draw_header(&self.header, &self.widths, CELL);
            }
            sheet.draw_row(&self.rows[u], &self.widths, CELL, Some(UNIT_SHADE));
            draw_strip(sheet, &below);
        }
    }
}
