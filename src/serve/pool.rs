//! A fixed set of worker threads taking jobs from a bounded queue; the caller waits for
//! its answer up to a deadline.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

type Job = Box<dyn FnOnce() + Send + 'static>;

/// Why a job gave no answer.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// The queue is full.
    Busy,
    /// The deadline passed first (the job still runs to its end; its answer is dropped).
    Late,
    /// The job panicked (a bug: the engine never panics on input).
    Failed,
}

pub(crate) struct Pool {
    tx: Option<SyncSender<Job>>,
}

impl Pool {
    /// `workers` threads and a queue of `queue` jobs. A thread the system refuses is
    /// left out; with none at all, every job is refused as busy.
    pub(crate) fn new(name: &str, workers: usize, queue: usize) -> Pool {
        let (tx, rx) = mpsc::sync_channel::<Job>(queue.max(1));
        let rx = Arc::new(Mutex::new(rx));
        let mut started = 0;
        for _ in 0..workers {
            let rx = Arc::clone(&rx);
            let ok = std::thread::Builder::new()
                .name(name.to_string())
                // The stack the command line's main thread has (address space, not memory).
                .stack_size(8 << 20)
                .spawn(move || {
                    loop {
                        let job = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        let Ok(job) = job else { return };
                        job();
                    }
                })
                .is_ok();
            started += usize::from(ok);
        }
        Pool {
            tx: (started > 0).then_some(tx),
        }
    }

    /// Runs `f` on a worker and waits for its answer at most `deadline`.
    pub(crate) fn run<T: Send + 'static>(
        &self,
        deadline: Duration,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let Some(tx) = &self.tx else {
            return Err(Refused::Busy);
        };
        let (answer_tx, answer_rx) = mpsc::sync_channel(1);
        let job: Job = Box::new(move || {
            let r = catch_unwind(AssertUnwindSafe(f));
            let _ = answer_tx.send(r.ok());
        });
        match tx.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                return Err(Refused::Busy);
            }
        }
        match answer_rx.recv_timeout(deadline) {
            Ok(Some(t)) => Ok(t),
            Ok(None) => Err(Refused::Failed),
            Err(RecvTimeoutError::Timeout) => Err(Refused::Late),
            Err(RecvTimeoutError::Disconnected) => Err(Refused::Failed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_refusals() {
        let p = Pool::new("t", 1, 1);
        assert_eq!(p.run(Duration::from_secs(10), || 2 + 2), Ok(4));
        // Job 1 holds the one worker until `release` is dropped; its caller stops waiting.
        let (release, held) = mpsc::channel::<()>();
        let (started_tx, started) = mpsc::channel::<()>();
        let r = p.run(Duration::from_millis(1), move || {
            let _ = started_tx.send(());
            let _ = held.recv();
        });
        assert_eq!(r, Err(Refused::Late));
        assert!(started.recv_timeout(Duration::from_secs(10)).is_ok());
        // Job 2 waits in the queue (its caller gives up); job 3 finds the queue full.
        let (done_tx, done) = mpsc::channel::<()>();
        let r = p.run(Duration::from_millis(1), move || {
            let _ = done_tx.send(());
        });
        assert_eq!(r, Err(Refused::Late));
        assert_eq!(p.run(Duration::from_secs(10), || ()), Err(Refused::Busy));
        drop(release);
        assert!(done.recv_timeout(Duration::from_secs(10)).is_ok());
        assert_eq!(p.run(Duration::from_secs(10), || 7), Ok(7));
        assert_eq!(
            p.run(Duration::from_secs(10), || -> () { panic!("a bug") }),
            Err(Refused::Failed)
        );
    }
}
