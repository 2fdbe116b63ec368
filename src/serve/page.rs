//! The page: HTML generated from a [`View`] and the engine's answers, so a permalink shows
//! the whole view before any script runs; the script only refreshes the results.
//!
//! Untrusted text (an identifier, a grammar, anything derived from them) reaches the page
//! through one of three escapers, one per context: [`text`] for element content and
//! attribute values (`safe_text` tokens for control, bidi and invisible characters, then
//! HTML escapes, quotes included), [`raw_value`] for the editable fields (the exact text,
//! HTML-escaped, so what is edited is what was given), and [`json_island`] for the JSON
//! data block (`<`, `>` and `&` as `\u` escapes, so it cannot close its element). Links
//! are `?` + [`View::to_query`], which is percent-encoded, then HTML-escaped.

use std::fmt::Write as _;
use std::sync::OnceLock;

use crate::engine::{Analysis, Diagnostic, Options, Profile, Severity, Span};
use crate::view::{GrammarSource, Selection, SideForm, View};

/// The most tree nodes drawn (the API has them all).
const MAX_NODES: usize = 2_000;
/// The most bytes of a value (a form, a ladder step's side, a node's text) drawn; the API
/// has it whole.
const MAX_VALUE: usize = 4 * 1024;
/// The longest value a copy button holds.
const MAX_COPY: usize = 256 * 1024;

/// `s` cut to about `max` bytes around `…`, saying how long it is, when longer.
fn cut(s: &str) -> std::borrow::Cow<'_, str> {
    if s.len() <= MAX_VALUE {
        return s.into();
    }
    let (head, tail) = crate::text_layout::head_tail(s, MAX_VALUE / 2, MAX_VALUE / 4);
    format!("{head}…{tail} ({} bytes)", s.len()).into()
}

/// The longest view query the tree's nodes each link to with their selection.
const MAX_LINKED_QUERY: usize = 8 * 1024;
/// The most diagnostics listed.
const MAX_DIAGNOSTICS: usize = 200;
/// The most bytes of an input drawn on the input line.
const MAX_SHOWN: usize = 64 * 1024;
/// Inputs longer than this get no standards view (it parses the input twice more).
const MAX_STANDARDS: usize = 64 * 1024;

/// Element content or an attribute value: control, bidi and invisible characters as
/// visible tokens, then `& < > " '` escaped.
pub(crate) fn text(s: &str) -> String {
    html_escape(&crate::safe_text::escape(s))
}

/// An editable field's value: the exact text, HTML-escaped (tokens would change it).
pub(crate) fn raw_value(s: &str) -> String {
    html_escape(s)
}

fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Every byte but ASCII letters, digits and `-._~` as `%XX` (the script reads it with
/// `decodeURIComponent`): a copy button's value, with nothing raw in the attribute.
pub(crate) fn percent(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// A JSON value for a `<script type="application/json">` block: the safe JSON of
/// `crate::cli::json`, with `<`, `>` and `&` escaped so no `</script>` can appear in it.
pub(crate) fn json_island(v: &serde_json::Value) -> String {
    crate::cli::json::to_string(v)
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The view as the page reads it from a form or a permalink: empty optional fields are
/// absent (a form sends `with=` for an empty field).
pub(crate) fn normalize(mut v: View) -> View {
    if v.b.as_deref() == Some("") {
        v.b = None;
    }
    if v.base.as_deref() == Some("") {
        v.base = None;
    }
    if let Some(g) = &v.grammar
        && matches!(&g.source, GrammarSource::Text(t) if t.trim().is_empty())
    {
        v.grammar = None;
    }
    if let Some(g) = &mut v.grammar
        && g.start.as_deref() == Some("")
    {
        g.start = None;
    }
    if v.focus.as_deref() == Some("") {
        v.focus = None;
    }
    v
}

/// The query with its empty pairs left out (all but `id`): a form sends every field.
pub(crate) fn drop_empty_pairs(query: &str) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        if v.is_empty() && k != "id" {
            continue;
        }
        q.append_pair(&k, &v);
    }
    q.finish()
}

/// The profile the view names: `Ok(None)` for auto and for the lab (whose grammar the
/// lab section applies; the engine reads the input under auto beside it).
pub(crate) fn profile_of(v: &View) -> Result<Option<Profile>, String> {
    match v.profile.as_deref() {
        None | Some("auto") | Some("lab") => Ok(None),
        Some(p) => p.parse::<Profile>().map(Some),
    }
}

/// The permalink of `v`: `/?` and its query.
pub(crate) fn permalink(v: &View) -> String {
    format!("/?{}", v.to_query())
}

/// The longest permalink the page offers (a 1 MiB paste makes a link no one can share).
const MAX_LINK: usize = 64 * 1024;

/// The permalink of `v`, when it is short enough to share.
fn linkable(v: &View) -> Option<String> {
    Some(permalink(v)).filter(|l| l.len() <= MAX_LINK)
}

/// The whole page for `v`, with `notice` (an error to show above the results) if any.
pub(crate) fn page(v: &View, notice: Option<&str>) -> String {
    let mut h = String::with_capacity(16 * 1024);
    let title = if v.a.is_empty() {
        "idbench".to_string()
    } else {
        format!("idbench: {}", crate::text_layout::head_tail(&v.a, 60, 0).0)
    };
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\">\
         <title>{}</title><link rel=\"stylesheet\" href=\"/app.css\">\
         <script src=\"/app.js\" defer></script></head><body>",
        text(&title)
    );
    let link = linkable(v).unwrap_or_else(|| "/".to_string());
    let _ = write!(
        h,
        "<header><h1>idbench</h1><nav><a id=\"permalink\" href=\"{}\">permalink</a> \
         <button type=\"button\" id=\"copy-permalink\" class=\"copy\">copy link</button>\
         <span id=\"status\" role=\"status\">{}</span></nav></header>",
        text(&link),
        if linkable(v).is_none() {
            "this view is too long for a link"
        } else {
            ""
        }
    );
    form(&mut h, v);
    h.push_str("<main id=\"results\" aria-live=\"polite\">");
    h.push_str(&results(v, notice));
    h.push_str("</main><footer>Rendered by idbench ");
    h.push_str(env!("CARGO_PKG_VERSION"));
    h.push_str(". The API answers as the command line: /api/parse, /api/forms, /api/compare, /api/explain, /api/check, /api/grammar/parse.</footer></body></html>\n");
    h
}

fn form(h: &mut String, v: &View) {
    let profile = v.profile.as_deref().unwrap_or("auto");
    h.push_str("<form id=\"view\" method=\"get\" action=\"/\">");
    let _ = write!(
        h,
        "<label for=\"id\">Identifier</label><textarea id=\"id\" name=\"id\" rows=\"2\" \
         spellcheck=\"false\" autocomplete=\"off\" autocapitalize=\"off\" dir=\"ltr\">{}</textarea>",
        raw_value(&v.a)
    );
    // The fields hold the exact text (so that it edits and links back as given); what
    // cannot be seen in them is said here, and the input line shows each as a token.
    for (what, s) in [
        ("identifier", Some(v.a.as_str())),
        ("second identifier", v.b.as_deref()),
        ("base", v.base.as_deref()),
    ] {
        let hidden = s.map_or(0, |s| {
            s.chars()
                .filter(|&c| crate::safe_text::needs_token(c))
                .count()
        });
        if hidden > 0 {
            let _ = write!(
                h,
                "<p class=\"notice\">the {what} holds {hidden} control, bidi or invisible \
                 character{}: the input line below shows each as a token</p>",
                if hidden == 1 { "" } else { "s" }
            );
        }
    }
    // The profile strip: auto, every profile, the lab.
    h.push_str("<fieldset class=\"strip\"><legend>Profile</legend>");
    let mut names: Vec<(&str, &str)> = vec![("auto", "pick the profile from the input")];
    names.extend(Profile::ALL.iter().map(|p| (p.name(), p.title())));
    names.push(("lab", "the grammar lab's grammar (below)"));
    for (name, title) in names {
        let _ = write!(
            h,
            "<label title=\"{}\"><input type=\"radio\" name=\"profile\" value=\"{}\"{}>{}</label>",
            text(title),
            text(name),
            if name == profile { " checked" } else { "" },
            text(name)
        );
    }
    h.push_str("</fieldset>");
    let open = v.b.is_some() || v.base.is_some() || v.grammar.is_some();
    let _ = write!(
        h,
        "<details id=\"more\"{}><summary>Compare, base, layers, grammar lab</summary>",
        if open { " open" } else { "" }
    );
    let _ = write!(
        h,
        "<label for=\"with\">Compare with (diff mode)</label><textarea id=\"with\" name=\"with\" \
         rows=\"1\" spellcheck=\"false\" autocomplete=\"off\" dir=\"ltr\">{}</textarea>",
        raw_value(v.b.as_deref().unwrap_or(""))
    );
    let _ = write!(
        h,
        "<label for=\"base\">Base (resolve the identifier against it)</label><input id=\"base\" \
         name=\"base\" spellcheck=\"false\" autocomplete=\"off\" dir=\"ltr\" value=\"{}\">",
        raw_value(v.base.as_deref().unwrap_or(""))
    );
    let _ = write!(
        h,
        "<div class=\"row\"><label><input type=\"checkbox\" name=\"ns\" value=\"0\"{}> no URN \
         namespace layer</label>",
        if v.layers.namespaces { "" } else { " checked" }
    );
    let _ = write!(
        h,
        "<label><input type=\"checkbox\" name=\"dollar\" value=\"ignore\"{}> ignore $ (xri2)</label>",
        if v.ignore_dollar { " checked" } else { "" }
    );
    let _ = write!(
        h,
        "<label>objective <select name=\"objective\"><option value=\"names\"{}>names (5a)</option>\
         <option value=\"cache\"{}>cache (5b)</option></select></label>",
        if v.cache_objective { "" } else { " selected" },
        if v.cache_objective { " selected" } else { "" }
    );
    for (name, label, f) in [("aform", "A is", v.a_form), ("bform", "B is", v.b_form)] {
        let _ = write!(h, "<label>{label} <select name=\"{name}\">");
        for (val, shown, this) in [
            ("as-is", "as typed", SideForm::AsIs),
            ("iri", "IRI-normal", SideForm::Iri),
            ("uri", "URI-normal", SideForm::Uri),
        ] {
            let _ = write!(
                h,
                "<option value=\"{val}\"{}>{shown}</option>",
                if f == this { " selected" } else { "" }
            );
        }
        h.push_str("</select></label>");
    }
    h.push_str("</div>");
    let (grammar, start) = match &v.grammar {
        Some(g) => (
            match &g.source {
                GrammarSource::Text(t) => t.as_str(),
                GrammarSource::File(_) => "",
            },
            g.start.as_deref().unwrap_or(""),
        ),
        None => ("", ""),
    };
    let _ = write!(
        h,
        "<label for=\"grammar\">Grammar lab: ABNF (RFC 5234)</label><textarea id=\"grammar\" \
         name=\"grammar\" rows=\"4\" spellcheck=\"false\" dir=\"ltr\">{}</textarea>\
         <label for=\"start\">Start rule (default: the first)</label><input id=\"start\" \
         name=\"start\" spellcheck=\"false\" autocomplete=\"off\" value=\"{}\">",
        raw_value(grammar),
        raw_value(start)
    );
    h.push_str("</details>");
    let sel = v.selection.as_ref().map(selection_text).unwrap_or_default();
    let _ = write!(
        h,
        "<input type=\"hidden\" id=\"sel\" name=\"sel\" value=\"{}\">\
         <button type=\"submit\" id=\"show\">Show</button></form>",
        text(&sel)
    );
}

fn selection_text(s: &Selection) -> String {
    let mut t = String::from(if s.side == 0 { "a" } else { "b" });
    for i in &s.path {
        let _ = write!(t, ".{i}");
    }
    t
}

/// The results: everything below the form (the script swaps this part in as you type).
pub(crate) fn results(v: &View, notice: Option<&str>) -> String {
    let mut h = String::with_capacity(16 * 1024);
    let island = serde_json::json!({ "permalink": linkable(v) });
    let _ = write!(
        h,
        "<script type=\"application/json\" id=\"view-data\">{}</script>",
        json_island(&island)
    );
    if let Some(n) = notice {
        let _ = write!(h, "<p class=\"notice\" role=\"alert\">{}</p>", text(n));
    }
    let profile = match profile_of(v) {
        Ok(p) => p,
        Err(e) => {
            let _ = write!(
                h,
                "<p class=\"notice\" role=\"alert\">{} (read under auto)</p>",
                text(&e)
            );
            None
        }
    };
    let namespace = v.layers.namespaces;
    let opts = Options {
        profile,
        namespace,
        scheme_spec: v.layers.schemes,
        // The page shows the forms, not the key (`/api/forms` does).
        equivalence_key: false,
        ..Options::full()
    };
    let a = match &v.base {
        Some(b) => crate::engine::analyze_with_base(&v.a, b, &opts),
        None => crate::engine::analyze(&v.a, &opts),
    };
    strip(&mut h, &a);
    if let Some(b) = &v.base {
        let _ = write!(
            h,
            "<section id=\"resolution\"><h2>Against the base</h2><p>base <code>{}</code>; \
             the tree and diagnostics below are of <code>{}</code></p></section>",
            text(&cut(b)),
            text(&cut(&a.input))
        );
    }
    let sel = v.selection.as_ref().filter(|s| s.side == 0);
    let sel_node = sel.and_then(|s| node_at(&a, &s.path));
    input_line(
        &mut h,
        "Input",
        "input-line",
        &a.input,
        &a.all_diagnostics(),
        sel_node.map(|(_, s)| s),
        None,
    );
    // Diff mode: the verdict and its ladder first, as the workbench shows them.
    if let Some(b) = &v.b {
        diff(&mut h, v, b, profile, namespace);
    }
    tree(&mut h, v, &a, sel_node.map(|(i, _)| i));
    diagnostics(&mut h, &a.all_diagnostics());
    forms(&mut h, &a);
    if v.b.is_none() && v.base.is_none() {
        standards(&mut h, &v.a);
    }
    if let Some(g) = &v.grammar {
        lab(&mut h, g, &v.a);
    }
    h
}

/// The node at `path` (child indices from the root): its preorder index and span.
fn node_at(a: &Analysis, path: &[u32]) -> Option<(usize, Span)> {
    if a.tree.is_empty() {
        return None;
    }
    let mut n = a.tree.root();
    for &i in path {
        n = n.children().nth(usize::try_from(i).ok()?)?;
    }
    Some((n.index(), n.span()))
}

fn strip(h: &mut String, a: &Analysis) {
    let _ = write!(
        h,
        "<section id=\"verdict\"><p class=\"{}\"><strong>{}</strong> under <strong>{}</strong> \
         <span class=\"dim\">({})</span></p><ul class=\"verdicts\" aria-label=\"every profile's verdict\">",
        if a.valid() { "valid" } else { "invalid" },
        if a.valid() { "valid" } else { "invalid" },
        text(a.profile.name()),
        text(&a.profile_reason.to_string())
    );
    for pv in &a.verdicts {
        let (class, word) = match &pv.status {
            crate::engine::Status::Valid => ("valid", "valid".to_string()),
            crate::engine::Status::Invalid(c) => ("invalid", format!("invalid: {}", c.as_str())),
            crate::engine::Status::NotApplicable => ("na", "not applicable".to_string()),
        };
        let _ = write!(
            h,
            "<li class=\"{class}{}\">{}: {}</li>",
            if pv.profile == a.profile {
                " active"
            } else {
                ""
            },
            text(pv.profile.name()),
            text(&word)
        );
    }
    h.push_str("</ul></section>");
}

/// A char boundary at or before `i`.
fn floor(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The input drawn with the diagnostics' spans underlined, `mark` highlighted (the
/// selected node) and `diff` marked (the first difference).
fn input_line(
    h: &mut String,
    heading: &str,
    id: &str,
    input: &str,
    diags: &[Diagnostic],
    mark: Option<Span>,
    diff: Option<Span>,
) {
    let shown = floor(input, MAX_SHOWN);
    let mut cuts = vec![0, shown];
    let clip = |s: Span| {
        (
            floor(input, s.start.min(shown)),
            floor(input, s.end.min(shown)),
        )
    };
    let spans: Vec<(usize, usize, &'static str)> = diags
        .iter()
        .take(MAX_DIAGNOSTICS)
        .map(|d| {
            let (s, e) = clip(d.span);
            let class = match d.severity {
                Severity::Error => "u-error",
                Severity::Warning => "u-warning",
                Severity::Note => "u-note",
            };
            // An empty span (something missing) marks the character after it.
            let e = if e == s && s < shown {
                floor(input, (s + 4).min(shown))
                    .max(s + input[s..].chars().next().map_or(0, char::len_utf8))
            } else {
                e
            };
            (s, e.min(shown), class)
        })
        .chain(mark.map(|m| {
            let (s, e) = clip(m);
            (s, e, "sel")
        }))
        .chain(diff.map(|m| {
            let (s, e) = clip(m);
            (s, e, "diff")
        }))
        .collect();
    for (s, e, _) in &spans {
        cuts.push(*s);
        cuts.push(*e);
    }
    cuts.sort_unstable();
    cuts.dedup();
    let _ = write!(
        h,
        "<section class=\"line\"><h2>{}</h2><pre id=\"{id}\" dir=\"ltr\">",
        text(heading)
    );
    for w in cuts.windows(2) {
        let (s, e) = (w[0], w[1]);
        if s >= e || e > shown {
            continue;
        }
        let mut classes: Vec<&str> = spans
            .iter()
            .filter(|(a, b, _)| *a <= s && e <= *b)
            .map(|(_, _, c)| *c)
            .collect();
        classes.sort_unstable();
        classes.dedup();
        let piece = text(&input[s..e]);
        if classes.is_empty() {
            h.push_str(&piece);
        } else {
            let _ = write!(h, "<span class=\"{}\">{piece}</span>", classes.join(" "));
        }
    }
    if input.is_empty() {
        h.push_str("<span class=\"dim\">(empty)</span>");
    }
    if shown < input.len() {
        let _ = write!(
            h,
            "<span class=\"dim\">… {} more bytes</span>",
            input.len() - shown
        );
    }
    h.push_str("</pre></section>");
}

fn tree(h: &mut String, v: &View, a: &Analysis, selected: Option<usize>) {
    h.push_str("<section id=\"tree-section\"><h2 id=\"tree-label\">Component tree</h2>");
    if a.tree.is_empty() {
        h.push_str("<p class=\"dim\">no tree</p></section>");
        return;
    }
    let focus = selected.unwrap_or(0);
    // Each node links to the view with it selected (the page works without its script),
    // unless the view is long: then a link per node would repeat a long query per node.
    let links = v.to_query().len() <= MAX_LINKED_QUERY;
    h.push_str("<ul role=\"tree\" id=\"tree\" aria-labelledby=\"tree-label\">");
    // Preorder with depths: open a group for a child, close groups on the way back up.
    // No recursion, so a deep tree costs no stack.
    let mut path: Vec<u32> = Vec::new();
    let mut depth_open = 0usize; // depth of the last item written
    let mut drawn = 0usize;
    let total = a.tree.len();
    for n in a.tree.iter() {
        let d = n.depth();
        if drawn == MAX_NODES {
            break;
        }
        if drawn > 0 {
            if d > depth_open {
                h.push_str("<ul role=\"group\">");
                path.push(0);
            } else {
                h.push_str("</li>");
                for _ in d..depth_open {
                    h.push_str("</ul></li>");
                    path.pop();
                }
                if let Some(last) = path.last_mut() {
                    *last += 1;
                }
            }
        }
        depth_open = d;
        drawn += 1;
        let selection = Selection {
            side: 0,
            path: path.clone(),
        };
        let sel_text = selection_text(&selection);
        let span = n.span();
        let is_sel = selected == Some(n.index());
        let _ = write!(
            h,
            "<li role=\"treeitem\" aria-selected=\"{}\" data-path=\"{}\" data-start=\"{}\" \
             data-end=\"{}\"{}{}><a class=\"node\"{}><span class=\"kind k-{}\">{}</span> \
             <code>{}</code> <span class=\"rule\">{}</span>",
            is_sel,
            text(&sel_text),
            span.start,
            span.end,
            if n.is_leaf() {
                ""
            } else {
                " aria-expanded=\"true\""
            },
            if n.index() == focus {
                " tabindex=\"0\""
            } else {
                " tabindex=\"-1\""
            },
            if links {
                let view = View {
                    selection: Some(selection),
                    ..v.clone()
                };
                format!(" href=\"{}\"", text(&permalink(&view)))
            } else {
                String::new()
            },
            text(n.kind().name()),
            text(n.kind().name()),
            text(&cut(&crate::cli::json::node_text(n, &a.input))),
            text(n.rule()),
        );
        for attr in n.attrs() {
            let _ = write!(
                h,
                " <span class=\"attr\">{}={}</span>",
                text(attr.key),
                text(attr.value.as_ref())
            );
        }
        let _ = write!(
            h,
            " <span class=\"dim\">{}..{}</span></a>",
            span.start, span.end
        );
    }
    h.push_str("</li>");
    for _ in 0..depth_open {
        h.push_str("</ul></li>");
    }
    h.push_str("</ul>");
    if drawn < total {
        let _ = write!(
            h,
            "<p class=\"dim\">{} more nodes not drawn: /api/parse has the whole tree</p>",
            total - drawn
        );
    }
    h.push_str("</section>");
}

fn diagnostics(h: &mut String, diags: &[Diagnostic]) {
    let _ = write!(
        h,
        "<section id=\"diagnostics\"><h2>Diagnostics ({})</h2>",
        diags.len()
    );
    if diags.is_empty() {
        h.push_str("<p class=\"dim\">none</p></section>");
        return;
    }
    h.push_str("<ol class=\"diags\">");
    for d in diags.iter().take(MAX_DIAGNOSTICS) {
        let sev = d.severity.to_string();
        let _ = write!(
            h,
            "<li class=\"{}\"><span class=\"sev\">{}</span> <code class=\"code\">{}</code> {} \
             <span class=\"dim\">bytes {}..{}{}; {}</span></li>",
            text(&sev),
            text(&sev),
            text(d.code.as_str()),
            text(&d.message),
            d.span.start,
            d.span.end,
            if d.count > 1 {
                format!(", {} times", d.count)
            } else {
                String::new()
            },
            text(d.spec)
        );
    }
    h.push_str("</ol>");
    if diags.len() > MAX_DIAGNOSTICS {
        let _ = write!(
            h,
            "<p class=\"dim\">{} more: /api/parse lists them all</p>",
            diags.len() - MAX_DIAGNOSTICS
        );
    }
    h.push_str("</section>");
}

fn forms(h: &mut String, a: &Analysis) {
    let Some(f) = &a.forms else { return };
    let rows = f.rows();
    if rows.is_empty() {
        return;
    }
    h.push_str("<section id=\"forms\"><h2>Normal forms</h2><table><tbody>");
    for (name, value) in rows {
        let button = if value.len() <= MAX_COPY {
            format!(
                "<button type=\"button\" class=\"copy\" data-copy=\"{}\" aria-label=\"copy the \
                 {} form\">copy</button>",
                percent(value),
                text(name)
            )
        } else {
            "<span class=\"dim\">/api/forms has it</span>".to_string()
        };
        let _ = write!(
            h,
            "<tr><th scope=\"row\">{}</th><td><code>{}</code></td><td>{button}</td></tr>",
            text(name),
            text(&cut(value)),
        );
    }
    h.push_str("</tbody></table></section>");
}

fn diff(h: &mut String, v: &View, b: &str, profile: Option<Profile>, namespace: bool) {
    let flags = crate::cli::serve::compare_flags(v);
    let verdict = crate::engine::equiv::compare_with(&v.a, b, &flags.options(profile), namespace);
    let _ = write!(
        h,
        "<section id=\"diff\"><h2>Equivalence</h2><p id=\"verdict-words\" class=\"{}\"><strong>{}</strong></p>\
         <p class=\"dim\">under {} ({})</p>",
        if verdict.equivalent {
            "valid"
        } else {
            "invalid"
        },
        text(&verdict.summary()),
        text(verdict.profile.name()),
        text(&verdict.profile_reason)
    );
    h.push_str(
        "<table id=\"ladder\"><caption>The equivalence ladder</caption><thead><tr><th>#</th>\
         <th>step</th><th>cited</th><th>A</th><th>B</th><th>equal?</th></tr></thead><tbody>",
    );
    for (i, s) in verdict.steps.iter().enumerate() {
        let _ = write!(
            h,
            "<tr class=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td>\
             <td><code>{}</code></td><td>{}</td></tr>",
            if s.equal { "equal" } else { "unequal" },
            i + 1,
            text(&s.name),
            text(s.spec),
            text(&cut(&s.a)),
            text(&cut(&s.b)),
            if s.equal { "yes" } else { "no" }
        );
    }
    h.push_str("</tbody></table>");
    if let Some(d) = &verdict.difference {
        let _ = write!(
            h,
            "<p id=\"first-difference\">first difference: {}: {}</p>",
            text(d.kind.name()),
            text(&d.reason)
        );
        input_line(h, "A", "diff-a", &verdict.a.input, &[], None, Some(d.a));
        input_line(h, "B", "diff-b", &verdict.b.input, &[], None, Some(d.b));
    }
    if !verdict.sides_valid() && !verdict.equivalent {
        let _ = write!(
            h,
            "<p class=\"notice\">the inputs do not both parse under {}: this is not the spec's \
             answer (see the diagnostics)</p>",
            text(verdict.profile.name())
        );
    }
    h.push_str("</section>");
}

fn standards(h: &mut String, input: &str) {
    if input.len() > MAX_STANDARDS || input.is_empty() {
        return;
    }
    let s = crate::engine::standards::compare(input);
    h.push_str(
        "<section id=\"standards\"><h2>Standards: RFC 3986/3987 and the URL Standard</h2>\
         <table><thead><tr><th>standard</th><th>verdict</th><th>reads it as</th></tr></thead><tbody>",
    );
    for v in [&s.rfc3986, &s.rfc3987]
        .into_iter()
        .chain(&s.further)
        .chain([&s.whatwg])
    {
        let verdict = match (&v.error, &v.message) {
            (None, _) => "accepts".to_string(),
            (Some(c), Some(m)) => format!("rejects: {} ({m})", c.as_str()),
            (Some(c), None) => format!("rejects: {}", c.as_str()),
        };
        let _ = write!(
            h,
            "<tr class=\"{}\"><th scope=\"row\">{}</th><td>{}</td><td><code>{}</code></td></tr>",
            if v.valid { "valid" } else { "invalid" },
            text(v.spec),
            text(&verdict),
            text(&v.reads_as)
        );
    }
    h.push_str("</tbody></table>");
    if s.divergences.is_empty() {
        h.push_str("<p>The two readings agree.</p>");
    } else {
        h.push_str("<ol class=\"divergences\">");
        for d in &s.divergences {
            let _ = write!(h, "<li>{}</li>", text(&d.sentence()));
        }
        h.push_str("</ol>");
    }
    h.push_str("</section>");
}

fn lab(h: &mut String, g: &crate::view::Grammar, input: &str) {
    let GrammarSource::Text(t) = &g.source else {
        return;
    };
    h.push_str("<section id=\"lab\"><h2>Grammar lab</h2>");
    let start = match &g.start {
        Some(s) => Some(s.clone()),
        None => crate::engine::abnf::Grammar::from_text(t)
            .ok()
            .and_then(|g| g.rules().first().cloned()),
    };
    let out = start
        .as_deref()
        .and_then(|s| crate::cli::serve::grammar_parse_text(t, s, input));
    match (start, out) {
        (Some(s), Some(out)) => {
            let _ = write!(
                h,
                "<p>parsed as <code>{}</code>:</p><pre id=\"lab-output\">{}</pre>",
                text(&s),
                text(&out)
            );
        }
        _ => {
            let why = match crate::engine::abnf::Grammar::from_text(t) {
                Err(problems) => {
                    let mut m = format!(
                        "the grammar has {} error{}",
                        problems.len(),
                        if problems.len() == 1 { "" } else { "s" }
                    );
                    for p in problems.iter().take(10) {
                        let _ = write!(m, "; {}:{}: {}: {}", p.line, p.column, p.code, p.message);
                    }
                    m
                }
                Ok(_) => "the grammar has no such start rule".to_string(),
            };
            let _ = write!(h, "<p class=\"notice\">{}</p>", text(&why));
        }
    }
    h.push_str("</section>");
}

/// The style sheet: the themes' colours (light, and dark under `prefers-color-scheme`),
/// then the layout.
pub(crate) fn css() -> &'static str {
    static CSS: OnceLock<String> = OnceLock::new();
    CSS.get_or_init(|| {
        let mut s = String::new();
        s.push_str(":root{color-scheme:light dark;");
        s.push_str(&theme_vars(include_str!("../../themes/light.toml"), false));
        s.push_str("}\n@media (prefers-color-scheme: dark){:root{");
        s.push_str(&theme_vars(include_str!("../../themes/dark.toml"), true));
        s.push_str("}}\n");
        s.push_str(include_str!("app.css"));
        s.push_str(kind_rules());
        s
    })
}

/// An xterm-256 colour index as `#rrggbb`.
fn xterm(i: u8) -> String {
    const BASE: [u32; 16] = [
        0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xc0c0c0, 0x808080,
        0xff0000, 0x00ff00, 0xffff00, 0x0000ff, 0xff00ff, 0x00ffff, 0xffffff,
    ];
    let rgb = match i {
        0..=15 => BASE[usize::from(i)],
        16..=231 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * u32::from(v) };
            let k = i - 16;
            (level(k / 36) << 16) | (level((k / 6) % 6) << 8) | level(k % 6)
        }
        _ => {
            let g = 8 + 10 * u32::from(i - 232);
            (g << 16) | (g << 8) | g
        }
    };
    format!("#{rgb:06x}")
}

/// CSS custom properties from a theme file's slots and kinds (`--error`, `--error-bg`,
/// `--k-scheme`, …); `reset` is the page's own colour.
fn theme_vars(toml_text: &str, dark: bool) -> String {
    let mut s = String::new();
    let (fg, bg) = if dark {
        ("#d0d0d0", "#1c1c1c")
    } else {
        ("#1c1c1c", "#ffffff")
    };
    let _ = write!(s, "--fg:{fg};--bg:{bg};");
    let Ok(doc) = toml_text.parse::<toml::Table>() else {
        return s;
    };
    let colour = |v: Option<&toml::Value>| -> Option<String> {
        let v = v?.as_str()?;
        if v == "reset" {
            return None;
        }
        if let Ok(i) = v.parse::<u8>() {
            return Some(xterm(i));
        }
        v.starts_with('#').then(|| v.to_string())
    };
    for (table, prefix) in [("slots", ""), ("kinds", "k-")] {
        let Some(t) = doc.get(table).and_then(|t| t.as_table()) else {
            continue;
        };
        for (name, style) in t {
            let name: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            if let Some(c) = colour(style.get("fg")) {
                let _ = write!(s, "--{prefix}{name}:{c};");
            }
            if let Some(c) = colour(style.get("bg")) {
                let _ = write!(s, "--{prefix}{name}-bg:{c};");
            }
        }
    }
    s
}

/// The kinds a theme colours, for the style sheet's `.k-KIND` rules.
fn kind_rules() -> &'static str {
    static RULES: OnceLock<String> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut s = String::new();
        if let Ok(doc) = include_str!("../../themes/light.toml").parse::<toml::Table>()
            && let Some(t) = doc.get("kinds").and_then(|t| t.as_table())
        {
            for name in t.keys() {
                let name: String = name
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
                let _ = writeln!(s, ".k-{name}{{color:var(--k-{name})}}");
            }
        }
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_context_escapes() {
        let hostile = "\"><script>alert(1)</script>\u{202e}\u{1b}[31m'&";
        let t = text(hostile);
        assert!(
            !t.contains('<') && !t.contains('"') && !t.contains('\''),
            "{t}"
        );
        assert!(!t.contains('\u{202e}') && !t.contains('\u{1b}'), "{t}");
        let island = json_island(&serde_json::json!({ "q": "</script><!--" }));
        assert!(!island.contains('<') && !island.contains('>'), "{island}");
        assert_eq!(raw_value("a\"<b"), "a&quot;&lt;b");
    }

    #[test]
    fn xterm_colours() {
        assert_eq!(xterm(16), "#000000");
        assert_eq!(xterm(231), "#ffffff");
        assert_eq!(xterm(203), "#ff5f5f");
        assert_eq!(xterm(244), "#808080");
    }
}
