//! Whether the calling thread is ending. An object of static storage
//! duration (a namespace-scope `sycl::queue`, oneDPL's `dpcpp_default`)
//! is destroyed by `exit` after the main thread's thread-locals, which
//! wgpu uses (its lock tracing, in debug builds): a wait there panicked
//! and aborted the program after `main` returned. The process is ending,
//! so such waits are skipped.

struct Alive;

impl Drop for Alive {
    fn drop(&mut self) {}
}

thread_local! {
    static ALIVE: Alive = const { Alive };
}

/// Marks the calling thread alive, so that `thread_exiting` can tell when
/// its thread-locals are gone. Called where queues are made.
pub fn note_thread() {
    ALIVE.with(|_| ());
}

/// Whether the calling thread's thread-locals have been destroyed.
pub fn thread_exiting() -> bool {
    ALIVE.try_with(|_| ()).is_err()
}
