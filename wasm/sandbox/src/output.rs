//! The result of a sandboxed compile as typed Rust data, decoded from the
//! guest's answer (the JSON form of `syclone_wasm::CompileResult`).
//! Diagnostics are read from its `diagnosticsJson` (the compiler's JSON
//! diagnostics: file names, lines and columns, not byte offsets).

use crate::error::SandboxError;
use compiler_core::bundle::{
    DeviceBundle, DeviceImage, ImageProperties, KernelInfo, RelocatableCode,
};
use compiler_core::target::TargetKind;
use serde::Deserialize;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

/// A place in a file: 1-based lines, byte columns, `end_*` exclusive.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Note {
    pub message: String,
    #[serde(flatten)]
    pub location: Option<Location>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct FixIt {
    pub replacement: String,
    #[serde(flatten)]
    pub location: Location,
}

/// One diagnostic of the compiler.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// `None` for diagnostics about no place in the source (bad options).
    #[serde(flatten)]
    pub location: Option<Location>,
    /// Outermost first: where the location's file was included from.
    #[serde(default)]
    pub include_stack: Vec<Location>,
    #[serde(default)]
    pub notes: Vec<Note>,
    #[serde(default)]
    pub fixits: Vec<FixIt>,
}

/// Measurements of one compile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunStats {
    /// Creating the store and instance (WASI context, preopens, memory).
    pub instantiate: Duration,
    /// Running the guest to completion.
    pub run: Duration,
    /// Fuel the guest consumed.
    pub fuel_consumed: u64,
    /// Largest linear memory the guest reached.
    pub peak_memory_bytes: usize,
}

/// What a sandboxed compile produced.
#[derive(Clone, Debug, PartialEq)]
pub struct SandboxOutput {
    /// No errors, and a device bundle was produced.
    pub success: bool,
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics rendered clang-style (as `syclcc` prints them).
    pub rendered_diagnostics: String,
    /// The same diagnostics as the compiler's JSON (`--diagnostics-format=json`).
    pub diagnostics_json: String,
    /// The device images; `Some` exactly when `success`.
    pub bundle: Option<DeviceBundle>,
    pub integration_header: String,
    pub integration_footer: String,
    pub ir_text: String,
    /// Every file the preprocessor read.
    pub dependencies: Vec<String>,
    pub stats: RunStats,
}

impl SandboxOutput {
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// The fields of the guest's answer the host uses (others are ignored).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    success: bool,
    rendered_diagnostics: String,
    diagnostics_json: String,
    images: Vec<AnswerImage>,
    integration_header: String,
    #[serde(default)]
    integration_footer: String,
    ir_text: String,
    dependencies: Vec<String>,
    #[serde(default)]
    relocatable: Vec<RelocatableCode>,
}

#[derive(Deserialize)]
struct AnswerImage {
    target: String,
    spirv: Vec<u8>,
    properties: ImageProperties,
    kernels: Vec<KernelInfo>,
}

/// Decodes the guest's stdout.
pub fn decode(stdout: &[u8], stats: RunStats) -> Result<SandboxOutput, SandboxError> {
    let protocol = |what: String| SandboxError::Protocol(what);
    let answer: Answer = serde_json::from_slice(stdout)
        .map_err(|e| protocol(format!("not a compile result: {e}")))?;
    let diagnostics: Vec<Diagnostic> = serde_json::from_str(&answer.diagnostics_json)
        .map_err(|e| protocol(format!("diagnosticsJson: {e}")))?;
    let images = answer
        .images
        .into_iter()
        .map(|img| {
            let target = TargetKind::from_triple(&img.target)
                .ok_or_else(|| protocol(format!("unknown image target '{}'", img.target)))?;
            if img.spirv.len() % 4 != 0 {
                return Err(protocol(format!(
                    "a SPIR-V image of {} bytes (not whole words)",
                    img.spirv.len()
                )));
            }
            let spirv = img
                .spirv
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect();
            Ok(DeviceImage {
                target,
                spirv,
                properties: img.properties,
                kernels: img.kernels,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(SandboxOutput {
        success: answer.success,
        diagnostics,
        rendered_diagnostics: answer.rendered_diagnostics,
        diagnostics_json: answer.diagnostics_json,
        bundle: answer.success.then_some(DeviceBundle {
            relocatable: answer.relocatable,
            ..DeviceBundle::linked(images)
        }),
        integration_header: answer.integration_header,
        integration_footer: answer.integration_footer,
        ir_text: answer.ir_text,
        dependencies: answer.dependencies,
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use syclone_wasm::glue::{compile_to_result, Options};

    /// The guest writes `CompileResult` with serde_json: decoding that same
    /// serialization must give the same diagnostics and bytes back.
    #[test]
    fn compile_results_decode() {
        let opts: Options = serde_json::from_str(r#"{"fileName": "bad.cpp"}"#).unwrap();
        let result = compile_to_result("int main() {\n  int x = ;\n}\n", &opts);
        let json = serde_json::to_vec(&result).unwrap();
        let out = decode(&json, RunStats::default()).unwrap();
        assert!(!out.success && out.has_errors() && out.bundle.is_none());
        let err = out
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .expect("an error");
        let at = err.location.as_ref().expect("a location");
        assert_eq!((at.file.as_str(), at.line), ("bad.cpp", 2));
        assert_eq!(out.rendered_diagnostics, result.rendered_diagnostics);
    }

    #[test]
    fn images_become_words() {
        let json = br#"{"success": true, "renderedDiagnostics": "", "diagnosticsJson": "[]",
            "images": [{"target": "spirv32-webgpu", "spirv": [3, 2, 35, 7, 1, 0, 0, 0],
                "properties": {"required_aspects": ["fp64"], "split": "per_kernel"}, "kernels": []}],
            "integrationHeader": "// h", "irText": "", "dependencies": ["/a.h"], "extra": 1}"#;
        let out = decode(json, RunStats::default()).unwrap();
        let bundle = out.bundle.expect("a bundle");
        assert_eq!(bundle.images[0].target, TargetKind::SpirvWebGpu);
        assert_eq!(bundle.images[0].spirv, [0x0723_0203, 1]);
        assert_eq!(
            bundle.images[0].properties.required_aspects,
            [compiler_core::bundle::Aspect::Fp64]
        );
        assert_eq!(out.dependencies, ["/a.h"]);
    }

    #[test]
    fn malformed_answers_are_protocol_errors() {
        for bad in [
            &b"not json"[..],
            br#"{"success": true}"#,
            br#"{"success": true, "renderedDiagnostics": "", "diagnosticsJson": "[]",
                "images": [{"target": "x", "spirv": [], "kernels": []}],
                "integrationHeader": "", "irText": "", "dependencies": []}"#,
            br#"{"success": true, "renderedDiagnostics": "", "diagnosticsJson": "[]",
                "images": [{"target": "spirv64-vulkan", "spirv": [1, 2], "kernels": []}],
                "integrationHeader": "", "irText": "", "dependencies": []}"#,
        ] {
            let e = decode(bad, RunStats::default()).unwrap_err();
            assert!(matches!(e, SandboxError::Protocol(_)), "{e}");
        }
    }
}
