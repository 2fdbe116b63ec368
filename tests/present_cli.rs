//! `idbench present`: a bad deck is reported (step named, escaped) before the terminal is
//! touched; without a terminal it says where to go instead.

mod support;

/// A private scratch folder for one test, removed when it ends.
fn temp_dir(tag: &str) -> support::scratch::Scratch {
    support::scratch::Scratch::new(&format!("present-{tag}"))
}

#[test]
fn present_reports_bad_decks_and_needs_a_terminal() {
    let dir = temp_dir("cli");
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "[[step]]\nname = \"x\\u202e\"\nhighlight = \"nowhere\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = support::cli::run(&["present", &bad.display().to_string()], b"");
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("step 1 \"x⟨U+202E⟩\": highlight \"nowhere\": not a node kind"),
        "{}",
        out.stderr
    );
    let missing = dir.join("missing.toml");
    let out = support::cli::run(&["present", &missing.display().to_string()], b"");
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("missing.toml"), "{}", out.stderr);
    let good = dir.join("good.toml");
    std::fs::write(&good, "[[step]]\nname = \"ok\"\ninput = \"a:b\"\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let out = support::cli::run(&["present", &good.display().to_string()], b"");
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("present needs a terminal"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("idbench replay"), "{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
