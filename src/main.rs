//! The `idbench` binary: the workbench, or one of the commands.

use std::process::ExitCode;

fn main() -> ExitCode {
    match idbench::cli::parse_args(std::env::args_os().collect()) {
        Ok(cli) => {
            if cli.opens_workbench() {
                workbench_allocator();
            }
            idbench::cli::run(cli)
        }
        Err(code) => code,
    }
}

/// Fixes glibc's allocator thresholds for the workbench's process: blocks under 32 MiB
/// come from its heaps and are used again, and a heap keeps up to 64 MiB free at its top.
///
/// The workbench analyses the whole input at every keystroke, and under the grammar lab
/// parses it again on a second thread; both allocate and free blocks of megabytes each
/// time (a parse's node lists, the Earley chart). With glibc's defaults the threshold for
/// mapping a block rises and falls with the blocks freed, so such blocks were mapped
/// afresh at an analysis and every page of them faulted in again, and the two threads'
/// mappings and page faults held each other up: on the lab's 62 KB nested XRI the
/// keystroke's frame took 16.5 to 17.0 ms (median of 20 edits, three runs), and 6.1 to
/// 7.2 ms with these thresholds (BENCHMARKS.md, "Issue 36, 2026-12-05, second stop").
/// The cost is memory kept for the next analysis: that case's peak RSS is 150 MB against
/// 103 MB. The other commands keep glibc's defaults: most run once and end, and `serve`'s
/// workers were not measured with these thresholds.
#[cfg(all(target_os = "linux", target_env = "gnu", feature = "tui"))]
fn workbench_allocator() {
    // SAFETY: `mallopt` sets two of glibc's allocator parameters, with values glibc
    // accepts (it refuses others by returning 0, which leaves its defaults: nothing to
    // do then). It is called before the workbench starts any thread.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
    }
}

/// Elsewhere the system's allocator keeps its defaults.
#[cfg(not(all(target_os = "linux", target_env = "gnu", feature = "tui")))]
fn workbench_allocator() {}
