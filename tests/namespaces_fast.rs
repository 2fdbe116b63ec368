//! The namespace layer's speed (issue 23, "Bad input"): every namespace grammar stays
//! linear on a 64 KiB NSS, counted in work, not time. The timing itself is in
//! `scripts/measure-namespace-check.sh`, which runs the ignored `measure_layer` test of
//! this file in a release build.

use std::time::Instant;

use idbench::engine::namespaces::{LAYER_MAX_NSS, analyze_nss, analyze_nss_within};

/// Long NSSs, one per namespace, valid or nearly so, `n` bytes or about.
fn long_nsss(n: usize) -> Vec<(&'static str, String)> {
    vec![
        ("example", "a".repeat(n)),
        ("oid", "1.".repeat(n / 2) + "1"),
        ("nbn", format!("fi-{}", "a/".repeat(n / 2))),
        ("publicid", "ab+".repeat(n / 3) + "c"),
        ("ietf", format!("params:x:{}", "a:".repeat(n / 2)) + "a"),
        ("ietf", format!("id:{}", "a-".repeat(n / 2)) + "a"),
        ("mrn", format!("imo:xx:{}", "a".repeat(n))),
        ("dev", format!("org:1-{}", "a:".repeat(n / 2)) + "a"),
        ("uuid", "a".repeat(n)),
        ("isbn", "9-".repeat(n / 2)),
        (
            "iso",
            format!("std:iso:1:clause:{}", "1,".repeat(n / 2)) + "1",
        ),
    ]
}

/// Prints the layer's time on a 64 KiB NSS per namespace (release build:
/// `cargo test --release --test namespaces_fast -- --ignored --nocapture measure_layer`):
/// "layer", as an analysis runs it ([`analyze_nss_within`] with [`LAYER_MAX_NSS`], what
/// every face's analysis calls: the verdict by the compiled automaton past that length),
/// the script's target; and "tree", [`analyze_nss`] building the namespace grammar's
/// tree whole by the Earley engine, which no face asks for past [`LAYER_MAX_NSS`] bytes
/// (printed, not a target).
#[test]
#[ignore = "a measurement, run by scripts/measure-namespace-check.sh"]
fn measure_layer() {
    let runs = 5;
    let time = |f: &dyn Fn() -> usize| {
        let _ = f();
        let t0 = Instant::now();
        let mut work = 0;
        for _ in 0..runs {
            work = f();
        }
        (t0.elapsed().as_secs_f64() * 1000.0 / f64::from(runs), work)
    };
    for (nid, nss) in long_nsss(64 * 1024) {
        let base = 4 + nid.len() + 1;
        let (ms, work) = time(&|| analyze_nss_within(nid, &nss, base, LAYER_MAX_NSS).work);
        let (tree_ms, tree_work) = time(&|| analyze_nss(nid, &nss, base).work);
        println!(
            "layer {nid:<9} {:>6} bytes: {ms:>9.3} ms, work {work}",
            nss.len()
        );
        println!(
            "tree  {nid:<9} {:>6} bytes: {tree_ms:>9.3} ms, work {tree_work}",
            nss.len()
        );
    }
}

/// Prints the batch layer's time per URN over a corpus (release build; the path in
/// `IDBENCH_URN_CORPUS`, one URN a line, as scripts/measure-namespace-check.sh passes its
/// own): `nss_verdict_bytes` on each line's NID and everything after its `:` (a line's
/// `?`/`#` components too, which `check` would cut off) with one worker's caches, the
/// verdicts alone (no parse of the line, no record), best of ten passes after one that
/// fills the caches.
#[test]
#[ignore = "a measurement, run by scripts/measure-namespace-check.sh"]
fn measure_layer_batch() {
    use idbench::engine::namespaces::{LayerScratch, nss_verdict_bytes};
    let Some(path) = std::env::var_os("IDBENCH_URN_CORPUS") else {
        println!("batch: no corpus (IDBENCH_URN_CORPUS unset)");
        return;
    };
    let data = std::fs::read(&path).expect("the corpus");
    let parts: Vec<(&[u8], &[u8], usize)> = data
        .split(|&b| b == b'\n')
        .filter_map(|line| {
            let rest = line.get(4..)?;
            let colon = rest.iter().position(|&b| b == b':')?;
            let nss = rest.get(colon + 1..).filter(|n| !n.is_empty())?;
            Some((&rest[..colon], nss, 4 + colon + 1))
        })
        .collect();
    let mut scratch = LayerScratch::new();
    let pass = |scratch: &mut LayerScratch| {
        let t0 = Instant::now();
        for &(nid, nss, at) in &parts {
            let v = nss_verdict_bytes(scratch, nid, nss, at);
            scratch.recycle(std::hint::black_box(v).findings);
        }
        t0.elapsed().as_secs_f64()
    };
    pass(&mut scratch);
    let best = (0..10).map(|_| pass(&mut scratch)).fold(f64::MAX, f64::min);
    println!(
        "batch {} URNs: {:.2} ms, {:.1} ns a URN (the verdicts alone)",
        parts.len(),
        best * 1e3,
        best * 1e9 / parts.len().max(1) as f64
    );
}

/// Short NSSs as the benchmark URN corpus has them (benches/tools/gen_corpus.rs).
fn short_nsss() -> Vec<(&'static str, &'static str)> {
    vec![
        ("isbn", "978-3-16148-410-0"),
        ("uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
        ("ietf", "rfc:2648"),
        ("ietf", "params:xml:ns:yang-types"),
        ("oid", "1.3.6.1.4.1.343.12.3"),
        ("nbn", "de:bvb:12-opus-123456"),
        ("issn", "0317-8471"),
        ("publicid", "-:OASIS:DTD+DocBook+XML+V4.5:EN"),
        ("iso", "std:iso:8601:ed-3:v1:en"),
    ]
}

/// Prints the layer's time per call on short NSSs (release build; see [`measure_layer`]).
#[test]
#[ignore = "a measurement, run by scripts/measure-namespace-check.sh"]
fn measure_layer_short() {
    let runs = 20_000u32;
    for (nid, nss) in short_nsss() {
        let base = 4 + nid.len() + 1;
        let work = analyze_nss(nid, nss, base).work;
        let t0 = Instant::now();
        for _ in 0..runs {
            std::hint::black_box(analyze_nss(nid, nss, base));
        }
        let us = t0.elapsed().as_secs_f64() * 1e6 / f64::from(runs);
        println!(
            "short {nid:<9} {:>4} bytes: {us:>8.2} µs a call, work {work}",
            nss.len()
        );
    }
}

/// Every namespace grammar that compiles is walked as a dense automaton by the batch
/// layer (`check --namespaces`), and the dense walk dies where the lazy DFA's does: on
/// the corpus-like NSSs, long ones, and each of them cut short or with a bad byte
/// inserted, before the end and at every place of the short ones.
#[test]
fn the_dense_walk_dies_where_the_lazy_dfa_does() {
    use idbench::engine::namespaces::{catalogue, judge};
    let mut inputs: Vec<String> = short_nsss().iter().map(|(_, s)| s.to_string()).collect();
    inputs.extend(long_nsss(300).into_iter().map(|(_, s)| s));
    inputs.extend(["", "é", "a\u{0}b", "%4", "%41", "X-", "1.2.", "de:"].map(String::from));
    let mut all = Vec::new();
    for s in &inputs {
        all.push(s.clone());
        for (i, _) in s.char_indices().take(48) {
            all.push(s[..i].to_string());
            for bad in ["^", "é", " ", "%", ":"] {
                all.push(format!("{}{bad}{}", &s[..i], &s[i..]));
            }
        }
    }
    let mut walked = 0;
    for ns in catalogue::ALL {
        let Some(a) = judge(ns).and_then(|j| j.automaton()) else {
            continue;
        };
        let mut lazy = a.scratch();
        // One table for every input (filled as they go), and a fresh one for each.
        let mut filled = None;
        for s in &all {
            let want = a.dies_at(&mut lazy, s);
            assert_eq!(a.dies_at_dense(&mut filled, s), want, "{} {s:?}", ns.name);
            assert_eq!(a.dies_at_dense(&mut None, s), want, "{} {s:?}", ns.name);
        }
        walked += 1;
    }
    assert!(walked >= 10, "{walked} namespaces walked");
}
