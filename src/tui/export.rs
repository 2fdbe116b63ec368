//! Writing a drawn screen (a [`Buffer`]) as SVG, HTML or plain text, byte for byte the same
//! from run to run: the cells in reading order, nothing from the clock or a hash map.
//!
//! - SVG: well-formed XML (`&<>"'` escaped as XML, no HTML entities), one `<text>` per
//!   screen row in reading order, monospace, the theme's colours (a `<tspan>` per run of one
//!   style, a `<rect>` per run of one background), the text selectable. Box-drawing
//!   characters (the panes' frames, light, heavy or double) are drawn as lines from cell
//!   edge to cell edge, not as glyphs, so a frame is continuous whatever the font's line
//!   height.
//! - HTML: a `<pre>` with one line per row and a `<span style>` per run of one style.
//! - Text: exactly the screen's rows, each at most its width, trailing spaces trimmed.
//!
//! Written by hand: the crates that turn a ratatui buffer into SVG or HTML draw through a
//! terminal emulator or add a dependency tree for what is a few string writes here.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};

use crate::tui::theme::Theme;

/// What a screen is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SVG.
    Svg,
    /// HTML.
    Html,
    /// Plain text.
    Txt,
}

impl Format {
    /// The file extension.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Html => "html",
            Format::Txt => "txt",
        }
    }
}

/// Width and height of one cell in the SVG, in pixels (a 15 px monospace font advances
/// 9 px).
const CELL: (u32, u32) = (9, 18);
/// The SVG's font size, and the baseline within a row.
const FONT_PX: u32 = 15;
const BASELINE: u32 = 14;

/// Saves `text`, a screen rendered in `format`, as `idbench-screen-NN.EXT` in `dir` (the
/// first free number, never over a file, following no link) and returns the sentence that
/// says where (`Ok`), or why it could not (`Err`), escaped for the terminal: one writer for
/// the workbench's Ctrl-S and the presenter's.
pub fn save_screen(dir: &std::path::Path, format: Format, text: &str) -> Result<String, String> {
    match crate::files::private::save_numbered(
        dir,
        "idbench-screen-",
        format.extension(),
        text.as_bytes(),
    ) {
        Ok(name) => {
            let at = if dir == std::path::Path::new(".") {
                "the working directory".to_string()
            } else {
                crate::files::private::shown(dir)
            };
            Ok(format!(
                "screen saved to {} in {at}",
                crate::safe_text::escape(&name)
            ))
        }
        Err(e) => Err(format!(
            "could not save the screen: {}",
            crate::safe_text::escape(&e.to_string())
        )),
    }
}

/// `buf` written as `format`; `title` names it (the SVG's `<title>`, the HTML page's).
pub fn render(buf: &Buffer, theme: &Theme, format: Format, title: &str) -> String {
    match format {
        Format::Svg => svg(buf, theme, title),
        Format::Html => html(buf, theme, title),
        Format::Txt => txt(buf),
    }
}

/// One row of `buf`: each cell's symbol once (the cells a wide character covers skipped),
/// with its style.
fn row_cells(buf: &Buffer, y: u16) -> Vec<(&str, Style)> {
    let mut out = Vec::with_capacity(usize::from(buf.area.width));
    let mut skip = 0usize;
    for x in buf.area.left()..buf.area.right() {
        let cell = &buf[(x, y)];
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let sym = cell.symbol();
        let w = crate::text_layout::width(sym).max(1);
        skip = w - 1;
        out.push((sym, cell.style()));
    }
    out
}

/// Plain text: one line per row, trailing spaces trimmed.
pub fn txt(buf: &Buffer) -> String {
    let mut s = String::new();
    for y in buf.area.top()..buf.area.bottom() {
        let mut line = String::new();
        for (sym, _) in row_cells(buf, y) {
            line.push_str(sym);
        }
        s.push_str(line.trim_end_matches(' '));
        s.push('\n');
    }
    s
}

/// Default foreground and background for `theme`: light themes draw dark on white, the
/// others light on near-black (what the terminal's own colours stand for in an export).
fn defaults(theme: &Theme) -> (&'static str, &'static str) {
    if theme.name.contains("light") {
        ("#1c1c1c", "#ffffff")
    } else {
        ("#d0d0d0", "#1c1c1c")
    }
}

/// The xterm palette's colour `n` as `#rrggbb`.
fn indexed(n: u8) -> String {
    const BASE: [u32; 16] = [
        0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xc0c0c0, 0x808080,
        0xff0000, 0x00ff00, 0xffff00, 0x0000ff, 0xff00ff, 0x00ffff, 0xffffff,
    ];
    const LEVELS: [u32; 6] = [0, 95, 135, 175, 215, 255];
    let rgb = match n {
        0..=15 => BASE[usize::from(n)],
        16..=231 => {
            let i = u32::from(n - 16);
            (LEVELS[(i / 36) as usize] << 16)
                | (LEVELS[(i / 6 % 6) as usize] << 8)
                | LEVELS[(i % 6) as usize]
        }
        _ => {
            let g = 8 + 10 * u32::from(n - 232);
            (g << 16) | (g << 8) | g
        }
    };
    format!("#{rgb:06x}")
}

/// `c` as `#rrggbb`; `None` for the terminal's default.
fn hex(c: Option<Color>) -> Option<String> {
    Some(match c? {
        Color::Reset => return None,
        Color::Black => indexed(0),
        Color::Red => indexed(1),
        Color::Green => indexed(2),
        Color::Yellow => indexed(3),
        Color::Blue => indexed(4),
        Color::Magenta => indexed(5),
        Color::Cyan => indexed(6),
        Color::Gray => indexed(7),
        Color::DarkGray => indexed(8),
        Color::LightRed => indexed(9),
        Color::LightGreen => indexed(10),
        Color::LightYellow => indexed(11),
        Color::LightBlue => indexed(12),
        Color::LightMagenta => indexed(13),
        Color::LightCyan => indexed(14),
        Color::White => indexed(15),
        Color::Indexed(n) => indexed(n),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
    })
}

/// A cell's look as written: colours resolved (reverse applied), the modifiers that show.
#[derive(Clone, PartialEq, Eq)]
struct Look {
    fg: String,
    bg: String,
    /// The background is the screen's own (no rect needed).
    plain_bg: bool,
    bold: bool,
    italic: bool,
    underline: bool,
    strike: bool,
    dim: bool,
}

fn look(style: Style, theme: &Theme) -> Look {
    let (dfg, dbg) = defaults(theme);
    let fg = hex(style.fg);
    let bg = hex(style.bg);
    let m = style.add_modifier;
    let (fg, bg) = if m.contains(Modifier::REVERSED) {
        (
            bg.unwrap_or_else(|| dbg.into()),
            fg.or_else(|| Some(dfg.into())),
        )
    } else {
        (fg.unwrap_or_else(|| dfg.into()), bg)
    };
    Look {
        fg,
        plain_bg: bg.is_none(),
        bg: bg.unwrap_or_else(|| dbg.into()),
        bold: m.contains(Modifier::BOLD),
        italic: m.contains(Modifier::ITALIC),
        underline: m.contains(Modifier::UNDERLINED),
        strike: m.contains(Modifier::CROSSED_OUT),
        dim: m.contains(Modifier::DIM),
    }
}

/// Escapes `s` for XML text and attributes (`&<>"'`); a character XML 1.0 does not allow
/// (a control character a pane would have drawn as a token anyway) becomes U+FFFD.
fn xml_escape(out: &mut String, s: &str, html: bool) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str(if html { "&#39;" } else { "&apos;" }),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
}

/// The arms of a box-drawing character the SVG draws as lines (up 1, right 2, down 4,
/// left 8) and its weight (1 light, 2 heavy, 3 double); `None` for any other character
/// (dashed lines and mixed weights stay glyphs).
fn box_arms(sym: &str) -> Option<(u8, u8)> {
    let mut chars = sym.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    const U: u8 = 1;
    const R: u8 = 2;
    const D: u8 = 4;
    const L: u8 = 8;
    Some(match c {
        '─' => (R | L, 1),
        '│' => (U | D, 1),
        '┌' | '╭' => (R | D, 1),
        '┐' | '╮' => (L | D, 1),
        '└' | '╰' => (U | R, 1),
        '┘' | '╯' => (U | L, 1),
        '├' => (U | D | R, 1),
        '┤' => (U | D | L, 1),
        '┬' => (L | R | D, 1),
        '┴' => (L | R | U, 1),
        '┼' => (U | R | D | L, 1),
        '╴' => (L, 1),
        '╵' => (U, 1),
        '╶' => (R, 1),
        '╷' => (D, 1),
        '━' => (R | L, 2),
        '┃' => (U | D, 2),
        '┏' => (R | D, 2),
        '┓' => (L | D, 2),
        '┗' => (U | R, 2),
        '┛' => (U | L, 2),
        '┣' => (U | D | R, 2),
        '┫' => (U | D | L, 2),
        '┳' => (L | R | D, 2),
        '┻' => (L | R | U, 2),
        '╋' => (U | R | D | L, 2),
        '═' => (R | L, 3),
        '║' => (U | D, 3),
        '╔' => (R | D, 3),
        '╗' => (L | D, 3),
        '╚' => (U | R, 3),
        '╝' => (U | L, 3),
        '╠' => (U | D | R, 3),
        '╣' => (U | D | L, 3),
        '╦' => (L | R | D, 3),
        '╩' => (L | R | U, 3),
        '╬' => (U | R | D | L, 3),
        _ => return None,
    })
}

/// A line of the SVG's box drawing, in half pixels: `(fixed, from, to)`, horizontal (the
/// fixed coordinate is y) or vertical (x).
type Seg = (u32, u32, u32);

/// One stroke of the box drawing: its colour, weight (1 light, 2 heavy, 3 double) and
/// whether it is dim; its horizontal and vertical segments.
type Stroke = ((String, u8, bool), Vec<Seg>, Vec<Seg>);

/// The box-drawing lines of `buf`, one group per stroke (colour, weight, dim), in the
/// order each group first appears: horizontal and vertical segments, those that touch
/// merged, so a frame's side is one line from end to end.
fn box_lines(buf: &Buffer, theme: &Theme) -> Vec<Stroke> {
    let (cw, ch) = (CELL.0 * 2, CELL.1 * 2);
    let mut groups: Vec<Stroke> = Vec::new();
    for (r, y) in (buf.area.top()..buf.area.bottom()).enumerate() {
        let mut col = 0u32;
        for (sym, style) in row_cells(buf, y) {
            let w = crate::text_layout::width(sym).max(1) as u32;
            if let Some((arms, weight)) = box_arms(sym) {
                let l = look(style, theme);
                let key = (l.fg, weight, l.dim);
                let i = match groups.iter().position(|(k, _, _)| *k == key) {
                    Some(i) => i,
                    None => {
                        groups.push((key, Vec::new(), Vec::new()));
                        groups.len() - 1
                    }
                };
                let (x0, y0) = (col * cw, r as u32 * ch);
                let (cx, cy) = (x0 + cw / 2, y0 + ch / 2);
                // A double line is two lines 1.5 px either side of the middle.
                let offsets: &[i32] = if weight == 3 { &[-3, 3] } else { &[0] };
                let g = &mut groups[i];
                for &o in offsets {
                    let hy = cy.saturating_add_signed(o);
                    let vx = cx.saturating_add_signed(o);
                    if arms & 8 != 0 {
                        g.1.push((hy, x0, cx));
                    }
                    if arms & 2 != 0 {
                        g.1.push((hy, cx, x0 + cw));
                    }
                    if arms & 1 != 0 {
                        g.2.push((vx, y0, cy));
                    }
                    if arms & 4 != 0 {
                        g.2.push((vx, cy, y0 + ch));
                    }
                }
            }
            col += w;
        }
    }
    for (_, h, v) in &mut groups {
        *h = merge(std::mem::take(h));
        *v = merge(std::mem::take(v));
    }
    groups
}

/// Segments on the same line that touch or overlap, joined.
fn merge(mut segs: Vec<Seg>) -> Vec<Seg> {
    segs.sort_unstable();
    let mut out: Vec<Seg> = Vec::with_capacity(segs.len());
    for (k, a, b) in segs {
        match out.last_mut() {
            Some((k2, _, b2)) if *k2 == k && a <= *b2 => *b2 = (*b2).max(b),
            _ => out.push((k, a, b)),
        }
    }
    out
}

/// A length in half pixels, written in pixels (`4.5`).
fn px(half: u32) -> String {
    if half.is_multiple_of(2) {
        (half / 2).to_string()
    } else {
        format!("{}.5", half / 2)
    }
}

/// Runs of one look in a row: `(first column, text, look)`. A wide character is a run of
/// its own, so every run starts at its own column. A box-drawing character the SVG draws
/// as lines ([`box_arms`]) is a space here.
fn runs(buf: &Buffer, y: u16, theme: &Theme) -> Vec<(u32, String, Look)> {
    let mut out: Vec<(u32, String, Look)> = Vec::new();
    let mut col = 0u32;
    let mut after_wide = false;
    for (sym, style) in row_cells(buf, y) {
        let sym = if box_arms(sym).is_some() { " " } else { sym };
        let l = look(style, theme);
        let w = crate::text_layout::width(sym).max(1) as u32;
        match out.last_mut() {
            Some((_, text, last)) if *last == l && w == 1 && !after_wide => text.push_str(sym),
            _ => out.push((col, sym.to_string(), l)),
        }
        after_wide = w > 1;
        col += w;
    }
    out
}

/// The SVG of `buf`.
pub fn svg(buf: &Buffer, theme: &Theme, title: &str) -> String {
    let (dfg, dbg) = defaults(theme);
    let (w, h) = (u32::from(buf.area.width), u32::from(buf.area.height));
    let (pw, ph) = (w * CELL.0, h * CELL.1);
    let mut s = String::with_capacity((w * h * 4) as usize);
    let _ = write!(
        s,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw}\" height=\"{ph}\" viewBox=\"0 0 {pw} {ph}\" font-family=\"ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace\" font-size=\"{FONT_PX}\">\n<title>"
    );
    xml_escape(&mut s, title, false);
    let _ = write!(
        s,
        "</title>\n<style>text {{ white-space: pre; }}</style>\n<rect width=\"{pw}\" height=\"{ph}\" fill=\"{dbg}\"/>\n"
    );
    let rows: Vec<Vec<(u32, String, Look)>> = (buf.area.top()..buf.area.bottom())
        .map(|y| runs(buf, y, theme))
        .collect();
    // Backgrounds first, so every row's text is drawn over them: one rect per run of one
    // background colour.
    for (r, row) in rows.iter().enumerate() {
        let y = r as u32 * CELL.1;
        let mut bgs: Vec<(u32, u32, &str)> = Vec::new();
        for (col, text, l) in row {
            if l.plain_bg {
                continue;
            }
            let cols = crate::text_layout::width(text).max(1) as u32;
            match bgs.last_mut() {
                Some((c, n, bg)) if *bg == l.bg && *c + *n == *col => *n += cols,
                _ => bgs.push((*col, cols, &l.bg)),
            }
        }
        for (col, cols, bg) in bgs {
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{y}\" width=\"{}\" height=\"{}\" fill=\"{bg}\"/>",
                col * CELL.0,
                cols * CELL.0,
                CELL.1,
            );
        }
    }
    // The frames, as lines from cell edge to cell edge.
    for ((fg, weight, dim), h, v) in box_lines(buf, theme) {
        let mut d = String::new();
        for (y, a, b) in h {
            let _ = write!(d, "M{} {}H{}", px(a), px(y), px(b));
        }
        for (x, a, b) in v {
            let _ = write!(d, "M{} {}V{}", px(x), px(a), px(b));
        }
        let width = if weight == 2 { 2 } else { 1 };
        let _ = write!(
            s,
            "<path d=\"{d}\" stroke=\"{fg}\" stroke-width=\"{width}\" stroke-linecap=\"square\" fill=\"none\""
        );
        if dim {
            s.push_str(" stroke-opacity=\"0.5\"");
        }
        s.push_str("/>\n");
    }
    for (r, row) in rows.iter().enumerate() {
        let y = r as u32 * CELL.1 + BASELINE;
        let _ = write!(
            s,
            "<text x=\"0\" y=\"{y}\" xml:space=\"preserve\" fill=\"{dfg}\">"
        );
        for (col, text, l) in row {
            let _ = write!(s, "<tspan x=\"{}\"", col * CELL.0);
            if l.fg != dfg {
                let _ = write!(s, " fill=\"{}\"", l.fg);
            }
            if l.bold {
                s.push_str(" font-weight=\"bold\"");
            }
            if l.italic {
                s.push_str(" font-style=\"italic\"");
            }
            match (l.underline, l.strike) {
                (true, true) => s.push_str(" text-decoration=\"underline line-through\""),
                (true, false) => s.push_str(" text-decoration=\"underline\""),
                (false, true) => s.push_str(" text-decoration=\"line-through\""),
                (false, false) => {}
            }
            if l.dim {
                s.push_str(" fill-opacity=\"0.5\"");
            }
            s.push('>');
            xml_escape(&mut s, text, false);
            s.push_str("</tspan>");
        }
        s.push_str("</text>\n");
    }
    s.push_str("</svg>\n");
    s
}

/// The HTML page of `buf`.
pub fn html(buf: &Buffer, theme: &Theme, title: &str) -> String {
    let (dfg, dbg) = defaults(theme);
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>");
    xml_escape(&mut s, title, true);
    let _ = write!(
        s,
        "</title>\n<style>pre {{ font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; color: {dfg}; background: {dbg}; line-height: 1.2; padding: 0.5em; display: inline-block; }}</style>\n</head>\n<body>\n<pre>"
    );
    for y in buf.area.top()..buf.area.bottom() {
        for (_, text, l) in runs(buf, y, theme) {
            let mut css = String::new();
            if l.fg != dfg {
                let _ = write!(css, "color:{};", l.fg);
            }
            if !l.plain_bg {
                let _ = write!(css, "background:{};", l.bg);
            }
            if l.bold {
                css.push_str("font-weight:bold;");
            }
            if l.italic {
                css.push_str("font-style:italic;");
            }
            match (l.underline, l.strike) {
                (true, true) => css.push_str("text-decoration:underline line-through;"),
                (true, false) => css.push_str("text-decoration:underline;"),
                (false, true) => css.push_str("text-decoration:line-through;"),
                (false, false) => {}
            }
            if l.dim {
                css.push_str("opacity:0.5;");
            }
            if css.is_empty() {
                xml_escape(&mut s, &text, true);
            } else {
                let _ = write!(s, "<span style=\"{css}\">");
                xml_escape(&mut s, &text, true);
                s.push_str("</span>");
            }
        }
        s.push('\n');
    }
    s.push_str("</pre>\n</body>\n</html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    #[test]
    fn the_palette_is_xterms() {
        assert_eq!(indexed(0), "#000000");
        assert_eq!(indexed(24), "#005f87");
        assert_eq!(indexed(244), "#808080");
        assert_eq!(indexed(231), "#ffffff");
    }

    #[test]
    fn text_is_escaped_as_xml_and_rows_stay_rows() {
        let mut b = Buffer::empty(Rect::new(0, 0, 6, 2));
        b.set_string(0, 0, "<a&'\">", Style::new().fg(Color::Red));
        b.set_string(0, 1, "漢x", Style::new());
        let t = Theme::default();
        let svg = svg(&b, &t, "t&");
        assert!(svg.contains("&lt;a&amp;&apos;&quot;&gt;"), "{svg}");
        assert!(svg.contains("<title>t&amp;</title>"), "{svg}");
        assert_eq!(svg.matches("<text ").count(), 2);
        // The wide character is one run; x follows it at column 2.
        assert!(svg.contains("<tspan x=\"18\">x"), "{svg}");
        assert_eq!(txt(&b), "<a&'\">\n漢x\n");
        let html = html(&b, &t, "t");
        assert!(
            html.contains("&lt;a&amp;&#39;&quot;&gt;</span>\n漢x"),
            "{html}"
        );
    }

    /// A frame is drawn as lines that meet: each side one segment from corner to corner,
    /// no box-drawing glyph left in the text (whose height is the font's, not the row's).
    #[test]
    fn frames_are_continuous_lines() {
        use ratatui::widgets::{Block, BorderType, Widget};
        let t = Theme::default();
        for (kind, width) in [(BorderType::Plain, "1"), (BorderType::Thick, "2")] {
            let mut b = Buffer::empty(Rect::new(0, 0, 5, 4));
            Block::bordered().border_type(kind).render(b.area, &mut b);
            let svg = svg(&b, &t, "t");
            for c in ['─', '│', '┌', '┐', '└', '┘', '━', '┃', '┏', '┓', '┗', '┛']
            {
                assert!(!svg.contains(c), "{c} left as a glyph: {svg}");
            }
            // Centre of the first column 4.5, of the last 40.5; rows' centres 9 and 63.
            let path = svg
                .lines()
                .find(|l| l.starts_with("<path"))
                .unwrap_or_else(|| panic!("{svg}"));
            for seg in ["M4.5 9H40.5", "M4.5 63H40.5", "M4.5 9V63", "M40.5 9V63"] {
                assert!(path.contains(seg), "{seg} in {path}");
            }
            assert!(
                path.contains(&format!("stroke-width=\"{width}\"")),
                "{path}"
            );
            assert_eq!(path.matches('M').count(), 4, "one line a side: {path}");
        }
    }
}
