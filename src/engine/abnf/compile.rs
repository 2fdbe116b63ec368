//! The compiler: rule definitions as read into a context-free grammar of named rules and
//! internal helper nonterminals (groups, options, repetitions), with terminals as sets of
//! code-point ranges.
//!
//! Repetitions are compiled so that the common case parses in linear time and so that
//! every iteration is non-empty (see the module documentation of [`super`] for why):
//!
//! - `*x` (and `n*x` when `x` can match the empty string): `R = ε / R x⁺`, left recursion,
//!   which an Earley parser runs in linear time; `x⁺` means `x` matching a non-empty string.
//! - `n*x`, `x` never empty: `R = x … x T` (`n` times), `T = ε / T x`.
//! - `n*m x`: `x` `n` times (or none when `x` can be empty), then a chain
//!   `O1 = ε / x⁺ O2`, …, `Ok = ε / x⁺` of the `m - n` optional ones (all `m` when `x` can
//!   be empty).
//!
//! Alternatives that are single terminals with disjoint sets are merged into one terminal
//! (`sub-delims = "!" / "$" / …` is one set), which keeps the Earley sets small; overlapping
//! ones are kept apart, as each is a derivation of its own. Everything is iterative.

use std::collections::HashMap;

use super::reader::{Expr, Reading, RuleDef};

/// A grammar symbol. Productions are laid out one after another in [`Cfg::syms`], each
/// followed by an `End`, so an Earley item's dotted position is an index into that array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sym {
    /// A terminal: an index into [`Cfg::classes`].
    T(u32),
    /// A nonterminal.
    N(u32),
    /// A prose value: an index into [`Cfg::prose`].
    P(u32),
    /// The end of production `.0`.
    End(u32),
}

#[derive(Clone, Debug)]
pub(crate) struct Prod {
    pub lhs: u32,
    /// Index of its first symbol in [`Cfg::syms`].
    pub start: u32,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Nt {
    /// The rule's name as first written; `None` for internal helpers.
    pub name: Option<String>,
    pub prods: Vec<u32>,
    pub nullable: bool,
    /// A core rule of RFC 5234 Appendix B.1 not defined by the grammar itself.
    pub builtin: bool,
    /// Referenced but never defined.
    pub undefined: bool,
    /// For the helper of a repetition (or option): how the grammar writes it (`*"a"`,
    /// `[ALPHA]`, `1*(…)`), the label of its node in a detailed tree
    /// ([`super::Grammar::parse_detailed`]). `None` for every other helper (groups,
    /// alternatives, a repetition's tail), which a detailed tree leaves out.
    pub shown: Option<String>,
}

#[derive(Clone, Debug)]
pub(crate) struct Class {
    /// Sorted, disjoint, inclusive ranges of code points.
    pub ranges: Vec<(u32, u32)>,
    /// How the grammar writes it: `"a"`, `%x30-39`, ….
    pub desc: String,
    /// For one character of a quoted string: the string (an index into
    /// [`Cfg::strings`]) and the character's place in it, so that a detailed tree shows
    /// the string as one literal.
    pub string: Option<(u32, u32)>,
}

impl Class {
    pub(crate) fn contains(&self, c: u32) -> bool {
        let i = self.ranges.partition_point(|r| r.1 < c);
        i < self.ranges.len() && self.ranges[i].0 <= c
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Prose {
    /// The text between `<` and `>`.
    pub text: String,
    /// The rule it is written in.
    pub rule: String,
}

/// The compiled grammar.
#[derive(Clone, Debug, Default)]
pub(crate) struct Cfg {
    pub nts: Vec<Nt>,
    pub prods: Vec<Prod>,
    pub syms: Vec<Sym>,
    /// Parallel to `syms`: the symbol must match a non-empty string here.
    pub nonempty: Vec<bool>,
    pub classes: Vec<Class>,
    pub prose: Vec<Prose>,
    /// Each quoted string of the grammar as written (`"urn:"`, `%s"Ab"`), with its
    /// length in characters.
    pub strings: Vec<(String, u32)>,
    /// Lower-cased rule name to its nonterminal.
    pub by_name: HashMap<String, u32>,
    /// The repetitions as written (`min*max x`), by the nonterminal that stands for each:
    /// the automaton compiler (`dfa`) reads them as repetitions, not as the recursion
    /// they expand to here.
    pub reps: HashMap<u32, (u32, Option<u32>, Sym)>,
}

impl Cfg {
    /// The symbols of production `p`, up to its end (none for a production it has not).
    pub(crate) fn prod_syms(&self, p: u32) -> &[Sym] {
        let rest = self
            .prods
            .get(p as usize)
            .and_then(|p| self.syms.get(p.start as usize..))
            .unwrap_or(&[]);
        let len = rest
            .iter()
            .position(|s| matches!(s, Sym::End(_)))
            .unwrap_or(rest.len());
        rest.get(..len).unwrap_or(&[])
    }
}

/// The core rules, RFC 5234 Appendix B.1.
pub(crate) const CORE: &str = r#"
ALPHA          =  %x41-5A / %x61-7A
BIT            =  "0" / "1"
CHAR           =  %x01-7F
CR             =  %x0D
CRLF           =  CR LF
CTL            =  %x00-1F / %x7F
DIGIT          =  %x30-39
DQUOTE         =  %x22
HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
HTAB           =  %x09
LF             =  %x0A
LWSP           =  *(WSP / CRLF WSP)
OCTET          =  %x00-FF
SP             =  %x20
VCHAR          =  %x21-7E
WSP            =  SP / HTAB
"#;

/// The most symbols a compiled grammar may have (repetition counts multiply).
pub(crate) const MAX_SYMS: usize = 4_000_000;

type Frag = Vec<(Sym, bool)>;

struct Rep {
    nt: u32,
    min: u32,
    max: Option<u32>,
    x: Sym,
}

struct Compiler<'a> {
    cfg: Cfg,
    exprs: &'a [Expr],
    reps: Vec<Rep>,
    /// Productions to add: (lhs, fragment); laid out at the end.
    pending: Vec<(u32, Frag)>,
    too_big: bool,
    size: usize,
}

fn char_class(c: char, sensitive: bool) -> (Vec<(u32, u32)>, String) {
    let shown = if c == '"' {
        "%x22".to_string()
    } else if c.is_ascii_graphic() || c == ' ' {
        format!("\"{c}\"")
    } else {
        format!("%x{:02X}", c as u32)
    };
    if c.is_ascii_alphabetic() && !sensitive {
        let lo = c.to_ascii_lowercase() as u32;
        let up = c.to_ascii_uppercase() as u32;
        (vec![(up, up), (lo, lo)], shown)
    } else if c.is_ascii_alphabetic() {
        (vec![(c as u32, c as u32)], format!("%s{shown}"))
    } else {
        (vec![(c as u32, c as u32)], shown)
    }
}

/// A quoted string as the grammar writes it.
fn string_text(chars: &[char], sensitive: bool) -> String {
    let body: String = chars.iter().collect();
    let prefix = if sensitive && chars.iter().any(char::is_ascii_alphabetic) {
        "%s"
    } else {
        ""
    };
    format!("{prefix}\"{body}\"")
}

/// How the grammar writes repetition `min*max` of the expression `rep` repeats (`*"a"`,
/// `[ALPHA]`, `1*(…)`): the label of its node in a detailed tree. A group is shown as
/// `(…)`, so the label stays short and is made without recursion.
fn rep_label(min: u32, max: Option<u32>, rep: usize, exprs: &[Expr]) -> String {
    let element = match exprs.get(rep) {
        Some(Expr::Rep { e, .. }) => exprs.get(*e),
        _ => None,
    };
    let inner = match element {
        Some(Expr::Ref { name, .. }) => name.clone(),
        Some(Expr::Str { chars, sensitive }) => string_text(chars, *sensitive),
        Some(Expr::Range(lo, hi)) if lo == hi => format!("%x{lo:02X}"),
        Some(Expr::Range(lo, hi)) => format!("%x{lo:02X}-{hi:02X}"),
        Some(Expr::Prose(t)) => format!("<{t}>"),
        _ => "(…)".to_string(),
    };
    match (min, max) {
        (0, Some(1)) => format!("[{inner}]"),
        (0, None) => format!("*{inner}"),
        (n, None) => format!("{n}*{inner}"),
        (n, Some(m)) if n == m => format!("{n}{inner}"),
        (0, Some(m)) => format!("*{m}{inner}"),
        (n, Some(m)) => format!("{n}*{m}{inner}"),
    }
}

impl Compiler<'_> {
    fn class(&mut self, ranges: Vec<(u32, u32)>, desc: String) -> Sym {
        self.cfg.classes.push(Class {
            ranges,
            desc,
            string: None,
        });
        Sym::T((self.cfg.classes.len() - 1) as u32)
    }

    fn helper(&mut self) -> u32 {
        self.cfg.nts.push(Nt::default());
        (self.cfg.nts.len() - 1) as u32
    }

    fn add_prod(&mut self, lhs: u32, f: Frag) {
        self.size += f.len() + 1;
        if self.size > MAX_SYMS {
            self.too_big = true;
            return;
        }
        self.pending.push((lhs, f));
    }

    /// Merges the single-terminal alternatives when their sets are disjoint.
    fn merge_alts(&mut self, frags: Vec<Frag>) -> Vec<Frag> {
        let single = |f: &Frag| matches!(f.as_slice(), [(Sym::T(_), false)]);
        let n_single = frags.iter().filter(|f| single(f)).count();
        if n_single < 2 {
            return frags;
        }
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        let mut descs: Vec<String> = Vec::new();
        for f in frags.iter().filter(|f| single(f)) {
            if let [(Sym::T(t), _)] = f.as_slice() {
                let c = &self.cfg.classes[*t as usize];
                ranges.extend(c.ranges.iter().copied());
                descs.push(c.desc.clone());
            }
        }
        ranges.sort_unstable();
        if ranges.windows(2).any(|w| w[1].0 <= w[0].1) {
            return frags;
        }
        // Adjacent ranges join.
        let mut joined: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
        for r in ranges {
            match joined.last_mut() {
                Some(last) if last.1.checked_add(1) == Some(r.0) => last.1 = r.1,
                _ => joined.push(r),
            }
        }
        let merged = self.class(joined, descs.join(" / "));
        let mut out = Vec::new();
        let mut placed = false;
        for f in frags {
            if single(&f) {
                if !placed {
                    out.push(vec![(merged, false)]);
                    placed = true;
                }
            } else {
                out.push(f);
            }
        }
        out
    }

    /// Compiles expression `root` into a fragment, iteratively.
    fn expr(&mut self, root: usize) -> Frag {
        let mut stack: Vec<(usize, bool)> = vec![(root, false)];
        let mut done: Vec<Frag> = Vec::new();
        while let Some((e, visited)) = stack.pop() {
            let Some(expr) = self.exprs.get(e) else {
                done.push(Vec::new());
                continue;
            };
            match expr {
                Expr::Alt(ch) | Expr::Seq(ch) if !visited => {
                    stack.push((e, true));
                    for &c in ch.iter().rev() {
                        stack.push((c, false));
                    }
                }
                Expr::Rep { e: c, .. } if !visited => {
                    stack.push((e, true));
                    stack.push((*c, false));
                }
                Expr::Seq(ch) => {
                    let parts = done.split_off(done.len().saturating_sub(ch.len()));
                    done.push(parts.into_iter().flatten().collect());
                }
                Expr::Alt(ch) => {
                    let parts = done.split_off(done.len().saturating_sub(ch.len()));
                    let mut alts = self.merge_alts(parts);
                    if alts.len() == 1 {
                        done.push(alts.pop().unwrap_or_default());
                    } else {
                        let h = self.helper();
                        for a in alts {
                            self.add_prod(h, a);
                        }
                        done.push(vec![(Sym::N(h), false)]);
                    }
                }
                Expr::Rep { min, max, .. } => {
                    let f = done.pop().unwrap_or_default();
                    let x = match f.as_slice() {
                        [(s, false)] => *s,
                        _ => {
                            let h = self.helper();
                            self.add_prod(h, f);
                            Sym::N(h)
                        }
                    };
                    let nt = self.helper();
                    self.cfg.nts[nt as usize].shown = Some(rep_label(*min, *max, e, self.exprs));
                    self.reps.push(Rep {
                        nt,
                        min: *min,
                        max: *max,
                        x,
                    });
                    done.push(vec![(Sym::N(nt), false)]);
                }
                Expr::Ref { name, .. } => {
                    let key = name.to_ascii_lowercase();
                    let nt = match self.cfg.by_name.get(&key) {
                        Some(&n) => n,
                        None => {
                            let n = self.helper();
                            self.cfg.nts[n as usize].name = Some(name.clone());
                            self.cfg.nts[n as usize].undefined = true;
                            self.cfg.by_name.insert(key, n);
                            n
                        }
                    };
                    done.push(vec![(Sym::N(nt), false)]);
                }
                Expr::Str { chars, sensitive } => {
                    let s = *sensitive;
                    let id = self.cfg.strings.len() as u32;
                    self.cfg
                        .strings
                        .push((string_text(chars, s), chars.len() as u32));
                    let f = chars
                        .iter()
                        .enumerate()
                        .map(|(k, &c)| {
                            let (r, d) = char_class(c, s);
                            let t = self.class(r, d);
                            if let Some(last) = self.cfg.classes.last_mut() {
                                last.string = Some((id, k as u32));
                            }
                            (t, false)
                        })
                        .collect();
                    done.push(f);
                }
                Expr::Range(lo, hi) => {
                    let d = if lo == hi {
                        format!("%x{lo:02X}")
                    } else {
                        format!("%x{lo:02X}-{hi:02X}")
                    };
                    let t = self.class(vec![(*lo, *hi)], d);
                    done.push(vec![(t, false)]);
                }
                Expr::Prose(text) => {
                    self.cfg.prose.push(Prose {
                        text: text.clone(),
                        rule: String::new(),
                    });
                    done.push(vec![(Sym::P((self.cfg.prose.len() - 1) as u32), false)]);
                }
            }
        }
        done.pop().unwrap_or_default()
    }

    fn rule(&mut self, def: &RuleDef) {
        let nt = self.cfg.by_name[&def.name.to_ascii_lowercase()];
        let first_prose = self.cfg.prose.len();
        let alts = match self.exprs.get(def.body) {
            Some(Expr::Alt(ch)) => {
                let ch = ch.clone();
                let frags = ch.iter().map(|&c| self.expr(c)).collect();
                self.merge_alts(frags)
            }
            _ => vec![self.expr(def.body)],
        };
        for a in alts {
            self.add_prod(nt, a);
        }
        let name = self.cfg.nts[nt as usize].name.clone().unwrap_or_default();
        for p in &mut self.cfg.prose[first_prose..] {
            p.rule.clone_from(&name);
        }
    }

    /// Nullable nonterminals, with each repetition standing for `[]` (min 0) or `[x]`.
    fn nullable(&mut self) {
        let n = self.cfg.nts.len();
        let mut prods: Vec<(u32, Vec<Sym>)> = self
            .pending
            .iter()
            .map(|(l, f)| (*l, f.iter().map(|p| p.0).collect()))
            .collect();
        for r in &self.reps {
            if r.min == 0 || r.max == Some(0) {
                prods.push((r.nt, Vec::new()));
            } else {
                prods.push((r.nt, vec![r.x]));
            }
        }
        let mut remaining: Vec<u64> = Vec::with_capacity(prods.len());
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut work: Vec<u32> = Vec::new();
        let mut nullable = vec![false; n];
        for (i, (lhs, rhs)) in prods.iter().enumerate() {
            let mut count: u64 = 0;
            for s in rhs {
                match s {
                    Sym::N(b) => {
                        uses[*b as usize].push(i as u32);
                        count += 1;
                    }
                    _ => count += 1 << 40,
                }
            }
            remaining.push(count);
            if count == 0 && !nullable[*lhs as usize] {
                nullable[*lhs as usize] = true;
                work.push(*lhs);
            }
        }
        while let Some(b) = work.pop() {
            for &p in &uses[b as usize] {
                let p = p as usize;
                remaining[p] -= 1;
                let lhs = prods[p].0 as usize;
                if remaining[p] == 0 && !nullable[lhs] {
                    nullable[lhs] = true;
                    work.push(lhs as u32);
                }
            }
        }
        for (nt, v) in self.cfg.nts.iter_mut().zip(nullable) {
            nt.nullable = v;
        }
    }

    fn sym_nullable(&self, s: Sym) -> bool {
        matches!(s, Sym::N(n) if self.cfg.nts[n as usize].nullable)
    }

    /// Expands the repetitions now that nullability is known.
    fn expand_reps(&mut self) {
        let reps = std::mem::take(&mut self.reps);
        for r in &reps {
            self.cfg.reps.insert(r.nt, (r.min, r.max, r.x));
        }
        for r in reps {
            if self.too_big {
                return;
            }
            let empty_x = self.sym_nullable(r.x);
            if r.max == Some(0) {
                self.add_prod(r.nt, Vec::new());
                continue;
            }
            if empty_x || r.min == 0 {
                // Only non-empty iterations; the minimum is met by empty ones when it must.
                match r.max {
                    None => {
                        self.add_prod(r.nt, Vec::new());
                        self.add_prod(r.nt, vec![(Sym::N(r.nt), false), (r.x, true)]);
                    }
                    Some(m) => self.chain(r.nt, r.x, m),
                }
                continue;
            }
            // x is never empty: x … x (min times), then the rest.
            let mut f: Frag = vec![(r.x, false); r.min as usize];
            match r.max {
                None => {
                    let t = self.helper();
                    self.cfg.nts[t as usize].nullable = true;
                    self.add_prod(t, Vec::new());
                    self.add_prod(t, vec![(Sym::N(t), false), (r.x, true)]);
                    f.push((Sym::N(t), false));
                }
                Some(m) if m > r.min => {
                    let o = self.helper();
                    self.cfg.nts[o as usize].nullable = true;
                    self.chain(o, r.x, m - r.min);
                    f.push((Sym::N(o), false));
                }
                Some(_) => {}
            }
            self.add_prod(r.nt, f);
        }
    }

    /// `first = ε / x⁺ O2`, …, `Ok = ε / x⁺`: at most `k` non-empty iterations.
    fn chain(&mut self, first: u32, x: Sym, k: u32) {
        let mut cur = first;
        for i in 0..k {
            if self.too_big {
                return;
            }
            self.add_prod(cur, Vec::new());
            if i + 1 == k {
                self.add_prod(cur, vec![(x, true)]);
            } else {
                let next = self.helper();
                self.cfg.nts[next as usize].nullable = true;
                self.add_prod(cur, vec![(x, true), (Sym::N(next), false)]);
                cur = next;
            }
        }
    }

    fn layout(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        self.cfg.syms.reserve(self.size);
        self.cfg.nonempty.reserve(self.size);
        for (lhs, f) in pending {
            let p = self.cfg.prods.len() as u32;
            self.cfg.prods.push(Prod {
                lhs,
                start: self.cfg.syms.len() as u32,
            });
            for (s, ne) in f {
                self.cfg.syms.push(s);
                self.cfg.nonempty.push(ne);
            }
            self.cfg.syms.push(Sym::End(p));
            self.cfg.nonempty.push(false);
            self.cfg.nts[lhs as usize].prods.push(p);
        }
    }
}

/// Compiles the rules of `user`, adding the core rules it uses but does not define from
/// `core`. `None` when the compiled grammar would be too large.
pub(crate) fn compile(user: &Reading, core: &Reading) -> Option<Cfg> {
    let mut c = Compiler {
        cfg: Cfg::default(),
        exprs: &user.exprs,
        reps: Vec::new(),
        pending: Vec::new(),
        too_big: false,
        size: 0,
    };
    for def in &user.rules {
        let key = def.name.to_ascii_lowercase();
        if !c.cfg.by_name.contains_key(&key) {
            let n = c.helper();
            c.cfg.nts[n as usize].name = Some(def.name.clone());
            c.cfg.by_name.insert(key, n);
        }
    }
    for def in &user.rules {
        c.rule(def);
    }
    // The core rules the grammar uses and does not define (referenced ones show as
    // undefined so far); they may use each other (HEXDIG uses DIGIT), so repeat until none
    // is added.
    loop {
        let wanted: Vec<&RuleDef> = core
            .rules
            .iter()
            .filter(|d| {
                c.cfg
                    .by_name
                    .get(&d.name.to_ascii_lowercase())
                    .is_some_and(|&n| c.cfg.nts[n as usize].undefined)
            })
            .collect();
        if wanted.is_empty() {
            break;
        }
        c.exprs = &core.exprs;
        for def in wanted {
            let n = c.cfg.by_name[&def.name.to_ascii_lowercase()];
            c.cfg.nts[n as usize].undefined = false;
            c.cfg.nts[n as usize].builtin = true;
            c.rule(def);
        }
    }
    c.nullable();
    c.expand_reps();
    if c.too_big {
        return None;
    }
    c.layout();
    Some(c.cfg)
}

#[cfg(test)]
mod tests {
    use super::super::reader::read;
    use super::*;

    fn cfg(text: &str) -> Cfg {
        compile(&read(text), &read(CORE)).expect("compiles")
    }

    fn rhs(c: &Cfg, p: u32) -> Vec<(Sym, bool)> {
        let mut i = c.prods[p as usize].start as usize;
        let mut out = Vec::new();
        while !matches!(c.syms[i], Sym::End(_)) {
            out.push((c.syms[i], c.nonempty[i]));
            i += 1;
        }
        out
    }

    #[test]
    fn star_is_left_recursion_over_non_empty_iterations() {
        let c = cfg("a = *\"x\"\n");
        let a = c.by_name["a"];
        let [p] = c.nts[a as usize].prods[..] else {
            panic!("one production")
        };
        let [(Sym::N(r), false)] = rhs(&c, p)[..] else {
            panic!("a repetition helper")
        };
        let prods: Vec<_> = c.nts[r as usize]
            .prods
            .iter()
            .map(|&p| rhs(&c, p))
            .collect();
        assert_eq!(prods[0], []);
        assert!(matches!(prods[1][..], [(Sym::N(x), false), (Sym::T(_), true)] if x == r));
        assert!(c.nts[r as usize].nullable);
    }

    #[test]
    fn bounded_repetition_is_a_chain() {
        let c = cfg("a = 0*30\"x\"\n");
        // a, the chain's 30 links.
        let helpers = c.nts.iter().filter(|n| n.name.is_none()).count();
        assert_eq!(helpers, 30);
        let c = cfg("a = 2*3\"x\"\n");
        let a = c.by_name["a"];
        assert!(!c.nts[a as usize].nullable);
    }

    #[test]
    fn disjoint_single_terminals_merge() {
        let c = cfg("a = \"!\" / \"$\" / %x30-39\n");
        let a = c.by_name["a"];
        assert_eq!(c.nts[a as usize].prods.len(), 1);
        let c = cfg("a = \"a\" / %x61\n");
        let a = c.by_name["a"];
        assert_eq!(c.nts[a as usize].prods.len(), 2);
    }
}
