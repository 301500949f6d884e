//! Army files: locate.
