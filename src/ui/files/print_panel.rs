//! The Print… panel's choices: which sheet (a roster sheet for each army, the quick-reference
//! card, the battle as it stands, the after-action report), the paper and, for the report,
//! PDF or Markdown; and the making of the chosen sheet's bytes through [`adjutant::print`].

use iced::widget::{Column, Row, column};
use iced::{Element, Fill};

use adjutant::army::Army;
use adjutant::battle::Battle;
use adjutant::print::{self, Paper};
use adjutant::rules::Systems;

use super::slug;
use crate::ui::parts;
use crate::ui::theme::{self, gap};

/// What is on the screen to print from.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    Battle(&'a Battle),
    Army(&'a Army),
}

/// One sheet the panel offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Document {
    /// The roster sheet of the army at this index (of the battle, or the roster on screen).
    Roster(usize, String),
    QuickRef,
    Battle,
    Report,
}

impl Document {
    /// The label of the document's button.
    pub fn label(&self) -> String {
        match self {
            Document::Roster(_, name) => format!("Roster sheet: {name}"),
            Document::QuickRef => "Quick-reference card".into(),
            Document::Battle => "The battle as it stands".into(),
            Document::Report => "After-action report".into(),
        }
    }
}

/// The report's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Markdown,
}

/// A choice made in the panel.
#[derive(Debug, Clone)]
pub enum Message {
    Document(usize),
    Paper(Paper),
    Format(Format),
}

/// The panel's choices.
#[derive(Debug, Clone)]
pub struct State {
    pub documents: Vec<Document>,
    pub chosen: usize,
    pub paper: Paper,
    pub format: Format,
    /// Print secret marks (command chits): the battle is printed from the umpire's view.
    pub show_secrets: bool,
}

impl State {
    /// The sheets `source` can print, the first one chosen, on `paper`.
    pub fn new(source: Source<'_>, paper: Paper) -> State {
        let documents = match source {
            Source::Battle(b) => {
                let mut docs: Vec<Document> = b
                    .armies()
                    .iter()
                    .enumerate()
                    .map(|(i, a)| Document::Roster(i, a.name.clone()))
                    .collect();
                docs.extend([Document::QuickRef, Document::Battle, Document::Report]);
                docs
            }
            Source::Army(a) => vec![Document::Roster(0, a.name.clone()), Document::QuickRef],
        };
        State {
            documents,
            chosen: 0,
            paper,
            format: Format::Pdf,
            show_secrets: false,
        }
    }

    pub fn update(&mut self, message: Message) {
        match message {
            Message::Document(i) if i < self.documents.len() => self.chosen = i,
            Message::Document(_) => {}
            Message::Paper(p) => self.paper = p,
            Message::Format(f) => self.format = f,
        }
    }

    /// The chosen document.
    pub fn document(&self) -> &Document {
        &self.documents[self.chosen.min(self.documents.len().saturating_sub(1))]
    }

    /// Whether the chosen document is written as Markdown.
    pub fn markdown(&self) -> bool {
        *self.document() == Document::Report && self.format == Format::Markdown
    }

    /// The file extension of what will be written.
    pub fn extension(&self) -> &'static str {
        if self.markdown() { "md" } else { "pdf" }
    }

    /// A file name for the chosen document.
    pub fn file_name(&self, source: Source<'_>) -> String {
        let stem = match (self.document(), source) {
            (Document::Roster(_, name), _) => format!("roster-{}", slug(name)),
            (Document::QuickRef, Source::Battle(b)) => format!("quick-reference-{}", b.system),
            (Document::QuickRef, Source::Army(a)) => format!("quick-reference-{}", a.system),
            (Document::Battle, _) => format!("battle-{}", slug(&title(source))),
            (Document::Report, _) => format!("report-{}", slug(&title(source))),
        };
        format!("{stem}.{}", self.extension())
    }

    /// The chosen document's bytes, or why it could not be made: a battle's sheets under the
    /// system it is played under, an army's under its system among `systems` (in force).
    pub fn render(&self, source: Source<'_>, systems: &Systems) -> Result<Vec<u8>, String> {
        let rules = match source {
            Source::Battle(b) => b.rules(),
            Source::Army(a) => &**systems
                .by_id(&a.system)
                .ok_or_else(|| format!("Adjutant does not know the rule system '{}'", a.system))?,
        };
        let made = match (self.document(), source) {
            (Document::Roster(i, _), Source::Battle(b)) => match b.armies().get(*i) {
                Some(army) => print::roster_pdf(army, rules, self.paper),
                None => return Err("that army is not in the battle".into()),
            },
            (Document::Roster(..), Source::Army(a)) => print::roster_pdf(a, rules, self.paper),
            (Document::QuickRef, _) => print::quick_ref_pdf(rules, self.paper),
            (Document::Battle, Source::Battle(b)) => print::battle_pdf_with(
                b.rules(),
                &b.context(),
                print::PrintOptions {
                    paper: self.paper,
                    show_secrets: self.show_secrets,
                },
            ),
            (Document::Report, Source::Battle(b)) if self.markdown() => {
                Ok(print::report_markdown(b).into_bytes())
            }
            (Document::Report, Source::Battle(b)) => print::report_pdf(b, self.paper),
            (Document::Battle | Document::Report, Source::Army(_)) => {
                return Err("only a battle can be printed as it stands".into());
            }
        };
        made.map_err(|e| e.to_string())
    }

    /// The choices: one button per sheet, the paper and the report's format.
    pub fn view(&self) -> Element<'_, Message> {
        let mut sheets = Column::new().spacing(gap::XS);
        for (i, doc) in self.documents.iter().enumerate() {
            sheets = sheets.push(
                parts::button_text(doc.label())
                    .width(Fill)
                    .style(theme::toggle(i == self.chosen))
                    .on_press(Message::Document(i)),
            );
        }
        let mut paper = Row::new()
            .spacing(gap::XS)
            .align_y(iced::Center)
            .push(parts::caption("Paper"));
        for p in Paper::ALL {
            let label = match p {
                Paper::A4 => "A4",
                Paper::Letter => "Letter",
            };
            paper = paper.push(
                parts::button_text(label)
                    .style(theme::toggle(p == self.paper))
                    .on_press(Message::Paper(p)),
            );
        }
        let mut page = column![sheets, paper].spacing(gap::M);
        if *self.document() == Document::Report {
            let mut format = Row::new()
                .spacing(gap::XS)
                .align_y(iced::Center)
                .push(parts::caption("Format"));
            for (f, label) in [(Format::Pdf, "PDF"), (Format::Markdown, "Markdown")] {
                format = format.push(
                    parts::button_text(label)
                        .style(theme::toggle(f == self.format))
                        .on_press(Message::Format(f)),
                );
            }
            page = page.push(format);
        }
        page.into()
    }
}

/// The armies' names, "A vs B", or the army's own.
fn title(source: Source<'_>) -> String {
    match source {
        Source::Battle(b) => b
            .armies()
            .iter()
            .map(|a| a.name.as_str())
            .collect::<Vec<_>>()
            .join(" vs "),
        Source::Army(a) => a.name.clone(),
    }
}
