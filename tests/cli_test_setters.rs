//! `idbench test` on the web-platform-tests setters shape (`setters_tests.json`): every case
//! through the URL Standard's setters, a wrong expectation reported at its line.

mod support;

use support::cli::run;

const SETTERS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/whatwg/setters_tests.json"
);

#[test]
fn setters_tests_pass_through_idbench_test() {
    let o = run(&["test", SETTERS], b"");
    assert_eq!(o.code, Some(0), "{}{}", o.text(), o.stderr);
    assert_eq!(o.stderr, "278 cases, 278 passed, 0 failed\n");
    assert_eq!(o.text(), "");
    let o = run(&["test", SETTERS, "--format", "json"], b"");
    let v: serde_json::Value = serde_json::from_str(&o.text()).expect("JSON");
    assert_eq!(v["cases"], 278);
    assert_eq!(v["failed"], 0);
}

#[test]
fn a_setters_case_that_disagrees_fails_at_its_line_naming_the_setter() {
    let d = support::scratch::dir("setters");
    let f = d.join("s.json");
    std::fs::write(
        &f,
        "{\n  \"comment\": [\"x\"],\n  \"port\": [\n    {\"href\": \"http://a/\", \"new_value\": \"81x\", \"expected\": {\"port\": \"81\"}},\n    {\"href\": \"http://a/\", \"new_value\": \"8\\u001b[31m\", \"expected\": {\"port\": \"9\"}}\n  ]\n}\n",
    )
    .expect("write");
    let path = f.display().to_string();
    let o = run(&["test", &path], b"");
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert_eq!(o.stderr, "2 cases, 1 passed, 1 failed\n");
    let text = o.text();
    assert!(
        text.contains(":5: case 2 http://a/: port after port = \"8"),
        "{text}"
    );
    assert!(text.ends_with(": expected 9, got 8\n"), "{text}");
    // The value's escape character is shown as a token, never written raw.
    assert!(!text.contains('\u{1b}'), "{text:?}");
    // A malformed file says where.
    std::fs::write(&f, "{\n\"port\": [\n{\"href\": \"http://a/\"}\n]\n}\n").expect("write");
    let o = run(&["test", &path], b"");
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr
            .contains("s.json:3:1: a setters case needs `new_value`"),
        "{}",
        o.stderr
    );
    let _ = std::fs::remove_dir_all(&d);
}
