//! What one launch specialises in a copy of a SPIR-V module: the sizes
//! known only at launch, the SYCL specialization constants and aliased
//! writable bindings (`compiler_core::back::specialize`, which the browser
//! runtime shares); on a device that cuts long loops short, the copy also
//! reports the cuts (`loop_audit`); an allocation larger than one binding
//! is bound in windows (`windows`).

use super::loop_audit::{self, LoopAudit};
use super::windows::{self, Windows};
use compiler_core::back::specialize::LaunchValues;

/// What one launch specialises: the pipeline and module caches are keyed by it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Specialization {
    pub local_size: Option<[u32; 3]>,
    /// (result id of a `u32` constant, its value), sorted by id.
    pub constants: Vec<(u32, u32)>,
    /// (`SpecId`, the bits of the value) of the specialization constants
    /// the launch sets; the others keep their defaults.
    pub spec_constants: Vec<(u32, u64)>,
    /// Bindings the kernel only reads that this launch binds writable (the
    /// allocation of a pointer it writes through, aliased): declared
    /// writable, sorted.
    pub writable_bindings: Vec<u32>,
    /// Allocations bound in several windows (see [`windows`]).
    pub windows: Windows,
    /// Report loops the device cut short (see [`loop_audit`]).
    pub loop_audit: Option<LoopAudit>,
}

impl Specialization {
    pub fn is_default(&self) -> bool {
        self.local_size.is_none()
            && self.constants.is_empty()
            && self.spec_constants.is_empty()
            && self.writable_bindings.is_empty()
            && self.windows.bindings.is_empty()
            && self.loop_audit.is_none()
    }

    /// `words` specialised for entry point `entry`; the error says what is missing.
    pub fn apply(&self, words: &[u32], entry: &str) -> Result<Vec<u32>, String> {
        let mut out = LaunchValues {
            local_size: self.local_size,
            constants: &self.constants,
            spec_constants: &self.spec_constants,
            writable_bindings: &self.writable_bindings,
            // Vulkan binds one buffer to several bindings of a dispatch.
            aliased_bindings: &[],
        }
        .apply(words, entry)?;
        if !self.windows.bindings.is_empty() {
            out = windows::split(&out, entry, &self.windows)?;
        }
        if let Some(audit) = self.loop_audit {
            out = loop_audit::instrument(&out, entry, audit)?;
        }
        Ok(out)
    }
}
