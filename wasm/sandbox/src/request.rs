//! What a caller asks the sandbox to compile: the source, the options of
//! the device pass, and the read-only directories the guest may read
//! (host directories mounted at a guest path) besides in-memory files.

use compiler_core::front::fp_contract::FpContract;
use compiler_core::front::lang::LangStd;
use compiler_core::front::sema::HostCompiler;
use compiler_core::postlink::SplitMode;
use compiler_core::target::TargetKind;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syclone_wasm::glue::{Defines, Options};
use syclone_wasm::sandbox_request::SandboxRequest;

/// A host directory the guest may read (never write), seen in the guest at
/// `guest_path` (an absolute path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadOnlyDir {
    pub host_path: PathBuf,
    pub guest_path: String,
}

impl ReadOnlyDir {
    pub fn new(host_path: impl Into<PathBuf>, guest_path: impl Into<String>) -> Self {
        ReadOnlyDir {
            host_path: host_path.into(),
            guest_path: guest_path.into(),
        }
    }

    /// `dir` seen at the same absolute path in the guest, so that paths in
    /// diagnostics, `__FILE__` and dependencies are the host's.
    pub fn at_same_path(dir: &Path) -> std::io::Result<Self> {
        let absolute = std::path::absolute(dir)?;
        let guest = syclone_wasm::glue::normalize_path(&absolute.to_string_lossy());
        Ok(ReadOnlyDir::new(absolute, guest))
    }
}

/// One translation unit to compile for the device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileRequest {
    pub source: String,
    /// Name of the main file in diagnostics and `__FILE__`; a quoted include
    /// is looked up in its directory.
    pub file_name: String,
    /// `-D`, in order.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U` (applied after the defines).
    pub undefines: Vec<String>,
    /// `-I` directories (guest paths), searched before the embedded SYCL headers.
    pub include_dirs: Vec<String>,
    /// `-isystem` directories (guest paths), searched last.
    pub system_include_dirs: Vec<String>,
    /// In-memory headers: absolute guest path (or a path relative to `/`)
    /// to contents; looked up before `read_only_dirs`.
    pub files: BTreeMap<String, String>,
    /// Host directories the guest may read.
    pub read_only_dirs: Vec<ReadOnlyDir>,
    /// Device image targets (default `spirv64-vulkan`).
    pub targets: Vec<TargetKind>,
    pub host_compiler: HostCompiler,
    pub color_diagnostics: bool,
    /// `-fsycl-device-code-split=`.
    pub split: SplitMode,
    /// `-fsycl-rdc` (the default) / `-fno-sycl-rdc`.
    pub rdc: bool,
    /// `-ffp-contract=`.
    pub fp_contract: FpContract,
    /// `-std=`.
    pub lang: LangStd,
    /// Guest directory that relative paths resolve against (`/` if `None`).
    pub cwd: Option<String>,
}

impl CompileRequest {
    pub fn new(source: impl Into<String>, file_name: impl Into<String>) -> Self {
        CompileRequest {
            source: source.into(),
            file_name: file_name.into(),
            defines: vec![],
            undefines: vec![],
            include_dirs: vec![],
            system_include_dirs: vec![],
            files: BTreeMap::new(),
            read_only_dirs: vec![],
            targets: vec![TargetKind::SpirvVulkan],
            host_compiler: HostCompiler::default(),
            color_diagnostics: false,
            split: SplitMode::default(),
            rdc: true,
            fp_contract: FpContract::default(),
            lang: LangStd::default(),
            cwd: None,
        }
    }

    /// The guest's JSON request (everything but the directories, which
    /// are preopened, not sent).
    pub(crate) fn to_wire(&self) -> SandboxRequest {
        let non_empty = |v: &Vec<String>| (!v.is_empty()).then(|| v.clone());
        let defines = self
            .defines
            .iter()
            .map(|(name, value)| match value {
                Some(v) => format!("{name}={v}"),
                None => name.clone(),
            })
            .collect::<Vec<_>>();
        SandboxRequest {
            source: self.source.clone(),
            options: Options {
                file_name: Some(self.file_name.clone()),
                defines: (!defines.is_empty()).then_some(Defines::List(defines)),
                undefines: non_empty(&self.undefines),
                targets: Some(
                    self.targets
                        .iter()
                        .map(|t| t.triple().to_string())
                        .collect(),
                ),
                files: (!self.files.is_empty()).then(|| self.files.clone()),
                include_dirs: non_empty(&self.include_dirs),
                system_include_dirs: non_empty(&self.system_include_dirs),
                host_compiler: Some(self.host_compiler.into()),
                color_diagnostics: Some(self.color_diagnostics),
                split: Some(self.split.name().to_string()),
                rdc: Some(self.rdc),
                fp_contract: Some(self.fp_contract.name().to_string()),
                std: Some(self.lang.name().to_string()),
                // The driver's host pass runs g++/clang++ for x86-64 Linux.
                host_target: None,
            },
            cwd: self.cwd.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defines_travel_in_command_line_form() {
        let mut r = CompileRequest::new("int x;", "a.cpp");
        r.defines = vec![("N".into(), Some("4".into())), ("FAST".into(), None)];
        r.targets = vec![TargetKind::SpirvWebGpu];
        r.host_compiler = HostCompiler::Gcc { major: 12 };
        let json = serde_json::to_value(r.to_wire()).unwrap();
        assert_eq!(
            json["options"]["defines"],
            serde_json::json!(["N=4", "FAST"])
        );
        assert_eq!(
            json["options"]["targets"],
            serde_json::json!(["spirv32-webgpu"])
        );
        assert_eq!(
            json["options"]["hostCompiler"],
            serde_json::json!({"kind": "gcc", "major": 12})
        );
        assert_eq!(json["options"]["fileName"], "a.cpp");
        assert!(json["options"].get("includeDirs").is_none());
    }

    #[test]
    fn same_path_dirs_are_absolute_and_normalized() {
        let d = ReadOnlyDir::at_same_path(Path::new("some/../inc")).unwrap();
        assert!(d.host_path.is_absolute());
        assert!(d.guest_path.starts_with('/'));
        assert!(d.guest_path.ends_with("/inc"), "{}", d.guest_path);
        assert!(!d.guest_path.contains(".."), "{}", d.guest_path);
    }
}
