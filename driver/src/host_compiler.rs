//! Choosing and identifying the host C++ compiler. Its kind and version
//! matter to the device pass: g++ before 13 numbers lambda closure types
//! sequentially per scope, clang and g++ >= 13 per lambda signature, which
//! changes the mangled names the integration header must match.

use crate::error::{DriverError, Result};
use std::process::Command;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostCompilerKind {
    Gcc,
    Clang,
    /// `--version` names neither (treated like clang by default).
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostCompilerInfo {
    pub program: String,
    pub kind: HostCompilerKind,
    /// Major version; 0 when unknown.
    pub major: u32,
}

/// Options only clang takes, which build files written for `clang++ -fsycl`
/// pass: the GCC installation it uses (`--gcc-toolchain=$(GCC_TOOLCHAIN)`,
/// often empty; g++ is that installation itself), limits g++ does not have
/// (`-fbracket-depth=`) and the floating-point environment
/// (`-fdenormal-fp-math=`). g++ is not given them.
const CLANG_ONLY_FLAGS: &[&str] = &[
    "--gcc-toolchain=",
    "--gcc-install-dir=",
    "-fbracket-depth=",
    "-fdenormal-fp-math",
];

impl HostCompilerInfo {
    /// The user's host flags this compiler is given: when it is g++, all
    /// but clang's own (those of [`CLANG_ONLY_FLAGS`], and `-Xclang X`).
    pub fn own_flags<'a>(&self, flags: &'a [String]) -> Vec<&'a String> {
        self.split_flags(flags).0
    }

    /// The user's host flags this compiler is not given (see `own_flags`)
    /// that ask for something, for a warning: an empty value
    /// (`--gcc-toolchain=`) asks for nothing.
    pub fn ignored_flags(&self, flags: &[String]) -> Vec<String> {
        self.split_flags(flags)
            .1
            .into_iter()
            .filter(|f| !f.ends_with('='))
            .collect()
    }

    fn split_flags<'a>(&self, flags: &'a [String]) -> (Vec<&'a String>, Vec<String>) {
        let (mut given, mut dropped) = (vec![], vec![]);
        let gcc = self.kind == HostCompilerKind::Gcc;
        let mut it = flags.iter();
        while let Some(flag) = it.next() {
            if gcc && flag == "-Xclang" {
                let value = it.next().map_or("", |v| v.as_str());
                dropped.push(format!("-Xclang {value}"));
            } else if gcc && CLANG_ONLY_FLAGS.iter().any(|p| flag.starts_with(p)) {
                dropped.push(flag.clone());
            } else {
                given.push(flag);
            }
        }
        (given, dropped)
    }

    /// What the device pass must know to agree with this compiler, run
    /// with `host_flags`, on closure layouts and kernel keys.
    pub fn abi(&self, host_flags: &[String]) -> compiler_core::front::sema::HostCompiler {
        use compiler_core::front::sema::HostCompiler;
        match self.kind {
            HostCompilerKind::Gcc => HostCompiler::Gcc { major: self.major },
            HostCompilerKind::Clang | HostCompilerKind::Unknown => HostCompiler::Clang {
                major: self.major,
                tbaa: emits_tbaa(host_flags),
            },
        }
    }

    /// Flags that keep the compiler from warning about the SYCL attributes
    /// it does not know (`[[sycl::reqd_sub_group_size(16)]]`,
    /// `[[intel::kernel_args_restrict]]`), which the device pass reads: g++
    /// 12 and later ignore their namespaces, clang unknown attributes.
    pub fn sycl_attribute_flags(&self) -> &'static [&'static str] {
        match self.kind {
            HostCompilerKind::Gcc if self.major >= 12 => {
                &["-Wno-attributes=sycl::", "-Wno-attributes=intel::"]
            }
            HostCompilerKind::Clang => &["-Wno-unknown-attributes"],
            _ => &[],
        }
    }

    /// Whether lambda closure types are numbered per scope in order of
    /// appearance (g++ < 13) rather than per signature.
    pub fn numbers_lambdas_sequentially(&self) -> bool {
        self.kind == HostCompilerKind::Gcc && self.major < 13
    }
}

/// Whether clang, run with `flags`, emits type-based alias metadata: when
/// it optimizes (the last `-O` other than `-O0`) with strict aliasing (the
/// default; the last of `-fstrict-aliasing`/`-fno-strict-aliasing` decides).
fn emits_tbaa(flags: &[String]) -> bool {
    let optimizing = flags
        .iter()
        .rev()
        .find(|f| f.starts_with("-O"))
        .is_some_and(|f| f != "-O0");
    let strict = flags
        .iter()
        .rev()
        .find(|f| *f == "-fstrict-aliasing" || *f == "-fno-strict-aliasing")
        .is_none_or(|f| f == "-fstrict-aliasing");
    optimizing && strict
}

/// The host compiler to use: `--host-cxx`, else `$SYCLCC_HOST_CXX`, else `c++`.
pub fn choose(flag: Option<&str>) -> String {
    if let Some(f) = flag {
        return f.to_string();
    }
    match std::env::var("SYCLCC_HOST_CXX") {
        Ok(v) if !v.is_empty() => v,
        _ => "c++".to_string(),
    }
}

/// Runs `<host_cxx> --version` and identifies the compiler.
pub fn detect_host_cxx(host_cxx: &str) -> Result<HostCompilerInfo> {
    let out = Command::new(host_cxx)
        .arg("--version")
        .output()
        .map_err(|source| DriverError::ToolMissing {
            what: "host C++ compiler",
            program: host_cxx.into(),
            source,
        })?;
    if !out.status.success() {
        return Err(DriverError::Other(format!(
            "host C++ compiler `{host_cxx}` failed on --version: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    let (kind, major) = parse_version(&String::from_utf8_lossy(&out.stdout));
    Ok(HostCompilerInfo {
        program: host_cxx.into(),
        kind,
        major,
    })
}

/// The directories `host_cxx` searches for `<...>` headers, less those of
/// its C++ standard library and its own (intrinsics, `stdarg.h`), for which
/// the device pass has model headers: where third-party headers are
/// installed (`/usr/include/stb/stb_image.h`). Empty if the compiler does
/// not say.
pub fn fallback_include_dirs(host_cxx: &str) -> Vec<String> {
    let out = Command::new(host_cxx)
        .args(["-xc++", "-E", "-v", "-"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .output();
    match out {
        Ok(out) if out.status.success() => {
            outside_the_toolchain(&search_list(&String::from_utf8_lossy(&out.stderr)))
        }
        _ => vec![],
    }
}

/// The `#include <...>` search list of `-E -v`'s report.
fn search_list(report: &str) -> Vec<String> {
    report
        .lines()
        .skip_while(|l| !l.starts_with("#include <...> search starts here:"))
        .skip(1)
        .take_while(|l| !l.starts_with("End of search list."))
        .filter(|l| !l.ends_with("(framework directory)"))
        .map(|l| l.trim().to_string())
        .collect()
}

/// `dirs` less the C++ standard library's and the compiler's own.
fn outside_the_toolchain(dirs: &[String]) -> Vec<String> {
    let toolchain = ["/c++/", "/lib/gcc/", "/lib/clang/", "/lib64/clang/"];
    dirs.iter()
        .filter(|d| !toolchain.iter().any(|t| d.contains(t)))
        .cloned()
        .collect()
}

/// Parses the output of `--version` of g++ or clang++.
pub fn parse_version(text: &str) -> (HostCompilerKind, u32) {
    let first = text.lines().next().unwrap_or("");
    let major_of = |v: &str| {
        v.split('.')
            .next()
            .and_then(|m| m.parse().ok())
            .unwrap_or(0)
    };
    if let Some(pos) = first.find("clang version ") {
        let v = first[pos + "clang version ".len()..]
            .split_whitespace()
            .next()
            .unwrap_or("");
        return (HostCompilerKind::Clang, major_of(v));
    }
    let is_gcc = first.contains("(GCC)")
        || first.starts_with("g++")
        || first.starts_with("c++ (")
        || text.contains("Free Software Foundation");
    if is_gcc {
        // The first bare dotted number: "g++ (Debian 12.2.0-14) 12.2.0" → 12.2.0.
        let v = first
            .split_whitespace()
            .find(|t| t.contains('.') && t.chars().all(|c| c.is_ascii_digit() || c == '.'))
            .unwrap_or("");
        return (HostCompilerKind::Gcc, major_of(v));
    }
    (HostCompilerKind::Unknown, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use HostCompilerKind::*;

    #[test]
    fn clang_emits_tbaa_when_optimizing_with_strict_aliasing() {
        let flags = |f: &[&str]| f.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(!emits_tbaa(&flags(&[])));
        assert!(!emits_tbaa(&flags(&["-O2", "-O0"])));
        assert!(emits_tbaa(&flags(&["-g", "-O1"])));
        assert!(emits_tbaa(&flags(&["-Os"])));
        assert!(!emits_tbaa(&flags(&["-O3", "-fno-strict-aliasing"])));
        assert!(emits_tbaa(&flags(&[
            "-fno-strict-aliasing",
            "-O2",
            "-fstrict-aliasing"
        ])));
    }

    #[test]
    fn versions() {
        let gcc12 =
            "g++ (Debian 12.2.0-14) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.\n";
        assert_eq!(parse_version(gcc12), (Gcc, 12));
        assert_eq!(
            parse_version("c++ (GCC) 13.2.1 20231011 (Red Hat 13.2.1-4)\n"),
            (Gcc, 13)
        );
        assert_eq!(
            parse_version("g++ (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0\n"),
            (Gcc, 11)
        );
        assert_eq!(
            parse_version("Debian clang version 14.0.6\nTarget: x86_64-pc-linux-gnu\n"),
            (Clang, 14)
        );
        assert_eq!(
            parse_version("clang version 17.0.6 (https://github.com/llvm/llvm-project 6009708b)\n"),
            (Clang, 17)
        );
        assert_eq!(
            parse_version("Ubuntu clang version 18.1.3 (1ubuntu1)\n"),
            (Clang, 18)
        );
        assert_eq!(
            parse_version("Intel(R) oneAPI DPC++/C++ Compiler 2024.0.0\n"),
            (Unknown, 0)
        );
        let info = HostCompilerInfo {
            program: "g++".into(),
            kind: Gcc,
            major: 12,
        };
        assert!(info.numbers_lambdas_sequentially());
    }

    #[test]
    fn fallback_dirs_leave_out_the_standard_library_and_the_compilers_own() {
        let report = "ignoring nonexistent directory \"/usr/local/include/x86_64-linux-gnu\"
#include \"...\" search starts here:
#include <...> search starts here:
 /usr/include/c++/12
 /usr/include/x86_64-linux-gnu/c++/12
 /usr/include/c++/12/backward
 /usr/lib/gcc/x86_64-linux-gnu/12/include
 /usr/local/include
 /usr/include/x86_64-linux-gnu
 /usr/include
End of search list.
";
        let dirs = outside_the_toolchain(&search_list(report));
        assert_eq!(
            dirs,
            [
                "/usr/local/include",
                "/usr/include/x86_64-linux-gnu",
                "/usr/include"
            ]
        );
        let clang = " /usr/lib/llvm-14/lib/clang/14.0.6/include\n /usr/include\n";
        let report = format!("#include <...> search starts here:\n{clang}End of search list.\n");
        assert_eq!(
            outside_the_toolchain(&search_list(&report)),
            ["/usr/include"]
        );
    }
}
