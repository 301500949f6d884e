//! The army builder: a new army for any rule system, or an army file edited in place (a
//! shipped one is copied into the player's armies folder first). Every statistic the rule
//! system defines, with its allowed range; the loader's own problems shown at the field they
//! are about; undo and redo; saving that writes the file atomically, keeps its comments and
//! refuses an army with problems; a warning before leaving with edits not saved.

pub mod form;
mod side;

use std::path::{Path, PathBuf};

use iced::Element;

use adjutant::army::draft::{Draft, Edit, Editing, Field, Part, Roll};
use adjutant::army::patch::Source;
use adjutant::army::write::{FieldProblem, check};
use adjutant::army::{Army, ArmySpec, load_army};
use adjutant::rules;
use adjutant::store::write_atomic;

/// The builder's state.
pub struct Editor {
    editing: Editing,
    spec: ArmySpec,
    system_name: String,
    /// The file as it was read, to keep its comments; `None` for a new army.
    source: Option<Source>,
    /// Where the army is saved; `None` for a new army until its first save names the file.
    target: Option<PathBuf>,
    /// The player's armies folder, where new and copied armies go.
    user_dir: PathBuf,
    /// A shipped file this army was read from (it is saved as a copy, never over the file).
    shipped: Option<PathBuf>,
    selected: Selected,
    /// The kind the next "Add unit" adds.
    add_kind: String,
    checked: Result<Army, Vec<FieldProblem>>,
    notice: Option<Notice>,
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
    UndoPressed,
    RedoPressed,
    SavePressed,
    SaveConfirmed,
    BackPressed,
    DiscardConfirmed,
    NoticeDismissed,
}

/// What the builder asks the app to do.
pub enum Action {
    None,
    Home,
}

impl Editor {
    /// A new, empty army for a rule system.
    pub fn new_army(system: &str, user_dir: PathBuf) -> Editor {
        let editing = Editing::new(Draft::new(system), false);
        Editor::with(editing, None, None, user_dir, None)
    }

    /// An army file to edit: a shipped one is saved as a copy in `user_dir`. Fails when the
    /// file cannot be read or its brackets do not parse (the builder needs its shape).
    pub fn open(path: &Path, shipped: bool, user_dir: PathBuf) -> Result<Editor, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{} could not be read: {e}", path.display()))?;
        let source = Source::open(text)
            .map_err(|e| format!("{}:{e} (fix this in a text editor first)", path.display()))?;
        let editing = Editing::new(source.draft.clone(), true);
        let (target, shipped) = if shipped {
            (None, Some(path.to_path_buf()))
        } else {
            (Some(path.to_path_buf()), None)
        };
        Ok(Editor::with(
            editing,
            Some(source),
            target,
            user_dir,
            shipped,
        ))
    }

    fn with(
        editing: Editing,
        source: Option<Source>,
        target: Option<PathBuf>,
        user_dir: PathBuf,
        shipped: Option<PathBuf>,
    ) -> Editor {
        let system = rules::by_id(&editing.draft.system);
        let spec = system.map(|s| s.army_spec()).unwrap_or_default();
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
            target,
            user_dir,
            shipped,
            selected: Selected::Army,
            add_kind,
            notice: None,
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

    /// Where the army was last saved (or will be saved).
    #[cfg(test)]
    pub fn target(&self) -> Option<&Path> {
        self.target.as_deref()
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
            Message::Selected(selected) => self.selected = selected,
            Message::UndoPressed => self.undo(true),
            Message::RedoPressed => self.undo(false),
            Message::SavePressed => self.save(false),
            Message::SaveConfirmed => self.save(true),
            Message::BackPressed if self.is_dirty() => self.notice = Some(Notice::Leaving),
            Message::BackPressed | Message::DiscardConfirmed => return Action::Home,
            Message::NoticeDismissed => self.notice = None,
        }
        Action::None
    }

    fn edit(&mut self, edit: Edit) {
        self.editing.apply(&edit);
        if matches!(self.notice, Some(Notice::Saved(_) | Notice::Refused(_))) {
            self.notice = None;
        }
        self.recheck();
    }

    fn add(&mut self, roll: Roll) {
        self.edit(Edit::Add(roll, self.add_kind.clone()));
        self.selected = entry(roll, self.len(roll).saturating_sub(1));
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
            self.recheck();
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

    /// Saves the army: refused with every problem while it has any; asks first when the
    /// file's comments would be dropped (unless `confirmed`).
    fn save(&mut self, confirmed: bool) {
        if let Err(problems) = &self.checked {
            let lines = problems.iter().map(|p| self.describe(p)).collect();
            self.notice = Some(Notice::Refused(lines));
            return;
        }
        let saved = match &self.source {
            Some(source) => source.save(&self.editing.draft),
            None => adjutant::army::patch::Saved {
                text: adjutant::army::write::render(&self.editing.draft).text,
                lost_comments: Vec::new(),
            },
        };
        if !confirmed && !saved.lost_comments.is_empty() {
            self.notice = Some(Notice::Comments(saved.lost_comments));
            return;
        }
        let target = self.target.clone().unwrap_or_else(|| self.new_path());
        if let Some(dir) = target.parent()
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            self.notice = Some(Notice::Failed(format!("{}: {e}", dir.display())));
            return;
        }
        if let Err(e) = write_atomic(&target, saved.text.as_bytes()) {
            self.notice = Some(Notice::Failed(e.to_string()));
            return;
        }
        // Read back exactly as the home screen and `adjutant check` will.
        match (load_army(&target), &self.checked) {
            (Ok(army), Ok(expected)) if &army == expected => {}
            (Ok(_), _) => {
                let message = "the saved file reads back differently; please report this";
                self.notice = Some(Notice::Failed(format!("{}: {message}", target.display())));
                return;
            }
            (Err(problems), _) => {
                let lines = problems.iter().map(ToString::to_string).collect();
                self.notice = Some(Notice::Refused(lines));
                return;
            }
        }
        self.source = Source::open(saved.text).ok();
        self.editing.mark_saved();
        self.notice = Some(Notice::Saved(target.clone()));
        self.target = Some(target);
        self.shipped = None;
    }

    /// A file name in the player's armies folder for a new or copied army.
    fn new_path(&self) -> PathBuf {
        let draft = &self.editing.draft;
        let dir = self.user_dir.join(&draft.system);
        let base = match &self.shipped {
            Some(path) => path.file_stem().map_or_else(
                || draft.fresh_id(&draft.name),
                |s| s.to_string_lossy().into_owned(),
            ),
            None => Draft::default().fresh_id(&draft.name),
        };
        let free = |name: &str| !dir.join(format!("{name}.ron")).exists();
        let name = std::iter::once(base.clone())
            .chain((2..).map(|n| format!("{base}_{n}")))
            .find(|n| free(n))
            .unwrap_or(base);
        dir.join(format!("{name}.ron"))
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

    pub fn view(&self) -> Element<'_, Message> {
        side::screen(self)
    }
}

fn entry(roll: Roll, i: usize) -> Selected {
    match roll {
        Roll::Leaders => Selected::Leader(i),
        Roll::Units => Selected::Unit(i),
    }
}
