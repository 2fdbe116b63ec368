//! idbench: a workbench for identifiers (URIs, IRIs, URNs and XRIs).
//!
//! The library is the embedded engine. Data flows one way:
//!
//! ```text
//! input -> engine::analyze(input, options) -> Analysis (tree, diagnostics, forms, verdicts) -> view
//! ```
//!
//! The [`engine`] knows nothing of terminals. The two faces, [`cli`] and [`tui`], render an
//! [`engine::Analysis`]; they never re-parse. [`safe_text`] turns untrusted text into something
//! that is safe to put on a terminal.
//!
//! Every function of the engine takes any string (a megabyte, 100,000 nested parentheses)
//! without panicking, in time linear in its length.
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
//! With `default-features = false` the crate is the engine and the command line's commands
//! without the terminal crates (the workbench is the default `tui` feature). The
//! workspace's `idbench-arrow` crate embeds it so, as Arrow kernels over string arrays, and
//! the Python package in `python/` (`pip install ./python`) on top of those.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod cases;
pub mod cli;
pub mod engine;
pub mod files;
pub mod idsets;
pub mod json;
pub mod report;
pub mod safe_text;
pub mod serve;
pub mod text_layout;
#[cfg(feature = "tui")]
pub mod tui;
pub mod view;

pub use engine::{Analysis, Options, Profile, analyze};

/// The README's Rust examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
