//! [`Sandbox`]: the engine, the guest module ready to instantiate, the epoch
//! ticker and the default limits; built once, then used for any number of
//! compiles (from any number of threads: each compile has its own store).

use crate::engine::{self, ModuleOrigin};
use crate::epoch::EpochTicker;
use crate::error::SandboxError;
use crate::guest_path;
use crate::limits::Limits;
use crate::output::SandboxOutput;
use crate::request::CompileRequest;
use crate::run::{self, GuestState};
use std::path::PathBuf;
use wasmtime::{Engine, InstancePre, Linker};

pub struct Sandbox {
    engine: Engine,
    pre: InstancePre<GuestState>,
    limits: Limits,
    origin: ModuleOrigin,
    guest: PathBuf,
    _ticker: EpochTicker,
}

/// Configures a [`Sandbox`]: the guest module (default: [`guest_path::find_guest`]),
/// a cache directory for the compiled module (default: none), the limits.
#[derive(Clone, Debug, Default)]
pub struct SandboxBuilder {
    guest: Option<PathBuf>,
    cache_dir: Option<PathBuf>,
    limits: Limits,
}

impl SandboxBuilder {
    /// The guest module to run.
    pub fn guest(mut self, path: impl Into<PathBuf>) -> Self {
        self.guest = Some(path.into());
        self
    }

    /// Keep the Cranelift-compiled module in `dir` (created if missing), so
    /// later sandboxes (in later processes too) skip compiling it.
    pub fn cache_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cache_dir = Some(dir.into());
        self
    }

    /// Limits of [`Sandbox::compile`].
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    pub fn build(self) -> Result<Sandbox, SandboxError> {
        let guest = match self.guest {
            Some(path) => path,
            None => guest_path::find_guest().ok_or_else(|| SandboxError::Guest {
                path: PathBuf::from(guest_path::GUEST_FILE),
                message: guest_path::missing_guest_message(),
            })?,
        };
        let wasm = std::fs::read(&guest).map_err(|e| SandboxError::Guest {
            path: guest.clone(),
            message: e.to_string(),
        })?;
        let engine = engine::engine()?;
        let (module, origin) =
            engine::load_module(&engine, &wasm, &guest, self.cache_dir.as_deref())?;
        let wasmtime_error = |e: wasmtime::Error| SandboxError::Wasmtime(format!("{e:#}"));
        let mut linker: Linker<GuestState> = Linker::new(&engine);
        wasmtime_wasi::p1::add_to_linker_sync(&mut linker, |state: &mut GuestState| {
            &mut state.wasi
        })
        .map_err(wasmtime_error)?;
        let pre = linker
            .instantiate_pre(&module)
            .map_err(|e| SandboxError::Guest {
                path: guest.clone(),
                message: format!("{e:#}"),
            })?;
        let ticker = EpochTicker::start(engine.clone())
            .map_err(|e| SandboxError::Wasmtime(format!("cannot start the epoch thread: {e}")))?;
        Ok(Sandbox {
            engine,
            pre,
            limits: self.limits,
            origin,
            guest,
            _ticker: ticker,
        })
    }
}

impl Sandbox {
    pub fn builder() -> SandboxBuilder {
        SandboxBuilder::default()
    }

    /// Compiles under the sandbox's limits.
    pub fn compile(&self, request: &CompileRequest) -> Result<SandboxOutput, SandboxError> {
        self.compile_with_limits(request, &self.limits)
    }

    /// Compiles under `limits`.
    pub fn compile_with_limits(
        &self,
        request: &CompileRequest,
        limits: &Limits,
    ) -> Result<SandboxOutput, SandboxError> {
        run::compile(&self.engine, &self.pre, request, limits)
    }

    /// Whether the guest module was compiled or came from the cache, and
    /// how long that took.
    pub fn module_origin(&self) -> ModuleOrigin {
        self.origin
    }

    /// The guest module's path.
    pub fn guest_path(&self) -> &std::path::Path {
        &self.guest
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}
