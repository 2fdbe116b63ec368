//! The XRI family: OASIS XRI Syntax 2.0. Its grammar ([`grammar`]), its conversions between
//! forms ([`forms`]) and its spec file.

pub mod forms;
pub mod grammar;
pub mod xri2;
