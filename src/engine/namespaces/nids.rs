//! One precomputed table over the lower-cased NID, for the batch layer
//! ([`super::nss_verdict`]): a NID the registry lists or the catalogue describes is one
//! probe, which gives its registration and its namespaces at once.
//!
//! Why a table of our own and not the registry's hash map: the key is at most
//! [`KEY_MAX`] bytes (RFC 8141 §2 allows 32 for a NID), so it is lower-cased into a
//! fixed buffer on the stack and hashed as four machine words, with no per-byte hashing
//! and no allocation; the answer (registration and catalogue indices) is what two
//! searches gave before (the registry's hash, then a scan of the catalogue). The tests
//! below check that it answers as the registry's own search and [`super::namespace_for`]
//! do.

use std::sync::LazyLock;

use super::{Registration, catalogue, registry_lookup};

/// The longest NID the table holds (RFC 8141 §2: at most 32 characters); a longer one is
/// looked up the general way ([`super::lookup`]), and no registration has one.
pub(super) const KEY_MAX: usize = 32;

/// What the batch layer knows of one NID.
#[derive(Debug)]
pub(super) struct Known {
    /// The NID in lower case, zero-padded.
    key: [u8; KEY_MAX],
    /// Its length.
    len: usize,
    /// How the registry knows it.
    pub registration: Registration,
    /// The catalogue's namespaces under this NID that an NSS prefix selects
    /// (`ietf:params`), in the catalogue's order: (prefix, index in [`catalogue::ALL`]).
    subs: Vec<(&'static str, usize)>,
    /// The NID's own namespace in [`catalogue::ALL`].
    own: Option<usize>,
    /// The NID in lower case, as a string (what a batch record shows).
    lower: String,
    /// Its place in the table ([`count`] places in all).
    index: usize,
}

impl Known {
    /// The NID in lower case.
    pub(super) fn lower(&self) -> &str {
        &self.lower
    }

    /// Its place in the table, below [`count`].
    pub(super) fn index(&self) -> usize {
        self.index
    }

    /// The namespace of [`catalogue::ALL`] for an NSS under this NID: a sub-namespace
    /// whose prefix (case-insensitive) the NSS starts with, else the NID's own (as
    /// [`super::namespace_for`] chooses).
    pub(super) fn namespace_index(&self, nss: &[u8]) -> Option<usize> {
        for &(prefix, i) in &self.subs {
            if nss
                .get(..prefix.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(prefix.as_bytes()))
            {
                return Some(i);
            }
        }
        self.own
    }
}

/// The table: open addressing with linear probing, at most a quarter full.
struct Table {
    /// Each slot: an index into `known` plus one, 0 when empty.
    slots: Vec<u16>,
    known: Vec<Known>,
    /// `64 - log2(slots.len())`: a hash's top bits are its slot.
    shift: u32,
}

/// `nid` in lower case, zero-padded; `None` when it is longer than [`KEY_MAX`].
fn key_of(nid: &[u8]) -> Option<[u8; KEY_MAX]> {
    let mut key = [0u8; KEY_MAX];
    let dst = key.get_mut(..nid.len())?;
    for (d, s) in dst.iter_mut().zip(nid) {
        *d = s.to_ascii_lowercase();
    }
    Some(key)
}

/// The hash of a padded key: its four words mixed, then one multiplication.
fn hash(key: &[u8; KEY_MAX], len: usize) -> u64 {
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&key[i * 8..i * 8 + 8]);
        u64::from_le_bytes(w)
    };
    let h = word(0)
        ^ word(1).rotate_left(17)
        ^ word(2).rotate_left(34)
        ^ word(3).rotate_left(51)
        ^ (len as u64);
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Table {
    fn build() -> Table {
        let mut known: Vec<Known> = Vec::new();
        let add = |nid: &str, known: &mut Vec<Known>| -> Option<usize> {
            let key = key_of(nid.as_bytes())?;
            if let Some(i) = known
                .iter()
                .position(|k| k.len == nid.len() && k.key == key)
            {
                return Some(i);
            }
            known.push(Known {
                key,
                len: nid.len(),
                registration: registry_lookup(nid),
                subs: Vec::new(),
                own: None,
                lower: nid.to_ascii_lowercase(),
                index: known.len(),
            });
            Some(known.len() - 1)
        };
        for e in &super::snapshot().entries {
            add(e.nid, &mut known);
        }
        for (i, ns) in catalogue::ALL.iter().enumerate() {
            let Some(k) = add(ns.nid, &mut known) else {
                continue;
            };
            match ns.nss_prefix {
                Some(p) => known[k].subs.push((p, i)),
                // As a scan of the catalogue finds it: the last one listed.
                None => known[k].own = Some(i),
            }
        }
        let size = (known.len() * 4).next_power_of_two().max(16);
        let mut slots = vec![0u16; size];
        let shift = 64 - size.trailing_zeros();
        for (i, k) in known.iter().enumerate() {
            let mut s = (hash(&k.key, k.len) >> shift) as usize;
            while slots[s] != 0 {
                s = (s + 1) & (size - 1);
            }
            // The registry has a few hundred NIDs: far below u16::MAX.
            slots[s] = u16::try_from(i + 1).unwrap_or(0);
        }
        Table {
            slots,
            known,
            shift,
        }
    }

    fn get(&self, nid: &[u8]) -> Option<&Known> {
        let key = key_of(nid)?;
        let size = self.slots.len();
        let mut s = (hash(&key, nid.len()) >> self.shift) as usize;
        loop {
            let k = self
                .known
                .get(usize::from(*self.slots.get(s)?).checked_sub(1)?)?;
            if k.len == nid.len() && k.key == key {
                return Some(k);
            }
            s = (s + 1) & (size - 1);
        }
    }
}

static TABLE: LazyLock<Table> = LazyLock::new(Table::build);

/// How many NIDs the table knows.
pub(super) fn count() -> usize {
    TABLE.known.len()
}

/// What the table knows of `nid` (case-insensitive): `None` for a NID neither the
/// registry nor the catalogue has (its registration is then [`super::lookup`]'s
/// `urn-<number>`, `X-` or unregistered).
pub(super) fn known(nid: &[u8]) -> Option<&'static Known> {
    TABLE.get(nid)
}

#[cfg(test)]
mod tests {
    use super::super::lookup;
    use super::*;

    /// Every NID of the registry and the catalogue, in any case, is found with
    /// `lookup`'s registration and `namespace_for`'s namespace; others are not found.
    #[test]
    fn the_table_answers_as_the_registry_and_the_catalogue() {
        let mut nids: Vec<String> = super::super::snapshot()
            .entries
            .iter()
            .map(|e| e.nid.to_string())
            .collect();
        nids.extend(catalogue::ALL.iter().map(|ns| ns.nid.to_string()));
        assert!(nids.iter().all(|n| n.len() <= KEY_MAX));
        for nid in &nids {
            for nid in [nid.clone(), nid.to_ascii_uppercase()] {
                let k = known(nid.as_bytes()).unwrap_or_else(|| panic!("{nid} not in the table"));
                assert_eq!(k.registration, lookup(&nid), "{nid}");
                assert_eq!(k.lower(), nid.to_ascii_lowercase(), "{nid}");
                assert!(k.index() < count(), "{nid}");
                for nss in ["params:xml:ns:a", "PARAMS:x", "x", "", "params"] {
                    let want = super::super::namespace_for(&nid, nss).map(|ns| ns.name);
                    let got = k
                        .namespace_index(nss.as_bytes())
                        .and_then(|i| catalogue::ALL.get(i))
                        .map(|ns| ns.name);
                    assert_eq!(got, want, "{nid} {nss}");
                }
            }
        }
        for nid in [
            "",
            "epcx",
            "urn-99999",
            "x-foo",
            "isb",
            "isbnn",
            &"a".repeat(33),
        ] {
            assert!(known(nid.as_bytes()).is_none(), "{nid}");
        }
    }
}
