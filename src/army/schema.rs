//! Army files: schema.
