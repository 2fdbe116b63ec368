//! `idbench rule`: the grammar reference ([`crate::engine::rules`]) on the command line.

use std::fmt::Write as _;
use std::io::Write as _;

use clap::Args;
use serde_json::{Value, json};

use super::{Format, ProfileArg, emit};
use crate::engine::Profile;
use crate::engine::rules::{self, Production};
use crate::safe_text::escape;

/// `idbench rule`.
#[derive(Args, Debug)]
pub struct RuleArgs {
    /// The rule's name (`IPv6address`, `NSS`, `<NID>`); with none, every rule is listed.
    pub name: Option<String>,
    /// The profile whose grammar to read: auto (the default) looks in every profile's;
    /// or one of rfc3986, rfc3987, rfc1630, rfc2141, rfc2141bis, rfc8141, xri2.
    #[arg(long, short, default_value = "auto", hide_possible_values = true)]
    pub profile: ProfileArg,
    /// text (for people) or json (one object per rule, or per profile's list, a line).
    #[arg(long, short, value_enum, default_value_t = Format::Text, hide_possible_values = true)]
    pub format: Format,
}

/// The JSON object of one production.
pub fn production_json(profile: Profile, p: &Production) -> Value {
    json!({
        "profile": profile.name(),
        "name": p.name,
        "source": p.source,
        "section": p.section,
        "printed": p.printed,
        "reading": p.reading,
        "note": p.note,
        "alternatives": p.alternatives,
        "uses": p.uses,
        "used_by": p.used_by,
    })
}

/// The text rendering of one production.
pub fn production_text(profile: Profile, p: &Production) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}  ({}: {})", p.name, profile.name(), p.citation());
    let indent = |t: &str| t.lines().map(|l| format!("    {l}\n")).collect::<String>();
    match p.reading {
        Some(r) => {
            let _ = write!(s, "  printed:\n{}", indent(p.printed));
            let _ = write!(s, "  our reading:\n{}", indent(r));
        }
        None => {
            let _ = write!(s, "{}", indent(p.printed));
        }
    }
    if let Some(n) = p.note {
        let _ = writeln!(s, "  note: {n}");
    }
    if p.alternatives.len() > 1 {
        let _ = writeln!(s, "  alternatives:");
        for (i, a) in p.alternatives.iter().enumerate() {
            let _ = writeln!(s, "    {}. {}", i + 1, a);
        }
    }
    let list = |v: &[&str]| {
        if v.is_empty() {
            "(none)".to_string()
        } else {
            v.join(", ")
        }
    };
    let _ = writeln!(s, "  uses: {}", list(&p.uses));
    let _ = writeln!(s, "  used by: {}", list(&p.used_by));
    s
}

pub(super) fn run(args: &RuleArgs) -> std::io::Result<u8> {
    let profiles: Vec<Profile> = match args.profile.0 {
        Some(p) => vec![p],
        None => Profile::ALL.to_vec(),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let Some(name) = &args.name else {
        for p in profiles {
            let g = rules::grammar(p);
            match args.format {
                Format::Json => {
                    let list: Vec<Value> = g
                        .productions()
                        .iter()
                        .map(|r| production_json(p, r))
                        .collect();
                    let v = json!({ "profile": p.name(), "rules": list });
                    super::json::write_line(&mut out, &v)?;
                }
                Format::Text => {
                    let mut s = format!("{} ({})\n", p.name(), p.title());
                    let width = g
                        .productions()
                        .iter()
                        .map(|r| r.name.len())
                        .max()
                        .unwrap_or(0);
                    for r in g.productions() {
                        let _ = writeln!(s, "  {:width$}  {}", r.name, r.citation());
                    }
                    emit(&mut out, &s)?;
                }
            }
        }
        out.flush()?;
        return Ok(0);
    };
    let found: Vec<(Profile, &Production)> = profiles
        .iter()
        .filter_map(|&p| rules::grammar(p).get(name).map(|r| (p, r)))
        .collect();
    if found.is_empty() {
        let mut near: Vec<&str> = Vec::new();
        for &p in &profiles {
            for n in rules::grammar(p).nearest(name, 3) {
                if !near.contains(&n) {
                    near.push(n);
                }
            }
        }
        near.sort_by_key(|n| rules::name_distance(name, n));
        near.truncate(5);
        let within = match args.profile.0 {
            Some(p) => format!("the {} grammar", p.name()),
            None => "any profile's grammar".to_string(),
        };
        eprintln!(
            "idbench: no rule \"{}\" in {within}; nearest: {} (idbench rule{} lists them all)",
            escape(name),
            near.join(", "),
            args.profile
                .0
                .map(|p| format!(" --profile {}", p.name()))
                .unwrap_or_default()
        );
        return Ok(2);
    }
    for (i, (p, r)) in found.iter().enumerate() {
        match args.format {
            Format::Json => super::json::write_line(&mut out, &production_json(*p, r))?,
            Format::Text => {
                if i > 0 {
                    emit(&mut out, "\n")?;
                }
                emit(&mut out, &production_text(*p, r))?;
            }
        }
    }
    out.flush()?;
    Ok(0)
}
