//! Saving and loading: paths, atomic writes, versioned battle and settings files.
