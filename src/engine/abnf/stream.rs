//! Trees given straight from the forest: [`Grammar::parse_streamed`] parses, counts, and
//! hands the result to a writer that walks each tree into a [`TreeSink`] node by node,
//! so `grammar parse --format json` writes a 150,000-node tree without building it (the
//! forest, the tree and its JSON held at once were most of its memory).

// Only the command line (`grammar parse`, the server's grammar API) writes trees this way.
#![cfg_attr(not(feature = "cli"), allow(dead_code))]

use super::forest::{self, TreeSink};
use super::{Budget, Grammar, Parse, ParseCount, ParseError, ParseOptions, earley};

/// The trees of one parse, to walk one at a time ([`Grammar::parse_streamed`]).
pub(crate) struct Trees<'a> {
    prepared: forest::Prepared<'a>,
    max_trees: usize,
    len: usize,
}

impl Trees<'_> {
    /// How many trees there are (what [`Parse::trees`] would hold).
    pub(crate) fn len(&self) -> usize {
        self.len
    }
    /// Gives tree `k` to `sink`: the nodes of [`Parse::trees`]`[k]` in order.
    pub(crate) fn walk<S: TreeSink>(&self, k: usize, sink: &mut S) -> Result<(), S::Error> {
        self.prepared.walk(self.max_trees, k, sink)
    }
}

impl Grammar {
    /// [`Grammar::parse_within`] (or with `detail`, [`Grammar::parse_detailed`]) whose
    /// trees are not built: `then` gets the parse (its `trees` empty) and the [`Trees`] to
    /// walk, while the forest lives, and its answer is returned.
    pub(crate) fn parse_streamed<R>(
        &self,
        start: &str,
        input: &str,
        options: &ParseOptions,
        budget: Budget,
        detail: bool,
        then: impl FnOnce(&Parse, &Trees<'_>) -> R,
    ) -> Result<R, ParseError> {
        let nt = self.start_nt(start)?;
        let (mut chart, bytes) = self.chart(nt, input, Some(earley::SHORT), budget)?;
        let valid = !chart.roots.is_empty();
        let failure = (!valid).then(|| self.failure(&chart, &bytes));
        let unchecked_prose = chart
            .unbound_prose
            .iter()
            .filter_map(|&i| self.cfg.prose.get(i as usize))
            .map(|p| format!("{}: <{}>", p.rule, p.text))
            .collect();
        let (items, links) = (chart.items.len() + chart.unmade, chart.links.len());
        let prepared = forest::prepare(&self.cfg, &mut chart, &bytes, detail);
        let count = match prepared.total {
            None => ParseCount::Infinite,
            Some(t) if t > u128::from(options.count_cap) => ParseCount::AtLeast(options.count_cap),
            Some(t) => ParseCount::Exact(t as u64),
        };
        let p = Parse {
            valid,
            count,
            empty_ambiguity: prepared.empty_ambiguity,
            trees: Vec::new(),
            failure,
            unchecked_prose,
            items,
            links,
            forest_work: prepared.work(),
        };
        let len = prepared.tree_count(options.max_trees);
        let trees = Trees {
            prepared,
            max_trees: options.max_trees,
            len,
        };
        Ok(then(&p, &trees))
    }
}
