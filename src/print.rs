//! Printing: the core's sheets as PDF bytes (`adjutant_core::print`), and writing a PDF to a
//! file without ever leaving half of one ([`write_pdf_atomically`]).

pub use adjutant_core::print::*;

mod atomic;

pub use atomic::write_pdf_atomically;
