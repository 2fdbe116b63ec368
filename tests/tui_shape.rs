//! The workbench's shape (issue 35): the model imports no ratatui type and no pane, no
//! view runs the engine to choose a profile, no import circle between the app, the panes
//! and the presenter, and no function in `src/tui/` over 250 lines.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn tui() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui")
}

/// A file's code before its tests, without comment lines.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end]
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_model_names_no_ratatui_type_no_pane_and_no_app() {
    let m = code(&tui().join("model.rs"));
    for word in ["ratatui", "panes", "tui::app", "super::app"] {
        assert!(!m.contains(word), "model.rs names {word}");
    }
}

#[test]
fn the_app_keeps_no_second_model() {
    let app = code(&tui().join("app.rs"));
    for word in [
        "standards::compare",
        "engine::standards",
        "engine::first_error",
        "engine::analyze",
        "cases::run",
        "cases::load",
    ] {
        assert!(!app.contains(word), "app.rs computes {word} itself");
    }
}

#[test]
fn the_examples_picker_runs_no_engine() {
    let e = code(&tui().join("panes/examples.rs"));
    for word in ["first_error", "analyze(", "engine::validate"] {
        assert!(!e.contains(word), "panes/examples.rs calls {word}");
    }
}

#[test]
fn no_circle_between_the_app_the_panes_and_the_presenter() {
    let mut all = Vec::new();
    files(&tui().join("panes"), &mut all);
    for p in &all {
        let c = code(p);
        for word in [
            "tui::app",
            "super::super::app",
            "tui::present",
            "super::super::present",
        ] {
            assert!(!c.contains(word), "{} names {word}", p.display());
        }
    }
    for file in ["app.rs", "model.rs"] {
        let c = code(&tui().join(file));
        for word in ["tui::present", "super::present", "present::"] {
            assert!(!c.contains(word), "{file} names the presenter ({word})");
        }
    }
}

/// Each `fn` item's lines, from its signature to the closing brace at its indentation.
fn function_lengths(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        let t = l.trim_start();
        let ind = &l[..l.len() - t.len()];
        let t = t
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ")
            .trim_start_matches("const ");
        if let Some(rest) = t.strip_prefix("fn ") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // The body's opening brace ends a line of the signature; a `;` means no body.
            let mut j = i;
            while j < lines.len()
                && !lines[j].trim_end().ends_with('{')
                && !lines[j].trim_end().ends_with(';')
            {
                j += 1;
            }
            if j < lines.len() && lines[j].trim_end().ends_with('{') {
                let close = format!("{ind}}}");
                let mut k = j + 1;
                while k < lines.len() && lines[k] != close {
                    k += 1;
                }
                out.push((name, i + 1, k - i + 1));
                i = k + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

#[test]
fn no_function_in_the_workbench_is_over_250_lines() {
    let mut all = Vec::new();
    files(&tui(), &mut all);
    assert!(all.len() > 30, "{all:?}");
    let mut long = Vec::new();
    for p in &all {
        let text = std::fs::read_to_string(p).unwrap_or_default();
        for (name, line, n) in function_lengths(&text) {
            if n > 250 {
                long.push(format!("{}:{line} {name}: {n} lines", p.display()));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
    // The counter counts: a function of 300 lines is found.
    let body = "    let x = 1;\n".repeat(300);
    let f = format!("fn big() {{\n{body}}}\n");
    assert_eq!(function_lengths(&f), vec![("big".to_string(), 1, 302)]);
}
