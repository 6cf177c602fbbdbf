//! The host pass's precompiled SYCL header. Reading `<sycl/sycl.hpp>` and
//! the standard headers under it is about half of what the host compiler
//! spends on a typical SYCL source, the same work for every source built
//! with the same flags. syclcc precompiles it once per host compiler and
//! flag set into the cache (`$XDG_CACHE_HOME/syclone/pch/KEY/`) and
//! force-includes it first, for a source whose first directive (after
//! standard headers) includes it, so the program sees what it would have
//! seen anyway. A precompiled header is used only while every file it was
//! built from is unchanged (its dependency list is kept beside it); a flag
//! set for which it cannot be built is not tried again. At most
//! [`KEPT`] flag sets stay cached, besides those used in the last
//! [`IN_USE`] (another syclcc may be compiling with one: evicting it made a
//! concurrent build's host compiler miss its header). `-fno-sycl-host-pch`
//! turns it off.

use crate::cli::Options;
use crate::deps::DepScope;
use crate::host_compiler::{HostCompilerInfo, HostCompilerKind};
use crate::host_pass::{self, HostInput, HostOutput};
use crate::paths;
use crate::run::Fnv64;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::SystemTime;

/// How many flag sets keep their precompiled header (each is 20–110 MB).
const KEPT: usize = 8;

/// A flag set used this recently is never evicted, however many there are:
/// another syclcc (`make -j`, a test runner) may be compiling with it.
const IN_USE: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// The header that is precompiled: what the source's own include names.
const STUB: &str = "sycl_pch.hpp";

/// Whether the host pass of `source` may start from the precompiled header:
/// it compiles (no preprocessing, dependency output or saved temporaries:
/// g++ cannot precompile under `-save-temps`), the user force-
/// includes nothing, and the source includes the SYCL header before any
/// other directive but standard headers.
pub fn applies(source: &Path, output: &HostOutput, deps: bool, opts: &Options) -> bool {
    let compiles = matches!(
        output,
        HostOutput::Object(_) | HostOutput::Assembly(_) | HostOutput::SyntaxOnly
    );
    let forced = opts
        .host_flags
        .iter()
        .chain(&opts.compile_flags)
        .any(|f| f.starts_with("-include") || f.starts_with("-imacros") || f.starts_with("-x"));
    opts.host_pch
        && !opts.save_temps
        && compiles
        && !deps
        && !forced
        && std::fs::read_to_string(source).is_ok_and(|text| opens_with_sycl_include(&text))
}

/// Whether `text` includes `<sycl/sycl.hpp>` (or `<CL/sycl.hpp>`) before
/// any other directive or code, standard headers (`<name>` without a dot),
/// comments, blank lines and `#line` aside.
fn opens_with_sycl_include(text: &str) -> bool {
    let mut in_comment = false;
    for line in text.lines() {
        let mut rest = line.trim();
        if in_comment {
            match rest.find("*/") {
                Some(end) => {
                    rest = rest[end + 2..].trim();
                    in_comment = false;
                }
                None => continue,
            }
        }
        if let Some(body) = rest.strip_prefix("/*") {
            match body.find("*/") {
                Some(end) if body[end + 2..].trim().is_empty() => continue,
                Some(_) => return false,
                None => {
                    in_comment = true;
                    continue;
                }
            }
        }
        if rest.is_empty() || rest.starts_with("//") {
            continue;
        }
        let Some(directive) = rest.strip_prefix('#').map(str::trim_start) else {
            return false;
        };
        if directive.starts_with("line") {
            continue;
        }
        let Some(target) = directive.strip_prefix("include").map(str::trim) else {
            return false;
        };
        let target = target.split("//").next().unwrap_or("").trim();
        match target {
            "<sycl/sycl.hpp>" | "<CL/sycl.hpp>" => return true,
            t if t.starts_with('<') && t.ends_with('>') && !t.contains('.') => continue,
            _ => return false,
        }
    }
    false
}

/// The header to force-include for `input` compiled by `host` with
/// `opts`: the stub of a precompiled header that is up to date, built
/// now when there is none. `None` when none can be had (no cache
/// directory, a failed build); the host pass then reads the headers.
pub fn prepare(input: &HostInput, opts: &Options) -> Option<PathBuf> {
    let root = paths::cache_dir().ok()?.join("pch");
    let key = key(input, opts)?;
    let dir = root.join(format!("{key:016x}"));
    let stub = dir.join(STUB);
    let compiled = dir.join(compiled_name(input.host));
    let manifest = dir.join("inputs");
    if dir.join("failed").exists() {
        return None;
    }
    if compiled.exists() && manifest_is_current(&manifest) {
        touch(&manifest);
        return Some(stub);
    }
    std::fs::create_dir_all(&dir).ok()?;
    build(input, opts, &dir).then(|| {
        evict_beyond(&root, KEPT, SystemTime::now());
        stub
    })
}

/// The name the host compiler looks for beside a header it includes.
fn compiled_name(host: &HostCompilerInfo) -> String {
    match host.kind {
        HostCompilerKind::Gcc => format!("{STUB}.gch"),
        _ => format!("{STUB}.pch"),
    }
}

/// The command that precompiles the stub in `dir` (to `output`, writing its
/// dependencies to `deps`).
fn pch_command(
    input: &HostInput,
    opts: &Options,
    dir: &Path,
    output: &Path,
    deps: &Path,
) -> Command {
    let stub = dir.join(STUB);
    let pch_input = HostInput {
        source: &stub,
        integration_header: None,
        precompiled_header: None,
        quote_dir: None,
        deps_file: Some((deps, DepScope::All)),
        ..*input
    };
    let mut cmd = host_pass::command(&pch_input, HostOutput::PrecompiledHeader(output), opts);
    if instantiates_in_header(input.host) {
        cmd.arg("-fpch-instantiate-templates");
    }
    cmd
}

/// Whether the host compiler can instantiate, while precompiling, the
/// templates the header itself uses (clang from 11): every compile then
/// starts with them done. clang -O2 compiles a one-kernel program in 40%
/// less time with them (docs/PERFORMANCE.md). g++ has no such option.
fn instantiates_in_header(host: &HostCompilerInfo) -> bool {
    host.kind == HostCompilerKind::Clang && host.major >= 11
}

/// The cache key: the host compiler's identity and every flag the header
/// is compiled with.
fn key(input: &HostInput, opts: &Options) -> Option<u64> {
    let version = Command::new(&input.host.program)
        .arg("--version")
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let cmd = pch_command(
        input,
        opts,
        Path::new("."),
        Path::new("out"),
        Path::new("inputs.d"),
    );
    let mut h = Fnv64::new()
        .field(env!("CARGO_PKG_VERSION").as_bytes())
        .field(&version.stdout)
        .field(cmd.get_program().as_encoded_bytes());
    for arg in cmd.get_args() {
        h = h.field(arg.as_encoded_bytes());
    }
    Some(h.finish())
}

/// Precompiles the stub in `dir`; on failure leaves a `failed` marker with
/// the compiler's output. Returns whether a precompiled header is there.
/// Builds of the same flag set may run at once (`make -j`): each writes
/// files of its own and renames them into place, and the stub is never
/// rewritten, as clang refuses a precompiled header whose header's time
/// changed after it was built.
fn build(input: &HostInput, opts: &Options, dir: &Path) -> bool {
    if !publish_stub(dir) {
        return false;
    }
    let pid = std::process::id();
    let tmp = dir.join(format!("{}.{pid}.tmp", compiled_name(input.host)));
    let deps = dir.join(format!("inputs.{pid}.d"));
    let mut cmd = pch_command(input, opts, dir, &tmp, &deps);
    if opts.echo() {
        eprintln!(" {}", crate::tool::display(&cmd));
    }
    let Ok(out) = cmd.stdin(Stdio::null()).output() else {
        return false;
    };
    if !out.status.success() {
        let _ = std::fs::remove_file(&tmp);
        let _ = std::fs::write(dir.join("failed"), &out.stderr);
        return false;
    }
    let manifest = std::fs::read_to_string(&deps)
        .ok()
        .and_then(|d| manifest_of(&d));
    let _ = std::fs::remove_file(&deps);
    let Some(manifest) = manifest else {
        let _ = std::fs::remove_file(&tmp);
        return false;
    };
    // The manifest first: a header without a current manifest is rebuilt,
    // and one being replaced is read as text meanwhile.
    let manifest_tmp = dir.join(format!("inputs.{}.tmp", std::process::id()));
    std::fs::write(&manifest_tmp, manifest).is_ok()
        && std::fs::rename(&manifest_tmp, dir.join("inputs")).is_ok()
        && std::fs::rename(&tmp, dir.join(compiled_name(input.host))).is_ok()
}

/// Creates the stub in `dir` unless it is there: written under a name of
/// this process's, then linked to its own name, which fails harmlessly
/// when another process got there first. Returns whether the stub exists.
fn publish_stub(dir: &Path) -> bool {
    let stub = dir.join(STUB);
    if stub.exists() {
        return true;
    }
    let tmp = dir.join(format!("{STUB}.{}.tmp", std::process::id()));
    let written = std::fs::write(&tmp, "#include <sycl/sycl.hpp>\n").is_ok()
        && std::fs::hard_link(&tmp, &stub).is_ok();
    let _ = std::fs::remove_file(&tmp);
    written || stub.exists()
}

/// The files a make-style dependency list names, each with its size and
/// modification time: one `NANOS SIZE PATH` line per file.
fn manifest_of(deps: &str) -> Option<String> {
    let joined = deps.replace("\\\n", " ");
    let (_, files) = joined.split_once(": ")?;
    let mut out = String::new();
    for file in files.split_whitespace() {
        let (nanos, size) = stamp(Path::new(file))?;
        out.push_str(&format!("{nanos} {size} {file}\n"));
    }
    Some(out)
}

/// A file's modification time (nanoseconds) and size.
fn stamp(path: &Path) -> Option<(u128, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta.modified().ok()?;
    let nanos = modified.duration_since(SystemTime::UNIX_EPOCH).ok()?;
    Some((nanos.as_nanos(), meta.len()))
}

/// Whether every file the manifest lists still has its size and time.
fn manifest_is_current(manifest: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(manifest) else {
        return false;
    };
    text.lines().all(|line| {
        let mut parts = line.splitn(3, ' ');
        let (Some(nanos), Some(size), Some(file)) = (parts.next(), parts.next(), parts.next())
        else {
            return false;
        };
        stamp(Path::new(file)).is_some_and(|(n, s)| n.to_string() == nanos && s.to_string() == size)
    })
}

/// Marks a flag set as just used (eviction keeps the recently used).
fn touch(manifest: &Path) {
    if let Ok(file) = std::fs::File::options().append(true).open(manifest) {
        let _ = file.set_modified(SystemTime::now());
    }
}

/// Removes all but the `kept` most recently used flag sets under `root`,
/// keeping those used within [`IN_USE`] of `now` (a set being built, with
/// no manifest yet, counts from its directory's last change).
fn evict_beyond(root: &Path, kept: usize, now: SystemTime) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    let mut sets: Vec<(SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .map(|dir| {
            let used = modified(&dir.join("inputs"))
                .or_else(|| modified(&dir))
                .unwrap_or(SystemTime::UNIX_EPOCH);
            (used, dir)
        })
        .collect();
    if sets.len() <= kept {
        return;
    }
    sets.sort_by_key(|(used, _)| std::cmp::Reverse(*used));
    for (used, dir) in sets.into_iter().skip(kept) {
        let recent = now.duration_since(used).is_ok_and(|age| age < IN_USE) || used > now;
        if !recent {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sources_that_open_with_the_sycl_header() {
        assert!(opens_with_sycl_include(
            "#include <sycl/sycl.hpp>\nint main() {}"
        ));
        assert!(opens_with_sycl_include(
            "// a program\n/* about\n   this */\n#include <vector>\n#  include <CL/sycl.hpp> // old\n"
        ));
        assert!(opens_with_sycl_include(
            "#line 1 \"k.cpp\"\n#include <iostream>\n#include <sycl/sycl.hpp>\n"
        ));
        // A macro or a header of the program's own may change what the SYCL
        // header means: it is read where the program includes it.
        assert!(!opens_with_sycl_include(
            "#define SYCL_SIMPLE_SWIZZLES\n#include <sycl/sycl.hpp>\n"
        ));
        assert!(!opens_with_sycl_include(
            "#include \"config.h\"\n#include <sycl/sycl.hpp>\n"
        ));
        assert!(!opens_with_sycl_include(
            "#include <stdio.h>\n#include <sycl/sycl.hpp>\n"
        ));
        assert!(!opens_with_sycl_include(
            "int x;\n#include <sycl/sycl.hpp>\n"
        ));
        assert!(!opens_with_sycl_include(
            "#include <iostream>\nint main() {}\n"
        ));
    }

    #[test]
    fn eviction_spares_flag_sets_in_use() {
        let root = std::env::temp_dir().join(format!("syclone-pch-evict-{}", std::process::id()));
        for set in ["a", "b", "c"] {
            std::fs::create_dir_all(root.join(set)).unwrap();
            std::fs::write(root.join(set).join("inputs"), "").unwrap();
        }
        // Just used, all three stay although one is beyond the one kept.
        evict_beyond(&root, 1, SystemTime::now());
        assert_eq!(std::fs::read_dir(&root).unwrap().count(), 3);
        // An hour later, only the most recently used one stays.
        let later = SystemTime::now() + std::time::Duration::from_secs(3600);
        evict_beyond(&root, 1, later);
        assert_eq!(std::fs::read_dir(&root).unwrap().count(), 1);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn manifests_list_every_dependency_with_its_stamp() {
        let dir = std::env::temp_dir().join(format!("syclone-pch-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = dir.join("a.h");
        let b = dir.join("b.h");
        std::fs::write(&a, "int a;").unwrap();
        std::fs::write(&b, "int b;").unwrap();
        let deps = format!("x.gch: {} \\\n  {}\n", a.display(), b.display());
        let manifest = manifest_of(&deps).unwrap();
        assert_eq!(manifest.lines().count(), 2);
        let file = dir.join("inputs");
        std::fs::write(&file, &manifest).unwrap();
        assert!(manifest_is_current(&file));
        std::fs::write(&b, "int b; int c;").unwrap();
        assert!(!manifest_is_current(&file));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
