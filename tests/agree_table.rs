//! The conformance table of `check --agree` (`tests/data/agree/conformance.toml`): each row's
//! readings and first disagreement under `whatwg,rfc3986`, and under
//! `whatwg,rfc3986,rfc2396` when idbench has the rfc2396 profile; and no false alarm on
//! ordinary URLs (`tests/data/agree/ordinary.txt`, the clean half of the benchmark's mixed
//! URL set: `scripts/agree-corpus.sh` runs the whole).

use idbench::engine::Profile;
use idbench::engine::agree::{Agreement, Component, agree};

mod support;
use support::cli::run;

const TABLE: &str = include_str!("data/agree/conformance.toml");
const ORDINARY: &str = include_str!("data/agree/ordinary.txt");

#[derive(serde::Deserialize)]
struct Table {
    row: Vec<Row>,
}

#[derive(serde::Deserialize)]
struct Row {
    input: String,
    source: String,
    agree: bool,
    component: Option<String>,
    class: Option<String>,
    agree3: Option<bool>,
    component3: Option<String>,
    class3: Option<String>,
    whatwg: Cell,
    rfc3986: Cell,
    rfc2396: Option<Cell>,
}

/// One profile's expected reading: its host (`false`: none), or that it rejects the
/// input; and why (the sections).
#[derive(serde::Deserialize)]
struct Cell {
    host: Option<toml::Value>,
    #[serde(default)]
    rejects: bool,
    why: String,
}

fn table() -> Vec<Row> {
    toml::from_str::<Table>(TABLE)
        .expect("the table parses")
        .row
}

/// The mismatches of one row's reading under `profile` against its cell.
fn check_cell(row: &Row, a: &Agreement, profile: Profile, cell: &Cell, bad: &mut Vec<String>) {
    let Some(r) = a.readings.iter().find(|r| r.profile == profile) else {
        bad.push(format!("{:?}: no reading under {profile}", row.input));
        return;
    };
    let name = profile.name();
    assert!(
        cell.why.contains('§'),
        "{:?}: {name}'s why cites no section",
        row.input
    );
    let got = r.host.as_deref();
    match (&cell.host, cell.rejects) {
        (None, true) => {
            if r.accepted {
                bad.push(format!(
                    "{:?}: {name} should reject it, reads host {got:?}",
                    row.input
                ));
            }
        }
        (Some(toml::Value::Boolean(false)), false) => {
            if !r.accepted || got.is_some() {
                bad.push(format!(
                    "{:?}: {name} should accept it with no host, reads {got:?} (accepted {}, {:?})",
                    row.input, r.accepted, r.error
                ));
            }
        }
        (Some(toml::Value::String(h)), false) => {
            if got != Some(h.as_str()) {
                bad.push(format!(
                    "{:?}: {name} should read host {h:?}, reads {got:?} ({:?})",
                    row.input, r.error
                ));
            }
        }
        _ => bad.push(format!(
            "{:?}: {name}'s cell needs one of host = \"...\", host = false, rejects = true",
            row.input
        )),
    }
}

fn check_first(
    row: &Row,
    a: &Agreement,
    (agree, component, class): (bool, Option<&str>, Option<&str>),
    what: &str,
    bad: &mut Vec<String>,
) {
    if a.agree() != agree {
        bad.push(format!(
            "{:?} under {what}: agree should be {agree}, is {} ({:?})",
            row.input,
            a.agree(),
            a.first()
        ));
        return;
    }
    if let Some(d) = a.first() {
        let got = (Some(d.component.name()), Some(d.class.name()));
        if got != (component, class) {
            bad.push(format!(
                "{:?} under {what}: first disagreement should be {component:?} {class:?}, is {got:?} ({})",
                row.input, d.why
            ));
        }
    }
}

#[test]
fn the_table_has_forty_rows_from_the_three_sources() {
    let rows = table();
    assert!(rows.len() >= 40, "{} rows", rows.len());
    for source in ["Exploiting URL Parsing Confusion", "OWASP", "URL Standard"] {
        assert!(
            rows.iter().any(|r| r.source.contains(source)),
            "no row from {source}"
        );
    }
    // Every class but `reg-name` (rfc2396's) shows up in the pair's column.
    for class in idbench::engine::agree::Class::ALL {
        if class.name() == "reg-name" {
            continue;
        }
        assert!(
            rows.iter()
                .any(|r| r.class.as_deref() == Some(class.name())),
            "no row of class {}",
            class.name()
        );
    }
}

#[test]
fn whatwg_and_rfc3986_read_each_row_as_the_table_says() {
    let pair = [Profile::Whatwg, Profile::Rfc3986];
    let mut bad = Vec::new();
    for row in table() {
        let a = agree(&row.input, &pair);
        check_cell(&row, &a, Profile::Whatwg, &row.whatwg, &mut bad);
        check_cell(&row, &a, Profile::Rfc3986, &row.rfc3986, &mut bad);
        check_first(
            &row,
            &a,
            (row.agree, row.component.as_deref(), row.class.as_deref()),
            "whatwg,rfc3986",
            &mut bad,
        );
        if let Some(d) = a.first() {
            assert!(!d.why.is_empty());
            assert!(d.readings.len() == 2);
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_rfc2396_column_when_idbench_has_the_profile() {
    let Some(rfc2396) = Profile::from_name("rfc2396") else {
        println!(
            "skipped: idbench has no rfc2396 profile in this build; its column is not checked"
        );
        return;
    };
    let three = [Profile::Whatwg, Profile::Rfc3986, rfc2396];
    let mut bad = Vec::new();
    for row in table() {
        let Some(cell) = &row.rfc2396 else { continue };
        let a = agree(&row.input, &three);
        check_cell(&row, &a, rfc2396, cell, &mut bad);
        let expected = (
            row.agree3.unwrap_or(row.agree),
            row.component3.as_deref().or(row.component.as_deref()),
            row.class3.as_deref().or(row.class.as_deref()),
        );
        check_first(&row, &a, expected, "whatwg,rfc3986,rfc2396", &mut bad);
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The command line says what the engine says, row for row (the inputs without a newline).
#[test]
fn check_agree_prints_the_tables_verdicts() {
    let rows: Vec<Row> = table()
        .into_iter()
        .filter(|r| !r.input.contains(['\n', '\r']) && !r.input.is_empty())
        .collect();
    let mut stdin = String::new();
    for r in &rows {
        stdin.push_str(&r.input);
        stdin.push('\n');
    }
    let out = run(
        &["check", "--agree", "whatwg,rfc3986", "--format", "json"],
        stdin.as_bytes(),
    );
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let text = out.text();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), rows.len());
    for (row, line) in rows.iter().zip(&lines) {
        assert_eq!(line["agree"], row.agree, "{:?}: {line}", row.input);
        if let Some(class) = &row.class {
            assert_eq!(line["disagreements"][0]["class"], class.as_str(), "{line}");
        }
    }
}

#[test]
fn no_false_alarm_on_ordinary_urls() {
    let pair = [Profile::Whatwg, Profile::Rfc3986];
    let mut lines = 0;
    let mut alarms = Vec::new();
    for line in ORDINARY.lines().filter(|l| !l.is_empty()) {
        lines += 1;
        let a = agree(line, &pair);
        if let Some(d) = a.first() {
            alarms.push(format!(
                "{line}: {} {} ({})",
                d.component.name(),
                d.class.name(),
                d.why
            ));
        }
    }
    assert!(lines >= 1000, "{lines} lines");
    assert!(
        alarms.is_empty(),
        "{} alarms:\n{}",
        alarms.len(),
        alarms.join("\n")
    );
    // The host of an ordinary URL is read by both.
    let a = agree("https://docs.example.co.uk:8443/api/v1?q=1#x", &pair);
    assert!(a.agree());
    assert_eq!(a.readings[0].get(Component::Port), Some("8443"));
}
