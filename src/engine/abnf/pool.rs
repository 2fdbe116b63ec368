//! Work spaces shared by the threads that judge with one compiled grammar: automaton
//! caches, the recognizer's chart and checkpoints, the bracketed rule's pass's buffers. A
//! verdict takes one (or makes one when none is free) and gives it back, so that threads
//! judging at once never share one, and a thread that judges again finds its caches warm
//! (and the recognizer its checkpoints). Written by hand rather than with an object-pool
//! crate: a `Mutex<Vec<T>>`, held only to take or give back one entry, is all it needs.

use std::sync::Mutex;

/// A pool of work spaces of type `T` (see the module documentation).
pub(crate) struct Pool<T>(Mutex<Vec<T>>);

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool(Mutex::new(Vec::new()))
    }
}

impl<T> Pool<T> {
    /// `f` with a work space from the pool (a new one from `make` when none is free),
    /// given back to the pool after.
    pub(crate) fn with<R>(&self, make: impl FnOnce() -> T, f: impl FnOnce(&mut T) -> R) -> R {
        let mut space = self
            .0
            .lock()
            .ok()
            .and_then(|mut free| free.pop())
            .unwrap_or_else(make);
        let out = f(&mut space);
        if let Ok(mut free) = self.0.lock() {
            free.push(space);
        }
        out
    }

    /// `f` of the work space [`Pool::with`] would take next (`None`: it would make one),
    /// read in place.
    pub(crate) fn peek<R>(&self, f: impl FnOnce(Option<&T>) -> R) -> R {
        match self.0.lock() {
            Ok(free) => f(free.last()),
            Err(_) => f(None),
        }
    }
}
