//! The URI family: RFC 3986 URIs and RFC 3987 IRIs. Their shared grammar ([`grammar`]) and one
//! file per spec holding what that spec decides.

pub mod forms;
pub mod grammar;
pub mod rfc2396;
pub mod rfc2396_grammar;
pub mod rfc2396_resolve;
pub mod rfc3986;
pub mod rfc3987;
