//! The armies shipped with Adjutant, built into the program: each file of the source tree's
//! `armies/` folder by its path under that folder (`royalists_roundheads/winceby_royalists.ron`)
//! and its text. A front end lists them without any folder beside the executable; the app
//! still reads a player's own armies from their folder.

use super::{Army, Problem, load_army_str};

/// A shipped army file: its path under the shipped armies folder and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippedArmy {
    /// `<system id>/<name>.ron`, as the file is filed in the source tree and the package.
    pub path: &'static str,
    pub text: &'static str,
}

/// A shipped army file by its path under the shipped armies folder.
macro_rules! army {
    ($path:literal) => {
        ShippedArmy {
            path: $path,
            text: include_str!(concat!("../../../../armies/", $path)),
        }
    };
}

/// Every shipped army file, sorted by path.
pub const ARMIES: &[ShippedArmy] = &[
    army!("d3_ecw/edgehill_parliament.ron"),
    army!("d3_ecw/edgehill_royalists.ron"),
    army!("rcw/tsaritsyn_reds.ron"),
    army!("rcw/tsaritsyn_whites.ron"),
    army!("royalists_roundheads/winceby_parliament.ron"),
    army!("royalists_roundheads/winceby_royalists.ron"),
    army!("victory_without_squares/naseby_parliament.ron"),
    army!("victory_without_squares/naseby_royalists.ron"),
];

impl ShippedArmy {
    /// The army, loaded and validated as an army file is (its problems name it by `path`).
    pub fn load(&self) -> Result<Army, Vec<Problem>> {
        load_army_str(self.path, self.text)
    }
}

/// The shipped army file at this path under the shipped armies folder.
pub fn by_path(path: &str) -> Option<&'static ShippedArmy> {
    ARMIES.iter().find(|a| a.path == path)
}

/// The shipped army at this path, loaded; for tests and tools, which know it loads.
///
/// # Panics
/// When no shipped army has this path or it does not load.
pub fn army(path: &str) -> Army {
    let file = by_path(path).unwrap_or_else(|| panic!("no shipped army {path}"));
    file.load()
        .unwrap_or_else(|problems| panic!("shipped army {path}: {problems:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_army_loads_and_is_filed_under_its_system() {
        assert!(!ARMIES.is_empty());
        for file in ARMIES {
            let army = file
                .load()
                .unwrap_or_else(|p| panic!("{}: {p:?}", file.path));
            assert!(
                file.path.starts_with(&format!("{}/", army.system)),
                "{}",
                file.path
            );
        }
        let mut paths: Vec<&str> = ARMIES.iter().map(|a| a.path).collect();
        paths.sort();
        assert_eq!(paths, ARMIES.iter().map(|a| a.path).collect::<Vec<_>>());
    }
}
