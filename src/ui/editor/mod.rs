//! The army builder: a new army for any rule system, or an army file edited in place (a
//! shipped one is copied into the player's armies folder first). Every statistic the rule
//! system defines, with its allowed range; the loader's own problems shown at the field they
//! are about; undo and redo; saving that writes the file atomically, keeps its comments,
//! refuses an army with problems and never goes over a file another program changed
//! ([`file`]); and a question on every way out with edits not saved — Home, another file,
//! Ctrl+Q, the window's close button — that discards nothing unless the player says so.

mod file;
pub mod form;
mod side;

use std::path::{Path, PathBuf};

use iced::Element;

use adjutant::army::draft::{Draft, Edit, Editing, Field, Part, Roll};
use adjutant::army::patch::Source;
use adjutant::army::write::{FieldProblem, check};
use adjutant::army::{Army, ArmySpec};
use adjutant::rules;
use adjutant::store::held::Held;

use crate::ui::battle::PHONE;
use crate::ui::next::Next;

/// The question put when the army's file changed on disk, and its buttons.
pub const CHANGED: &str = "Not saved: this army's file was changed by another program since the builder opened or saved it.";
pub const RELOAD: &str = "Reload the file";
pub const SAVE_COPY: &str = "Save a copy…";
pub const OVERWRITE: &str = "Overwrite";

/// Below this width (logical pixels) the builder is one column, its entries, the selected
/// one's details and the check a tab each (a tablet upright, a phone, a zoomed window).
pub const ONE_COLUMN: f32 = 1000.0;

/// The builder's state.
pub struct Editor {
    editing: Editing,
    spec: ArmySpec,
    system_name: String,
    /// The file as it was read, to keep its comments; `None` for a new army.
    source: Option<Source>,
    /// The file the army is saved to, held while it is edited (locked, its stamp noted);
    /// `None` for a new or shipped army until its first save names the file.
    file: Option<Held>,
    /// The player's armies folder, where new and copied armies go.
    user_dir: PathBuf,
    /// A shipped file this army was read from (it is saved as a copy, never over the file).
    shipped: Option<PathBuf>,
    selected: Selected,
    /// The kind the next "Add unit" adds.
    add_kind: String,
    checked: Result<Army, Vec<FieldProblem>>,
    notice: Option<Notice>,
    /// Where the player was going when asked about edits not saved; they go once it is saved.
    leaving: Option<Next>,
    /// The tab on show in one column.
    pane: Pane,
}

/// A tab of the builder in one column, where its three columns are one at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    /// The army, its leaders and units, and the buttons that add them.
    Entries,
    /// The selected entry's fields.
    Details,
    /// Every problem, and the roster as it loads.
    Check,
}

/// The entry whose fields are on show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selected {
    Army,
    Leader(usize),
    Unit(usize),
}

/// A message at the top of the builder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    Saved(PathBuf),
    /// Saving was refused: the problems, one a line.
    Refused(Vec<String>),
    /// Saving would drop these comments: save anyway?
    Comments(Vec<String>),
    /// The file changed on disk since the builder read or saved it, and was not written
    /// over: reload it, save a copy, or overwrite?
    Changed(PathBuf),
    /// The file was read again; the edits made here are gone.
    Reloaded(PathBuf),
    /// Leaving would throw away edits: save, discard or stay?
    Leaving,
    Failed(String),
}

#[derive(Debug, Clone)]
pub enum Message {
    FieldChanged(Field, String),
    TraitToggled(Field, String),
    AddPressed(Roll),
    /// Enter in a field: a new entry of the same list, as a spreadsheet adds a row.
    FieldSubmitted,
    AddKindSelected(String),
    DuplicatePressed(Roll, usize),
    MovePressed(Roll, usize, i32),
    DeletePressed(Roll, usize),
    Selected(Selected),
    /// In one column, a tab of the builder.
    PaneSelected(Pane),
    UndoPressed,
    RedoPressed,
    SavePressed,
    SaveConfirmed,
    /// The file changed on disk: read it again, dropping the edits here.
    ReloadPressed,
    /// The file changed on disk: save the army as a copy (the app asks where).
    SaveCopyPressed,
    /// The file changed on disk: write over it.
    OverwritePressed,
    BackPressed,
    DiscardConfirmed,
    NoticeDismissed,
}

/// What the builder asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    None,
    /// Leave the builder for there (nothing is left unsaved, or the player discarded it).
    Go(Next),
    /// Ask where to save a copy of the army, then [`Editor::save_copy`].
    SaveCopy,
}

impl Editor {
    /// A new, empty army for a rule system.
    pub fn new_army(system: &str, user_dir: PathBuf) -> Editor {
        let editing = Editing::new(Draft::new(system), false);
        Editor::with(editing, None, None, user_dir, None)
    }

    fn with(
        editing: Editing,
        source: Option<Source>,
        file: Option<Held>,
        user_dir: PathBuf,
        shipped: Option<PathBuf>,
    ) -> Editor {
        let system = rules::by_id(&editing.draft.system);
        let spec = system.as_ref().map(|s| s.army_spec()).unwrap_or_default();
        let add_kind = spec
            .unit_kinds
            .first()
            .map_or(String::new(), |k| k.name.to_string());
        let mut editor = Editor {
            system_name: system.map_or_else(|| editing.draft.system.clone(), |s| s.name().into()),
            // Checked once, below, when the editor is whole.
            checked: Err(Vec::new()),
            editing,
            spec,
            source,
            file,
            user_dir,
            shipped,
            selected: Selected::Army,
            add_kind,
            notice: None,
            leaving: None,
            pane: Pane::Details,
        };
        editor.recheck();
        editor
    }

    /// The army as it stands.
    pub fn draft(&self) -> &Draft {
        &self.editing.draft
    }

    /// Whether there are edits not saved.
    pub fn is_dirty(&self) -> bool {
        self.editing.is_dirty()
    }

    /// The problems with the army as it stands.
    pub fn problems(&self) -> &[FieldProblem] {
        self.checked.as_ref().err().map_or(&[], Vec::as_slice)
    }

    /// The army's file: where it was read from or last saved.
    pub fn target(&self) -> Option<&Path> {
        self.file.as_ref().map(Held::path)
    }

    /// The tab on show in one column.
    #[cfg(test)]
    pub fn pane(&self) -> Pane {
        self.pane
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::FieldChanged(field, value) => self.edit(Edit::Set(field, value)),
            Message::TraitToggled(field, name) => self.edit(Edit::ToggleTrait(field, name)),
            Message::AddPressed(roll) => self.add(roll),
            Message::FieldSubmitted => match self.selected {
                Selected::Leader(_) => self.add(Roll::Leaders),
                Selected::Unit(_) => self.add(Roll::Units),
                Selected::Army => {}
            },
            Message::AddKindSelected(kind) => self.add_kind = kind,
            Message::DuplicatePressed(roll, i) => {
                self.edit(Edit::Duplicate(roll, i));
                self.selected = entry(roll, i + 1);
            }
            Message::MovePressed(roll, i, by) => {
                self.edit(Edit::Move(roll, i, by));
                let to = (i as i64 + i64::from(by)).max(0) as usize;
                if to < self.len(roll) {
                    self.selected = entry(roll, to);
                }
            }
            Message::DeletePressed(roll, i) => {
                self.edit(Edit::Delete(roll, i));
                self.selected = match i.checked_sub(1).or((self.len(roll) > 0).then_some(0)) {
                    Some(at) => entry(roll, at),
                    None => Selected::Army,
                };
            }
            Message::Selected(selected) => {
                self.selected = selected;
                self.pane = Pane::Details;
            }
            Message::PaneSelected(pane) => self.pane = pane,
            Message::UndoPressed => self.undo(true),
            Message::RedoPressed => self.undo(false),
            Message::SavePressed => return self.save(file::Save::default()),
            Message::SaveConfirmed => {
                return self.save(file::Save {
                    comments_ok: true,
                    overwrite: false,
                });
            }
            Message::OverwritePressed => {
                return self.save(file::Save {
                    comments_ok: true,
                    overwrite: true,
                });
            }
            Message::ReloadPressed => self.reload(),
            Message::SaveCopyPressed => return Action::SaveCopy,
            Message::BackPressed if self.ready_to_leave(Next::Home) => {
                return Action::Go(Next::Home);
            }
            Message::BackPressed => {}
            Message::DiscardConfirmed => {
                return Action::Go(self.leaving.take().unwrap_or(Next::Home));
            }
            Message::NoticeDismissed => {
                self.notice = None;
                self.leaving = None;
            }
        }
        Action::None
    }

    /// Whether the builder may be left for `next`: nothing is left unsaved. If not, the
    /// question is put up (save, discard or keep editing) and `next` waits for the answer.
    pub fn ready_to_leave(&mut self, next: Next) -> bool {
        if !self.is_dirty() {
            return true;
        }
        self.leaving = Some(next);
        self.notice = Some(Notice::Leaving);
        false
    }

    fn edit(&mut self, edit: Edit) {
        self.editing.apply(&edit);
        self.edited();
    }

    /// After the draft changed: the player stays, so a question about leaving is put away.
    fn edited(&mut self) {
        self.leaving = None;
        if matches!(
            self.notice,
            Some(Notice::Saved(_) | Notice::Reloaded(_) | Notice::Refused(_) | Notice::Leaving)
        ) {
            self.notice = None;
        }
        self.recheck();
    }

    fn add(&mut self, roll: Roll) {
        self.edit(Edit::Add(roll, self.add_kind.clone()));
        self.selected = entry(roll, self.len(roll).saturating_sub(1));
        self.pane = Pane::Details;
    }

    fn undo(&mut self, undo: bool) {
        let done = if undo {
            self.editing.undo()
        } else {
            self.editing.redo()
        };
        if done {
            self.selected = match self.selected {
                Selected::Leader(i) if i >= self.editing.draft.leaders.len() => Selected::Army,
                Selected::Unit(i) if i >= self.editing.draft.units.len() => Selected::Army,
                other => other,
            };
            self.edited();
        }
    }

    fn len(&self, roll: Roll) -> usize {
        match roll {
            Roll::Leaders => self.editing.draft.leaders.len(),
            Roll::Units => self.editing.draft.units.len(),
        }
    }

    fn recheck(&mut self) {
        self.checked = check(&self.editing.draft);
    }

    /// A problem as a line: where it is, then what.
    fn describe(&self, problem: &FieldProblem) -> String {
        format!("{}: {}", self.field_name(&problem.field), problem.message)
    }

    /// A field as the player knows it: "Unit Cromwell's Horse (3) · strength".
    pub fn field_name(&self, field: &Field) -> String {
        let draft = &self.editing.draft;
        let part = |p: &Part| match p {
            Part::Whole => String::new(),
            Part::Stat(key) => format!(" · {key}"),
            other => format!(" · {}", form::part_label(other).to_lowercase()),
        };
        match field {
            Field::System => "Rule system".into(),
            Field::Name => "Army name".into(),
            Field::Side => "Side".into(),
            Field::Description => "Description".into(),
            Field::Leaders => "Leaders".into(),
            Field::Units => "Units".into(),
            Field::Leader(i, p) => {
                let name = draft.leaders.get(*i).map_or("", |l| l.name.as_str());
                format!("Leader {name}{}", part(p))
            }
            Field::Unit(i, p) => {
                let name = draft.units.get(*i).map_or("", |u| u.name.as_str());
                format!("Unit {name}{}", part(p))
            }
        }
    }

    /// The builder; below [`ONE_COLUMN`] one column of tabs, and below a phone's width
    /// ([`crate::ui::battle::PHONE`]) each field's label above it.
    pub fn view(&self) -> Element<'_, Message> {
        iced::widget::responsive(move |size| {
            side::screen(self, size.width < ONE_COLUMN, size.width < PHONE)
        })
        .width(iced::Fill)
        .height(iced::Fill)
        .into()
    }
}

fn entry(roll: Roll, i: usize) -> Selected {
    match roll {
        Roll::Leaders => Selected::Leader(i),
        Roll::Units => Selected::Unit(i),
    }
}
