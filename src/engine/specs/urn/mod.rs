//! The URN family: RFC 2141, the rfc2141bis draft and RFC 8141. Their shared grammar
//! ([`grammar`]) and one file per spec holding what that spec decides.

/// Cites a section of the rfc2141bis draft.
macro_rules! bis {
    ($sec:literal) => {
        concat!("draft-ietf-urnbis-rfc2141bis-urn-03 ", $sec)
    };
}

pub mod grammar;
pub mod rfc2141;
pub mod rfc2141bis;
pub mod rfc8141;
