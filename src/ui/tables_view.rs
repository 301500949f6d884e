//! The tables in force for a rule system: each table's title, where its numbers came from
//! ([RULES] the rules, [PUBLISHED] other published material, [DEFAULT] Adjutant's stand-in, or the
//! player's override file with its path), its rows and its note, and where a player's own
//! charts would go. It shows whatever [`RuleSystem::tables`] returns and names no system. On a
//! phone ([`crate::ui::battle::touch`]) a table too wide for it is given row by row, each
//! row's cells under their headers' words, and the back button is a finger's size.

use std::path::{Path, PathBuf};

use iced::widget::{Column, button, column, container, row, scrollable, space, table, text};
use iced::{Element, Fill, Length};

use adjutant::rules::registry;
use adjutant::rules::{RuleSystem, Source, Table};

use super::parts;
use super::theme::{self, Tone, gap, size};

/// A column is given room in proportion to its longest cell, between these many characters.
const NARROWEST: usize = 4;
const WIDEST: usize = 40;

/// The tables of one rule system, read when the view opens.
#[derive(Debug, Clone)]
pub struct State {
    system: String,
    tables: Vec<Table>,
    /// Where the player's override file for this system would go, if its tables can be
    /// overridden.
    override_file: Option<PathBuf>,
}

impl State {
    /// The tables `rules` has in force; `overrides_dir` is where override files are read from.
    pub fn new(rules: &dyn RuleSystem, overrides_dir: &Path) -> State {
        State {
            system: rules.name().to_string(),
            tables: rules.tables(),
            override_file: registry::loader(rules.id())
                .map(|_| registry::override_file(overrides_dir, rules.id())),
        }
    }

    /// The view; `back` is the message of its button back to where the player came from.
    pub fn view<'a, M: Clone + 'a>(&'a self, back: M) -> Element<'a, M> {
        iced::widget::responsive(move |room| {
            self.page(back.clone(), crate::ui::battle::touch(room))
        })
        .into()
    }

    /// The page, laid out for a finger when `touch`.
    fn page<'a, M: Clone + 'a>(&'a self, back: M, touch: bool) -> Element<'a, M> {
        let back = parts::tap(
            button(
                text(if touch { "←" } else { "← Back" })
                    .size(size::BODY)
                    .align_x(iced::Center)
                    .align_y(iced::Center),
            )
            .padding([gap::XS + 2.0, gap::M])
            .style(theme::quiet)
            .on_press(back),
            touch,
        );
        let title = format!("Tables in force — {}", self.system);
        let top = if touch {
            row![
                back,
                column![
                    parts::strong(title),
                    parts::caption(count(self.tables.len()))
                ]
                .width(Fill)
            ]
        } else {
            row![
                back,
                parts::heading(title),
                space::horizontal(),
                parts::caption(count(self.tables.len())),
            ]
        };
        let margin = if touch { gap::S } else { gap::M };
        let top = container(top.spacing(gap::M).align_y(iced::Center))
            .padding([gap::XS, margin])
            .width(Fill)
            .style(theme::top_bar);

        let mut list = Column::new().spacing(gap::M).push(self.legend());
        if self.tables.is_empty() {
            list = list.push(parts::body("This rule system has no tables to show."));
        }
        for t in &self.tables {
            list = list.push(table_card(t, touch));
        }
        column![
            top,
            container(scrollable(list.padding(iced::padding::right(gap::M))).height(Fill))
                .padding([0.0, margin])
        ]
        .spacing(gap::S)
        .into()
    }

    /// What the source tags mean, and where the player's own charts would go.
    fn legend<'a, M: 'a>(&'a self) -> Element<'a, M> {
        let tags = row![
            chip("[RULES]", Tone::Good),
            parts::caption("stated in the rules"),
            chip("[PUBLISHED]", Tone::Info),
            parts::caption("found in other published material"),
            chip("[DEFAULT]", Tone::Caution),
            parts::caption("Adjutant's stand-in where the rules are silent"),
            chip("[OVERRIDE]", Tone::Own),
            parts::caption("your own file"),
        ]
        .spacing(gap::S)
        .align_y(iced::Center)
        .wrap();
        let mut col = column![tags].spacing(gap::XS);
        if let Some(hint) = self
            .override_file
            .as_deref()
            .and_then(crate::ui::platform::tables_hint)
        {
            col = col.push(parts::caption(hint));
        }
        parts::card(col)
    }
}

/// "7 tables".
fn count(n: usize) -> String {
    match n {
        1 => "1 table".into(),
        n => format!("{n} tables"),
    }
}

/// The tag of a table's source and its tone; an override's file is shown on its own line.
pub fn tag(source: &Source) -> (&'static str, Tone) {
    match source {
        Source::Rules => ("[RULES]", Tone::Good),
        Source::Published => ("[PUBLISHED]", Tone::Info),
        Source::Default => ("[DEFAULT]", Tone::Caution),
        Source::Override(_) => ("[OVERRIDE]", Tone::Own),
    }
}

fn chip<'a, M: 'a>(label: &'a str, tone: Tone) -> Element<'a, M> {
    container(text(label).size(size::CAPTION).font(theme::BOLD_FONT))
        .padding([2.0, gap::S])
        .style(theme::tone_chip(tone))
        .into()
}

/// One table: title and source, the grid (row by row on a phone when it has more than two
/// columns), the note.
fn table_card<'a, M: 'a>(t: &'a Table, touch: bool) -> Element<'a, M> {
    let (label, tone) = tag(&t.source);
    let head: Element<'a, M> = if touch {
        column![parts::strong(t.title.as_str()), chip(label, tone)]
            .spacing(gap::XS)
            .into()
    } else {
        row![
            container(parts::heading(t.title.as_str())).width(Fill),
            chip(label, tone),
        ]
        .spacing(gap::S)
        .align_y(iced::Center)
        .into()
    };
    let mut col = column![head].spacing(gap::S);
    if let Source::Override(path) = &t.source {
        col = col.push(parts::caption(format!("From {path}")));
    }
    col = col.push(if touch && width(t) > 2 {
        rows(t)
    } else {
        grid(t)
    });
    if !t.note.is_empty() {
        col = col.push(parts::caption(t.note.as_str()));
    }
    container(col)
        .padding(if touch { gap::S } else { gap::M })
        .width(Fill)
        .style(theme::card)
        .into()
}

/// How many columns a table has.
fn width(t: &Table) -> usize {
    t.rows
        .iter()
        .map(Vec::len)
        .chain([t.header.len()])
        .max()
        .unwrap_or(0)
}

/// A table row by row, for a phone: each row's first cell in bold (after its header), then
/// each other cell after its header, wrapped to the width there is.
fn rows<'a, M: 'a>(t: &'a Table) -> Element<'a, M> {
    let header = |i: usize| t.header.get(i).map_or("", String::as_str);
    let mut list = Column::new().spacing(gap::S);
    for cells in &t.rows {
        let Some((first, rest)) = cells.split_first() else {
            continue;
        };
        let lead = match header(0) {
            "" => first.clone(),
            h => format!("{h}: {first}"),
        };
        let mut pairs = iced::widget::Row::new().spacing(gap::M);
        for (i, cell) in rest.iter().enumerate() {
            pairs = pairs.push(
                row![
                    text(header(i + 1)).size(size::CAPTION).style(theme::muted),
                    text(cell.as_str()).size(size::BODY).font(theme::BOLD_FONT),
                ]
                .spacing(gap::XS)
                .align_y(iced::Center),
            );
        }
        list = list.push(
            column![parts::strong(lead), pairs.wrap().vertical_spacing(gap::XS)].spacing(gap::XS),
        );
    }
    list.into()
}

/// The header and rows, each column as wide as its longest cell asks (within limits), so
/// long headers wrap instead of pushing the table off the screen.
fn grid<'a, M: 'a>(t: &'a Table) -> Element<'a, M> {
    let columns = width(t);
    let weight = |i: usize| {
        let longest = t
            .rows
            .iter()
            .filter_map(|r| r.get(i))
            .chain(t.header.get(i))
            .map(|c| c.chars().count())
            .max()
            .unwrap_or(0);
        longest.clamp(NARROWEST, WIDEST) as u16
    };
    let columns = (0..columns).map(|i| {
        let header = t.header.get(i).map_or("", String::as_str);
        table::column(
            text(header).size(size::BODY).font(theme::BOLD_FONT),
            move |cells: &'a [String]| {
                text(cells.get(i).map_or("", String::as_str)).size(size::BODY)
            },
        )
        .width(Length::FillPortion(weight(i)))
    });
    table::table(columns, t.rows.iter().map(Vec::as_slice))
        .padding_x(gap::S)
        .padding_y(gap::XS)
        .width(Fill)
        .into()
}
