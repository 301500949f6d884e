//! The roster screen: one army's leaders and units with every statistic, grouped by leader,
//! with column headers taken from the rule system's army description.

use std::path::PathBuf;

use iced::widget::{Column, column, container, row, scrollable, space, table, text};
use iced::{Element, Fill, Length};

use adjutant::army::{Army, ArmySpec, Leader, StatSpec, Unit};
use adjutant::rules;

use super::parts;
use super::theme::{self, gap, size};

/// The narrowest a statistic's column is; long headers wrap between words.
const STAT_WIDTH: f32 = 84.0;

/// The width of a bold caption character, rounded up (DejaVu Sans Bold's widest lower-case
/// letters at the caption size), for fitting a header's longest word.
pub const CAPTION_BOLD_CHAR: f32 = 11.5;

/// A statistic's column: wide enough for the longest word of its header, so a header wraps
/// between words and never runs into the next column.
pub fn stat_width(label: &str) -> f32 {
    let longest = label
        .split_whitespace()
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(0);
    (longest as f32 * CAPTION_BOLD_CHAR + 2.0 * gap::S + 4.0).max(STAT_WIDTH)
}

/// The roster screen's state.
pub struct Roster {
    army: Army,
    spec: ArmySpec,
    system_name: String,
    /// The army's file, when it was opened from outside the listed folders.
    offered: Option<PathBuf>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Back,
    PrintPressed,
    KeepPressed(PathBuf),
}

/// What the roster screen asks the app to do.
pub enum Action {
    Back,
    Print,
    /// Copy this army file into the player's armies.
    Keep(PathBuf),
}

impl Roster {
    pub fn new(army: Army) -> Roster {
        let system = rules::by_id(&army.system);
        Roster {
            spec: system.as_ref().map(|s| s.army_spec()).unwrap_or_default(),
            system_name: system.map_or_else(|| army.system.clone(), |s| s.name().to_string()),
            army,
            offered: None,
        }
    }

    /// Offers to keep the army, opened from the file at `path`, for new battles.
    pub fn offering(mut self, path: PathBuf) -> Roster {
        self.offered = Some(path);
        self
    }

    /// The army on show.
    pub fn army(&self) -> &Army {
        &self.army
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Back => Action::Back,
            Message::PrintPressed => Action::Print,
            Message::KeepPressed(path) => Action::Keep(path),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let top = container(
            row![
                parts::button_text("← Home")
                    .style(theme::quiet)
                    .on_press(Message::Back),
                parts::title(self.army.name.as_str()),
                space::horizontal(),
                parts::body(format!("{} · {}", self.army.side, self.system_name)),
                self.offered.as_ref().map(|path| {
                    parts::button_text("Use in a new battle")
                        .style(theme::quiet)
                        .on_press(Message::KeepPressed(path.clone()))
                }),
                parts::button_text("Print…")
                    .style(theme::quiet)
                    .on_press(Message::PrintPressed),
            ]
            .spacing(gap::M)
            .align_y(iced::Center),
        )
        .padding([gap::S, gap::L])
        .width(Fill)
        .style(theme::top_bar);

        let mut body = Column::new()
            .spacing(gap::L)
            .padding(iced::Padding::from([gap::M, gap::L]).right(gap::L + gap::M));
        if !self.army.description.is_empty() {
            body = body.push(parts::body(self.army.description.as_str()));
        }
        for leader in &self.army.leaders {
            let units: Vec<&Unit> = self
                .army
                .units
                .iter()
                .filter(|u| u.leader.as_deref() == Some(leader.id.as_str()))
                .collect();
            body = body.push(self.leader_group(leader, units));
        }
        let unled: Vec<&Unit> = self
            .army
            .units
            .iter()
            .filter(|u| {
                !self
                    .army
                    .leaders
                    .iter()
                    .any(|l| u.leader.as_deref() == Some(l.id.as_str()))
            })
            .collect();
        if !unled.is_empty() {
            body = body.push(
                container(
                    column![
                        parts::heading("Units under no leader"),
                        self.unit_table(unled)
                    ]
                    .spacing(gap::S),
                )
                .padding(gap::M)
                .width(Fill)
                .style(theme::panel),
            );
        }
        column![top, scrollable(body).height(Fill)].into()
    }

    fn leader_group<'a>(
        &'a self,
        leader: &'a Leader,
        units: Vec<&'a Unit>,
    ) -> Element<'a, Message> {
        let stats: Vec<String> = self
            .spec
            .leader_stats
            .iter()
            .filter_map(|s| leader.stats.get(s.key).map(|v| format!("{} {v}", s.label)))
            .collect();
        let mut extra: Vec<String> = leader.traits.iter().cloned().collect();
        extra.extend(leader.group.iter().map(|g| format!("group {g}")));
        let mut group = column![
            row![
                parts::heading(leader.name.as_str()),
                parts::body(stats.join(" · "))
            ]
            .spacing(gap::L)
            .align_y(iced::Center)
        ]
        .spacing(gap::S);
        if !extra.is_empty() {
            group = group.push(parts::caption(extra.join(", ")));
        }
        if !leader.notes.is_empty() {
            group = group.push(parts::caption(leader.notes.as_str()));
        }
        group = if units.is_empty() {
            group.push(parts::caption("Commands no units."))
        } else {
            group.push(self.unit_table(units))
        };
        container(group)
            .padding(gap::M)
            .width(Fill)
            .style(theme::panel)
            .into()
    }

    /// A table of units: name, kind, then every statistic the rule system defines for them.
    fn unit_table<'a>(&'a self, units: Vec<&'a Unit>) -> Element<'a, Message> {
        let stats: Vec<&StatSpec> = self
            .spec
            .unit_stats
            .iter()
            .filter(|s| units.iter().any(|u| s.applies_to(&u.kind)))
            .collect();
        let header = |label: &'a str| text(label).size(size::CAPTION).font(theme::BOLD_FONT);
        let mut columns = vec![
            table::column(header("Unit"), |u: &'a Unit| {
                text(u.name.as_str())
                    .size(size::BODY)
                    .font(theme::BOLD_FONT)
            })
            .width(Length::Fixed(230.0)),
            table::column(header("Kind"), |u: &'a Unit| {
                text(u.kind.as_str()).size(size::BODY)
            })
            .width(Length::Fixed(100.0)),
        ];
        for stat in stats {
            columns.push(
                table::column(header(stat.label), move |u: &'a Unit| {
                    let value = u
                        .stats
                        .get(stat.key)
                        .map_or_else(|| "—".to_string(), i32::to_string);
                    text(value).size(size::BODY)
                })
                .width(Length::Fixed(stat_width(stat.label)))
                .align_x(iced::Center),
            );
        }
        columns.push(
            table::column(header("Notes"), |u: &'a Unit| {
                let mut notes: Vec<String> = u.traits.iter().cloned().collect();
                notes.extend(u.group.iter().map(|g| format!("group {g}")));
                if !u.notes.is_empty() {
                    notes.push(u.notes.clone());
                }
                text(notes.join(", "))
                    .size(size::CAPTION)
                    .style(theme::muted)
            })
            .width(Fill),
        );
        table::table(columns, units)
            .padding_x(gap::S)
            .padding_y(gap::XS)
            .width(Fill)
            .into()
    }
}
