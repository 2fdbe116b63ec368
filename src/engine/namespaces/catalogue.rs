//! The namespaces whose syntax idbench reads from a document: one [`Namespace`] each.
//!
//! Each grammar file under `abnf/` cites its source at the top; docs/readings.md
//! ("URN namespaces") records each rule and its source, and the namespaces left out
//! (`lex`: its template defers the syntax to RFC 9676 §3-§5, not read here).
//!
//! To add a namespace: write its grammar file (citing the document and section), add a
//! `static` below and list it in [`ALL`]; its steps and checks each cite their section.

use super::checks;
use super::{Check, Namespace, Step};
use crate::engine::codes::Code;

/// Lower case, except inside percent-encoded triplets (whose case RFC 8141 §3.1
/// normalizes on its own).
fn lower_outside_triplets(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut keep = 0;
    for c in s.chars() {
        if c == '%' {
            keep = 2;
            out.push(c);
        } else if keep > 0 {
            keep -= 1;
            out.push(c);
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

fn lower(s: &str) -> String {
    s.to_ascii_lowercase()
}

/// `uuid`: RFC 9562 (which obsoletes RFC 4122): §4 for the string format, §7 for the URN
/// namespace registration (IANA's `uuid` entry now references RFC 9562).
pub static UUID: Namespace = Namespace {
    name: "uuid",
    nid: "uuid",
    nss_prefix: None,
    document: "RFC 9562",
    section: "RFC 9562 §4",
    grammar_file: "uuid.abnf",
    grammar: include_str!("abnf/uuid.abnf"),
    start: "UUID",
    shown: &[
        "time-low",
        "time-mid",
        "time-high-and-version",
        "clock-seq-and-reserved",
        "clock-seq-low",
        "node",
    ],
    parts: None,
    checks: &[],
    steps: &[Step {
        name: "uuid: the hex digits compared case-insensitively",
        spec: "RFC 9562 §4",
        apply: lower,
    }],
    equivalence_note: "RFC 9562 §4: the hex digits \"may be all uppercase, all lowercase, \
                       or mixed case\" (RFC 5234 §2.3), and the fields are integers; the \
                       urn:uuid registration is RFC 9562 §7's",
    notes: &[],
    rest_prose: &[],
};

/// `oid`: RFC 3061 §2.
pub static OID: Namespace = Namespace {
    name: "oid",
    nid: "oid",
    nss_prefix: None,
    document: "RFC 3061",
    section: "RFC 3061 §2",
    grammar_file: "oid.abnf",
    grammar: include_str!("abnf/oid.abnf"),
    start: "oid",
    shown: &["number"],
    parts: None,
    checks: &[],
    steps: &[],
    equivalence_note: "RFC 3061 §2: \"Lexical equivalence is achieved by exact string \
                       match\"; no step",
    notes: &[],
    rest_prose: &[],
};

/// An ISBN-10 as its ISBN-13 (978 prefix, the check digit of the thirteen): only when
/// the ISBN-10's own check digit is right. Converting recomputes the check digit, so an
/// ISBN-10 with a wrong one would become the ISBN-13 of the corrected ISBN and equal it:
/// a wrong ISBN is left as written (issue: a wrong ISBN is never converted or equated).
fn isbn_10_to_13(s: &str) -> String {
    let digits: Vec<u8> = s
        .bytes()
        .filter(|b| b.is_ascii_digit() || *b == b'X' || *b == b'x')
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 10 })
        .collect();
    if digits.len() != 10 || checks::isbn10_check(&digits[..9]) != Some(digits[9]) {
        return s.to_string();
    }
    let mut first12: Vec<u8> = vec![9, 7, 8];
    first12.extend(&digits[..9]);
    match checks::isbn13_check(&first12) {
        Some(c) => {
            let mut out: String = first12.iter().map(|d| char::from(b'0' + d)).collect();
            out.push(char::from(b'0' + c));
            out
        }
        None => s.to_string(),
    }
}

fn remove_hyphens(s: &str) -> String {
    s.replace('-', "")
}

/// `isbn`: the ISBN namespace registration (2017).
pub static ISBN: Namespace = Namespace {
    name: "isbn",
    nid: "isbn",
    nss_prefix: None,
    document: "IANA template urn-formal/isbn (ISBN namespace registration, version 2, 2017)",
    section: "urn-formal/isbn template, Syntax",
    grammar_file: "isbn.abnf",
    grammar: include_str!("abnf/isbn.abnf"),
    start: "isbn",
    shown: &["isbn-13", "isbn-10", "check-digit", "check-digit-10"],
    parts: Some(checks::isbn_parts),
    checks: &[Check {
        name: "ISBN check digit",
        spec: "urn-formal/isbn template, Syntax (ISO 2108)",
        run: checks::isbn,
    }],
    steps: &[
        Step {
            name: "isbn: an ISBN-10 converted to ISBN-13",
            spec: "urn-formal/isbn template, Rules for Lexical Equivalence",
            apply: isbn_10_to_13,
        },
        Step {
            name: "isbn: hyphens removed",
            spec: "urn-formal/isbn template, Rules for Lexical Equivalence",
            apply: remove_hyphens,
        },
    ],
    equivalence_note: "urn-formal/isbn template, Rules for Lexical Equivalence: ISBN-10 \
                       to ISBN-13, hyphens removed, then character by character",
    notes: &[],
    rest_prose: &[],
};

fn issn_upper_x(s: &str) -> String {
    s.replace('x', "X")
}

fn issn_hyphen(s: &str) -> String {
    if s.len() == 8 && s.is_ascii() {
        format!("{}-{}", &s[..4], &s[4..])
    } else {
        s.to_string()
    }
}

/// `issn`: the ISSN namespace registration (2017).
pub static ISSN: Namespace = Namespace {
    name: "issn",
    nid: "issn",
    nss_prefix: None,
    document: "IANA template urn-formal/issn (ISSN namespace registration, version 2, 2017)",
    section: "urn-formal/issn template, Syntax",
    grammar_file: "issn.abnf",
    grammar: include_str!("abnf/issn.abnf"),
    start: "issn",
    shown: &["check"],
    parts: None,
    checks: &[Check {
        name: "ISSN check digit",
        spec: "urn-formal/issn template, Syntax",
        run: checks::issn,
    }],
    steps: &[
        Step {
            name: "issn: a check character \"x\" read as \"X\"",
            spec: "urn-formal/issn template, Rules for Lexical Equivalence",
            apply: issn_upper_x,
        },
        Step {
            name: "issn: written with the hyphen that may be omitted",
            spec: "urn-formal/issn template, Rules for Lexical Equivalence",
            apply: issn_hyphen,
        },
    ],
    equivalence_note: "urn-formal/issn template, Rules for Lexical Equivalence: \"x\" is \
                       \"X\", and the hyphen can be omitted",
    notes: &[],
    rest_prose: &[],
};

/// `ietf`: RFC 2648 §2.
pub static IETF: Namespace = Namespace {
    name: "ietf",
    nid: "ietf",
    nss_prefix: None,
    document: "RFC 2648",
    section: "RFC 2648 §2",
    grammar_file: "ietf.abnf",
    grammar: include_str!("abnf/ietf.abnf"),
    start: "NSS",
    shown: &[
        "rfc-nss",
        "fyi-nss",
        "std-nss",
        "bcp-nss",
        "draft-nss",
        "mtg-nss",
        "other-nss",
    ],
    parts: None,
    checks: &[],
    steps: &[Step {
        name: "ietf: the NSS compared case-insensitively",
        spec: "RFC 2648 §2",
        apply: lower,
    }],
    equivalence_note: "RFC 2648 §2: \"The entire URN is case-insensitive\"",
    notes: &[],
    rest_prose: &[],
};

/// `ietf:params`: RFC 3553 §3.
pub static IETF_PARAMS: Namespace = Namespace {
    name: "ietf:params",
    nid: "ietf",
    nss_prefix: Some("params:"),
    document: "RFC 3553",
    section: "RFC 3553 §3",
    grammar_file: "ietf-params.abnf",
    grammar: include_str!("abnf/ietf-params.abnf"),
    start: "params-nss",
    shown: &["registry-name", "params-rest"],
    parts: None,
    checks: &[],
    steps: &[],
    equivalence_note: "RFC 3553 §3: \"Lexical equivalence is achieved by exact string \
                       match\" (RFC 2648's case-insensitivity does not apply); no step",
    notes: &[(
        Code::NamespaceOpaque,
        "RFC 3553 §3",
        "urn:ietf:params is opaque past its registry name: each IANA registry defines the \
         rest, which idbench does not read",
    )],
    rest_prose: &[],
};

fn nbn_prefix_lower(s: &str) -> String {
    match s.find('-') {
        Some(i) => format!("{}{}", s[..i].to_ascii_lowercase(), &s[i..]),
        None => s.to_string(),
    }
}

/// `nbn`: RFC 8458 §4.2.
pub static NBN: Namespace = Namespace {
    name: "nbn",
    nid: "nbn",
    nss_prefix: None,
    document: "RFC 8458",
    section: "RFC 8458 §4.2",
    grammar_file: "nbn.abnf",
    grammar: include_str!("abnf/nbn.abnf"),
    start: "nbn-nss",
    shown: &["prefix", "iso-cc", "subspc", "nbn-string"],
    parts: None,
    checks: &[Check {
        name: "urn:nbn:de check digit",
        spec: "DNB, URN check-digit algorithm (persistent-identifier.de)",
        run: checks::dnb,
    }],
    steps: &[Step {
        name: "nbn: the prefix compared case-insensitively",
        spec: "RFC 8458 §4.3",
        apply: nbn_prefix_lower,
    }],
    equivalence_note: "RFC 8458 §4.3: the prefix (country code and sub-namespaces) in one \
                       case; the NBN string is case-sensitive",
    notes: &[],
    rest_prose: &[],
};

/// `publicid`: RFC 3151 §2.
pub static PUBLICID: Namespace = Namespace {
    name: "publicid",
    nid: "publicid",
    nss_prefix: None,
    document: "RFC 3151",
    section: "RFC 3151 §2",
    grammar_file: "publicid.abnf",
    grammar: include_str!("abnf/publicid.abnf"),
    start: "publicid",
    shown: &["field"],
    parts: None,
    checks: &[],
    steps: &[],
    equivalence_note: "RFC 3151 §2: \"URNs are lexically equivalent if and only if they \
                       are lexically identical\"; no step",
    notes: &[],
    rest_prose: &[],
};

/// `example`: RFC 6963 §3.4.
pub static EXAMPLE: Namespace = Namespace {
    name: "example",
    nid: "example",
    nss_prefix: None,
    document: "RFC 6963",
    section: "RFC 6963 §3.4",
    grammar_file: "example.abnf",
    grammar: include_str!("abnf/example.abnf"),
    start: "example-nss",
    shown: &[],
    parts: None,
    checks: &[],
    steps: &[],
    equivalence_note: "RFC 6963 §3.10: \"the rules for lexical equivalence specified in \
                       [RFC2141] apply\"; no step",
    notes: &[],
    rest_prose: &[],
};

/// `iso`: RFC 5141 §2.4.1.
pub static ISO: Namespace = Namespace {
    name: "iso",
    nid: "iso",
    nss_prefix: None,
    document: "RFC 5141",
    section: "RFC 5141 §2.4.1",
    grammar_file: "iso.abnf",
    grammar: include_str!("abnf/iso.abnf"),
    start: "NSS",
    shown: &[
        "originator",
        "type",
        "docnumber",
        "partnumber",
        "status",
        "edition",
        "docversion",
        "language",
        "supplement",
        "docelement",
        "addition",
    ],
    parts: None,
    checks: &[],
    steps: &[Step {
        name: "iso: every element compared case-insensitively",
        spec: "RFC 5141 §2.9",
        apply: lower_outside_triplets,
    }],
    equivalence_note: "RFC 5141 §2.9: \"normalize the case of all elements\"",
    notes: &[],
    rest_prose: &["techelement"],
};

fn upper(s: &str) -> String {
    s.to_ascii_uppercase()
}

/// `isan`: RFC 4246 §3.
pub static ISAN: Namespace = Namespace {
    name: "isan",
    nid: "isan",
    nss_prefix: None,
    document: "RFC 4246",
    section: "RFC 4246 §3",
    grammar_file: "isan.abnf",
    grammar: include_str!("abnf/isan.abnf"),
    start: "ISAN-NSS",
    shown: &["root", "episode", "version", "check"],
    parts: None,
    checks: &[Check {
        name: "ISAN check characters",
        spec: "RFC 4246 §2 (ISO 15706; ISO 7064 MOD 37,36)",
        run: checks::isan,
    }],
    steps: &[Step {
        name: "isan: the NSS compared case-insensitively",
        spec: "RFC 4246 §2",
        apply: upper,
    }],
    equivalence_note: "RFC 4246 §2: \"The ISAN-NSS is case-insensitive\"",
    notes: &[],
    rest_prose: &[],
};

/// `dev`: RFC 9039's template.
pub static DEV: Namespace = Namespace {
    name: "dev",
    nid: "dev",
    nss_prefix: None,
    document: "IANA template urn-formal/dev (RFC 9039 §3)",
    section: "urn-formal/dev template, Syntax",
    grammar_file: "dev.abnf",
    grammar: include_str!("abnf/dev.abnf"),
    start: "dev-nss",
    shown: &[
        "macbody",
        "owbody",
        "orgbody",
        "osbody",
        "opsbody",
        "otherbody",
        "subtype",
        "componentpart",
    ],
    parts: None,
    checks: &[],
    steps: &[],
    equivalence_note: "urn-formal/dev template, Character Case and URN-Equivalence: RFC \
                       8141 §3.1's rules; \"The rest of the DEV URN is compared in a case \
                       sensitive manner\"; no step",
    notes: &[],
    rest_prose: &[],
};

fn mrn_lower_ids(s: &str) -> String {
    let mut parts = s.splitn(3, ':');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(oid), Some(osnid), Some(rest)) => format!(
            "{}:{}:{rest}",
            oid.to_ascii_lowercase(),
            osnid.to_ascii_lowercase()
        ),
        _ => s.to_string(),
    }
}

/// `mrn`: the MRN namespace registration.
pub static MRN: Namespace = Namespace {
    name: "mrn",
    nid: "mrn",
    nss_prefix: None,
    document: "IANA template urn-formal/mrn (MRN namespace registration)",
    section: "urn-formal/mrn template, Syntax",
    grammar_file: "mrn.abnf",
    grammar: include_str!("abnf/mrn.abnf"),
    start: "mrn-nss",
    shown: &["OID", "OSNID", "OSNS"],
    parts: None,
    checks: &[],
    steps: &[Step {
        name: "mrn: the OID and OSNID compared case-insensitively",
        spec: "urn-formal/mrn template, Rules for Lexical Equivalence",
        apply: mrn_lower_ids,
    }],
    equivalence_note: "urn-formal/mrn template, Rules for Lexical Equivalence: case \
                       normalization of the OID and OSNID; the OSNS's rules are its \
                       organization's",
    notes: &[],
    rest_prose: &[],
};

/// Every namespace, sub-namespaces before their NID's own.
pub static ALL: &[&Namespace] = &[
    &UUID,
    &OID,
    &ISBN,
    &ISSN,
    &IETF_PARAMS,
    &IETF,
    &NBN,
    &PUBLICID,
    &EXAMPLE,
    &ISO,
    &ISAN,
    &DEV,
    &MRN,
];

/// RFC 3151 §2's transcription undone: the public identifier a `publicid` NSS stands for.
pub fn unwrap_publicid(nss: &str) -> String {
    let mut out = String::with_capacity(nss.len());
    let b = nss.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(' '),
            b':' => out.push_str("//"),
            b';' => out.push_str("::"),
            b'%' if nss.get(i..i + 3).is_some() => {
                let t = nss.get(i..i + 3).unwrap_or("%");
                let c = match t.to_ascii_uppercase().as_str() {
                    "%2B" => "+",
                    "%3A" => ":",
                    "%2F" => "/",
                    "%3B" => ";",
                    "%27" => "'",
                    "%3F" => "?",
                    "%23" => "#",
                    "%25" => "%",
                    _ => t,
                };
                out.push_str(c);
                i += 3;
                continue;
            }
            _ => {
                // Copy the whole character (the grammar admits ASCII only, but be safe).
                let len = nss[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&nss[i..i + len]);
                i += len;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Values derived from a valid NSS, worth showing beside its structure.
pub(super) fn facts(ns: &Namespace, nss: &str) -> Vec<(&'static str, String)> {
    if std::ptr::eq(ns, &PUBLICID) {
        return vec![("public-identifier", unwrap_publicid(nss))];
    }
    Vec::new()
}
