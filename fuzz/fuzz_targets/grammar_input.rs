//! Any grammar text, start rule and input through `grammar parse`'s path (the grammar
//! compiled, the input parsed within a work and input budget, the output rendered within a
//! cap): nothing panics, no parse makes more than its budget, and the output keeps its
//! promises. The body is tests/abnf_grammar_input/body.rs, which
//! tests/abnf_grammar_input.rs also runs on random bytes on the stable toolchain.
#![no_main]

#[path = "../../tests/abnf_grammar_input/body.rs"]
mod body;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, start, input) = body::case(data);
    if let Err(e) = body::run(&text, &start, &input) {
        panic!("{e}\ngrammar: {text:?}\nstart: {start:?}\ninput: {input:?}");
    }
});
