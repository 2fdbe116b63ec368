//! The engine keeps no global mutable state: no `static` holding a lock, a cell or an
//! atomic, no `static mut`, no `thread_local!` anywhere under `src/engine/`. Immutable
//! tables built once (`static`, `OnceLock`, `LazyLock` of plain data) are fine. The grammar
//! lab's grammar is an input of the analysis (`engine::analyze_in`), its parse part of the
//! `Analysis`, and a comparison counts its own parses (`Verdict::parses`).

use std::path::Path;

/// Types that make a `static` mutable from safe code.
const MUTABLE: [&str; 6] = ["Mutex", "RwLock", "Cell", "Atomic", "RefCell", "UnsafeCell"];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The global mutable state declared in `text`: each offending declaration's line.
fn globals(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    // Comments out: a doc may name what it avoids.
    let code: Vec<&str> = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    let joined = code.join("\n");
    for (i, line) in code.iter().enumerate() {
        let t = line.trim_start();
        if t.contains("thread_local!") || t.contains("static mut ") {
            found.push(format!("{}: {t}", i + 1));
            continue;
        }
        let is_static = t.starts_with("static ")
            || t.starts_with("pub static ")
            || t.starts_with("pub(crate) static ")
            || t.starts_with("pub(super) static ");
        if !is_static {
            continue;
        }
        // The declaration's type: from the line to its `=` (a type may span lines).
        let at: usize = code[..i].iter().map(|l| l.len() + 1).sum();
        let rest = &joined[at..];
        let decl = rest.split('=').next().unwrap_or(rest);
        if MUTABLE.iter().any(|m| decl.contains(m)) {
            found.push(format!("{}: {}", i + 1, decl.trim()));
        }
    }
    found
}

#[test]
fn the_engine_has_no_global_mutable_state() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine"),
        &mut files,
    );
    assert!(files.len() > 50, "the engine's files are found: {files:?}");
    let mut all = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for g in globals(&text) {
            all.push(format!("{}:{g}", f.display()));
        }
    }
    assert!(all.is_empty(), "global mutable state:\n{}", all.join("\n"));
}

#[test]
fn the_check_sees_what_it_looks_for() {
    let bad = "static A: Mutex<Vec<u8>> = Mutex::new(Vec::new());\n\
               pub static B: LazyLock<RwLock<u8>> = LazyLock::new(|| RwLock::new(0));\n\
               thread_local! { static C: Cell<u8> = Cell::new(0); }\n\
               static D:\n    std::sync::atomic::AtomicU64 = AtomicU64::new(0);\n";
    assert_eq!(globals(bad).len(), 4, "{:?}", globals(bad));
    let fine = "static T: &[u8] = &[1];\nstatic L: LazyLock<Vec<u8>> = LazyLock::new(Vec::new);\n\
                // static M: Mutex<u8> (a comment)\nstruct S { c: std::cell::Cell<u8> }\n";
    assert!(globals(fine).is_empty(), "{:?}", globals(fine));
}
