//! idbench: a workbench for identifiers (URIs, IRIs, URNs and XRIs).
//!
//! The library is the embedded engine. Data flows one way:
//!
//! ```text
//! input -> engine::analyze(input, options) -> Analysis (tree, diagnostics, forms, verdicts) -> view
//! ```
//!
//! The [`engine`] knows nothing of terminals. The faces (the command line, the workbench
//! and the web page, each a cargo feature) render an [`engine::Analysis`]; they never
//! re-parse. [`safe_text`] turns untrusted text into something that is safe to put on a
//! terminal.
//!
//! Every function of the engine takes any string (a megabyte, 100,000 nested parentheses)
//! without panicking, in time linear in its length.
//!
//! # The small API
//!
//! [`Identifier::parse`] gives a valid identifier or its [`Diagnostics`] (an error type,
//! `std::error::Error`), the forms by [`FormKind`], and [`Options::builder`] sets the
//! engine's switches one by one ([`api`]):
//!
//! ```
//! use idbench::{Diagnostics, FormKind, Identifier, Options, Profile};
//!
//! fn canonical(s: &str) -> Result<String, Diagnostics> {
//!     let id = Identifier::parse(s, None)?; // `None`: auto picks the profile
//!     Ok(id.form(FormKind::Canonical).unwrap_or(s).to_string())
//! }
//! assert_eq!(canonical("HTTP://Example.COM/%7euser").unwrap(), "http://example.com/~user");
//!
//! let e = canonical("urn:x").unwrap_err();
//! assert_eq!(e.profile(), Profile::Rfc8141);
//! assert!(e.to_string().starts_with("not valid under rfc8141: error "));
//!
//! // Two identifiers are equivalent exactly when their equivalence keys are equal.
//! let a = Identifier::parse("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", None)?;
//! let b = Identifier::parse("URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", None)?;
//! assert_eq!(a.equivalence_key(), b.equivalence_key());
//!
//! let opts = Options::builder().profile(Profile::Rfc3986).forms(true).build();
//! let a = idbench::analyze("http://a/b/../c", &opts);
//! assert_eq!(a.forms.expect("forms").canonical, "http://a/c");
//! # Ok::<(), Diagnostics>(())
//! ```
//!
//! # Features
//!
//! | feature | default | what it adds |
//! | --- | --- | --- |
//! | `cli` | yes | the `idbench` binary's commands (clap, TOML cases files) |
//! | `tui` | yes | the workbench, `present` and `replay` (the terminal crates); implies `cli` |
//! | `serve` | yes | `idbench serve`, the web page and JSON API; implies `cli` |
//! | `serde` | no | `Serialize` on [`Analysis`] and what it holds, `Deserialize` on plain values |
//!
//! A service that embeds the engine depends on it with `default-features = false` (and
//! `features = ["serde"]` to store or send analyses): the parsers, forms, equivalence,
//! resolution and the JSON writers ([`json`]), without clap, TOML or a terminal crate.
//!
//! # Analyze: the tree and the diagnostics
//!
//! [`analyze`] parses under a [`Profile`] (`None` lets `auto` choose) and returns the
//! component tree, every diagnostic with its severity, stable code, byte span and spec
//! section, and each profile's verdict.
//!
//! ```
//! use idbench::engine::{NodeKind, Severity};
//! use idbench::{Options, Profile, analyze};
//!
//! let a = analyze("urn:ISBN:0451450523", &Options::full());
//! assert_eq!(a.profile, Profile::Rfc8141);
//! assert!(a.valid());
//! let nss = a.tree.find(NodeKind::Nss).expect("an NSS");
//! assert_eq!(nss.text(&a.input), "0451450523");
//!
//! let bad = analyze("http://exa mple.com/", &Options::validate_only(Some(Profile::Rfc3986)));
//! let e = bad.first_error().expect("an error");
//! assert_eq!(e.severity, Severity::Error);
//! assert_eq!((e.span.start, e.span.end), (10, 11)); // the space
//! assert!(e.spec.starts_with("RFC 3986"));
//! ```
//!
//! # Forms: normal, canonical and display forms
//!
//! With `forms` asked for (as [`Options::full`] does), [`engine::Analysis::forms`] holds the
//! profile's forms; [`engine::forms::Forms::rows`] lists them by their JSON names.
//!
//! ```
//! use idbench::{Options, Profile, analyze};
//!
//! let opts = Options { profile: Some(Profile::Rfc3987), ..Options::full() };
//! let f = analyze("HTTP://例え.テスト:80/a/./b/%7Ec", &opts).forms.expect("forms");
//! assert_eq!(f.canonical, "http://例え.テスト:80/a/b/~c");
//! // RFC 3987 §3.2 decodes the unreserved "%7E" on the way to the IRI form.
//! assert_eq!(f.uri_normal, "HTTP://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88:80/a/./b/~c");
//! // RFC 3987 §3.1 step 2 also allows the host in ACE form (IDNA ToASCII, UTS #46).
//! assert_eq!(f.get("uri_normal_ace"), Some("HTTP://xn--r8jz45g.xn--zckzah:80/a/./b/~c"));
//! // RFC 3987 §5.3.3: the IDN host Nameprep-normalized, not converted to ACE.
//! assert_eq!(f.canonical_scheme.as_deref(), Some("http://例え.テスト/a/b/~c"));
//! ```
//!
//! # Compare: equivalence, rung by rung
//!
//! [`engine::equiv::compare`] climbs the spec's ladder of normalization steps and says at
//! which step the two sides became equal, or where they part.
//!
//! ```
//! use idbench::engine::equiv::{CompareOptions, compare};
//!
//! let v = compare(
//!     "http://例え.テスト/パス",
//!     "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9",
//!     &CompareOptions::default(),
//! );
//! assert!(v.equivalent);
//! let step = &v.steps[v.equal_from().expect("a step")];
//! assert_eq!(step.spec, "RFC 3987 §5.3.3");
//!
//! let v = compare("urn:example:A", "urn:example:a", &CompareOptions::default());
//! assert!(!v.equivalent); // the NSS is case-sensitive
//! assert!(v.difference.is_some());
//! ```
//!
//! # Resolve: a reference against a base
//!
//! [`engine::resolve::resolve`] follows RFC 3986 §5.2 (or the profile's own rules) and
//! records each step.
//!
//! ```
//! use idbench::Profile;
//! use idbench::engine::resolve::resolve;
//!
//! let r = resolve("http://a/b/c/d;p?q", "../../g", Profile::Rfc3986);
//! assert_eq!(r.target.as_deref(), Some("http://a/g"));
//! assert!(!r.steps.is_empty());
//! ```
//!
//! # Showing untrusted text
//!
//! Identifiers are untrusted: escape them with [`safe_text::escape`] before they reach a
//! terminal.
//!
//! ```
//! assert_eq!(idbench::safe_text::escape("a\u{202E}b"), "a⟨U+202E⟩b");
//! ```
//!
//! # Embedding
//!
//! With `default-features = false` the crate is the engine alone (see the features
//! above). The workspace's `idbench-arrow` crate embeds it so, as Arrow kernels over string
//! arrays, and the Python package in `python/` (`pip install ./python`) on top of those.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod api;
#[cfg(feature = "cli")]
pub mod cases;
#[cfg(feature = "cli")]
pub mod cli;
pub mod engine;
#[cfg(feature = "cli")]
pub mod files;
pub mod idsets;
pub mod json;
pub mod report;
pub mod safe_text;
#[cfg(feature = "serve")]
pub mod serve;
#[cfg(test)]
mod test_scratch;
pub mod text_layout;
#[cfg(feature = "tui")]
pub mod tui;
pub mod view;

pub use api::{Diagnostics, FormKind, Identifier, OptionsBuilder};
pub use engine::{Analysis, Options, Profile, analyze};

/// The README's Rust examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
