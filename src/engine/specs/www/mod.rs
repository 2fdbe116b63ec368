//! The WWW draft that became RFC 1630: its grammar ([`grammar`]) and its spec file.

pub mod grammar;
pub mod resolve;
pub mod rfc1630;
