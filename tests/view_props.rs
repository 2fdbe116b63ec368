//! Random views through every share path (issue 37): the command line (parsed back by the
//! real clap parser of `idbench tui`), the query form, the case file, the deck step and the
//! report's "Reopen this view" command (run through a POSIX shell and parsed back), each
//! reopened in the workbench, give the same view, and with it the same analysis, verdicts,
//! ladder and selection (the text report holds the analysis, every profile's verdict, the
//! comparison and its ladder).

use std::process::Command;

use idbench::cli::{Command as Sub, parse_args};
use idbench::engine::Profile;
use idbench::report::ReportFormat;
use idbench::tui::app::{App, AppConfig};
use idbench::view::{Layers, Selection, SideForm, View};
use proptest::prelude::*;

const A: [&str; 10] = [
    "urn:ISBN:0-451-45052-3",
    "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
    "http://Example.COM/a/./b?q#f",
    "xri://=a*b",
    "../g?y",
    "-x",
    "it's a test",
    "urn:example:a?+b",
    "http://ü.example/ä",
    "mailto:a@b",
];
const B: [&str; 5] = [
    "urn:isbn:0-451-45052-3",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    "http://example.com/a/b",
    "xri://=A*B",
    "--help",
];
const BASES: [&str; 2] = ["http://a/b/c/d;p?q", "urn:a:b"];

/// The workbench opened on `v`, as `idbench tui` opens it (without the user's config).
fn open(v: &View) -> App {
    let p = v.parsed_profile().expect("a known profile");
    App::new(AppConfig {
        input: v.a.clone(),
        with: v.b.clone(),
        base: v.base.clone(),
        profile: p,
        compare: v.compare_options(p),
        namespace: v.layers.namespaces,
        scheme_spec: v.layers.schemes,
        selection: v.selection.clone(),
        focus: v.focus.clone(),
        ..AppConfig::default()
    })
}

/// What a reopened view must give again: the view, the text report (analysis, verdicts,
/// comparison and ladder) and the selected node of each side.
fn seen(app: &App) -> (View, String, [usize; 2]) {
    (
        app.view(),
        app.share_text(Some(ReportFormat::Text)),
        [app.selected_node(0), app.selected_node(1)],
    )
}

/// `idbench ARGS` read by the real clap parser, as `idbench tui` reads it.
fn parsed(args: &[String]) -> View {
    let mut all = vec!["idbench".to_string()];
    all.extend(args.iter().cloned());
    let cli = match parse_args(all.iter().map(Into::into).collect()) {
        Ok(cli) => cli,
        Err(code) => panic!("refused ({code:?}): {all:?}"),
    };
    match cli.command {
        Some(Sub::Tui(t)) => t.to_view(),
        _ => panic!("not the tui command: {all:?}"),
    }
}

fn sh_available() -> bool {
    Command::new("sh")
        .args(["-c", "true"])
        .status()
        .is_ok_and(|s| s.success())
}

/// The arguments the text report's "Reopen this view" command gives `idbench` in `sh`.
fn reopen_words(report: &str) -> Vec<String> {
    let cmd: Vec<&str> = report
        .lines()
        .skip_while(|l| *l != "Reopen this view:")
        .skip(1)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(!cmd.is_empty(), "no reopen command:\n{report}");
    let script = format!("idbench() {{ printf '%s\\0' \"$@\"; }}\n{}", cmd.join("\n"));
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .output()
        .expect("run sh");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .split_terminator('\0')
        .map(str::to_string)
        .collect()
}

/// A random view, without its selection (chosen on the tree, below): the shape (one
/// input, a pair, a base), the inputs, the profile, the layer, the compare options, and
/// a node and whether a pane has the keyboard.
fn views() -> impl Strategy<Value = (View, usize, bool)> {
    (
        0usize..3,
        0..A.len(),
        0..B.len(),
        0..BASES.len(),
        0..=Profile::ALL.len(),
        (any::<bool>(), any::<bool>()),
        (any::<bool>(), any::<bool>(), 0u8..3, 0u8..3),
        any::<usize>(),
        any::<bool>(),
    )
        .prop_map(
            |(shape, a, b, base, p, (ns, sch), (cache, dollar, af, bf), node, focused)| {
                let form = |f: u8| match f {
                    0 => SideForm::AsIs,
                    1 => SideForm::Iri,
                    _ => SideForm::Uri,
                };
                let v = View {
                    a: A[a].into(),
                    b: (shape == 1).then(|| B[b].to_string()),
                    base: (shape == 2).then(|| BASES[base].to_string()),
                    profile: p.checked_sub(1).map(|i| Profile::ALL[i].name().to_string()),
                    layers: Layers {
                        namespaces: ns,
                        schemes: sch,
                    },
                    cache_objective: cache,
                    ignore_dollar: dollar,
                    a_form: form(af),
                    b_form: form(bf),
                    ..View::default()
                };
                (v, node, focused)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn every_share_path_reopens_the_same_view((mut v, node, focused) in views()) {
        // The selection is a node of the tree the view shows, with a pane focused (while
        // an input line has the keyboard the selection follows its cursor).
        if focused {
            let first = open(&v);
            let tree = &first.analysis(0).tree;
            let path = idbench::tui::model::path_of(tree, node % tree.len())
                .expect("a node of the tree");
            v.focus = Some(if v.b.is_some() { "ladder" } else { "tree" }.into());
            v.selection = Some(Selection { side: 0, path });
        }
        let app = open(&v);
        let want = seen(&app);
        prop_assert_eq!(&want.0, &v, "the workbench shows the view it was given");

        // The command line, through `idbench tui`'s own parser.
        let from_args = parsed(&v.to_args());
        prop_assert_eq!(&from_args, &v);
        prop_assert_eq!(seen(&open(&from_args)), want.clone());

        // The query form.
        let from_query = View::from_query(&v.to_query()).expect("reads back");
        prop_assert_eq!(&from_query, &v);
        prop_assert_eq!(seen(&open(&from_query)), want.clone());

        // The case file: written, read back with the same layer and compare options, and
        // passing (the engine answers as the view showed).
        let case = app.view_case().expect("a case");
        let text = idbench::cases::to_toml(&case);
        let read = idbench::cases::parse_toml(
            &text,
            "saved.toml",
            std::path::Path::new("."),
            idbench::cases::GrammarPaths::Inside,
        )
        .expect("reads back");
        prop_assert_eq!(read.len(), 1);
        prop_assert_eq!(read[0].expect.namespaces, (!v.layers.namespaces).then_some(false));
        let mut compared = v.clone();
        compared.set_compare_options(&read[0].expect.compare);
        prop_assert_eq!(&compared, &v);
        let failures = idbench::cases::run(&read[0], None);
        prop_assert!(failures.is_empty(), "{text}\n{failures:?}");

        // A deck step that sets the view.
        let deck_text = format!("[[step]]\nview = {:?}\n", v.to_query());
        let deck = idbench::tui::present::Deck::parse(&deck_text, std::path::Path::new("."))
            .expect("a deck");
        prop_assert_eq!(&deck.steps[0].view, &v);
        let slide = idbench::tui::present::render::step_app(&deck, &deck.steps[0])
            .expect("replays");
        prop_assert_eq!(seen(&slide), want.clone());

        // The report's reopen command, pasted into a shell.
        if sh_available() {
            let words = reopen_words(&want.1);
            prop_assert_eq!(&parsed(&words), &v, "{:?}", words);
        }
    }
}
