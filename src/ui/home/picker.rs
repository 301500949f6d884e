//! The new-battle picker on the home screen: a rule system and one army per side, defaulting
//! to the first system with armies for two sides and, for the opponent, the army whose file
//! name is most like the first one's (armies of one scenario are named alike), shown in the
//! order the rule system will seat them.

use iced::widget::{column, container, pick_list, row, space, text};
use iced::{Element, Fill};

use adjutant::army::{Army, ArmyFile};
use adjutant::rules::{self, System};

use super::Message;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

/// A rule system in the picker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemPick {
    pub id: &'static str,
    pub name: &'static str,
}

impl std::fmt::Display for SystemPick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// An army in the picker: its index in the file list and how it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArmyPick {
    index: usize,
    label: String,
}

impl std::fmt::Display for ArmyPick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

/// What is picked so far.
#[derive(Debug, Clone, Default)]
pub struct Picker {
    system: Option<SystemPick>,
    sides: [Option<ArmyPick>; 2],
}

impl Picker {
    /// The defaults: the first system with armies for two different sides.
    pub fn new(armies: &[ArmyFile]) -> Picker {
        let system = rules::standard()
            .into_iter()
            .find(|s| {
                let picks = picks(armies, s.id());
                picks
                    .iter()
                    .any(|p| picks.iter().any(|q| side(armies, q) != side(armies, p)))
            })
            .map(|s| system_pick(&s));
        let mut picker = Picker {
            system,
            sides: [None, None],
        };
        picker.pick_sides(armies);
        picker
    }

    pub fn select_system(&mut self, armies: &[ArmyFile], system: SystemPick) {
        self.system = Some(system);
        self.pick_sides(armies);
    }

    pub fn select_army(&mut self, side: usize, pick: ArmyPick) {
        if let Some(slot) = self.sides.get_mut(side) {
            *slot = Some(pick);
        }
    }

    pub fn swap(&mut self) {
        self.sides.swap(0, 1);
    }

    /// The rule system and the two armies, once all are picked.
    pub fn chosen(&self, armies: &[ArmyFile]) -> Option<(String, Vec<Army>)> {
        let (Some(system), [Some(a), Some(b)]) = (&self.system, &self.sides) else {
            return None;
        };
        let a = army(armies, a.index)?.clone();
        let b = army(armies, b.index)?.clone();
        Some((system.id.to_string(), vec![a, b]))
    }

    /// The first army of the system, and the opponent for the other side whose file name
    /// shares the longest beginning with the first one's.
    fn pick_sides(&mut self, armies: &[ArmyFile]) {
        let Some(system) = &self.system else {
            self.sides = [None, None];
            return;
        };
        let picks = picks(armies, system.id);
        let first = picks.first().cloned();
        let second = first.as_ref().and_then(|f| {
            let stem = stem_of(armies, f);
            picks
                .iter()
                .filter(|p| side(armies, p) != side(armies, f))
                .min_by_key(|p| {
                    let other = stem_of(armies, p);
                    let shared = stem.chars().zip(other.chars()).take_while(|(x, y)| x == y);
                    std::cmp::Reverse(shared.count())
                })
                .cloned()
        });
        self.sides = [first, second];
        // Show the pair the way the rules will seat it (say, the side that moves first).
        if let [Some(a), Some(b)] = &self.sides
            && let (Some(x), Some(y), Some(rules)) = (
                army(armies, a.index),
                army(armies, b.index),
                rules::by_id(system.id),
            )
            && rules.seat(vec![x.clone(), y.clone()]).first() == Some(y)
        {
            self.swap();
        }
    }

    pub fn view<'a>(&'a self, armies: &'a [ArmyFile]) -> Element<'a, Message> {
        let systems: Vec<SystemPick> = rules::standard().iter().map(system_pick).collect();
        let picks = self
            .system
            .as_ref()
            .map(|s| picks(armies, s.id))
            .unwrap_or_default();
        let side_row = |side: usize| {
            row![
                text(format!("Side {}", side + 1))
                    .size(size::BODY)
                    .width(70),
                pick_list(picks.clone(), self.sides[side].clone(), move |p| {
                    Message::ArmySelected(side, p)
                })
                .placeholder("Pick an army")
                .text_size(size::BODY)
                .width(Fill),
            ]
            .spacing(gap::S)
            .align_y(iced::Center)
        };
        let ready = self.chosen(armies).is_some();
        let content = column![
            row![
                text("Rules").size(size::BODY).width(70),
                pick_list(systems, self.system.clone(), Message::SystemSelected)
                    .placeholder("Pick a rule system")
                    .text_size(size::BODY)
                    .width(Fill),
            ]
            .spacing(gap::S)
            .align_y(iced::Center),
            side_row(0),
            side_row(1),
            row![
                parts::button_text("Swap sides")
                    .style(theme::quiet)
                    .on_press(Message::SidesSwapped),
                space::horizontal(),
                parts::button_text("Start the battle")
                    .style(theme::action)
                    .on_press_maybe(ready.then_some(Message::NewBattle)),
            ],
        ]
        .spacing(gap::S);
        container(column![parts::heading("New battle"), content].spacing(gap::S))
            .padding(gap::M)
            .width(Fill)
            .style(theme::panel)
            .into()
    }
}

pub fn system_pick(s: &System) -> SystemPick {
    SystemPick {
        id: s.id(),
        name: s.name(),
    }
}

fn army(armies: &[ArmyFile], index: usize) -> Option<&Army> {
    armies.get(index)?.loaded.as_ref().ok()
}

/// The armies of one rule system, as picker entries.
fn picks(armies: &[ArmyFile], system: &str) -> Vec<ArmyPick> {
    (0..armies.len())
        .filter_map(|i| {
            let a = army(armies, i).filter(|a| a.system == system)?;
            Some(ArmyPick {
                index: i,
                label: format!("{} ({})", a.name, a.side),
            })
        })
        .collect()
}

fn side<'a>(armies: &'a [ArmyFile], pick: &ArmyPick) -> Option<&'a str> {
    army(armies, pick.index).map(|a| a.side.as_str())
}

fn stem_of(armies: &[ArmyFile], pick: &ArmyPick) -> String {
    armies[pick.index]
        .path
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}
