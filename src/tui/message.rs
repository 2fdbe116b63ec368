//! A message for the status line: its text and how it reads. The app, the clipboard and
//! the status line (drawn by the status pane) share it.

/// How a status message reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Something happened as asked.
    Info,
    /// Something failed or needs attention.
    Error,
}

/// A status message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text (drawn through `safe_text`).
    pub text: String,
    /// How it reads.
    pub level: Level,
}
