//! Switches: where the original rules and a later reading differ, the table file chooses the
//! reading with a 0/1 switch (0, the default, is the original rules' reading). Every system
//! shows its switches as one table, id `"switches"`, so the Tables view and the
//! quick-reference card list each switch with its default and the value in force.

use crate::rules::{Source, Table};

/// One switch of a system's table file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switch {
    /// Its key in the table file.
    pub key: &'static str,
    /// What it does when on, in a line.
    pub(crate) what: &'static str,
    /// Its value when the file leaves it out.
    pub(crate) default: bool,
}

/// The switches table: one row per switch with the value in force (`on`, in the order of
/// `switches`); sourced [DEFAULT], or [OVERRIDE path] when the file `origin` set one.
pub(crate) fn table(switches: &[Switch], on: &[bool], origin: Option<&str>) -> Table {
    let word = |b: bool| if b { "1 (on)" } else { "0 (off)" }.to_string();
    Table {
        id: "switches".into(),
        title: "Switches".into(),
        source: match origin {
            Some(path) => Source::Override(path.into()),
            None => Source::Default,
        },
        header: ["Switch", "In force", "Default", "What it does"]
            .map(String::from)
            .to_vec(),
        rows: switches
            .iter()
            .zip(on)
            .map(|(s, &on)| vec![s.key.into(), word(on), word(s.default), s.what.into()])
            .collect(),
        note: "Set a switch in the table file's `switches` to choose the other reading.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_switches_table_lists_each_switch_with_its_default_and_value() {
        let s = [Switch {
            key: "k",
            what: "does k",
            default: false,
        }];
        let t = table(&s, &[true], Some("/x/rcw.ron"));
        assert_eq!(t.id, "switches");
        assert_eq!(t.header, ["Switch", "In force", "Default", "What it does"]);
        assert_eq!(t.rows, [["k", "1 (on)", "0 (off)", "does k"]]);
        assert_eq!(t.source, Source::Override("/x/rcw.ron".into()));
        assert_eq!(table(&s, &[false], None).source, Source::Default);
    }
}
