//! The grammar lab's parse off the keystroke path: one thread the workbench owns, which
//! analyses an input under the lab ([`crate::engine::analyze_in`]) and hands the
//! [`Analysis`] back to the model; then, with no newer job waiting, readies the lab's
//! recognizer for edits of that text ([`Lab::prime`]).
//!
//! One parse at a time, the newest input wins: a job given while a parse runs waits in a
//! single slot, and a newer job replaces it there (the older is dropped unparsed). Each
//! job's work is bounded by the lab's budget ([`crate::engine::abnf::lab::LAB_WORK`]), so
//! the thread is never busy longer than one bounded parse. The engine knows nothing of
//! it: the thread calls the engine as the model would, and the model takes the result
//! when it comes back with the id the model gave the job ([`Worker::take`]), and ignores
//! it otherwise. Written here rather than with a thread-pool crate: one thread and one
//! slot are all it needs, and the standard library's `Mutex`, `Condvar` and channel do it.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::engine::abnf::lab::Lab;
use crate::engine::{Analysis, Options, analyze_in};

/// One input to analyse under a lab.
pub struct Job {
    /// The model's id of this job (the result carries it back).
    pub id: u64,
    /// The input line (0: A, 1: B).
    pub side: usize,
    /// The text.
    pub text: String,
    /// The options of the analysis.
    pub options: Options,
    /// The lab of the analysis.
    pub lab: Arc<Lab>,
}

/// A job done: its id and side, and the analysis.
pub struct Done {
    /// The job's id.
    pub id: u64,
    /// The job's input line.
    pub side: usize,
    /// The analysis of the job's text.
    pub analysis: Analysis,
}

/// The slot the thread takes its next job from.
#[derive(Default)]
struct Slot {
    next: Option<Job>,
    busy: bool,
    quit: bool,
}

type Shared = Arc<(Mutex<Slot>, Condvar)>;

/// The thread and its slot (see the module documentation). Dropping it tells the thread
/// to end after the parse it is running, if any; it is not waited for.
pub struct Worker {
    shared: Shared,
    done: Receiver<Done>,
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker").finish_non_exhaustive()
    }
}

/// The thread's loop: take the slot's job, analyse, send, until told to end.
fn serve(shared: &Shared, out: &Sender<Done>) {
    let (lock, wake) = &**shared;
    loop {
        let job = {
            let Ok(mut slot) = lock.lock() else { return };
            loop {
                if slot.quit {
                    return;
                }
                if let Some(job) = slot.next.take() {
                    slot.busy = true;
                    break job;
                }
                slot = match wake.wait(slot) {
                    Ok(s) => s,
                    Err(_) => return,
                };
            }
        };
        let analysis = analyze_in(&job.text, &job.options, Some(&job.lab));
        let sent = out.send(Done {
            id: job.id,
            side: job.side,
            analysis,
        });
        // The tree is on its way; until the next job, the twin's recognizer is readied
        // for edits of this text (its first invalid edit would otherwise run the chart
        // over the whole text on the keystroke). Not when a newer text already waits.
        let waiting = lock.lock().map_or(true, |slot| slot.next.is_some());
        if sent.is_ok() && !waiting {
            job.lab.prime(&job.text);
        }
        let Ok(mut slot) = lock.lock() else { return };
        slot.busy = false;
        wake.notify_all();
        if sent.is_err() {
            return;
        }
    }
}

impl Worker {
    /// Starts the thread; `None` when the system will not make one (the caller then
    /// analyses on its own thread).
    pub fn start() -> Option<Worker> {
        let shared: Shared = Arc::default();
        let (tx, rx) = channel();
        let theirs = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("idbench-lab-parse".into())
            .spawn(move || serve(&theirs, &tx))
            .ok()?;
        Some(Worker { shared, done: rx })
    }

    /// Gives the thread `job`: it runs after the parse running now, replacing any job
    /// still waiting.
    pub fn give(&self, job: Job) {
        let (lock, wake) = &*self.shared;
        if let Ok(mut slot) = lock.lock() {
            slot.next = Some(job);
            wake.notify_all();
        }
    }

    /// The jobs done since the last call, oldest first (never waits).
    pub fn take(&self) -> Vec<Done> {
        self.done.try_iter().collect()
    }

    /// Waits until the thread has no job running or waiting, at most `limit`; true when
    /// it is idle. For tests and measurements that need the parse landed.
    pub fn wait_idle(&self, limit: Duration) -> bool {
        let (lock, wake) = &*self.shared;
        let until = Instant::now() + limit;
        let Ok(mut slot) = lock.lock() else {
            return false;
        };
        while slot.busy || slot.next.is_some() {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            slot = match wake.wait_timeout(slot, left) {
                Ok((s, _)) => s,
                Err(_) => return false,
            };
        }
        true
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let (lock, wake) = &*self.shared;
        if let Ok(mut slot) = lock.lock() {
            slot.quit = true;
            slot.next = None;
            wake.notify_all();
        }
    }
}

/// Inputs up to this many bytes are parsed on the keystroke path, as before: the lab's
/// parse of RFC 8141's ABNF on 4 KiB takes a few milliseconds (BENCHMARKS.md, "The
/// grammar lab's keystroke"), and the tree then lands with its verdict.
pub const SYNC_MAX: usize = 4096;

/// What the model keeps of the lab's parses off the keystroke path: the worker (started
/// at first use), the lab's verdict-only twin, and per input line the job awaited and
/// the last full analysis, whose tree is shown (marked as the previous text's) until the
/// parse lands.
#[derive(Debug)]
pub struct Deferred {
    /// The worker, once started.
    pub worker: Option<Worker>,
    /// The lab's verdict-only twin ([`Lab::verdict_only`]), when it has one.
    pub quick: Option<Arc<Lab>>,
    /// The job each input line awaits.
    pub pending: [Option<u64>; 2],
    /// The last full analysis of each input line while a parse is awaited, whose tree is
    /// shown meanwhile.
    pub shown: [Option<Analysis>; 2],
    /// The next job's id.
    pub next_id: u64,
    /// Inputs up to this many bytes are parsed on the keystroke path ([`SYNC_MAX`]).
    pub sync_max: usize,
    /// Moves each time the analysis the tree is drawn from changes.
    pub tree_gen: [u64; 2],
}

impl Default for Deferred {
    fn default() -> Self {
        Deferred {
            worker: None,
            quick: None,
            pending: [None, None],
            shown: [None, None],
            next_id: 0,
            sync_max: SYNC_MAX,
            tree_gen: [0, 0],
        }
    }
}

impl Deferred {
    /// Input line `side` is analysed on the keystroke path again: nothing is awaited.
    pub fn settle(&mut self, side: usize) {
        if let Some(p) = self.pending.get_mut(side) {
            *p = None;
        }
        if let Some(s) = self.shown.get_mut(side) {
            *s = None;
        }
        if let Some(g) = self.tree_gen.get_mut(side) {
            *g += 1;
        }
    }
}
