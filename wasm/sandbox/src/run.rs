//! One compile in a fresh store: the WASI context (stdin holds the request,
//! stdout and stderr are bounded in-memory pipes, the read-only directories
//! are the only file system, no network, no environment), the limits, the
//! call of the guest's `_start`, and the mapping of how it ended to a result
//! or a [`SandboxError`].

use crate::engine::{HOST_STACK_BYTES, WASM_STACK_BYTES};
use crate::epoch::deadline_ticks;
use crate::error::{SandboxError, TimeBudget};
use crate::limits::{Limits, MemoryCap, STDERR_BYTES};
use crate::output::{self, RunStats, SandboxOutput};
use crate::request::CompileRequest;
use std::time::Instant;
use wasmtime::{Engine, InstancePre, Store, Trap};
use wasmtime_wasi::p1::WasiP1Ctx;
use wasmtime_wasi::p2::pipe::{MemoryInputPipe, MemoryOutputPipe};
use wasmtime_wasi::{FsPerms, I32Exit, WasiCtxBuilder};

/// The data of a guest's store.
pub struct GuestState {
    pub wasi: WasiP1Ctx,
    pub memory: MemoryCap,
}

/// Program name the guest sees as `argv[0]`.
const GUEST_NAME: &str = "syclone-sandbox-guest";

/// Runs one compile on a thread of its own, with room for the wasm stack
/// whatever the caller's thread has.
pub fn compile(
    engine: &Engine,
    pre: &InstancePre<GuestState>,
    request: &CompileRequest,
    limits: &Limits,
) -> Result<SandboxOutput, SandboxError> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("syclone-sandbox".into())
            .stack_size(HOST_STACK_BYTES)
            .spawn_scoped(scope, || compile_here(engine, pre, request, limits))
            .map_err(|e| SandboxError::Wasmtime(format!("cannot start the sandbox thread: {e}")))?
            .join()
            .map_err(|_| SandboxError::Wasmtime("the sandbox thread panicked".into()))?
    })
}

fn compile_here(
    engine: &Engine,
    pre: &InstancePre<GuestState>,
    request: &CompileRequest,
    limits: &Limits,
) -> Result<SandboxOutput, SandboxError> {
    let input = serde_json::to_vec(&request.to_wire())
        .map_err(|e| SandboxError::Protocol(format!("cannot encode the request: {e}")))?;
    let stdout = MemoryOutputPipe::new(limits.output_bytes);
    let stderr = MemoryOutputPipe::new(STDERR_BYTES);
    let mut wasi = WasiCtxBuilder::new();
    wasi.stdin(MemoryInputPipe::new(input))
        .stdout(stdout.clone())
        .stderr(stderr.clone())
        .arg(GUEST_NAME)
        .allow_tcp(false)
        .allow_udp(false)
        .allow_ip_name_lookup(false);
    for dir in &request.read_only_dirs {
        wasi.preopened_dir(&dir.host_path, &dir.guest_path, FsPerms::ReadOnly)
            .map_err(|e| SandboxError::IncludeDir {
                path: dir.host_path.clone(),
                message: format!("{e:#}"),
            })?;
    }

    let start = Instant::now();
    let mut store = Store::new(
        engine,
        GuestState {
            wasi: wasi.build_p1(),
            memory: MemoryCap::new(limits.memory_bytes),
        },
    );
    store.limiter(|state| &mut state.memory);
    let wasmtime_error = |e: wasmtime::Error| SandboxError::Wasmtime(format!("{e:#}"));
    store
        .set_fuel(limits.fuel.unwrap_or(u64::MAX))
        .map_err(wasmtime_error)?;
    // What wasmtime granted (it may cap "unlimited").
    let fuel = store.get_fuel().map_err(wasmtime_error)?;
    store.set_epoch_deadline(deadline_ticks(limits.wall_time));

    let ended = pre
        .instantiate(&mut store)
        .and_then(|instance| instance.get_typed_func::<(), ()>(&mut store, "_start"));
    let instantiate = start.elapsed();
    let ended = ended.and_then(|entry| entry.call(&mut store, ()));
    let stats = RunStats {
        instantiate,
        run: start.elapsed() - instantiate,
        fuel_consumed: fuel.saturating_sub(store.get_fuel().unwrap_or(fuel)),
        peak_memory_bytes: store.data().memory.peak_bytes,
    };
    let exit_code = match ended {
        Ok(()) => 0,
        Err(e) => match e.downcast_ref::<I32Exit>() {
            Some(I32Exit(code)) => *code,
            None => {
                return Err(failure(
                    &e,
                    store.data().memory.hit,
                    &stdout,
                    &stderr,
                    limits,
                ))
            }
        },
    };
    if stdout.contents().len() >= limits.output_bytes {
        return Err(SandboxError::OutputLimit {
            limit_bytes: limits.output_bytes,
        });
    }
    if exit_code != 0 {
        return Err(SandboxError::Exited {
            code: exit_code,
            stderr: text(&stderr),
        });
    }
    output::decode(&stdout.contents(), stats)
}

/// Why the guest stopped when it trapped or wasmtime failed: a limit if one
/// was reached, else a crash.
fn failure(
    error: &wasmtime::Error,
    memory_limit_hit: bool,
    stdout: &MemoryOutputPipe,
    stderr: &MemoryOutputPipe,
    limits: &Limits,
) -> SandboxError {
    if memory_limit_hit {
        return SandboxError::MemoryLimit {
            limit_bytes: limits.memory_bytes,
        };
    }
    if stdout.contents().len() >= limits.output_bytes {
        return SandboxError::OutputLimit {
            limit_bytes: limits.output_bytes,
        };
    }
    match error.downcast_ref::<Trap>() {
        Some(Trap::OutOfFuel) => {
            SandboxError::TimeLimit(TimeBudget::Fuel(limits.fuel.unwrap_or(u64::MAX)))
        }
        Some(Trap::Interrupt) => SandboxError::TimeLimit(TimeBudget::WallClock(limits.wall_time)),
        Some(Trap::StackOverflow) => SandboxError::StackLimit {
            limit_bytes: WASM_STACK_BYTES,
        },
        _ => SandboxError::Crashed {
            message: format!("{error:#}"),
            stderr: text(stderr),
        },
    }
}

fn text(pipe: &MemoryOutputPipe) -> String {
    String::from_utf8_lossy(&pipe.contents()).into_owned()
}
