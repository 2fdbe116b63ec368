//! The hand-written parser of every profile with an ABNF grammar against the ABNF engine
//! over the profile's shipped grammar text: on any input, neither panics, and their
//! verdicts agree except where a listed cause explains the difference (the causes of
//! tests/abnf_agree/causes.rs, which tests/abnf_builtin.rs and tests/abnf_agree_prop.rs
//! hold the identifier sets and generated inputs to).
#![no_main]

#[path = "../../tests/abnf_agree/causes.rs"]
mod causes;

use std::sync::OnceLock;

use idbench_fuzz::text;
use libfuzzer_sys::fuzz_target;

fn checkers() -> &'static [causes::Checker] {
    static CHECKERS: OnceLock<Vec<causes::Checker>> = OnceLock::new();
    CHECKERS.get_or_init(|| {
        causes::profiles()
            .into_iter()
            .map(|p| match causes::Checker::new(p) {
                Some(c) => c,
                None => panic!("{}: its grammar text does not compile", p.name()),
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    for c in checkers() {
        if let Err(e) = c.check(&input) {
            panic!("{e}");
        }
    }
});
