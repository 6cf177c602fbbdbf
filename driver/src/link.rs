//! The final link, through the host C++ compiler: host objects, the
//! wrapper object (when there are device images) and, for executables, the
//! runtime static library.
//!
//! One runtime serves a process: an executable links `libsyclone_rt.a` and
//! exports its C ABI (`syclone_*`) dynamically, every function of it, so
//! that shared libraries made with `syclcc -shared` (which do not link the
//! runtime) find it when they load, whether linked or `dlopen`ed.
//!
//! The link uses lld where it is installed and the user chose no linker:
//! GNU ld takes about two seconds to link the runtime's 70 MB archive into
//! a program, lld a third of a second ([`preferred_linker`]).

use crate::cli::Options;
use crate::error::{io_at, DriverError, Result};
use crate::host_compiler::{HostCompilerInfo, HostCompilerKind};
use object::read::archive::ArchiveFile;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

/// System libraries the Rust runtime static library needs.
const SYSTEM_LIBS: &[&str] = &["-lpthread", "-ldl", "-lm", "-lrt"];

/// Prefix of the runtime's C ABI functions.
const ABI_PREFIX: &str = "syclone_";

/// The runtime as an executable links it.
pub struct Runtime {
    pub lib: PathBuf,
    /// The C ABI functions the library defines (all forced into the link).
    pub abi: Vec<String>,
}

impl Runtime {
    /// The runtime library `lib` and its C ABI, read from its symbol index.
    pub fn load(lib: PathBuf) -> Result<Runtime> {
        let abi = abi_symbols(&lib)?;
        if !abi.iter().any(|s| s == crate::wrapper_object::REGISTER_FN) {
            return Err(DriverError::Other(format!(
                "{} does not define {} (not the Syclone runtime library?)",
                lib.display(),
                crate::wrapper_object::REGISTER_FN
            )));
        }
        Ok(Runtime { lib, abi })
    }
}

/// The `syclone_*` functions in the symbol index of the archive `lib`
/// (only the index, the first member, is read: the library is large).
fn abi_symbols(lib: &Path) -> Result<Vec<String>> {
    let mut file = std::fs::File::open(lib).map_err(io_at(lib))?;
    let mut head = vec![0u8; 8 + 60];
    file.read_exact(&mut head).map_err(io_at(lib))?;
    let bad = || DriverError::Other(format!("{}: not a static library", lib.display()));
    if &head[..8] != b"!<arch>\n" {
        return Err(bad());
    }
    let size: u64 = std::str::from_utf8(&head[8 + 48..8 + 58])
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .ok_or_else(bad)?;
    file.take(size).read_to_end(&mut head).map_err(io_at(lib))?;
    let archive = ArchiveFile::parse(&head[..]).map_err(|_| bad())?;
    let mut names = vec![];
    if let Some(symbols) = archive.symbols().map_err(|_| bad())? {
        for symbol in symbols {
            let name = String::from_utf8_lossy(symbol.map_err(|_| bad())?.name());
            if name.starts_with(ABI_PREFIX) && !names.iter().any(|n: &String| *n == name) {
                names.push(name.into_owned());
            }
        }
    }
    Ok(names)
}

/// What the link produces.
pub enum Output<'a> {
    /// An executable with the runtime.
    Executable(&'a Runtime),
    /// `-shared`: a shared library; the runtime comes from the executable.
    SharedLibrary,
}

/// `-fuse-ld=lld` when lld is installed and the host compiler can drive it
/// (clang, g++ 9 or later), unless the user chose a linker or where to find
/// tools (`-fuse-ld=`, `--ld-path=`, `-B`) or asked for link-time
/// optimization (g++'s needs its linker plugin in GNU ld or gold; clang's
/// bitcode must come from lld's own LLVM version).
pub fn preferred_linker(host: &HostCompilerInfo, opts: &Options) -> Option<&'static str> {
    let user_decides = opts.host_flags.iter().chain(&opts.link_flags).any(|f| {
        ["-fuse-ld=", "--ld-path=", "-B", "-flto"]
            .iter()
            .any(|p| f.starts_with(p))
    });
    let drives_lld = match host.kind {
        HostCompilerKind::Gcc => host.major >= 9,
        HostCompilerKind::Clang => true,
        HostCompilerKind::Unknown => false,
    };
    let installed = || {
        std::env::var_os("PATH")
            .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("ld.lld").is_file()))
    };
    (!user_decides && drives_lld && installed()).then_some("-fuse-ld=lld")
}

/// The link command; `linker` is a `-fuse-ld=` choice ([`preferred_linker`]).
pub fn command(
    host: &HostCompilerInfo,
    linker: Option<&str>,
    objects: &[PathBuf],
    wrapper: Option<&Path>,
    opts: &Options,
    kind: &Output,
    output: &Path,
) -> Command {
    let mut cmd = Command::new(&host.program);
    if matches!(kind, Output::SharedLibrary) {
        cmd.arg("-shared");
    }
    cmd.args(linker);
    cmd.args(host.own_flags(&opts.host_flags));
    cmd.args(objects);
    if let Some(w) = wrapper {
        cmd.arg(w);
    }
    cmd.args(&opts.link_flags);
    if let Output::Executable(rt) = kind {
        for sym in &rt.abi {
            cmd.arg(format!("-Wl,--undefined={sym}"));
        }
        cmd.arg(format!("-Wl,--export-dynamic-symbol={ABI_PREFIX}*"));
        cmd.arg(&rt.lib).args(SYSTEM_LIBS);
    }
    cmd.arg("-o").arg(output);
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn executables_export_the_runtime_and_libraries_do_not_link_it() {
        let opts = crate::cli::parse(&["x.o".into(), "-lfoo".into(), "-pthread".into()]).unwrap();
        let rt = Runtime {
            lib: "/rt/libsyclone_rt.a".into(),
            abi: vec!["syclone_register_images".into()],
        };
        let objs = [PathBuf::from("x.o")];
        let gcc = HostCompilerInfo {
            program: "g++".into(),
            kind: HostCompilerKind::Gcc,
            major: 12,
        };
        let exe = command(
            &gcc,
            None,
            &objs,
            Some(Path::new("w.o")),
            &opts,
            &Output::Executable(&rt),
            Path::new("app"),
        );
        assert_eq!(
            crate::tool::display(&exe),
            r#""g++" "-pthread" "x.o" "w.o" "-lfoo" "-Wl,--undefined=syclone_register_images" "-Wl,--export-dynamic-symbol=syclone_*" "/rt/libsyclone_rt.a" "-lpthread" "-ldl" "-lm" "-lrt" "-o" "app""#
        );
        let lib = command(
            &gcc,
            Some("-fuse-ld=lld"),
            &objs,
            None,
            &opts,
            &Output::SharedLibrary,
            Path::new("libx.so"),
        );
        assert_eq!(
            crate::tool::display(&lib),
            r#""g++" "-shared" "-fuse-ld=lld" "-pthread" "x.o" "-lfoo" "-o" "libx.so""#
        );
    }

    #[test]
    fn lld_is_not_chosen_over_the_users_linker_or_lto() {
        let host = |kind, major| HostCompilerInfo {
            program: "c++".into(),
            kind,
            major,
        };
        let parse = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            crate::cli::parse(&args).unwrap()
        };
        for flags in [
            &["x.o", "-fuse-ld=bfd"][..],
            &["x.o", "--ld-path=/opt/ld"],
            &["x.o", "-flto=auto"],
            &["x.o", "-B/opt/binutils"],
        ] {
            let opts = parse(flags);
            assert_eq!(
                preferred_linker(&host(HostCompilerKind::Clang, 14), &opts),
                None
            );
        }
        let plain = parse(&["x.o"]);
        assert_eq!(
            preferred_linker(&host(HostCompilerKind::Gcc, 8), &plain),
            None
        );
        assert_eq!(
            preferred_linker(&host(HostCompilerKind::Unknown, 0), &plain),
            None
        );
    }

    #[test]
    fn abi_symbols_come_from_the_archive_index() {
        let dir = std::env::temp_dir().join(format!("syclcc-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("a.c"),
            "void syclone_a(void) {}\nvoid syclone_b(void) {}\nvoid other(void) {}\n",
        )
        .unwrap();
        let ok = Command::new("cc")
            .arg("-c")
            .arg(dir.join("a.c"))
            .arg("-o")
            .arg(dir.join("a.o"))
            .status()
            .unwrap()
            .success();
        assert!(ok);
        let lib = dir.join("liba.a");
        let _ = std::fs::remove_file(&lib);
        let ok = Command::new("ar")
            .arg("rcs")
            .arg(&lib)
            .arg(dir.join("a.o"))
            .status()
            .unwrap()
            .success();
        assert!(ok);
        assert_eq!(abi_symbols(&lib).unwrap(), ["syclone_a", "syclone_b"]);
        let err = Runtime::load(lib).err().unwrap().to_string();
        assert!(err.contains("not the Syclone runtime"), "{err}");
        assert!(abi_symbols(&dir.join("a.c")).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
