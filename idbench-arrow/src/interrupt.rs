//! Stopping a kernel part way: a caller that must stay responsive (the Python package,
//! where Ctrl-C raises `KeyboardInterrupt`) runs kernels under [`interruptible`], whose
//! check every kernel asks between elements, at most once per period. When the check says
//! stop, the kernel returns [`KernelError::Interrupted`] at once.
//!
//! The check is held per thread, for the duration of [`interruptible`], so the kernels keep
//! their signatures and a kernel run without it asks nothing.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use crate::KernelError;

struct Check {
    stop: Box<dyn FnMut() -> bool>,
    every: Duration,
    last: Instant,
}

/// The clock is read at one element in this many (the first included): a read cost about
/// 20 ns, a fifth of what `valid` spends on a URL, and the check it guards runs at most
/// once a period anyway. A stop is then seen at most this many elements late. The count is
/// a kernel's own ([`Ticker`]), so the elements between two reads touch no thread-local.
const ROWS_PER_CLOCK: u32 = 16;

thread_local! {
    // The check of the innermost `interruptible` running on this thread.
    static CHECK: RefCell<Option<Check>> = const { RefCell::new(None) };
}

/// Runs `f`, in which every kernel calls `stop` between elements, at most once every
/// `every` (the clock is read at the first element and then at one in 16, so a stop is
/// seen at most 16 elements late): when `stop` returns `true`, the kernel returns
/// [`KernelError::Interrupted`].
/// (`stop` is `'static`: to hand something back, such as the error that made it stop, it
/// can hold an `Rc` the caller keeps a clone of.)
///
/// ```
/// use std::time::Duration;
/// use arrow_array::StringArray;
/// use idbench_arrow::{KernelError, interrupt::interruptible, valid};
///
/// let ids = StringArray::from(vec!["http://example.com/"; 3]);
/// let out = interruptible(Duration::ZERO, || true, || valid(&ids, None));
/// assert_eq!(out, Err(KernelError::Interrupted));
/// ```
pub fn interruptible<T>(
    every: Duration,
    stop: impl FnMut() -> bool + 'static,
    f: impl FnOnce() -> T,
) -> T {
    let check = Check {
        stop: Box::new(stop),
        every,
        last: Instant::now(),
    };
    let outer = CHECK.with(|c| c.replace(Some(check)));
    // The enclosing check comes back when `f` returns or panics.
    struct Restore(Option<Check>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            CHECK.with(|c| *c.borrow_mut() = outer);
        }
    }
    let _restore = Restore(outer);
    f()
}

/// A kernel's count of its elements between two looks at the check of the enclosing
/// [`interruptible`]: [`Ticker::tick`] is called between elements.
pub(crate) struct Ticker {
    /// Elements still to pass before the check is looked at again ([`ROWS_PER_CLOCK`]).
    countdown: u32,
}

impl Ticker {
    /// A count whose first tick looks at the check.
    pub(crate) fn new() -> Self {
        Ticker { countdown: 0 }
    }

    /// Called by a kernel between elements: `Err(Interrupted)` when the check of the
    /// enclosing [`interruptible`] says stop (looked at at the first element and then at one
    /// in [`ROWS_PER_CLOCK`]).
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), KernelError> {
        if self.countdown > 0 {
            self.countdown -= 1;
            return Ok(());
        }
        self.countdown = ROWS_PER_CLOCK - 1;
        look()
    }
}

/// The check of the enclosing [`interruptible`], if any, once its period has passed.
fn look() -> Result<(), KernelError> {
    CHECK.with(|c| {
        {
            let Ok(b) = c.try_borrow() else {
                return Ok(());
            };
            let Some(check) = b.as_ref() else {
                return Ok(());
            };
            if check.last.elapsed() < check.every {
                return Ok(());
            }
        }
        // Taken out while it runs: the check may run code (a Python signal handler) that
        // runs kernels itself.
        let Some(mut check) = c.try_borrow_mut().ok().and_then(|mut b| b.take()) else {
            return Ok(());
        };
        let stop = (check.stop)();
        check.last = Instant::now();
        *c.borrow_mut() = Some(check);
        if stop {
            Err(KernelError::Interrupted)
        } else {
            Ok(())
        }
    })
}
