//! The engine's shape, checked on its source: no global mutable state.
//!
//! The engine is a function of its input (`analyze(input, options) -> Analysis`); a
//! `static` that can change after it is built (a `Mutex`, an `RwLock`, a `Cell`, an atomic,
//! a `thread_local!`, a `static mut`) would make an answer depend on what ran before. What
//! is allowed is an immutable table built once: a plain `static`, or a `LazyLock` /
//! `OnceLock` of a value with no interior mutability.

use std::path::{Path, PathBuf};

/// Global mutable state allowed for now: `(file under src/engine/, name)`. The grammar lab's
/// grammar is an input of the analysis (`engine::analyze_in`), its parse part of the
/// `Analysis`, and a comparison counts its own parses (`Verdict::parses`); the namespace
/// layer's lazy-DFA caches are a scratch value the caller passes
/// (`namespaces::LayerScratch`), and so are the URI scheme layer's
/// (`schemes::LayerScratch`). None remains.
const KNOWN: &[(&str, &str)] = &[];

/// Type names that make a `static` mutable after it is built.
const MUTABLE: &[&str] = &["Mutex", "RwLock", "Cell", "RefCell", "UnsafeCell"];

/// A `static` that can change after it is built: its name (or `thread_local!`) and why.
#[derive(Debug, PartialEq)]
struct Finding {
    name: String,
    why: String,
}

/// The text with comments removed and string contents emptied, so that a word in a doc
/// comment or a message does not count.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
            continue;
        }
        if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
            continue;
        }
        // Copy one character (the source is UTF-8; find its end).
        let mut j = i + 1;
        while j < b.len() && !text.is_char_boundary(j) {
            j += 1;
        }
        out.push_str(&text[i..j]);
        i = j;
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every occurrence of `word` in `s` as a whole word (not part of a longer identifier).
fn word_at(s: &str, word: &str) -> Vec<usize> {
    s.match_indices(word)
        .filter(|(i, _)| {
            let before = s[..*i].chars().next_back().is_none_or(|c| !is_word(c));
            let after = s[i + word.len()..]
                .chars()
                .next()
                .is_none_or(|c| !is_word(c));
            before && after
        })
        .map(|(i, _)| i)
        .collect()
}

/// The `static` items of `text` that can change after they are built.
fn mutable_statics(text: &str) -> Vec<Finding> {
    let code = code_only(text);
    let mut found = Vec::new();
    for at in word_at(&code, "thread_local") {
        if code[at + "thread_local".len()..].starts_with('!') {
            found.push(Finding {
                name: "thread_local!".into(),
                why: "a thread-local".into(),
            });
        }
    }
    for at in word_at(&code, "static") {
        let rest = code[at + "static".len()..].trim_start();
        // `&'static str` and `T: 'static` are lifetimes, not items.
        if code[..at].ends_with('\'') {
            continue;
        }
        let (is_mut, rest) = match rest.strip_prefix("mut ") {
            Some(r) => (true, r.trim_start()),
            None => (false, rest),
        };
        let name: String = rest.chars().take_while(|&c| is_word(c)).collect();
        let after = rest[name.len()..].trim_start();
        let Some(ty) = after.strip_prefix(':') else {
            continue;
        };
        // The type runs to the `=` of the initializer.
        let ty = ty.split('=').next().unwrap_or("");
        if is_mut {
            found.push(Finding {
                name,
                why: "a static mut".into(),
            });
            continue;
        }
        let bad: Vec<&str> = MUTABLE
            .iter()
            .copied()
            .filter(|w| !word_at(ty, w).is_empty())
            .chain(
                ty.split(|c: char| !is_word(c))
                    .find(|t| t.starts_with("Atomic")),
            )
            .collect();
        if !bad.is_empty() {
            found.push(Finding {
                name,
                why: format!("its type holds {}", bad[0]),
            });
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_engine_keeps_no_global_mutable_state() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(
        files.len() > 50,
        "src/engine/ not found at {}",
        root.display()
    );
    let mut new = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for found in mutable_statics(&text) {
            if KNOWN.contains(&(rel.as_str(), found.name.as_str())) {
                continue;
            }
            new.push(format!("src/engine/{rel}: {} ({})", found.name, found.why));
        }
    }
    assert!(
        new.is_empty(),
        "global mutable state in the engine (make it a value the analysis carries, or an \
         immutable table built once):\n{}",
        new.join("\n")
    );
}

#[test]
fn the_scan_finds_each_kind_and_spares_tables() {
    let src = r#"
        static TABLE: [u8; 2] = [1, 2];
        pub static BUILT: LazyLock<Vec<Profile>> = LazyLock::new(Vec::new);
        static CELLS: [OnceLock<Grammar>; 3] = [const { OnceLock::new() }; 3];
        fn f(s: &'static str) -> &'static str { s }
        // static COMMENTED: Mutex<u8> = Mutex::new(0);
        const MSG: &str = "static QUOTED: Mutex<u8>";
        static REGISTRY: RwLock<Vec<u8>> = RwLock::new(Vec::new());
        pub(crate) static INTERNER: LazyLock<Mutex<Interner>> = LazyLock::new(Default::default);
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        static mut RAW: u8 = 0;
        fn g() {
            static INSIDE: std::sync::Mutex<u8> = std::sync::Mutex::new(0);
        }
        thread_local! {
            static PARSES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        }
    "#;
    let names: Vec<String> = mutable_statics(src).into_iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        [
            "thread_local!",
            "REGISTRY",
            "INTERNER",
            "COUNT",
            "RAW",
            "INSIDE",
            "PARSES"
        ]
    );
}
