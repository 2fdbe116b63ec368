//! Prints the component tree and the diagnostics of an identifier through the library API.
//!
//! ```sh
//! cargo run --example explain -- 'urn:ISBN:0451450523?s=I2L&c=ToC'
//! cargo run --example explain -- --profile xri2 '=drummond*reed'
//! ```

use idbench::engine::{Options, Profile, Severity, analyze};
use idbench::safe_text::escape;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut profile = None;
    let mut ids = Vec::new();
    while let Some(a) = args.next() {
        if a == "--profile" {
            match args.next().as_deref().map(str::parse::<Profile>) {
                Some(Ok(p)) => profile = Some(p),
                Some(Err(e)) => return eprintln!("{e}"),
                None => return eprintln!("--profile needs a name"),
            }
        } else {
            ids.push(a);
        }
    }
    if ids.is_empty() {
        eprintln!("usage: explain [--profile NAME] ID...");
        std::process::exit(2);
    }
    for id in ids {
        let analysis = analyze(
            &id,
            &Options {
                profile,
                ..Options::default()
            },
        );
        println!(
            "{}  [{}: {}]",
            escape(&id),
            analysis.profile,
            analysis.profile_reason
        );
        // The tree is flat and in preorder: depth gives the indentation.
        for node in analysis.tree.iter() {
            let attrs: Vec<String> = node
                .attrs()
                .iter()
                .map(|a| format!("{}={}", a.key, a.value))
                .collect();
            println!(
                "{:indent$}{} <{}> {} {:?} {}",
                "",
                node.kind(),
                node.rule(),
                node.span(),
                escape(node.text(&id)),
                attrs.join(" "),
                indent = 2 * node.depth()
            );
        }
        for d in &analysis.diagnostics {
            let mark = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            };
            println!(
                "{mark} [{}] at {}: {} ({})",
                d.code,
                d.span,
                escape(&d.message),
                d.spec
            );
        }
        for v in &analysis.verdicts {
            println!("  {:<10} {:?}", v.profile.name(), v.status);
        }
        if let Some(forms) = &analysis.forms {
            for (name, value) in forms.rows() {
                println!("  {name:<16} {}", escape(value));
            }
        }
    }
}
