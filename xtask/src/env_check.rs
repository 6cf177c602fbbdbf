//! What the tests need from the machine: `spirv-val`, the Vulkan loader and
//! a Vulkan ICD, `cmake` and `make` (the driver's CMake project test) and
//! `clang++` (the driver's second host compiler), `valgrind` (the memcheck
//! runs of the stress test). Installs them with apt
//! when running as root; otherwise says exactly what to install and lets
//! the rest run (the tests that need a missing tool skip, saying why).

use std::path::{Path, PathBuf};
use std::process::Command;

pub const APT_PACKAGES: &[&str] = &[
    "mesa-vulkan-drivers",
    "libvulkan1",
    "spirv-tools",
    "cmake",
    "make",
    "clang",
    "lld",
    "valgrind",
];

#[derive(Debug)]
pub struct Environment {
    pub spirv_val: Option<PathBuf>,
    pub valgrind: Option<PathBuf>,
    /// lld, which syclcc links with where it is installed (GNU ld is slower).
    pub lld: Option<PathBuf>,
    pub vulkan_loader: Option<PathBuf>,
    pub vulkan_icds: Vec<PathBuf>,
    /// `cmake`, `make` and `clang++`, where missing.
    pub missing_build_tools: Vec<&'static str>,
}

impl Environment {
    pub fn vulkan(&self) -> bool {
        self.vulkan_loader.is_some() && !self.vulkan_icds.is_empty()
    }
    fn complete(&self) -> bool {
        self.spirv_val.is_some()
            && self.valgrind.is_some()
            && self.lld.is_some()
            && self.vulkan()
            && self.missing_build_tools.is_empty()
    }
}

/// `name` on `$PATH`.
pub fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

fn find_loader() -> Option<PathBuf> {
    const DIRS: &[&str] = &[
        "/usr/lib/x86_64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
        "/usr/lib64",
        "/usr/lib",
        "/usr/local/lib",
        "/lib/x86_64-linux-gnu",
    ];
    let mut dirs: Vec<PathBuf> = DIRS.iter().map(PathBuf::from).collect();
    if let Some(extra) = std::env::var_os("LD_LIBRARY_PATH") {
        dirs.extend(std::env::split_paths(&extra));
    }
    dirs.into_iter()
        .map(|d| d.join("libvulkan.so.1"))
        .find(|p| p.exists())
}

fn find_icds() -> Vec<PathBuf> {
    let mut icds = vec![];
    for dir in [
        "/usr/share/vulkan/icd.d",
        "/etc/vulkan/icd.d",
        "/usr/local/share/vulkan/icd.d",
    ] {
        if let Ok(entries) = std::fs::read_dir(Path::new(dir)) {
            icds.extend(
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "json")),
            );
        }
    }
    icds.sort();
    icds
}

pub fn probe() -> Environment {
    Environment {
        spirv_val: which("spirv-val"),
        valgrind: which("valgrind"),
        lld: which("ld.lld"),
        vulkan_loader: find_loader(),
        vulkan_icds: find_icds(),
        missing_build_tools: ["cmake", "make", "clang++"]
            .into_iter()
            .filter(|t| which(t).is_none())
            .collect(),
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// Probes, installs what is missing when it can, and reports.
pub fn prepare() -> Environment {
    let mut env = probe();
    if !env.complete() {
        if is_root() && which("apt-get").is_some() {
            println!("xtask: installing {} with apt-get", APT_PACKAGES.join(" "));
            let ok = Command::new("apt-get")
                .arg("update")
                .status()
                .is_ok_and(|s| s.success())
                && Command::new("apt-get")
                    .args(["install", "-y", "--no-install-recommends"])
                    .args(APT_PACKAGES)
                    .env("DEBIAN_FRONTEND", "noninteractive")
                    .status()
                    .is_ok_and(|s| s.success());
            if !ok {
                println!("xtask: WARNING: apt-get failed; continuing with what is there");
            }
            env = probe();
        } else {
            println!(
                "xtask: WARNING: missing test tools; install them with:\n    sudo apt-get install -y {}",
                APT_PACKAGES.join(" ")
            );
        }
    }
    println!(
        "xtask: spirv-val: {}; Vulkan loader: {}; Vulkan ICDs: {}",
        env.spirv_val
            .as_ref()
            .map_or("MISSING".into(), |p| p.display().to_string()),
        env.vulkan_loader
            .as_ref()
            .map_or("MISSING".into(), |p| p.display().to_string()),
        if env.vulkan_icds.is_empty() {
            "NONE".to_string()
        } else {
            env.vulkan_icds
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        }
    );
    if !env.vulkan() {
        println!("xtask: WARNING: no Vulkan loader/ICD: every Vulkan run of the end-to-end tests is SKIPPED");
    }
    if !env.missing_build_tools.is_empty() {
        println!(
            "xtask: WARNING: {} missing: the driver's CMake project and clang++ host tests are SKIPPED",
            env.missing_build_tools.join(", ")
        );
    }
    if env.spirv_val.is_none() {
        println!(
            "xtask: WARNING: no spirv-val: the SPIR-V validation of the test programs' images is SKIPPED"
        );
    }
    if env.lld.is_none() {
        println!("xtask: WARNING: no lld: syclcc links with the system linker, more slowly");
    }
    if env.valgrind.is_none() {
        println!(
            "xtask: WARNING: no valgrind: the memcheck runs of the end-to-end tests are SKIPPED"
        );
    }
    env
}
