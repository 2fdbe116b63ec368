//! The one explanation of a diagnostic that every view renders: what the code means, the
//! run of repeats it stands for, what the grammar expected where it stopped, how far the
//! parse reached, and the section it cites.
//!
//! The CLI's text, the reports and the workbench's Details and Diagnostics panes each put
//! these into their own layout; none of them assembles the notes itself. Texts that quote
//! the input are raw: every view escapes them with [`crate::safe_text`].

use super::codes::Code;
use super::rules;
use super::tree::Diagnostic;

/// What a view says about one diagnostic besides its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The code.
    pub code: Code,
    /// What the code means, in a few words ([`Code::head`]).
    pub head: &'static str,
    /// For a diagnostic that stands for a run or repeats with gaps, how many times and
    /// where ([`Diagnostic::repeat_note`]).
    pub repeats: Option<String>,
    /// For an error, what the grammar would have accepted where it stopped
    /// ([`rules::expected_text`]): raw, it quotes the input.
    pub expected: Option<String>,
    /// How far the parse had reached, when beyond the error's position and within the
    /// input.
    pub reached: Option<usize>,
    /// The spec and section the diagnostic cites.
    pub section: &'static str,
}

impl Explanation {
    /// The explanation of `d`, a diagnostic of `input`.
    pub fn of(d: &Diagnostic, input: &str) -> Self {
        Explanation {
            code: d.code,
            head: d.code.head(),
            repeats: d.repeat_note(),
            expected: rules::expected_text(d, input),
            reached: d.reached.filter(|&r| r <= input.len()),
            section: d.spec,
        }
    }

    /// `the parse reached byte N`, when it reached beyond the error.
    pub fn reached_text(&self) -> Option<String> {
        self.reached.map(|r| format!("the parse reached byte {r}"))
    }

    /// What the grammar expected and how far the parse reached, in one line
    /// (`expected "]" after "::1"; the parse reached byte 9`); raw.
    pub fn grammar(&self) -> Option<String> {
        match (self.expected.as_deref(), self.reached_text()) {
            (Some(e), Some(r)) => Some(format!("{e}; {r}")),
            (Some(e), None) => Some(e.to_string()),
            (None, r) => r,
        }
    }

    /// `message (repeats …)`: the message with the run or the places it repeats in, as the
    /// tables and Details show it.
    pub fn message_with_repeats(&self, message: &str) -> String {
        match &self.repeats {
            Some(r) => format!("{message} ({r})"),
            None => message.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tree::Span;

    #[test]
    fn an_error_explains_its_run_expectation_and_reach() {
        let input = "http://[::1";
        let mut d = Diagnostic::of(Code::IpLiteralUnclosed, Span::new(7, 8), "m");
        d.expected = vec!["\"]\""];
        d.expected_at = Some(11);
        d.reached = Some(11);
        d.count = 2;
        let e = Explanation::of(&d, input);
        assert_eq!(e.head, "an IP literal that is never closed");
        assert_eq!(e.section, "RFC 3986 §3.2.2");
        assert_eq!(
            e.repeats.as_deref(),
            Some("found 2 times in a row, over bytes 7..8")
        );
        assert_eq!(
            e.grammar().as_deref(),
            Some("expected \"]\" after \"::1\"; the parse reached byte 11")
        );
        assert_eq!(
            e.message_with_repeats("m"),
            "m (found 2 times in a row, over bytes 7..8)"
        );
        d.reached = Some(99);
        assert_eq!(Explanation::of(&d, input).reached, None, "beyond the input");
    }
}
