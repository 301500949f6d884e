//! The exact odds of a whole procedure, by walking every branch.
