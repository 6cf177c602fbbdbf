//! The CMake project of `tests/cmake` (a static library with kernels and an
//! executable with kernels) built with `CMAKE_CXX_COMPILER=syclcc`: it
//! builds, runs, rebuilds what a header change touches (dependency files
//! from syclcc), and every entry of its compile_commands.json passes
//! `syclcc -fsyntax-only`. Skips, saying why, when cmake or make is missing.

mod common;
use common::*;
use std::path::Path;
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn cmake_project_builds_runs_and_rebuilds() {
    for tool in ["cmake", "make"] {
        if !on_path(tool) {
            eprintln!("skipped: {tool} is not installed (apt-get install cmake make)");
            return;
        }
    }
    let dir = out_dir("cmake");
    let project = dir.join("project");
    copy_dir(&repo().join("tests/cmake"), &project);
    let build = dir.join("build");
    ok(Command::new("cmake")
        .arg("-S")
        .arg(&project)
        .arg("-B")
        .arg(&build)
        .args(["-G", "Unix Makefiles"])
        .arg(format!(
            "-DCMAKE_CXX_COMPILER={}",
            env!("CARGO_BIN_EXE_syclcc")
        )));
    ok(Command::new("cmake").arg("--build").arg(&build));
    runs_everywhere(&build.join("app"), &[]);
    assert!(build.join("libvecops.a").is_file());

    // A header change rebuilds the sources that include it, and only them.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let header = project.join("include/vecops.hpp");
    let mut contents = std::fs::read_to_string(&header).unwrap();
    contents.push_str("// touched\n");
    std::fs::write(&header, contents).unwrap();
    let out = ok(Command::new("cmake").arg("--build").arg(&build));
    let log = text(&out.stdout);
    for rebuilt in ["dot.cpp.o", "axpy.cpp.o", "main.cpp.o"] {
        assert!(log.contains(rebuilt), "{rebuilt} not rebuilt:\n{log}");
    }
    assert!(!log.contains("init.cpp.o"), "init.cpp.o rebuilt:\n{log}");
    runs_everywhere(&build.join("app"), &[]);

    // compile_commands.json: each command, as -fsyntax-only.
    let db = std::fs::read_to_string(build.join("compile_commands.json")).unwrap();
    let entries: Vec<serde_json::Value> = serde_json::from_str(&db).unwrap();
    assert_eq!(entries.len(), 4);
    for entry in &entries {
        let command = entry["command"].as_str().unwrap();
        let mut words = command.split_whitespace();
        let program = words.next().unwrap();
        let mut args = vec!["-fsyntax-only".to_string()];
        while let Some(w) = words.next() {
            match w {
                "-o" => {
                    words.next();
                }
                "-c" => {}
                _ => args.push(w.to_string()),
            }
        }
        let out = ok(Command::new(program)
            .args(&args)
            .current_dir(entry["directory"].as_str().unwrap()));
        assert!(out.stdout.is_empty());
    }
}
