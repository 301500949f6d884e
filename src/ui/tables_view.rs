//! The tables in force for a rule system: each table's title, where its numbers came from
//! ([RULES] the rules, [PUBLISHED] other published material, [DEFAULT] Adjutant's stand-in, or the
//! player's override file with its path), its rows and its note, and where a player's own
//! charts would go. It shows whatever [`RuleSystem::tables`] returns and names no system.

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
        let top = container(
            row![
                button(text("← Back").size(size::BODY))
                    .padding([gap::XS + 2.0, gap::M])
                    .style(theme::quiet)
                    .on_press(back),
                parts::heading(format!("Tables in force — {}", self.system)),
                space::horizontal(),
                parts::caption(count(self.tables.len())),
            ]
            .spacing(gap::M)
            .align_y(iced::Center),
        )
        .padding([gap::XS, gap::M])
        .width(Fill)
        .style(theme::top_bar);

        let mut list = Column::new().spacing(gap::M).push(self.legend());
        if self.tables.is_empty() {
            list = list.push(parts::body("This rule system has no tables to show."));
        }
        for t in &self.tables {
            list = list.push(table_card(t));
        }
        column![
            top,
            container(scrollable(list.padding(iced::padding::right(gap::M))).height(Fill))
                .padding([0.0, gap::M])
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

/// One table: title and source, the grid, the note.
fn table_card<'a, M: 'a>(t: &'a Table) -> Element<'a, M> {
    let (label, tone) = tag(&t.source);
    let mut col = column![
        row![
            container(parts::heading(t.title.as_str())).width(Fill),
            chip(label, tone),
        ]
        .spacing(gap::S)
        .align_y(iced::Center)
    ]
    .spacing(gap::S);
    if let Source::Override(path) = &t.source {
        col = col.push(parts::caption(format!("From {path}")));
    }
    col = col.push(grid(t));
    if !t.note.is_empty() {
        col = col.push(parts::caption(t.note.as_str()));
    }
    container(col)
        .padding(gap::M)
        .width(Fill)
        .style(theme::card)
        .into()
}

/// The header and rows, each column as wide as its longest cell asks (within limits), so
/// long headers wrap instead of pushing the table off the screen.
fn grid<'a, M: 'a>(t: &'a Table) -> Element<'a, M> {
    let columns = t
        .rows
        .iter()
        .map(Vec::len)
        .chain([t.header.len()])
        .max()
        .unwrap_or(0);
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
