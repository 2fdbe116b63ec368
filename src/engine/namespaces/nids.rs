//! One precomputed table over the lower-cased NID, for the batch layer
//! ([`super::nss_verdict`]): a NID the registry lists or the catalogue describes is one
//! probe, which gives its registration and its namespaces at once.
//!
//! Why a table of our own and not the registry's hash map: the key is at most
//! [`KEY_MAX`] bytes (RFC 8141 §2 allows 32 for a NID), so it is read as four machine
//! words, lower-cased a word at a time, and hashed and compared as words, with no
//! per-byte work and no allocation; the answer (registration and catalogue indices) is what two
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
    /// The NID in lower case, zero-padded, as [`key_of`] reads it.
    key: Key,
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

/// The table: open addressing with linear probing, at most a sixteenth full, with the
/// hash's multiplier chosen when it is built so that every NID it knows is in the slot
/// its hash names: a NID it knows is found at the first probe, and one it does not know
/// almost always meets an empty slot there. (A lookup that probed on was a mispredicted
/// branch, and a few common NIDs collided.)
struct Table {
    /// Each slot: an index into `known` plus one, 0 when empty.
    slots: Vec<u16>,
    known: Vec<Known>,
    /// `64 - log2(slots.len())`: a hash's top bits are its slot.
    shift: u32,
    /// The hash's multiplier (odd).
    mul: u64,
}

/// How many multipliers [`Table::build`] tries for one without collisions before it
/// keeps the one with the fewest extra probes.
const MULTIPLIERS: u64 = 256;

/// A NID in lower case, zero-padded to [`KEY_MAX`] bytes, as four little-endian words.
type Key = [u64; KEY_MAX / 8];

/// `nid` in lower case, zero-padded; `None` when it is longer than [`KEY_MAX`].
///
/// Read a word at a time, never byte by byte into a buffer: a word read back from
/// bytes just stored one by one waits for the stores (no store-to-load forwarding),
/// which made this lookup the layer's second cost.
fn key_of(nid: &[u8]) -> Option<Key> {
    if nid.len() > KEY_MAX {
        return None;
    }
    let mut key = [0u64; KEY_MAX / 8];
    for (w, chunk) in key.iter_mut().zip(nid.chunks(8)) {
        *w = lower_word(word_of(chunk));
    }
    Some(key)
}

/// Up to 8 bytes as a little-endian word, zero above them: two overlapping loads for
/// 4 to 7 bytes, three single bytes (some the same) for 1 to 3.
fn word_of(b: &[u8]) -> u64 {
    let n = b.len();
    let byte = |i: usize| u64::from(b.get(i).copied().unwrap_or(0));
    let half = |i: usize| {
        b.get(i..i + 4)
            .and_then(|h| <[u8; 4]>::try_from(h).ok())
            .map_or(0, |h| u64::from(u32::from_le_bytes(h)))
    };
    match n {
        0 => 0,
        1..=3 => byte(0) | byte(n / 2) << (8 * (n / 2)) | byte(n - 1) << (8 * (n - 1)),
        4..=7 => half(0) | half(n - 4) << (8 * (n - 4)),
        _ => b
            .get(..8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map_or(0, u64::from_le_bytes),
    }
}

/// `w` with each ASCII capital letter made small (the same as `to_ascii_lowercase` on
/// each of its bytes): a byte is a capital when, its top bit clear, it is at least `A`
/// and not above `Z`; adding to the low seven bits tests both without a carry between
/// bytes.
fn lower_word(w: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const TOP: u64 = 0x8080_8080_8080_8080;
    let low = w & LOW7;
    let at_least_a = low.wrapping_add(0x3F3F_3F3F_3F3F_3F3F); // 0x80 - b'A' each
    let above_z = low.wrapping_add(0x2525_2525_2525_2525); // 0x80 - b'Z' - 1 each
    let capital = at_least_a & !above_z & !w & TOP;
    w | (capital >> 2)
}

/// The hash of a key: its four words mixed, then one multiplication by `mul`.
fn hash(key: &Key, len: usize, mul: u64) -> u64 {
    let h = key[0]
        ^ key[1].rotate_left(17)
        ^ key[2].rotate_left(34)
        ^ key[3].rotate_left(51)
        ^ (len as u64);
    h.wrapping_mul(mul)
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
        let size = (known.len() * 16).next_power_of_two().max(16);
        let shift = 64 - size.trailing_zeros();
        // Each multiplier's table and its extra probes (0: every NID in its own slot).
        let fill = |mul: u64| {
            let mut slots = vec![0u16; size];
            let mut extra = 0usize;
            for (i, k) in known.iter().enumerate() {
                let mut s = (hash(&k.key, k.len, mul) >> shift) as usize;
                while slots[s] != 0 {
                    s = (s + 1) & (size - 1);
                    extra += 1;
                }
                // The registry has a few hundred NIDs: far below u16::MAX.
                slots[s] = u16::try_from(i + 1).unwrap_or(0);
            }
            (extra, slots)
        };
        // The golden ratio's multiplier (odd), stepped by an even constant: each odd.
        let mul_of =
            |k: u64| 0x9E37_79B9_7F4A_7C15u64.wrapping_add(k.wrapping_mul(0xD6E8_FEB8_6659_FD94));
        let mut mul = mul_of(0);
        let (mut extra, mut slots) = fill(mul);
        for k in 1..MULTIPLIERS {
            if extra == 0 {
                break;
            }
            let (e, t) = fill(mul_of(k));
            if e < extra {
                (extra, slots, mul) = (e, t, mul_of(k));
            }
        }
        Table {
            slots,
            known,
            shift,
            mul,
        }
    }

    fn get(&self, nid: &[u8]) -> Option<&Known> {
        let key = key_of(nid)?;
        let size = self.slots.len();
        let mut s = (hash(&key, nid.len(), self.mul) >> self.shift) as usize;
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

    /// The multiplier chosen puts every NID the table knows in the slot its hash names, so
    /// a lookup of one never probes on.
    #[test]
    fn every_known_nid_is_in_its_own_slot() {
        let t = &*TABLE;
        assert_eq!(t.mul % 2, 1, "an even multiplier loses the hash's low bits");
        for (i, k) in t.known.iter().enumerate() {
            let s = (hash(&k.key, k.len, t.mul) >> t.shift) as usize;
            assert_eq!(usize::from(t.slots[s]), i + 1, "{}", k.lower);
        }
    }

    /// The key read a word at a time is the NID lower-cased byte by byte and zero-padded:
    /// every byte value at every place, and every length up to one past [`KEY_MAX`].
    #[test]
    fn a_key_is_the_nid_lowercased_and_padded() {
        let bytewise = |nid: &[u8]| -> Option<Key> {
            let mut bytes = [0u8; KEY_MAX];
            bytes.get_mut(..nid.len())?.copy_from_slice(nid);
            bytes.make_ascii_lowercase();
            let mut key = [0u64; KEY_MAX / 8];
            for (w, c) in key.iter_mut().zip(bytes.chunks(8)) {
                *w = u64::from_le_bytes(c.try_into().ok()?);
            }
            Some(key)
        };
        for len in 0..=KEY_MAX + 1 {
            for b in 0..=255u8 {
                for at in [0, len / 2, len.saturating_sub(1)] {
                    // A mixed background (capitals, digits, `-`, high bytes) with one
                    // byte of every value put at `at`.
                    let mut nid: Vec<u8> =
                        (0..len).map(|i| b"AzZa@[`{9-\xC3\x80"[i % 12]).collect();
                    if let Some(x) = nid.get_mut(at) {
                        *x = b;
                    }
                    assert_eq!(key_of(&nid), bytewise(&nid), "{nid:?}");
                }
            }
        }
    }

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
