//! Scheme-specific normal forms that are more than data (RFC 3966's visual separators,
//! RFC 5870's `geo` rules, ...): one file per scheme.
