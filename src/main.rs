//! The adjutant binary.
fn main() {}
