//! The standards view: the input under RFC 3986/3987 and the WHATWG URL Standard side by
//! side, and each place where the two readings part, as the engine's divergence list
//! ([`crate::engine::standards::Standards`]) says.
//!
//! A component like the other panes: it owns its keys (the arrows select a divergence,
//! Enter moves the input's cursor to it), its drawing and its help entries, and Details
//! reads the selected divergence whole. The comparison is the app's (computed once per
//! change of the input, given to the pane with [`StandardsPane::show`]); the pane never
//! parses. Everything drawn from the input goes through `safe_text`.

use std::sync::Arc;

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::engine::standards::{Divergence, Standards, Verdict};
use crate::safe_text;
use crate::tui::keys::{Action, Context};
use crate::tui::panes::selection::{Detail, Item};
use crate::tui::panes::{
    Copied, Doc, Effect, Pane, block, fit, inner, list_delta, plural, put_lines, select_line,
    truncate,
};
use crate::tui::theme::{Slot, Theme};

/// The view's state: the comparison it shows, the selected divergence and the scroll.
#[derive(Debug, Default)]
pub struct StandardsPane {
    /// The comparison of the input it was given ([`StandardsPane::show`]).
    data: Option<Arc<Standards>>,
    /// The selected divergence.
    pub selected: usize,
    /// The first row shown, and the rows the last frame had room for.
    scroll: usize,
    height: usize,
    /// The first row of each divergence in the list (and the list's row count last), for
    /// the mouse and the scroll, and the rows the verdicts took above the list.
    starts: Vec<usize>,
    head: usize,
    /// What `starts` was laid out for: the comparison (by address) and the width. The
    /// layout is made once per comparison and width, and a frame draws only the
    /// divergences in view, so a long list costs nothing per frame or keystroke that
    /// leaves the input as it was.
    laid_out: Option<(usize, usize)>,
}

impl StandardsPane {
    /// Shows `s` (the comparison of the current input): a new input's list is read from
    /// its top.
    pub fn show(&mut self, s: Arc<Standards>) {
        // The model hands the same comparison until input A changes: nothing to do.
        if self.data.as_ref().is_some_and(|d| Arc::ptr_eq(d, &s)) {
            return;
        }
        if self.data.as_ref().is_none_or(|d| d.input != s.input) {
            self.selected = 0;
            self.scroll = 0;
        }
        self.data = Some(s);
        self.laid_out = None;
    }

    /// True when the comparison shown is of `input` (it need not be made again: it
    /// depends on the input alone).
    pub fn shows(&self, input: &str) -> bool {
        self.of(input).is_some()
    }

    /// The comparison shown, if it is of `input`.
    fn of(&self, input: &str) -> Option<&Standards> {
        self.data.as_deref().filter(|s| s.input == input)
    }

    fn chosen<'s>(&self, s: &'s Standards) -> Option<&'s Divergence> {
        s.divergences.get(self.selected)
    }
}

impl Pane for StandardsPane {
    fn context(&self) -> Context {
        Context::Standards
    }

    fn on_action(&mut self, action: Action, a: &Doc<'_>) -> Effect {
        let Some(s) = self.of(&a.input) else {
            return Effect::None;
        };
        let n = s.divergences.len();
        if action == Action::Toggle {
            return match self.chosen(s) {
                Some(d) => Effect::Cursor(d.span.start),
                None => Effect::None,
            };
        }
        if n == 0 {
            return Effect::None;
        }
        let page = isize::try_from(self.height.max(6) / 3).unwrap_or(2);
        self.selected = self
            .selected
            .saturating_add_signed(list_delta(action, page))
            .min(n - 1);
        Effect::None
    }

    fn on_click(&mut self, area: Rect, at: Position, a: &Doc<'_>) -> Effect {
        let body = inner(area);
        if !body.contains(at) || self.of(&a.input).is_none() {
            return Effect::None;
        }
        let Some(y) = usize::from(at.y - body.y).checked_sub(self.head) else {
            return Effect::None;
        };
        let row = self.scroll + y;
        // `starts` ends with the list's row count, which starts no divergence.
        let starts = &self.starts[..self.starts.len().saturating_sub(1)];
        let i = starts.partition_point(|&s| s <= row);
        if i > 0 {
            self.selected = i - 1;
        }
        Effect::None
    }

    fn draw(&mut self, f: &mut Frame, area: Rect, a: &Doc<'_>, focused: bool, theme: &Theme) {
        let data = self.data.clone();
        let s = data.as_deref().filter(|s| s.input == a.input);
        draw(f, area, s, self, focused, theme);
    }

    fn copy(&self, a: &Doc<'_>) -> Option<Copied> {
        let s = self.of(&a.input)?;
        let d = self.chosen(s)?;
        Some(Copied {
            text: d.sentence(),
            what: "the divergence".into(),
        })
    }

    fn selected(&self) -> usize {
        self.selected
    }

    fn detail(&self, a: &Doc<'_>) -> Option<Detail> {
        let s = self.of(&a.input)?;
        Some(divergence_detail(s, self.selected))
    }
}

/// The selected divergence read whole, for Details: where, the text, each side's reading,
/// codes and section.
pub fn divergence_detail(s: &Standards, i: usize) -> Detail {
    let mut d = Detail {
        key: (8, i, s.divergences.len()),
        title: "standards".into(),
        items: Vec::new(),
        copy: None,
    };
    let Some(x) = s.divergences.get(i) else {
        d.field(
            "agree",
            "RFC 3986 and the URL Standard read the input the same way",
            Slot::Valid,
        );
        return d;
    };
    d.field("topic", x.topic.name(), Slot::Text);
    d.field("span", format!("{}", x.span), Slot::Dim);
    d.field("text", x.text.clone(), Slot::Text);
    if x.count > 1 {
        d.field("places", format!("{} in all", x.count), Slot::Text);
        d.field("at", x.places_text(), Slot::Dim);
    }
    d.items.push(Item::Blank);
    d.items.push(Item::Heading("WHATWG URL Standard".into()));
    d.field("reads", x.whatwg.reading.clone(), Slot::Text);
    d.field("codes", codes(&x.whatwg.codes), Slot::Dim);
    d.field("section", x.whatwg.section, Slot::Dim);
    d.items.push(Item::Blank);
    d.items.push(Item::Heading("RFC 3986".into()));
    d.field("reads", x.rfc.reading.clone(), Slot::Text);
    d.field("codes", codes(&x.rfc.codes), Slot::Dim);
    d.field("section", x.rfc.section, Slot::Dim);
    d.copy = Some(Copied {
        text: x.sentence(),
        what: "the divergence".into(),
    });
    d
}

fn codes(c: &[crate::engine::Code]) -> String {
    if c.is_empty() {
        return "none".into();
    }
    c.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(", ")
}

/// A verdict on one row: `WHATWG   ✓ https://example.com/` or `RFC 3986 ✗ illegal-char at 19`.
fn verdict_line<'a>(label: &'a str, v: &Verdict, width: usize, theme: &Theme) -> Line<'a> {
    let (sym, slot) = if v.valid {
        ("✓ ", Slot::Valid)
    } else {
        ("✗ ", Slot::Invalid)
    };
    let what = match (&v.error, v.error_span) {
        (Some(c), Some(sp)) => format!("{c} at {}", sp.start),
        _ => v.reads_as.clone(),
    };
    let room = width.saturating_sub(label.len() + 3);
    Line::from(vec![
        Span::styled(format!("{label:<8} "), theme.get(Slot::Dim)),
        Span::styled(sym, theme.get(slot)),
        Span::styled(fit(&what, room).into_owned(), theme.get(Slot::Text)),
    ])
}

/// Untrusted text made safe and wrapped to `width` columns over at most `rows` rows.
fn wrap(text: &str, width: usize, rows: usize) -> Vec<String> {
    crate::text_layout::fill(
        &safe_text::escape(text),
        crate::text_layout::Fill {
            width: width.max(1),
            max_rows: rows,
            cut_long_words: true,
        },
    )
}

/// At most this many rows for one side's reading; Details reads it whole.
const SIDE_ROWS: usize = 3;

/// At most this many bytes of a divergence's text go to its first row (the row is
/// narrower; Details shows the text whole).
const TEXT_BYTES: usize = 1024;

/// A divergence's place: `dot-segment 9..11` and, repeated, `×40000`.
fn place(d: &Divergence) -> String {
    if d.count > 1 {
        format!("{} {} ×{}", d.topic.name(), d.span, d.count)
    } else {
        format!("{} {}", d.topic.name(), d.span)
    }
}

/// How many rows [`divergence_lines`] gives `d`: its place, then each side's reading
/// wrapped.
fn divergence_height(d: &Divergence, w: usize, indent: usize) -> usize {
    1 + [&d.whatwg, &d.rfc]
        .into_iter()
        .map(|side| wrap(&side.reading, w.saturating_sub(indent), SIDE_ROWS).len())
        .sum::<usize>()
}

/// A divergence's lines: its place and text, then WHATWG's and RFC 3986's readings.
fn divergence_lines<'a>(
    d: &Divergence,
    selected: bool,
    w: usize,
    indent: usize,
    theme: &Theme,
) -> Vec<Line<'a>> {
    let place = place(d);
    let text_room = w.saturating_sub(place.len() + 4);
    let text = &d.text[..crate::text_layout::floor_char_boundary(&d.text, TEXT_BYTES)];
    let mut lines = vec![Line::from(vec![
        Span::styled(if selected { "▸ " } else { "  " }, Style::new()),
        Span::styled(place, theme.get(Slot::Warning)),
        Span::raw(" "),
        Span::styled(
            fit(&format!("`{text}`"), text_room).into_owned(),
            theme.get(Slot::Text),
        ),
    ])];
    for (label, side) in [("WHATWG", &d.whatwg), ("RFC 3986", &d.rfc)] {
        for (k, r) in wrap(&side.reading, w.saturating_sub(indent), SIDE_ROWS)
            .into_iter()
            .enumerate()
        {
            let lead = if k == 0 {
                format!("  {label:<9}")
            } else {
                " ".repeat(indent)
            };
            lines.push(Line::from(vec![
                Span::styled(lead, theme.get(Slot::Dim)),
                Span::styled(r, theme.get(Slot::Text)),
            ]));
        }
    }
    lines
}

/// The parser-confusion line (`check --agree`'s classes, [`crate::engine::agree`]): each
/// class with the components the profiles read differently for it, `confusion: ipv4-form:
/// host`, or that they read the security parts alike. Names only, no input text.
fn confusion_line<'a>(s: &Standards, width: usize, theme: &Theme) -> Line<'a> {
    let a = &s.agreement;
    if a.agree() {
        return Line::styled(
            truncate(
                "confusion: none (scheme, userinfo, host, port and path read alike)".into(),
                width,
            )
            .into_owned(),
            theme.get(Slot::Dim),
        );
    }
    // Each class once, with the components it parts: `backslash: host, scheme, path`.
    let mut classes: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for d in &a.disagreements {
        match classes.iter_mut().find(|(c, _)| *c == d.class.name()) {
            Some((_, parts)) => parts.push(d.component.name()),
            None => classes.push((d.class.name(), vec![d.component.name()])),
        }
    }
    let text: Vec<String> = classes
        .iter()
        .map(|(c, parts)| format!("{c}: {}", parts.join(", ")))
        .collect();
    Line::styled(
        truncate(format!("confusion: {}", text.join(" · ")).into(), width).into_owned(),
        theme.get(Slot::Warning),
    )
}

/// Draws the view: the three verdicts, then each divergence (its place, then WHATWG's and
/// RFC 3986's readings, wrapped), the selected one marked, scrolled to keep it in view.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    s: Option<&Standards>,
    st: &mut StandardsPane,
    focused: bool,
    theme: &Theme,
) {
    let body = inner(area);
    let w = usize::from(body.width);
    let room = usize::from(area.width).saturating_sub(4);
    let Some(s) = s else {
        let title = truncate("Standards".into(), room);
        f.render_widget(block(&*title, focused, theme), area);
        put_lines(
            f.buffer_mut(),
            body,
            &[Line::styled(
                "not compared yet for this input",
                theme.get(Slot::Dim),
            )],
        );
        return;
    };
    let mut head: Vec<Line<'_>> = vec![
        verdict_line("WHATWG", &s.whatwg, w, theme),
        verdict_line("RFC 3986", &s.rfc3986, w, theme),
        verdict_line("RFC 3987", &s.rfc3987, w, theme),
    ];
    head.extend(s.further.iter().map(|v| verdict_line(v.spec, v, w, theme)));
    if s.agree() {
        head.push(Line::styled(
            "the two readings agree: no divergence",
            theme.get(Slot::Valid),
        ));
    }
    head.push(confusion_line(s, w, theme));
    let indent = 11usize;
    let key = (std::ptr::from_ref(s) as usize, w);
    if st.laid_out != Some(key) {
        st.starts.clear();
        let mut row = 0;
        for d in &s.divergences {
            st.starts.push(row);
            row += divergence_height(d, w, indent);
        }
        st.starts.push(row);
        st.laid_out = Some(key);
    }
    let total = st.starts.last().copied().unwrap_or(0);
    // The rows below the verdicts scroll; the selected divergence stays in view.
    let list_h = usize::from(body.height).saturating_sub(head.len());
    st.height = list_h;
    let start = st.starts.get(st.selected).copied().unwrap_or(0);
    let end = st.starts.get(st.selected + 1).copied().unwrap_or(total);
    if start < st.scroll {
        st.scroll = start;
    } else if end > st.scroll + list_h {
        st.scroll = end.saturating_sub(list_h).min(start);
    }
    st.scroll = st.scroll.min(total.saturating_sub(1));
    // Only the divergences in view are drawn.
    let sel = theme.get(Slot::Selection);
    let first = st
        .starts
        .partition_point(|&r| r <= st.scroll)
        .saturating_sub(1);
    let mut rows: Vec<Line<'_>> = Vec::new();
    let mut skip = st
        .scroll
        .saturating_sub(st.starts.get(first).copied().unwrap_or(0));
    for (i, d) in s.divergences.iter().enumerate().skip(first) {
        if rows.len() >= list_h {
            break;
        }
        let mut lines = divergence_lines(d, i == st.selected, w, indent, theme);
        if focused
            && i == st.selected
            && let Some(l) = lines.first_mut()
        {
            *l = select_line(std::mem::take(l), sel);
        }
        let drop = skip.min(lines.len());
        skip -= drop;
        rows.extend(lines.into_iter().skip(drop));
    }
    let n = s.divergences.len();
    let mut title = format!(
        "Standards · WHATWG vs RFC 3986 · {}",
        plural(n, "divergence")
    );
    if n > 0 && !s.agree() {
        title.push_str(&format!(" · {} of {n}", st.selected.min(n - 1) + 1));
    }
    let title = truncate(title.into(), room);
    f.render_widget(block(&*title, focused, theme), area);
    let head_h = head.len().min(usize::from(body.height));
    put_lines(f.buffer_mut(), body, &head);
    let list = Rect {
        y: body.y + head_h as u16,
        height: body.height.saturating_sub(head_h as u16),
        ..body
    };
    put_lines(f.buffer_mut(), list, &rows);
    st.head = head_h;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::standards::compare;
    use crate::tui::model::{Model, Texts};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn screen(t: &Terminal<TestBackend>) -> String {
        let buf = t.backend().buffer();
        let w = usize::from(buf.area.width);
        buf.content
            .chunks(w)
            .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn drawn(input: &str, w: u16, h: u16, focused: bool) -> (StandardsPane, String) {
        let texts = Texts {
            sides: [input, ""],
            base: None,
        };
        let m = Model::new(
            texts,
            false,
            None,
            crate::engine::equiv::CompareOptions::default(),
        );
        let doc = m.doc(0);
        let mut pane = StandardsPane::default();
        pane.show(Arc::new(compare(input)));
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| panic!("{e}"));
        t.draw(|f| pane.draw(f, Rect::new(0, 0, w, h), &doc, focused, &Theme::default()))
            .unwrap_or_else(|e| panic!("{e}"));
        let s = screen(&t);
        (pane, s)
    }

    /// The view names each parser-confusion class (`check --agree`'s), or says there is none.
    #[test]
    fn the_view_names_each_parser_confusion_class() {
        let (_, s) = drawn("http://127.1/", 100, 16, false);
        assert!(s.contains("confusion: ipv4-form: host"), "{s}");
        let (_, s) = drawn("http:/evil.com/", 100, 16, false);
        assert!(s.contains("confusion: slashes: host, path"), "{s}");
        let (_, s) = drawn("https://example.com/", 100, 16, false);
        assert!(s.contains("confusion: none"), "{s}");
    }

    #[test]
    fn the_view_lists_each_divergence_with_both_readings() {
        let (_, s) = drawn("https://example.com\\foo", 80, 16, true);
        assert!(
            s.contains("Standards · WHATWG vs RFC 3986 · 2 divergences"),
            "{s}"
        );
        assert!(s.contains("WHATWG   ✓ https://example.com/foo"), "{s}");
        assert!(s.contains("RFC 3986 ✗ illegal-char at 19"), "{s}");
        assert!(s.contains("backslash 19..20 `\\`"), "{s}");
        assert!(
            s.contains("reads `/` (special scheme; validation error"),
            "{s}"
        );
        assert!(s.contains("rejects it (§3.2.2:"), "{s}");
    }

    #[test]
    fn untrusted_text_is_drawn_as_visible_tokens() {
        let (_, s) = drawn("http://exa\tmple.com/\u{202e}", 80, 20, false);
        assert!(!s.contains('\t') && !s.contains('\u{202e}'), "{s}");
        assert!(s.contains("⟨U+0009⟩"), "{s}");
    }

    #[test]
    fn keys_select_scroll_and_enter_moves_the_cursor() {
        let input = "HTTP://EXAMPLE.com:80/a/%2e/../b c?q=ü#f g";
        let texts = Texts {
            sides: [input, ""],
            base: None,
        };
        let m = Model::new(
            texts,
            false,
            None,
            crate::engine::equiv::CompareOptions::default(),
        );
        let doc = m.doc(0);
        let mut pane = StandardsPane::default();
        let s = Arc::new(compare(input));
        let n = s.divergences.len();
        assert!(n >= 8, "{n}");
        pane.show(Arc::clone(&s));
        let mut t = Terminal::new(TestBackend::new(60, 12)).unwrap_or_else(|e| panic!("{e}"));
        pane.on_action(Action::Last, &doc);
        assert_eq!(pane.selected, n - 1);
        t.draw(|f| pane.draw(f, Rect::new(0, 0, 60, 12), &doc, true, &Theme::default()))
            .unwrap_or_else(|e| panic!("{e}"));
        let shown = screen(&t);
        let last = &s.divergences[n - 1];
        assert!(
            shown.contains(&format!("{} {}", last.topic.name(), last.span)),
            "the selected divergence is scrolled into view:\n{shown}"
        );
        assert!(shown.contains(&format!("{n} of {n}")), "{shown}");
        assert_eq!(
            pane.on_action(Action::Toggle, &doc),
            Effect::Cursor(last.span.start)
        );
        // A click on the first rows of the list selects the divergence drawn there.
        let first_row = shown
            .lines()
            .position(|l| l.contains(&format!("{} {}", last.topic.name(), last.span)))
            .expect("drawn");
        pane.on_action(Action::Up, &doc);
        assert_eq!(pane.selected, n - 2);
        pane.on_click(
            Rect::new(0, 0, 60, 12),
            Position::new(5, first_row as u16),
            &doc,
        );
        assert_eq!(pane.selected, n - 1);
        pane.on_action(Action::First, &doc);
        assert_eq!(pane.selected, 0);
        let d = pane.detail(&doc).expect("details");
        assert_eq!(d.title, "standards");
        assert!(
            pane.copy(&doc)
                .is_some_and(|c| c.text == s.divergences[0].sentence())
        );
    }

    /// A list of thousands of entries (distinct divergences do not group): the layout is
    /// made once per comparison and width, a frame draws only the entries in view, and the
    /// last one scrolled into view is drawn with its readings.
    #[test]
    fn a_long_list_is_laid_out_once_and_drawn_from_the_rows_in_view() {
        let input = "http://a/b";
        let base = compare(input);
        let mut s = base.clone();
        let one = Divergence {
            topic: crate::engine::standards::Topic::ValidationError,
            span: crate::engine::Span::new(9, 10),
            text: "b".into(),
            whatwg: crate::engine::standards::Side {
                reading: "reads it".into(),
                codes: Vec::new(),
                section: "URL Standard §4.4",
            },
            rfc: crate::engine::standards::Side {
                reading: "reads it too".into(),
                codes: Vec::new(),
                section: "RFC 3986 §3",
            },
            count: 1,
            places: Vec::new(),
        };
        s.divergences = (0..5000)
            .map(|i| Divergence {
                whatwg: crate::engine::standards::Side {
                    reading: format!("reading number {i}"),
                    ..one.whatwg.clone()
                },
                ..one.clone()
            })
            .collect();
        let texts = Texts {
            sides: [input, ""],
            base: None,
        };
        let m = Model::new(
            texts,
            false,
            None,
            crate::engine::equiv::CompareOptions::default(),
        );
        let doc = m.doc(0);
        let mut pane = StandardsPane::default();
        let s = Arc::new(s);
        pane.show(Arc::clone(&s));
        assert!(pane.shows(input) && !pane.shows("http://a/c"));
        let mut t = Terminal::new(TestBackend::new(80, 14)).unwrap_or_else(|e| panic!("{e}"));
        pane.on_action(Action::Last, &doc);
        t.draw(|f| pane.draw(f, Rect::new(0, 0, 80, 14), &doc, true, &Theme::default()))
            .unwrap_or_else(|e| panic!("{e}"));
        let shown = screen(&t);
        assert!(shown.contains("reading number 4999"), "{shown}");
        assert!(!shown.contains("reading number 4990"), "{shown}");
        assert!(shown.contains("5000 of 5000"), "{shown}");
        // One row start per entry, and the list's row count: three rows an entry.
        assert_eq!(pane.starts.len(), 5001);
        assert_eq!(pane.starts.last(), Some(&15000));
        let laid = pane.laid_out;
        pane.on_action(Action::Up, &doc);
        t.draw(|f| pane.draw(f, Rect::new(0, 0, 80, 14), &doc, true, &Theme::default()))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            pane.laid_out, laid,
            "the same comparison and width: not laid out again"
        );
        assert!(screen(&t).contains("reading number 4998"));
        // A click on a drawn entry selects it.
        let shown = screen(&t);
        let row = shown
            .lines()
            .position(|l| l.contains("reading number 4999"))
            .expect("drawn");
        pane.on_click(Rect::new(0, 0, 80, 14), Position::new(5, row as u16), &doc);
        assert_eq!(pane.selected, 4999);
        // Another comparison is laid out anew.
        pane.show(Arc::new(base));
        assert_eq!(pane.laid_out, None);
    }

    #[test]
    fn an_input_the_comparison_is_not_of_shows_nothing_stale() {
        let texts = Texts {
            sides: ["http://a/", ""],
            base: None,
        };
        let m = Model::new(
            texts,
            false,
            None,
            crate::engine::equiv::CompareOptions::default(),
        );
        let doc = m.doc(0);
        let mut pane = StandardsPane::default();
        pane.show(Arc::new(compare("http://0x7f.1/")));
        let mut t = Terminal::new(TestBackend::new(60, 8)).unwrap_or_else(|e| panic!("{e}"));
        t.draw(|f| pane.draw(f, Rect::new(0, 0, 60, 8), &doc, false, &Theme::default()))
            .unwrap_or_else(|e| panic!("{e}"));
        let s = screen(&t);
        assert!(s.contains("not compared yet"), "{s}");
        assert!(pane.copy(&doc).is_none() && pane.detail(&doc).is_none());
        let (_, s) = drawn("https://example.com/", 60, 8, false);
        assert!(s.contains("the two readings agree"), "{s}");
    }
}
