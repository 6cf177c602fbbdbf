//! The limits one sandboxed compile runs under, and the wasmtime resource
//! limiter that enforces the memory limit and remembers that it did.

use std::time::Duration;

/// Limits of one compile. The defaults suit a trusted build machine
/// compiling untrusted source: 1 GiB of memory, 60 s of wall-clock time, no
/// fuel limit, 256 MiB of output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest size of the guest's linear memory (its whole heap and stack).
    pub memory_bytes: usize,
    /// Wall-clock time, enforced by epoch interruption (granularity
    /// [`crate::EPOCH_TICK`]).
    pub wall_time: Duration,
    /// Wasmtime fuel, a budget independent of the machine's speed (about
    /// one unit per wasm instruction; a compile's need varies by well under
    /// 1% between runs, as hash maps are randomly seeded); `None` for no
    /// fuel limit.
    pub fuel: Option<u64>,
    /// Largest result (JSON on the guest's stdout).
    pub output_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            memory_bytes: 1 << 30,
            wall_time: Duration::from_secs(60),
            fuel: None,
            output_bytes: 256 << 20,
        }
    }
}

/// Largest stderr kept from the guest (messages of a crash).
pub const STDERR_BYTES: usize = 64 << 10;

/// Enforces [`Limits::memory_bytes`]: growth past it fails (the guest sees
/// `memory.grow` return -1, and Rust's allocator aborts), and `hit` records
/// that the limit, not a bug, ended the compile.
pub struct MemoryCap {
    pub limit_bytes: usize,
    pub hit: bool,
    /// Largest memory size granted, for the figures.
    pub peak_bytes: usize,
}

impl MemoryCap {
    pub fn new(limit_bytes: usize) -> Self {
        MemoryCap {
            limit_bytes,
            hit: false,
            peak_bytes: 0,
        }
    }
}

/// Most table elements granted (the guest has one function table).
const MAX_TABLE_ELEMENTS: usize = 1 << 20;

impl wasmtime::ResourceLimiter for MemoryCap {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.limit_bytes {
            self.hit = true;
            return Ok(false);
        }
        self.peak_bytes = self.peak_bytes.max(desired);
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(desired <= MAX_TABLE_ELEMENTS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasmtime::ResourceLimiter;

    #[test]
    fn growth_past_the_limit_is_refused_and_remembered() {
        let mut cap = MemoryCap::new(1 << 20);
        assert!(cap.memory_growing(0, 1 << 16, None).unwrap());
        assert!(cap.memory_growing(1 << 16, 1 << 20, None).unwrap());
        assert!(!cap.hit);
        assert_eq!(cap.peak_bytes, 1 << 20);
        assert!(!cap
            .memory_growing(1 << 20, (1 << 20) + (1 << 16), None)
            .unwrap());
        assert!(cap.hit);
        assert_eq!(cap.peak_bytes, 1 << 20);
    }
}
