//! The profile handle: a small copyable number naming a spec.
//!
//! What a handle stands for (its descriptor, its name, the constants `Profile::Rfc3986`,
//! [`Profile::ALL`], registering one at run time) is the profile table's, in
//! [`super::specs`]. Here is only the handle, so that a type can hold one (the profile a
//! comparison asks for, the profile a reading is under) without reaching the table.

/// A spec an input can be parsed under: one of the constants ([`Profile::ALL`] lists the
/// specs; the grammar lab's `Profile::Lab` reads the grammar given to
/// [`crate::engine::analyze_in`]). The names are fixed: the CLI and the tests use them.
/// Profiles order as the table lists them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Profile(pub(super) u16);
