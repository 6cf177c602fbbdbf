//! The request of the wasmtime sandbox: what `syclone-sandbox` (the host
//! library, `sandbox/`) writes as JSON to the stdin of the guest command
//! (`sandbox-guest/`). The guest answers with a [`crate::CompileResult`] as
//! JSON on stdout.

use crate::glue::Options;
use serde::{Deserialize, Serialize};

/// One compilation: `{"source": "...", "options": {...}, "cwd": "/dir"}`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SandboxRequest {
    /// The main file's text.
    pub source: String,
    /// The same options as the JavaScript API's `compile`.
    #[serde(default)]
    pub options: Options,
    /// Absolute directory against which relative include paths (a quoted
    /// include next to a main file named `dir/a.cpp`, a relative `-I`)
    /// resolve in the guest's read-only directories; `/` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_round_trips_through_json() {
        let request = SandboxRequest {
            source: "int main() {}".into(),
            options: serde_json::from_str(
                r#"{"fileName": "a.cpp", "includeDirs": ["/inc"], "hostCompiler": {"kind": "gcc", "major": 12}}"#,
            )
            .unwrap(),
            cwd: Some("/work".into()),
        };
        let json = serde_json::to_string(&request).unwrap();
        let back: SandboxRequest = serde_json::from_str(&json).unwrap();
        assert_eq!(back.source, "int main() {}");
        assert_eq!(back.cwd.as_deref(), Some("/work"));
        assert_eq!(back.options.file_name.as_deref(), Some("a.cpp"));
        assert_eq!(back.options.include_dirs, Some(vec!["/inc".to_string()]));
        assert_eq!(
            back.options.host_compiler,
            Some(crate::glue::HostCompilerOption::Gcc { major: 12 })
        );
        // Absent options are left out, not written as null.
        assert!(!json.contains("null"), "{json}");
    }

    #[test]
    fn unknown_request_fields_are_rejected() {
        assert!(serde_json::from_str::<SandboxRequest>(r#"{"source": "", "cdw": "/"}"#).is_err());
        let minimal: SandboxRequest = serde_json::from_str(r#"{"source": "x"}"#).unwrap();
        assert!(minimal.cwd.is_none() && minimal.options.targets.is_none());
    }
}
