//! The clipboard's status message for every outcome × label × what tmux says (issue 26,
//! item 8): it fits the 78 columns the status line gives it at 80×24, the tmux advice is
//! whole and leads whenever it is given, the system clipboard's raw error never leads, and
//! nothing untrusted reaches the terminal raw.

use idbench::safe_text::needs_token;
use idbench::text_layout::width;
use idbench::tui::clipboard::{MESSAGE_WIDTH, Outcome, TMUX_ADVICE, TmuxClipboard, told};

const X11: &str = "Unknown error while interacting with the clipboard: X11 server connection \
                   timed out because it was unreachable";

fn labels() -> Vec<String> {
    vec![
        String::new(),
        "x".into(),
        "the input".into(),
        "the other reading".into(),
        "the Markdown report".into(),
        "the command that reopens this view".into(),
        "the value of form the NFC-normalized IRI of the first input, as typed".into(),
        "z".repeat(1_000),
        "の".repeat(60),
        "bad\u{1b}]52;c;AAAA\u{7}\u{202e}label".into(),
    ]
}

fn outcomes() -> Vec<Outcome> {
    vec![
        Outcome::Copied,
        Outcome::Failed("no clipboard in this session".into()),
        Outcome::Failed("too long for OSC 52 (limit 100000 bytes)".into()),
        Outcome::SentToTerminal(None),
        Outcome::SentToTerminal(Some("no answer in 1500 ms".into())),
        Outcome::SentToTerminal(Some(X11.into())),
        Outcome::SentToTerminal(Some("x\u{1b}[2J\n\u{202e}".repeat(20))),
    ]
}

fn tmux_states() -> Vec<Option<TmuxClipboard>> {
    vec![
        None,
        Some(TmuxClipboard::On),
        Some(TmuxClipboard::Not("external".into())),
        Some(TmuxClipboard::Not("off".into())),
        Some(TmuxClipboard::Not(
            "\u{1b}[31mweird value of any length".into(),
        )),
        Some(TmuxClipboard::Unknown),
    ]
}

#[test]
fn every_message_fits_78_columns_with_the_advice_whole_and_first() {
    let mut checked = 0;
    for o in outcomes() {
        for label in labels() {
            for tmux in tmux_states() {
                let m = told(&o, &label, 1234, tmux.as_ref());
                let case = format!("{o:?} × {label:?} × {tmux:?}: {m:?}");
                assert!(width(&m) <= MESSAGE_WIDTH, "{} columns: {case}", width(&m));
                assert!(!m.chars().any(needs_token), "raw control text: {case}");
                let advised = matches!(o, Outcome::SentToTerminal(_))
                    && matches!(
                        tmux,
                        Some(TmuxClipboard::Not(_)) | Some(TmuxClipboard::Unknown)
                    );
                if advised {
                    assert!(
                        m.starts_with(&format!("run {TMUX_ADVICE}")),
                        "the advice leads, whole: {case}"
                    );
                } else {
                    assert!(!m.contains("tmux"), "no advice here: {case}");
                }
                if let Outcome::SentToTerminal(Some(why)) = &o {
                    let lead: String = why.chars().take(8).collect();
                    assert!(!m.starts_with(&lead), "the raw error leads: {case}");
                }
                // A label of ordinary length is never cut, not even beside the advice.
                if label.chars().count() <= 20 && !label.chars().any(needs_token) {
                    assert!(m.contains(label.as_str()), "label cut: {case}");
                } else if !label.is_empty() && label.chars().count() > 80 {
                    assert!(m.contains('…'), "a long label is cut with …: {case}");
                }
                // tmux's value when the label leaves it room.
                if let Some(TmuxClipboard::Not(v)) = &tmux
                    && matches!(o, Outcome::SentToTerminal(_))
                    && label.chars().count() <= 9
                    && !label.chars().any(needs_token)
                    && (v == "external" || v == "off")
                {
                    assert!(
                        m.contains(&format!("(tmux: {v})")),
                        "says what it is: {case}"
                    );
                }
                // What happened, in words that are about the copy: never "ignored".
                assert!(!m.contains("ignored"), "misreadable: {case}");
                if !matches!(o, Outcome::Failed(_))
                    && !advised
                    && !m.contains("· system clipboard: ")
                {
                    assert!(m.contains("(1234 bytes)"), "how big: {case}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 7 * 10 * 6);
}

#[test]
fn the_audits_messages_at_80_columns() {
    // Ctrl-Y on `urn:example:a?+b` under tmux with set-clipboard external and no DISPLAY:
    // the copy did not arrive, and the message says so of the copy (not of keystrokes).
    let no_display = Outcome::SentToTerminal(Some(X11.into()));
    let external = TmuxClipboard::Not("external".into());
    assert_eq!(
        told(&no_display, "the input", 16, Some(&external)),
        "run tmux set -g set-clipboard on: the input was not copied (tmux: external)"
    );
    assert_eq!(
        told(&no_display, "the other reading", 40, Some(&external)),
        "run tmux set -g set-clipboard on: the other reading was not copied (40 bytes)"
    );
    // Not asked in time, never seen: the advice all the same, conditional.
    assert_eq!(
        told(
            &Outcome::SentToTerminal(None),
            "the other reading",
            40,
            Some(&TmuxClipboard::Unknown)
        ),
        "run tmux set -g set-clipboard on if off: sent the other reading by OSC 52"
    );
    // Outside tmux the raw error follows the news, cut to the line.
    let m = told(&no_display, "the input", 16, None);
    assert!(
        m.starts_with("sent the input (16 bytes) by OSC 52 · system clipboard: Unknown error"),
        "{m}"
    );
    assert!(m.ends_with('…') && width(&m) == MESSAGE_WIDTH, "{m}");
    // Our own reason is short: it fits whole.
    assert_eq!(
        told(
            &Outcome::SentToTerminal(Some("no answer in 1500 ms".into())),
            "the input",
            16,
            None
        ),
        "sent the input (16 bytes) by OSC 52 · system clipboard: no answer in 1500 ms"
    );
    // Copied, or not: what, how big, where.
    assert_eq!(
        told(&Outcome::Copied, "the Markdown report", 2345, None),
        "copied the Markdown report (2345 bytes) to the system clipboard"
    );
    assert_eq!(
        told(
            &Outcome::Failed("no clipboard in this session".into()),
            "the input",
            16,
            None
        ),
        "could not copy the input: no clipboard in this session (16 bytes)"
    );
}
