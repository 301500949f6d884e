//! Paths from the command line or the environment, and the settings file.

use super::*;

#[test]
fn paths_follow_the_override() {
    let cli = Paths::resolve_from(Some("/x/cli".into()), Some("/x/env".into())).unwrap();
    assert_eq!(cli.data, PathBuf::from("/x/cli"));
    let env = Paths::resolve_from(None, Some("/x/env".into())).unwrap();
    assert_eq!(env.battles_dir(), PathBuf::from("/x/env/battles"));
    assert_eq!(env.user_armies_dir(), PathBuf::from("/x/env/armies"));
    assert_eq!(
        env.settings_file(),
        PathBuf::from("/x/env/config/settings.ron")
    );
    assert_eq!(env.overrides_dir(), PathBuf::from("/x/env/config/tables"));
    // An empty variable is unset: the standard folders (if this machine has a home).
    if let Ok(std) = Paths::resolve_from(None, Some("".into())) {
        assert!(
            std.data.ends_with("adjutant") || std.data.ends_with("data"),
            "{std:?}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let p = Paths::portable(dir.path());
    p.create_dirs().unwrap();
    assert!(p.battles_dir().is_dir() && p.overrides_dir().is_dir());
}

#[test]
fn settings_default_when_missing_and_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = SettingsStore::new(&Paths::portable(dir.path()));
    let (settings, err) = store.load();
    assert_eq!(settings, Settings::default());
    assert!(err.is_none());
    let changed = Settings {
        theme: ThemeChoice::Dark,
        zoom: 1.25,
        last_battle: Some(dir.path().join("battles/b.ron")),
        across_table: true,
        ..Settings::default()
    };
    store.save(&changed).unwrap();
    assert_eq!(SettingsStore::at(store.path()).load(), (changed, None));
    // Missing fields default, unknown ones are ignored, a silly zoom is reset.
    fs::write(
        store.path(),
        "Settings(theme: Light, zoom: 0.0, from_the_future: 3)",
    )
    .unwrap();
    let (settings, err) = store.load();
    assert!(err.is_none(), "{err:?}");
    assert_eq!(settings.theme, ThemeChoice::Light);
    assert_eq!(settings.zoom, 1.0);
}

#[test]
fn corrupt_settings_give_defaults_a_message_and_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = SettingsStore::at(dir.path().join("settings.ron"));
    let broken = b"Settings(theme: Purple,";
    fs::write(store.path(), broken).unwrap();
    let (settings, err) = store.load();
    assert_eq!(settings, Settings::default());
    let msg = err.expect("a message").to_string();
    assert!(
        msg.starts_with(&format!("{}:1:", store.path().display())),
        "{msg}"
    );
    assert_eq!(
        fs::read(store.path()).unwrap(),
        broken,
        "loading changes nothing"
    );
    store.save(&settings).unwrap();
    assert_eq!(fs::read(store.broken_path()).unwrap(), broken, "kept aside");
    assert_eq!(store.load(), (Settings::default(), None));
}
