//! No untrusted character reaches the terminal raw.
//!
//! Screens showing hostile inputs are drawn through a real `CrosstermBackend` writing into a
//! `Vec<u8>`; the bytes are then read back. Every ESC must start one of crossterm's own CSI
//! sequences (`ESC [` parameters, intermediates, a final byte); what is left must hold no
//! C0/C1 control, no bidi control and no zero-width character.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use crossterm::event::KeyCode;
use idbench::tui::app::{App, AppConfig};
use idbench::tui::event::Event;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

/// Inputs that would move the cursor, recolour, clear the screen or reorder text if they
/// reached the terminal.
const HOSTILE: &[&str] = &[
    "urn:a:\u{1b}[2J\u{1b}[31mred",
    "urn:a:\u{9b}2Jcsi",
    "http://example.com/\u{202E}gnp.exe",
    "xri://@a*\u{2066}b\u{2069}/(+c\u{200B}d)",
    "urn:x:\u{200D}\u{200C}\u{200E}\u{200F}\u{061C}",
    "http://a/\u{7}\u{8}\u{0}\u{7f}b",
    "urn:a:\u{1b}]52;c;aGk=\u{7}osc",
    "urn:a:\u{1b}P+q\u{1b}\\dcs\u{202A}\u{202B}\u{202C}\u{202D}",
    // Format characters beyond the bidi and zero-width ones: interlinear annotation,
    // Egyptian hieroglyph format controls, Arabic number signs, Syriac abbreviation mark,
    // Kaithi number signs, tags, a line separator.
    "http://a/\u{FFF9}x\u{FFFA}y\u{FFFB}",
    "urn:a:\u{13430}\u{13438}\u{0600}\u{0605}\u{06DD}\u{070F}",
    "urn:a:\u{0890}\u{0891}\u{08E2}\u{110BD}\u{110CD}\u{E0041}\u{2028}",
    // A skin-tone modifier: terminals and the layout disagree on the pair's width.
    "http://a/\u{1F44D}\u{1F3FD}x",
];

fn forbidden(c: char) -> bool {
    use unicode_properties::{EmojiStatus, GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};
    let v = c as u32;
    // The whole of Cc, Cf, Zl and Zp, and the emoji modifiers, from the Unicode tables.
    if v >= 0x80
        && (matches!(
            c.general_category(),
            GeneralCategory::Control
                | GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        ) || c.emoji_status() == EmojiStatus::EmojiPresentationAndModifierAndEmojiComponent)
    {
        return true;
    }
    v < 0x20
        || (0x7F..=0x9F).contains(&v)
        || (0x202A..=0x202E).contains(&v)
        || (0x2066..=0x2069).contains(&v)
        || (0x200B..=0x200F).contains(&v)
        || v == 0x061C
}

/// Removes crossterm's CSI sequences; panics on any other ESC. Returns the text left.
fn strip_csi(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != 0x1b {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        assert_eq!(
            bytes.get(i + 1),
            Some(&b'['),
            "a raw ESC not starting a CSI at byte {i}: {:?}",
            context(bytes, i)
        );
        let mut j = i + 2;
        while j < bytes.len() && (0x30..=0x3F).contains(&bytes[j]) {
            j += 1;
        }
        while j < bytes.len() && (0x20..=0x2F).contains(&bytes[j]) {
            j += 1;
        }
        assert!(
            j < bytes.len() && (0x40..=0x7E).contains(&bytes[j]),
            "an unterminated CSI at byte {i}: {:?}",
            context(bytes, i)
        );
        i = j + 1;
    }
    match String::from_utf8(out) {
        Ok(s) => s,
        Err(e) => panic!("the terminal got bytes that are not UTF-8: {e}"),
    }
}

fn context(bytes: &[u8], i: usize) -> String {
    String::from_utf8_lossy(&bytes[i.saturating_sub(20)..(i + 20).min(bytes.len())]).into_owned()
}

fn assert_clean(bytes: &[u8], what: &str) {
    let text = strip_csi(bytes);
    if let Some(c) = text.chars().find(|&c| forbidden(c)) {
        panic!("{what}: U+{:04X} reached the terminal", c as u32);
    }
    assert!(
        text.contains("⟨U+"),
        "{what}: the unsafe characters should show as tokens"
    );
}

/// A writer whose bytes can be read after the terminal has them.
#[derive(Clone, Default)]
struct Recorder(Rc<RefCell<Vec<u8>>>);

impl Write for Recorder {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Draws `app` through crossterm into memory and returns the bytes written.
fn bytes_of(app: &mut App, w: u16, h: u16) -> Vec<u8> {
    let rec = Recorder::default();
    let backend = CrosstermBackend::new(rec.clone());
    let opts = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, w, h)),
    };
    let mut t = Terminal::with_options(backend, opts).unwrap_or_else(|e| panic!("{e}"));
    app.handle(Event::Resize(w, h));
    t.draw(|f| app.draw(f)).unwrap_or_else(|e| panic!("{e}"));
    drop(t);
    rec.0.take()
}

#[test]
fn hostile_inputs_are_drawn_as_tokens_in_every_pane() {
    for s in HOSTILE {
        let mut app = App::new(AppConfig {
            input: (*s).into(),
            ..AppConfig::default()
        });
        assert_clean(
            &bytes_of(&mut app, 120, 40),
            &format!("main screen of {s:?}"),
        );
        // The tree focused: every node selected in turn (its row, its details, its span).
        app.handle(Event::key(KeyCode::Tab));
        app.handle(Event::key(KeyCode::Home));
        for i in 0..app.analysis(0).tree.len() {
            assert_clean(
                &bytes_of(&mut app, 100, 30),
                &format!("tree row {i} of {s:?}"),
            );
            app.handle(Event::key(KeyCode::Down));
        }
        // Every diagnostic selected in turn.
        app.handle(Event::key(KeyCode::Tab));
        app.handle(Event::key(KeyCode::Home));
        for i in 0..app.analysis(0).diagnostics.len() {
            assert_clean(
                &bytes_of(&mut app, 100, 30),
                &format!("diagnostic {i} of {s:?}"),
            );
            app.handle(Event::key(KeyCode::Down));
        }
        // Copying a form reports it on the status line, and queues an OSC 52 payload.
        app.handle(Event::key(KeyCode::Tab));
        app.handle(Event::ctrl('y'));
        assert_clean(
            &bytes_of(&mut app, 100, 30),
            &format!("status after copy of {s:?}"),
        );
    }
}

#[test]
fn hostile_inputs_in_diff_mode() {
    for pair in HOSTILE.windows(2) {
        let mut app = App::new(AppConfig {
            input: pair[0].into(),
            with: Some(pair[1].into()),
            ..AppConfig::default()
        });
        assert_clean(&bytes_of(&mut app, 120, 40), &format!("diff of {pair:?}"));
        app.handle(Event::key(KeyCode::Tab));
        app.handle(Event::key(KeyCode::Tab));
        assert_clean(&bytes_of(&mut app, 80, 24), &format!("ladder of {pair:?}"));
    }
}

#[test]
fn hostile_paste_and_history() {
    let mut app = App::new(AppConfig::default());
    app.handle(Event::Paste("urn:a:\u{1b}[H\u{202E}x\r\n".into()));
    app.handle(Event::key(KeyCode::Enter));
    app.handle(Event::ctrl('u'));
    app.handle(Event::key(KeyCode::Up));
    assert_eq!(app.input(0), "urn:a:\u{1b}[H\u{202E}x");
    assert_clean(&bytes_of(&mut app, 100, 30), "recalled hostile input");
}

#[test]
fn osc52_payload_is_base64_only() {
    let mut app = App::new(AppConfig {
        input: HOSTILE[0].into(),
        ..AppConfig::default()
    });
    app.handle(Event::ctrl('y'));
    let out = app.take_terminal_output().unwrap_or_default();
    let payload = out
        .strip_prefix(b"\x1b]52;c;")
        .and_then(|p| p.strip_suffix(b"\x07"))
        .unwrap_or_else(|| panic!("not an OSC 52 sequence: {out:?}"));
    assert!(
        payload
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
    );
}

#[test]
fn the_checker_itself_catches_raw_controls() {
    let caught = std::panic::catch_unwind(|| strip_csi(b"ok\x1b]0;title\x07"));
    assert!(caught.is_err(), "an OSC is not crossterm's CSI");
    let text = strip_csi(b"\x1b[1;1H\x1b[38;5;203mx\x1b[0m\xe2\x80\xae");
    assert!(text.chars().any(forbidden), "U+202E is caught");
}

/// A skin-tone modifier after a base emoji: terminals draw the pair 2 or 4 columns wide. As
/// a token the base emoji keeps its width, so what follows is where the layout put it, in
/// the cell buffer and in the bytes sent.
#[test]
fn skin_tone_modifier_cannot_shift_later_columns() {
    let input = "http://a/\u{1F44D}\u{1F3FD}x";
    let mut app = App::new(AppConfig {
        input: input.into(),
        ..AppConfig::default()
    });
    let bytes = bytes_of(&mut app, 100, 30);
    let text = strip_csi(&bytes);
    assert!(
        !text.contains('\u{1F3FD}'),
        "the modifier reached the terminal raw"
    );
    assert!(text.contains("\u{1F44D}⟨U+1F3FD⟩x"), "{text}");
    // In the cell buffer: the emoji takes two cells, the token follows at once.
    let backend = ratatui::backend::TestBackend::new(100, 30);
    let mut t = Terminal::new(backend).unwrap_or_else(|e| panic!("{e}"));
    t.draw(|f| app.draw(f)).unwrap_or_else(|e| panic!("{e}"));
    let buf = t.backend().buffer();
    let row = (0..30)
        .find(|&y| (0..100).any(|x| buf[(x, y)].symbol() == "\u{1F44D}"))
        .unwrap_or_else(|| panic!("the emoji is not drawn"));
    let x = (0..100)
        .find(|&x| buf[(x, row)].symbol() == "\u{1F44D}")
        .unwrap_or(0);
    let after: String = (x + 2..(x + 2 + 10).min(100))
        .map(|x| buf[(x, row)].symbol().to_string())
        .collect();
    assert!(after.starts_with("⟨U+1F3FD⟩x"), "{after:?}");
}
