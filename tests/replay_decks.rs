//! `idbench replay`: the shipped decks replay to their committed snapshots (a demo cannot
//! silently change), a held-out deck replays to SVG, HTML and text holding each step's
//! input and caption, the same bytes on a second run, and the command's errors.
//!
//! To take new snapshots after a deliberate change: `IDBENCH_BLESS_DECKS=1 cargo test --test
//! replay_decks`, then read the diff.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use support::cli::idbench;

/// A private scratch folder for one test, removed when it ends.
fn temp_dir(tag: &str) -> support::scratch::Scratch {
    support::scratch::Scratch::new(&format!("replay-{tag}"))
}

/// Runs `idbench replay DECK --export DIR --format F`; returns (exit code, stderr).
fn replay(deck: &Path, dir: &Path, format: &str) -> (Option<i32>, String) {
    replay_in(deck, dir, format, &[])
}

/// [`replay`] with `env` set (and the working directory the system's temporary folder when
/// `env` is not empty).
fn replay_in(deck: &Path, dir: &Path, format: &str, env: &[(&str, &str)]) -> (Option<i32>, String) {
    let mut cmd = idbench();
    if !env.is_empty() {
        cmd.current_dir(std::env::temp_dir());
    }
    let out = cmd
        .envs(env.iter().copied())
        .arg("replay")
        .arg(deck)
        .arg("--export")
        .arg(dir)
        .args(["--format", format])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The files of `dir`, by name.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let e = e.unwrap_or_else(|e| panic!("{e}"));
        let bytes = std::fs::read(e.path()).unwrap_or_else(|e| panic!("{e}"));
        out.insert(e.file_name().to_string_lossy().into_owned(), bytes);
    }
    out
}

/// A small well-formedness check of XML, written here rather than taken from a crate (the
/// tests add none): one root element, every start tag closed in order, attributes quoted,
/// only the five XML entities and character references, no raw `<` or `&` in text.
fn check_xml(s: &str) -> Result<(), String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut stack: Vec<&str> = Vec::new();
    let mut roots = 0;
    let entity = |at: usize| -> Result<usize, String> {
        let end = s[at..].find(';').ok_or(format!("& without ; at {at}"))? + at;
        let name = &s[at + 1..end];
        let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
            || (name.starts_with("#x") && u32::from_str_radix(&name[2..], 16).is_ok())
            || (name.starts_with('#') && name[1..].parse::<u32>().is_ok());
        if ok {
            Ok(end + 1)
        } else {
            Err(format!("entity &{name}; at {at} is not XML's"))
        }
    };
    while i < b.len() {
        match b[i] {
            b'<' if s[i..].starts_with("<?") => {
                i = s[i..].find("?>").ok_or("unclosed <?")? + i + 2;
            }
            b'<' if s[i..].starts_with("<!--") => {
                i = s[i..].find("-->").ok_or("unclosed comment")? + i + 3;
            }
            b'<' if s[i..].starts_with("</") => {
                let end = s[i..].find('>').ok_or("unclosed end tag")? + i;
                let name = s[i + 2..end].trim();
                match stack.pop() {
                    Some(open) if open == name => {}
                    other => return Err(format!("</{name}> closes {other:?} at {i}")),
                }
                i = end + 1;
            }
            b'<' => {
                // A start tag: name, then attributes name="value" or name='value'.
                let mut j = i + 1;
                while j < b.len() && !b" \n\t/>".contains(&b[j]) {
                    j += 1;
                }
                let name = &s[i + 1..j];
                if name.is_empty() {
                    return Err(format!("empty tag name at {i}"));
                }
                loop {
                    while j < b.len() && b" \n\t".contains(&b[j]) {
                        j += 1;
                    }
                    match b.get(j) {
                        Some(b'/') if b.get(j + 1) == Some(&b'>') => {
                            if stack.is_empty() {
                                roots += 1;
                            }
                            j += 2;
                            break;
                        }
                        Some(b'>') => {
                            if stack.is_empty() {
                                roots += 1;
                            }
                            stack.push(name);
                            j += 1;
                            break;
                        }
                        Some(_) => {
                            let eq = s[j..].find('=').ok_or("attribute without =")? + j;
                            let q = *b.get(eq + 1).ok_or("attribute at the end")?;
                            if q != b'"' && q != b'\'' {
                                return Err(format!("unquoted attribute at {eq}"));
                            }
                            let close =
                                s[eq + 2..].find(q as char).ok_or("unclosed value")? + eq + 2;
                            let value = &s[eq + 2..close];
                            if value.contains('<') {
                                return Err(format!("< in an attribute at {eq}"));
                            }
                            let mut k = 0;
                            while let Some(a) = value[k..].find('&') {
                                k = entity(eq + 2 + k + a)? - (eq + 2);
                            }
                            j = close + 1;
                        }
                        None => return Err("tag runs to the end".into()),
                    }
                }
                i = j;
            }
            b'&' => i = entity(i)?,
            _ => {
                if stack.is_empty() && !b[i].is_ascii_whitespace() {
                    return Err(format!("text outside the root at {i}"));
                }
                i += 1;
            }
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed {stack:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

#[test]
fn the_xml_checker_refuses_what_is_not_xml() {
    assert_eq!(check_xml("<a><b x=\"1&amp;\">t&lt;</b></a>"), Ok(()));
    for bad in [
        "<a><b></a></b>",
        "<a>&nbsp;</a>",
        "<a x=1></a>",
        "<a>x & y</a>",
        "<a></a><b></b>",
        "<a>",
    ] {
        assert!(check_xml(bad).is_err(), "{bad}");
    }
}

/// Compares what the deck replays to with `tests/decks/NAME/SUB`, or writes it there when
/// `IDBENCH_BLESS_DECKS` is set.
fn compare_with_snapshot(deck: &Path, sub: &str, format: &str) {
    let name = deck
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let out = temp_dir(&format!("{name}-{sub}"));
    let (code, err) = replay(deck, &out.join("x"), format);
    assert_eq!(code, Some(0), "{name}: {err}");
    let got = files(&out.join("x"));
    let snap = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/decks")
        .join(&name)
        .join(sub);
    if std::env::var_os("IDBENCH_BLESS_DECKS").is_some() {
        let _ = std::fs::remove_dir_all(&snap);
        std::fs::create_dir_all(&snap).unwrap_or_else(|e| panic!("{e}"));
        for (f, bytes) in &got {
            std::fs::write(snap.join(f), bytes).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let want = files(&snap);
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>(),
        "{name}: the files a replay writes"
    );
    for (f, bytes) in &got {
        assert!(
            want.get(f) == Some(bytes),
            "{name}/{f} differs from tests/decks/{name}/{sub}/{f}:\n{}",
            String::from_utf8_lossy(bytes)
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// Every deck shipped in examples/decks/, in name order.
fn shipped_decks() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    let mut decks: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    decks.sort();
    decks
}

#[test]
fn shipped_decks_replay_as_their_snapshots() {
    let decks = shipped_decks();
    assert!(decks.len() >= 5, "{decks:?}");
    for deck in &decks {
        compare_with_snapshot(deck, "txt", "txt");
    }
    let xri = decks
        .iter()
        .find(|d| d.ends_with("xri-cross-references.toml"))
        .unwrap_or_else(|| panic!("the XRI deck ships"));
    compare_with_snapshot(xri, "svg", "svg");
}

const HELD_OUT: &str = r#"
size = "90x26"
theme = "light"

[[step]]
name = "first: urn"
input = "urn:isbn:0451450523"
caption = "An ISBN URN & its <NSS>"
notes = "held out"

[[step]]
name = "second"
input = "http://a/b?q"
keys = ["Tab", "Down", "End", "Ctrl-Y"]
caption = "A URI's 'query'"
highlight = "query"

[[step]]
name = "third"
input = "xri://=x"
with = "xri://=X"
caption = "XRI diff"
"#;

#[test]
fn a_held_out_deck_replays_to_svg_html_and_text_the_same_twice() {
    let dir = temp_dir("held-out");
    let deck = dir.join("deck.toml");
    std::fs::write(&deck, HELD_OUT).unwrap_or_else(|e| panic!("{e}"));
    let steps = [
        (
            "01-first-urn",
            "urn:isbn:0451450523",
            "An ISBN URN & its <NSS>",
        ),
        ("02-second", "http://a/b?q", "A URI's 'query'"),
        ("03-third", "xri://=x", "XRI diff"),
    ];
    for format in ["svg", "html", "txt"] {
        let (a, b) = (
            dir.join(format!("{format}-1")),
            dir.join(format!("{format}-2")),
        );
        // The second run in another environment: nothing in the drawing may depend on it
        // (the clipboard's tmux advice, NO_COLOR, the terminal's size, the clock).
        let env = [
            ("TMUX", "/tmp/x,1,0"),
            ("NO_COLOR", "1"),
            ("COLUMNS", "20"),
            ("LINES", "5"),
            ("TERM", "dumb"),
        ];
        for (d, env) in [(&a, &[][..]), (&b, &env[..])] {
            let (code, err) = replay_in(&deck, d, format, env);
            assert_eq!(code, Some(0), "{err}");
        }
        let first = files(&a);
        assert_eq!(
            first,
            files(&b),
            "{format}: a second run writes the same bytes"
        );
        let names: Vec<String> = steps
            .iter()
            .map(|(n, ..)| format!("{n}.{format}"))
            .collect();
        assert_eq!(
            first.keys().cloned().collect::<Vec<_>>(),
            names,
            "nothing else in DIR"
        );
        for ((n, input, caption), file) in steps.iter().zip(first.values()) {
            let text = String::from_utf8(file.clone()).unwrap_or_else(|e| panic!("{e}"));
            match format {
                "txt" => {
                    assert!(text.contains(input), "{n}: {text}");
                    assert!(text.contains(caption), "{n}: {text}");
                    let rows: Vec<&str> = text.lines().collect();
                    assert_eq!(rows.len(), 26, "{n}: the deck's rows");
                    assert!(rows.iter().all(|r| r.chars().count() <= 90), "{n}");
                }
                "svg" => {
                    check_xml(&text).unwrap_or_else(|e| panic!("{n}: {e}"));
                    let esc = caption
                        .replace('&', "&amp;")
                        .replace('<', "&lt;")
                        .replace('>', "&gt;")
                        .replace('\'', "&apos;");
                    assert!(text.contains(&esc), "{n}: caption {esc}");
                    assert!(text.contains(input), "{n}: input");
                    assert_eq!(
                        text.matches("<text ").count(),
                        26,
                        "{n}: one <text> per row"
                    );
                    assert!(text.contains("monospace"), "{n}");
                    // The light theme's colours, not the default's.
                    assert!(
                        text.contains("fill=\"#ffffff\""),
                        "{n}: the light background"
                    );
                }
                _ => {
                    assert!(text.contains("<pre>"), "{n}");
                    let esc = caption
                        .replace('&', "&amp;")
                        .replace('<', "&lt;")
                        .replace('>', "&gt;")
                        .replace('\'', "&#39;");
                    assert!(text.contains(&esc), "{n}: caption {esc}");
                    assert!(text.contains(input), "{n}: input");
                    let pre =
                        &text[text.find("<pre>").unwrap_or(0)..text.find("</pre>").unwrap_or(0)];
                    assert_eq!(pre.lines().count(), 26, "{n}: one line per row");
                    assert!(text.contains("<span style=\""), "{n}");
                }
            }
        }
    }
    // The highlight dims what is not the query: the tree's other rows are drawn dim.
    let txt = files(&dir.join("svg-1"));
    let second = String::from_utf8_lossy(&txt["02-second.svg"]).into_owned();
    assert!(second.contains("fill-opacity=\"0.5\""), "dimmed runs");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_refuses_bad_decks_files_and_links_as_dir() {
    let dir = temp_dir("errors");
    let deck = dir.join("deck.toml");
    std::fs::write(
        &deck,
        "[[step]]\nname = \"ok\"\n[[step]]\nname = \"bad\\u001b[31m\"\nkeys = [\"Dwon\"]\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = dir.join("out");
    let (code, err) = replay(&deck, &out, "txt");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("step 2 \"bad⟨U+001B⟩[31m\": keys[0] \"Dwon\": unknown key name"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}'), "escaped: {err:?}");
    assert!(!out.exists(), "nothing written for a bad deck");

    std::fs::write(&deck, "[[step]]\nname = \"ok\"\ninput = \"a:b\"\n")
        .unwrap_or_else(|e| panic!("{e}"));
    // DIR is a file.
    let file = dir.join("file");
    std::fs::write(&file, "keep").unwrap_or_else(|e| panic!("{e}"));
    let (code, err) = replay(&deck, &file, "txt");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("is not a folder"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).ok().as_deref(), Some("keep"));
    // DIR is a symbolic link to a folder: refused, nothing written through it.
    let target = dir.join("target");
    std::fs::create_dir(&target).unwrap_or_else(|e| panic!("{e}"));
    let link = dir.join("link");
    std::os::unix::fs::symlink(&target, &link).unwrap_or_else(|e| panic!("{e}"));
    let (code, err) = replay(&deck, &link, "txt");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert!(
        files(&target).is_empty(),
        "nothing written through the link"
    );
    // A link planted at a file's name in DIR is replaced, not followed.
    let out = dir.join("fresh");
    std::fs::create_dir(&out).unwrap_or_else(|e| panic!("{e}"));
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep").unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink(&victim, out.join("01-ok.txt")).unwrap_or_else(|e| panic!("{e}"));
    let (code, err) = replay(&deck, &out, "txt");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        std::fs::read_to_string(&victim).ok().as_deref(),
        Some("keep")
    );
    let meta = std::fs::symlink_metadata(out.join("01-ok.txt")).unwrap_or_else(|e| panic!("{e}"));
    assert!(meta.is_file());
    use std::os::unix::fs::PermissionsExt as _;
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    // A created DIR is private.
    let made = dir.join("made/deeper");
    let (code, err) = replay(&deck, &made, "txt");
    assert_eq!(code, Some(0), "{err}");
    let mode = std::fs::metadata(&made)
        .map(|m| m.permissions().mode() & 0o777)
        .unwrap_or(0);
    assert_eq!(mode, 0o700);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hostile_decks_are_refused_quickly() {
    let dir = temp_dir("hostile");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "deep",
            format!("x = {}1{}\n", "[".repeat(200_000), "]".repeat(200_000)),
            "nest more than",
        ),
        ("huge", "#".repeat(2 << 20), "larger than"),
        ("steps", "[[step]]\n".repeat(600), "at most 500"),
        ("size", "size = \"99999x3\"\n[[step]]\n".into(), "size"),
        (
            "field",
            "[[step]]\nname = \"n\"\nbogus = 1\n".into(),
            "step 1 \"n\": unknown field `bogus`",
        ),
        (
            "profile",
            "[[step]]\nprofile = \"rfc9999\"\n".into(),
            "step 1: profile",
        ),
    ];
    for (tag, text, want) in cases {
        let deck = dir.join(format!("{tag}.toml"));
        std::fs::write(&deck, &text).unwrap_or_else(|e| panic!("{e}"));
        let (code, err) = replay(&deck, &dir.join(format!("{tag}-out")), "txt");
        assert_eq!(code, Some(2), "{tag}: {err}");
        assert!(err.contains(want), "{tag}: {err}");
    }
    // A grammar that is a symbolic link (to a device that never ends) is refused.
    std::os::unix::fs::symlink("/dev/zero", dir.join("g.abnf")).unwrap_or_else(|e| panic!("{e}"));
    let deck = dir.join("grammar.toml");
    std::fs::write(
        &deck,
        "[[step]]\nname = \"lab\"\ngrammar = \"g.abnf\"\nstart = \"x\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (code, err) = replay(&deck, &dir.join("g-out"), "txt");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("step 1 \"lab\": grammar g.abnf: a symbolic link"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_grammar_step_reads_its_file_relative_to_the_deck() {
    let dir = temp_dir("grammar");
    std::fs::create_dir(dir.join("g")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.join("g/thing.abnf"),
        "thing = 1*ALPHA \":\" 1*DIGIT\nALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let deck = dir.join("deck.toml");
    std::fs::write(
        &deck,
        "size = \"80x24\"\n[[step]]\nname = \"lab\"\ninput = \"abc:123\"\ngrammar = \"g/thing.abnf\"\nstart = \"thing\"\ncaption = \"the lab\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // Run from elsewhere: the path is the deck's, not the working directory's.
    let (code, err) = replay_in(&deck, &dir.join("out"), "txt", &[("IDBENCH_UNUSED", "1")]);
    assert_eq!(code, Some(0), "{err}");
    let txt = std::fs::read_to_string(dir.join("out/01-lab.txt")).unwrap_or_default();
    assert!(txt.contains("valid under lab"), "{txt}");
    assert!(txt.contains("thing"), "{txt}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn untrusted_text_in_a_deck_is_drawn_as_tokens_in_every_format() {
    let dir = temp_dir("untrusted");
    let deck = dir.join("deck.toml");
    std::fs::write(
        &deck,
        "[[step]]\nname = \"n\\u202e\"\ninput = \"a:\\u001b[31mb\"\ncaption = \"c\\u0007\\u202ed\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    for format in ["svg", "html", "txt"] {
        let out = dir.join(format);
        let (code, err) = replay(&deck, &out, format);
        assert_eq!(code, Some(0), "{err}");
        let all = files(&out);
        assert_eq!(all.len(), 1, "{format}");
        let (name, bytes) = all.iter().next().unwrap_or_else(|| panic!("a file"));
        assert!(name.starts_with("01-n-U-202E"), "{name}: file-safe");
        let text = String::from_utf8_lossy(bytes);
        for raw in ['\u{1b}', '\u{7}', '\u{202e}'] {
            assert!(!text.contains(raw), "{format}: raw {raw:?}");
        }
        assert!(
            text.contains("⟨U+001B⟩"),
            "{format}: the input's ESC as a token"
        );
        assert!(
            text.contains("c⟨U+0007⟩⟨U+202E⟩d"),
            "{format}: the caption's tokens"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whitespace runs (a wrapped row's end and the next row's indent among them) as one space.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_shipped_caption_appears_whole_in_its_txt_export() {
    for deck_path in shipped_decks() {
        let deck = idbench::tui::present::Deck::load(&deck_path)
            .unwrap_or_else(|e| panic!("{}: {e:?}", deck_path.display()));
        let name = deck_path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let out = temp_dir(&format!("whole-{name}"));
        let (code, err) = replay(&deck_path, &out, "txt");
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(!err.contains("caption-cut"), "{name}: {err}");
        let got = files(&out);
        for step in &deck.steps {
            let f = format!(
                "{:02}-{}.txt",
                step.number,
                idbench::tui::present::deck::file_safe(&step.name)
            );
            let text = got
                .get(&f)
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_else(|| panic!("{name}: no {f}"));
            let rows: Vec<&str> = text.lines().collect();
            assert_eq!(rows.len(), usize::from(deck.size.1), "{name}/{f}");
            assert!(
                rows.iter()
                    .all(|r| r.chars().count() <= usize::from(deck.size.0)),
                "{name}/{f}"
            );
            let bar = rows
                .iter()
                .position(|r| r.starts_with(&format!(" {}/", step.number)))
                .unwrap_or_else(|| panic!("{name}/{f}: no caption bar:\n{text}"));
            let shown = squeeze(&rows[bar..].join("\n"));
            assert!(
                shown.contains(&squeeze(&step.caption)),
                "{name}/{f}: the caption {:?} is not whole in\n{text}",
                step.caption
            );
            assert!(!shown.contains('…'), "{name}/{f}: cut:\n{text}");
        }
        let _ = std::fs::remove_dir_all(&out);
    }
}

#[test]
fn a_caption_too_long_for_a_third_of_the_rows_is_cut_and_reported() {
    let dir = temp_dir("too-long");
    let deck = dir.join("deck.toml");
    let long = "a caption that goes on and on about the NSS ".repeat(40);
    std::fs::write(
        &deck,
        format!(
            "size = \"80x24\"\n[[step]]\nname = \"short\"\ninput = \"a:b\"\ncaption = \"fits\"\n[[step]]\nname = \"wordy\\u202e\"\ninput = \"a:c\"\ncaption = \"{long}\"\n"
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = dir.join("out");
    let (code, err) = replay(&deck, &out, "txt");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("warning[caption-cut]: step 2 \"wordy⟨U+202E⟩\": the caption needs"),
        "{err}"
    );
    assert!(
        err.contains("the bar holds 8 (a third of the deck's 24 rows)"),
        "{err}"
    );
    assert!(!err.contains("step 1"), "{err}");
    let got = files(&out);
    let text = got
        .get("02-wordy-U-202E.txt")
        .or_else(|| got.values().nth(1))
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .unwrap_or_default();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 24, "{text}");
    assert!(rows[16].starts_with(" 2/2 wordy"), "{text}");
    assert!(rows[23].ends_with('…'), "{text}");
    // `present` says so too, before it takes the screen (here it then refuses: no
    // terminal).
    let out = support::cli::run(&["present", &deck.display().to_string()], b"");
    let err = out.stderr;
    assert_eq!(out.code, Some(2), "{err}");
    assert!(
        err.contains("present: warning[caption-cut]: step 2 \"wordy⟨U+202E⟩\": the caption needs"),
        "{err}"
    );
    assert!(err.contains("present needs a terminal"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Replays the XRI deck to SVG; then, in the presenter `presenter` makes of the deck, goes
/// to step 2 and saves it with Ctrl-S `s` in a folder holding a link planted at
/// `idbench-screen-01.svg` when `plant`. Returns the file saved (at the first free number)
/// and the file replay wrote for step 2.
fn saved_and_replayed(
    tag: &str,
    plant: bool,
    presenter: impl FnOnce(idbench::tui::present::Deck) -> idbench::tui::present::show::Presenter,
) -> (String, String) {
    use idbench::tui::event::Event;
    let dir = temp_dir(tag);
    let deck_path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/decks/xri-cross-references.toml");
    let (code, err) = replay(&deck_path, &dir.join("replayed"), "svg");
    assert_eq!(code, Some(0), "{err}");
    let replayed = files(&dir.join("replayed"));
    let deck = idbench::tui::present::Deck::load(&deck_path).unwrap_or_else(|e| panic!("{e:?}"));
    let mut p = presenter(deck);
    let work = dir.join("cwd");
    std::fs::create_dir_all(&work).unwrap_or_else(|e| panic!("{e}"));
    if plant {
        std::os::unix::fs::symlink("/dev/null", work.join("idbench-screen-01.svg"))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    p.set_screen_dir(&work);
    p.handle(&Event::key(crossterm::event::KeyCode::Right));
    p.handle(&Event::ctrl('s'));
    p.handle(&Event::typed("s")[0].clone());
    let name = if plant {
        "idbench-screen-02.svg"
    } else {
        "idbench-screen-01.svg"
    };
    let saved = std::fs::read_to_string(work.join(name))
        .unwrap_or_else(|e| panic!("{:?}: {e}", p.message()));
    let second = replayed
        .iter()
        .find(|(n, _)| n.starts_with("02-"))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    (saved, second)
}

#[test]
fn the_presenters_ctrl_s_s_writes_the_slide_replay_writes_as_well_formed_xml() {
    use idbench::tui::present::show::Presenter;
    let (saved, second) = saved_and_replayed("present-save", true, |deck| {
        Presenter::new(deck).unwrap_or_else(|e| panic!("{e}"))
    });
    check_xml(&saved).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        saved, second,
        "the presented slide is the one replay writes"
    );
}

/// Under NO_COLOR the presenter shows the deck without colours, but a slide it saves is a
/// file: drawn in the deck's own colours, as `replay` draws it.
#[test]
fn a_slide_saved_while_the_screen_has_no_colours_is_saved_in_the_decks_colours() {
    use idbench::tui::present::show::Presenter;
    let colours = |p: &Presenter| {
        let b = p.slide_shown();
        b.content
            .iter()
            .filter(|c| c.fg != ratatui::style::Color::Reset)
            .count()
    };
    let (saved, second) = saved_and_replayed("present-save-no-color", false, |deck| {
        let coloured = Presenter::new(deck.clone()).unwrap_or_else(|e| panic!("{e}"));
        assert!(colours(&coloured) > 0, "the deck has colours");
        let mut shown = deck.clone();
        shown.theme_loaded = shown.theme_loaded.without_colors();
        let mut p = Presenter::new(shown).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(colours(&p), 0, "the screen has none");
        p.save_in_colour(deck);
        p
    });
    assert_eq!(
        saved, second,
        "saved in the deck's colours, as replay writes it"
    );
}

/// Issue 34 item 2: a step's grammar stays in the deck's folder unless the user passes
/// `--allow-outside-grammar` (`replay` and `present` alike), and a grammar that does not
/// read as ABNF is reported without its words, on stderr and in no exported file.
#[test]
fn a_deck_grammar_stays_in_its_folder_and_a_private_file_is_never_quoted() {
    let dir = temp_dir("outside");
    let home = dir.join("home");
    let decks = dir.join("decks");
    std::fs::create_dir_all(&home).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(decks.join("sub")).unwrap_or_else(|e| panic!("{e}"));
    let secret = home.join("credentials");
    std::fs::write(&secret, "password = s3cr3tvalue\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        home.join("good.abnf"),
        "thing = 1*%x61-7A \":\" 1*%x30-39\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink(&home, decks.join("sub/home")).unwrap_or_else(|e| panic!("{e}"));
    let deck_of = |grammar: &str, start: &str| {
        format!(
            "size = \"80x24\"\n[[step]]\nname = \"lab\"\ninput = \"abc:123\"\ngrammar = \"{}\"\nstart = \"{start}\"\n",
            grammar.replace('\\', "\\\\")
        )
    };
    let outside = [
        secret.display().to_string(),
        "../home/credentials".into(),
        "sub/../../home/credentials".into(),
        "sub/home/credentials".into(),
    ];
    for (i, g) in outside.iter().enumerate() {
        let deck = decks.join(format!("d{i}.toml"));
        std::fs::write(&deck, deck_of(g, "password")).unwrap_or_else(|e| panic!("{e}"));
        let out = dir.join(format!("out{i}"));
        let (code, err) = replay(&deck, &out, "txt");
        assert_eq!(code, Some(2), "{g}: {err}");
        assert!(err.contains("--allow-outside-grammar"), "{g}: {err}");
        assert!(!err.contains("s3cr3tvalue"), "{g}: {err}");
        // present reads the deck the same way, before it needs a terminal.
        let o = idbench()
            .arg("present")
            .arg(&deck)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let perr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{g}: {perr}");
        assert!(perr.contains("--allow-outside-grammar"), "{g}: {perr}");
        // Allowed, the file is read, and its words are still not quoted.
        for format in ["txt", "svg", "html"] {
            let o = idbench()
                .args(["replay", "--allow-outside-grammar"])
                .arg(&deck)
                .arg("--export")
                .arg(&out)
                .args(["--format", format])
                .output()
                .unwrap_or_else(|e| panic!("{e}"));
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{g}: {err}");
            assert!(err.contains("does not read as ABNF ("), "{g}: {err}");
            assert!(!err.contains("s3cr3tvalue"), "{g}: {err}");
            let stdout = String::from_utf8_lossy(&o.stdout);
            assert!(!stdout.contains("s3cr3tvalue"), "{g}: {stdout}");
            if out.exists() {
                for (name, bytes) in files(&out) {
                    let text = String::from_utf8_lossy(&bytes);
                    assert!(!text.contains("s3cr3tvalue"), "{name}");
                }
            }
        }
    }
    // Inside the folder: read, and not quoted either.
    std::fs::copy(&secret, decks.join("inside.abnf")).unwrap_or_else(|e| panic!("{e}"));
    let deck = decks.join("inside.toml");
    std::fs::write(&deck, deck_of("inside.abnf", "password")).unwrap_or_else(|e| panic!("{e}"));
    let (code, err) = replay(&deck, &dir.join("out-in"), "txt");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("does not read as ABNF ("), "{err}");
    assert!(!err.contains("s3cr3tvalue"), "{err}");
    // A good grammar outside replays with the flag.
    let deck = decks.join("good.toml");
    std::fs::write(&deck, deck_of("../home/good.abnf", "thing")).unwrap_or_else(|e| panic!("{e}"));
    let (code, _) = replay(&deck, &dir.join("out-good"), "txt");
    assert_eq!(code, Some(2));
    let o = idbench()
        .args(["replay", "--allow-outside-grammar"])
        .arg(&deck)
        .arg("--export")
        .arg(dir.join("out-good"))
        .args(["--format", "txt"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let txt = std::fs::read_to_string(dir.join("out-good/01-lab.txt")).unwrap_or_default();
    assert!(txt.contains("valid under lab"), "{txt}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A deck's `theme` file follows its grammars' rule: inside the deck's folder unless the
/// user passes `--allow-outside-grammar` (`replay` and `present` alike), and a file that is
/// not a valid theme is reported by a position and a general reason, never its words.
#[test]
fn a_deck_theme_stays_in_its_folder_and_a_private_file_is_never_quoted() {
    let dir = temp_dir("theme");
    let decks = dir.join("decks");
    std::fs::create_dir_all(&decks).unwrap_or_else(|e| panic!("{e}"));
    let private = [
        "password = \"s3cr3tvalue\"\n",
        "[slots]\nerror = \"s3cr3tvalue\"\n",
        "inherits = \"s3cr3tvalue\"\n",
        "name = \"t\"\n[kinds]\ns3cr3tvalue = \"red\"\n",
    ];
    std::fs::write(dir.join("secret.toml"), private[0]).unwrap_or_else(|e| panic!("{e}"));
    let deck_of =
        |theme: &str| format!("theme = \"{theme}\"\n[[step]]\nname = \"a\"\ninput = \"urn:a:b\"\n");
    // Every run of `replay` and `present` over `deck`: (exit code, stdout and stderr).
    let runs = |deck: &Path, allow: bool| -> Vec<(Option<i32>, String)> {
        let flag: &[&str] = if allow {
            &["--allow-outside-grammar"]
        } else {
            &[]
        };
        let replay = idbench()
            .arg("replay")
            .args(flag)
            .arg(deck)
            .arg("--export")
            .arg(dir.join("out"))
            .args(["--format", "txt"])
            .output();
        let present = idbench().arg("present").args(flag).arg(deck).output();
        [replay, present]
            .into_iter()
            .map(|o| {
                let o = o.unwrap_or_else(|e| panic!("{e}"));
                let text = format!(
                    "{}{}",
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                );
                (o.status.code(), text)
            })
            .collect()
    };
    // Outside the folder: refused before it is read, whatever it holds.
    let deck = decks.join("outside.toml");
    std::fs::write(&deck, deck_of("../secret.toml")).unwrap_or_else(|e| panic!("{e}"));
    for (code, text) in runs(&deck, false) {
        assert_eq!(code, Some(2), "{text}");
        assert!(
            text.contains("theme ../secret.toml: a `..` that leaves the folder"),
            "{text}"
        );
        assert!(text.contains("--allow-outside-grammar"), "{text}");
        assert!(!text.contains("s3cr3tvalue"), "{text}");
    }
    // Allowed, it is read, and still not quoted.
    for (code, text) in runs(&deck, true) {
        assert_eq!(code, Some(2), "{text}");
        assert!(text.contains("not a valid theme ("), "{text}");
        assert!(!text.contains("s3cr3tvalue"), "{text}");
        assert!(!text.contains("password"), "{text}");
    }
    // Inside the folder: read, and not quoted, whatever is wrong with it.
    let deck = decks.join("inside.toml");
    std::fs::write(&deck, deck_of("private.toml")).unwrap_or_else(|e| panic!("{e}"));
    for body in private {
        std::fs::write(decks.join("private.toml"), body).unwrap_or_else(|e| panic!("{e}"));
        for (code, text) in runs(&deck, false) {
            assert_eq!(code, Some(2), "{body}: {text}");
            assert!(
                text.contains("theme private.toml: not a valid theme ("),
                "{body}: {text}"
            );
            assert!(text.contains(" at line "), "{body}: {text}");
            assert!(!text.contains("s3cr3tvalue"), "{body}: {text}");
            assert!(!text.contains("password"), "{body}: {text}");
        }
    }
    // A good theme in the folder replays.
    std::fs::write(decks.join("private.toml"), "inherits = \"light\"\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let (code, err) = replay(&deck, &dir.join("out-good"), "txt");
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The names in `dir` that are temporary files (`NAME.tmp-PID-…`).
fn temps(dir: &Path) -> Vec<String> {
    files(dir)
        .into_keys()
        .filter(|n| n.contains(".tmp-"))
        .collect()
}

/// SIGTERM or SIGHUP while `replay --export` writes: the file being written is removed, no
/// temporary file is left, and the exit code is 128 + the signal (issue 34, item 14).
#[test]
fn a_signal_during_the_export_leaves_no_temporary_file_and_exits_128_plus_it() {
    use std::time::{Duration, Instant};
    for (sig, code) in [("-TERM", 143), ("-HUP", 129)] {
        let dir = temp_dir(&format!("signal{sig}"));
        let deck = dir.join("deck.toml");
        std::fs::write(
            &deck,
            "[[step]]\nname = \"one\"\ninput = \"urn:a:b\"\n[[step]]\nname = \"two\"\ninput = \"urn:a:c\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let out = dir.join("out");
        // The debug build's hook holds each temporary file (written, not yet renamed) until
        // the time is up or a signal comes.
        let mut child = idbench()
            .env("IDBENCH_TEST_STALL_EXPORT_MS", "20000")
            .arg("replay")
            .arg(&deck)
            .arg("--export")
            .arg(&out)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        let start = Instant::now();
        while !out.is_dir() || temps(&out).is_empty() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "no temporary file appeared"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        let pid = child.id().to_string();
        support::kill(sig, &pid);
        let end = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap_or_else(|e| panic!("{e}")) {
                break s;
            }
            if end.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                panic!("replay did not end after {sig}");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        assert_eq!(status.code(), Some(code), "{sig}: {status:?}");
        assert_eq!(temps(&out), Vec::<String>::new(), "{sig}");
        // The first file was being written: nothing is in its place.
        assert!(files(&out).is_empty(), "{sig}: {:?}", files(&out).keys());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Every `--export` error names the folder, escaped (issue 34, item 14).
#[test]
fn every_export_error_names_the_folder() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = temp_dir("export-errors");
    let deck = dir.join("deck.toml");
    std::fs::write(&deck, "[[step]]\nname = \"ok\"\ninput = \"a:b\"\n")
        .unwrap_or_else(|e| panic!("{e}"));
    // A folder whose parent cannot be made: a file is in the way.
    let file = dir.join("plain\u{1b}[31m");
    std::fs::write(&file, "").unwrap_or_else(|e| panic!("{e}"));
    let shown = format!("{}", dir.join("plain⟨U+001B⟩[31m").display());
    let (code, err) = replay(&deck, &file.join("sub"), "txt");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains(&format!("--export {shown}/sub: ")), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    // The folder itself is a file.
    let (code, err) = replay(&deck, &file, "txt");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!("--export {shown} is not a folder")),
        "{err}"
    );
    // A folder that cannot be written in (not as root, which can).
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap_or_else(|e| panic!("{e}"));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o500))
        .unwrap_or_else(|e| panic!("{e}"));
    if std::fs::write(locked.join("probe"), "").is_err() {
        let (code, err) = replay(&deck, &locked, "txt");
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains(&format!("--export {}: 01-ok.txt: ", locked.display())),
            "{err}"
        );
        // Its parent locked: the folder cannot be made in it.
        let (code, err) = replay(&deck, &locked.join("new"), "txt");
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains(&format!("--export {}: ", locked.join("new").display())),
            "{err}"
        );
    }
    let _ = std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o700));
    let _ = std::fs::remove_dir_all(&dir);
}
