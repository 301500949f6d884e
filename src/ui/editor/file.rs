//! The builder's file: opened only if it is a regular army file within the size limit (as
//! `adjutant check` reads it, a byte-order mark and all), held while it is edited — locked, so
//! a second window is refused, and its stamp noted, so a save never goes over what another
//! program put there since — and saved checked, with its comments kept (or the player warned),
//! read back as the loader will. When the file changed on disk the player chooses: reload it,
//! save the army as a copy (which the builder edits from then on), or overwrite it.

use std::path::{Path, PathBuf};

use adjutant::army::discover::{built_in_text, read_army_text};
use adjutant::army::draft::{Draft, Editing};
use adjutant::army::load_army;
use adjutant::army::patch::{Saved, Source};
use adjutant::army::write::render;
use adjutant::store::StoreError;
use adjutant::store::held::Held;

use super::{Action, Editor, Notice};

/// How far a save goes without asking.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Save {
    /// The player was told which comments go, and saves anyway.
    pub comments_ok: bool,
    /// The player chose to write over a file another program changed.
    pub overwrite: bool,
}

/// Reads an army file for the builder: a regular file within the size limit, its brackets
/// whole (the builder needs the file's shape to keep its comments).
fn read_source(path: &Path) -> Result<Source, String> {
    let text = read_army_text(path).map_err(|p| p.to_string())?;
    open_source(path, text)
}

fn open_source(path: &Path, text: String) -> Result<Source, String> {
    Source::open(text)
        .map_err(|e| format!("{}:{e} (fix this in a text editor first)", path.display()))
}

impl Editor {
    /// An army file to edit: a shipped one is saved as a copy in `user_dir` (the text the
    /// home screen lists it from: the copy built into the program, needing no file, as in a
    /// browser). The player's own file is held while it is edited. Fails when another window
    /// edits it, when it is not a regular army file, or when its brackets do not parse.
    pub fn open(path: &Path, shipped: bool, user_dir: PathBuf) -> Result<Editor, String> {
        let (file, shipped) = if shipped {
            (None, Some(path.to_path_buf()))
        } else {
            (Some(Held::take(path).map_err(|e| e.to_string())?), None)
        };
        let source = match built_in_text(path).filter(|_| shipped.is_some()) {
            Some(text) => open_source(path, text.to_string())?,
            None => read_source(path)?,
        };
        let editing = Editing::new(source.draft.clone(), true);
        Ok(Editor::with(editing, Some(source), file, user_dir, shipped))
    }

    /// Reads the file again, dropping the edits here (the player chose to); the builder goes
    /// on holding it. A file that no longer reads leaves everything as it was.
    pub(super) fn reload(&mut self) {
        let Some(file) = &mut self.file else {
            return;
        };
        match file.reread(read_source) {
            Ok(source) => {
                let path = file.path().to_path_buf();
                let editing = Editing::new(source.draft.clone(), true);
                let file = self.file.take();
                let (user_dir, shipped) = (self.user_dir.clone(), self.shipped.clone());
                *self = Editor::with(editing, Some(source), file, user_dir, shipped);
                self.notice = Some(Notice::Reloaded(path));
            }
            Err(why) => self.notice = Some(Notice::Failed(format!("not reloaded: {why}"))),
        }
    }

    /// The text that saves the army, and the comments of its file it would drop.
    fn text_to_save(&self) -> Saved {
        match &self.source {
            Some(source) => source.save(&self.editing.draft),
            None => Saved {
                text: render(&self.editing.draft).text,
                lost_comments: Vec::new(),
            },
        }
    }

    /// Saves the army to its file: refused with every problem while it has any; asks first
    /// when the file's comments would be dropped, or when another program changed the file
    /// (unless `how` says the player already answered). Once saved, goes on where the player
    /// was going, if they were leaving.
    pub(super) fn save(&mut self, how: Save) -> Action {
        if let Err(problems) = &self.checked {
            let lines = problems.iter().map(|p| self.describe(p)).collect();
            self.notice = Some(Notice::Refused(lines));
            return Action::None;
        }
        let saved = self.text_to_save();
        if !how.comments_ok && !saved.lost_comments.is_empty() {
            self.notice = Some(Notice::Comments(saved.lost_comments));
            return Action::None;
        }
        if self.file.is_none() {
            match hold_new(&self.new_path()) {
                Ok(file) => self.file = Some(file),
                Err(why) => {
                    self.notice = Some(Notice::Failed(why));
                    return Action::None;
                }
            }
        }
        let Some(file) = &mut self.file else {
            return Action::None;
        };
        match file.write(saved.text.as_bytes(), how.overwrite) {
            Ok(()) => self.written(saved.text),
            Err(StoreError::Changed { path }) => {
                self.notice = Some(Notice::Changed(path));
                Action::None
            }
            Err(e) => {
                self.notice = Some(Notice::Failed(e.to_string()));
                Action::None
            }
        }
    }

    /// Saves the army to `to` (Save a copy… when its file changed on disk), which the builder
    /// edits from then on; the file it came from is left as it is. Refused with the reason
    /// while the army has problems, when `to` is the file being edited, or when another
    /// window edits `to`.
    pub fn save_copy(&mut self, to: &Path) -> Result<Action, String> {
        if let Err(problems) = &self.checked {
            return Err(format!(
                "Not saved: fix the army's {} first.",
                adjutant::words::count(problems.len(), "problem", "problems")
            ));
        }
        if let Some(file) = &self.file
            && same_file(file.path(), to)
        {
            return Err(format!(
                "{} is the army's own file; to write over it, choose Overwrite. Choose another name or folder for a copy.",
                to.display()
            ));
        }
        let saved = self.text_to_save();
        let mut copy = hold_new(to)?;
        copy.write(saved.text.as_bytes(), false)
            .map_err(|e| e.to_string())?;
        // The file left behind is given back here.
        self.file = Some(copy);
        Ok(self.written(saved.text))
    }

    /// After a write: read back exactly as the home screen and `adjutant check` will, then
    /// the draft is saved, and where the player was going, they go.
    fn written(&mut self, text: String) -> Action {
        let Some(target) = self.target().map(Path::to_path_buf) else {
            return Action::None;
        };
        match (load_army(&target), &self.checked) {
            (Ok(army), Ok(expected)) if &army == expected => {}
            (Ok(_), _) => {
                let message = "the saved file reads back differently; please report this";
                self.notice = Some(Notice::Failed(format!("{}: {message}", target.display())));
                return Action::None;
            }
            (Err(problems), _) => {
                let lines = problems.iter().map(ToString::to_string).collect();
                self.notice = Some(Notice::Refused(lines));
                return Action::None;
            }
        }
        self.source = Source::open(text).ok();
        self.editing.mark_saved();
        self.notice = Some(Notice::Saved(target));
        self.shipped = None;
        self.leaving.take().map_or(Action::None, Action::Go)
    }

    /// A file name in the player's armies folder for a new or copied army.
    pub(super) fn new_path(&self) -> PathBuf {
        let draft = &self.editing.draft;
        let base = match &self.shipped {
            Some(path) => path.file_stem().map_or_else(
                || draft.fresh_id(&draft.name),
                |s| s.to_string_lossy().into_owned(),
            ),
            None => Draft::default().fresh_id(&draft.name),
        };
        free_path(&self.user_dir.join(&draft.system), &base)
    }

    /// Where Save a copy… suggests: beside the army's file, under a name not taken.
    pub fn copy_suggestion(&self) -> PathBuf {
        match self.target() {
            Some(path) => {
                let dir = path.parent().unwrap_or(Path::new("."));
                let stem = path
                    .file_stem()
                    .map_or_else(|| "army".into(), |s| s.to_string_lossy());
                free_path(dir, &format!("{stem}_copy"))
            }
            None => self.new_path(),
        }
    }
}

/// `dir/base.ron`, or `dir/base_2.ron`, `_3`… when it is taken.
fn free_path(dir: &Path, base: &str) -> PathBuf {
    let free = |name: &str| !adjutant::store::exists(&dir.join(format!("{name}.ron")));
    let name = std::iter::once(base.to_string())
        .chain((2..).map(|n| format!("{base}_{n}")))
        .find(|n| free(n))
        .unwrap_or_else(|| base.to_string());
    dir.join(format!("{name}.ron"))
}

/// Holds a file about to be written for the first time from here, making its folder.
fn hold_new(path: &Path) -> Result<Held, String> {
    if let Some(dir) = path.parent()
        && let Err(e) = adjutant::store::paths::create_dir(dir)
    {
        return Err(e.to_string());
    }
    Held::take(path).map_err(|e| e.to_string())
}

/// Whether two paths name one file (through links, `.` and `..`).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}
