//! Dependency files (`-M`, `-MM`, `-MD`, `-MMD`, `-MF`, `-MT`, `-MQ`,
//! `-MP`) listing the headers of both passes, and `-###` / `-v`.

mod common;
use common::*;

/// The prerequisites of the first rule of a make dependency file.
fn prerequisites(rule: &str) -> Vec<String> {
    let joined = rule.replace("\\\n", " ");
    let first = joined.lines().next().unwrap_or("");
    let (_, deps) = first.split_once(": ").expect("a make rule");
    deps.split_whitespace().map(str::to_string).collect()
}

fn names(deps: &[String]) -> Vec<String> {
    deps.iter()
        .map(|d| {
            std::path::Path::new(d)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

#[test]
fn md_lists_the_headers_of_both_passes() {
    let dir = out_dir("deps-md");
    let src = source("deps/deps.cpp");
    ok(syclcc(&dir)
        .args(["-c", "-MD"])
        .arg(&src)
        .args(["-o", "obj.o"]));
    let rule = std::fs::read_to_string(dir.join("obj.d")).unwrap();
    assert!(rule.starts_with("obj.o:"), "{rule}");
    let paths = prerequisites(&rule);
    let deps = names(&paths);
    assert_eq!(deps[0], "deps.cpp");
    for header in [
        "common.h",
        "host_only.h",
        "device_only.h",
        "sycl.hpp",
        "runtime_abi.h",
    ] {
        assert!(
            deps.iter().any(|d| d == header),
            "{header} missing:\n{rule}"
        );
    }
    // A system header of the host pass.
    assert!(deps.iter().any(|d| d == "cstdio"), "{rule}");
    // Each listed once; the temporary integration header not at all.
    assert!(!deps.iter().any(|d| d.ends_with(".int.h")), "{rule}");
    let mut sorted = paths.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), deps.len(), "{rule}");
    // The object still works.
    ok(syclcc(&dir).args(["obj.o", "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
    // Compiling and linking in one command: deps.d, for deps.o.
    ok(syclcc(&dir).arg("-MMD").arg(&src).args(["-o", "app2"]));
    let rule = std::fs::read_to_string(dir.join("deps.d")).unwrap();
    assert!(rule.starts_with("deps.o:"), "{rule}");
    assert!(rule.contains("device_only.h"), "{rule}");
}

#[test]
fn mmd_mf_mt_mq_mp_as_cmake_and_make_use_them() {
    let dir = out_dir("deps-mmd");
    let src = source("deps/deps.cpp");
    ok(syclcc(&dir)
        .args(["-MMD", "-MT", "$(OBJDIR)/x.o", "-MQ", "y$.o", "-MP", "-MF"])
        .arg("out/x.d")
        .arg("-c")
        .arg(&src)
        .args(["-o", "x.o"])
        .current_dir({
            std::fs::create_dir_all(dir.join("out")).unwrap();
            &dir
        }));
    let rule = std::fs::read_to_string(dir.join("out/x.d")).unwrap();
    assert!(rule.starts_with("$(OBJDIR)/x.o y$$.o:"), "{rule}");
    let deps = names(&prerequisites(&rule));
    assert_eq!(
        deps,
        ["deps.cpp", "common.h", "host_only.h", "device_only.h"],
        "-MMD: user headers only\n{rule}"
    );
    // -MP: a phony rule for every header.
    for header in ["common.h", "host_only.h", "device_only.h"] {
        assert!(
            rule.lines()
                .any(|l| l.ends_with(&format!("{header}:")) && !l.contains(' ')),
            "no phony rule for {header}:\n{rule}"
        );
    }
}

#[test]
fn m_and_mm_print_instead_of_compiling() {
    let dir = out_dir("deps-m");
    let src = source("deps/deps.cpp");
    let out = ok(syclcc(&dir).arg("-MM").arg(&src));
    let rule = text(&out.stdout);
    assert!(rule.starts_with("deps.o:"), "{rule}");
    assert_eq!(
        names(&prerequisites(&rule)),
        ["deps.cpp", "common.h", "host_only.h", "device_only.h"]
    );
    assert!(
        std::fs::read_dir(&dir).unwrap().next().is_none(),
        "-MM wrote files"
    );
    ok(syclcc(&dir).arg("-M").arg(&src).args(["-MF", "all.d"]));
    let rule = std::fs::read_to_string(dir.join("all.d")).unwrap();
    let deps = names(&prerequisites(&rule));
    assert!(deps.iter().any(|d| d == "sycl.hpp"), "{rule}");
    assert!(deps.iter().any(|d| d == "device_only.h"), "{rule}");
    // Host only: no device-only header.
    let out = ok(syclcc(&dir).args(["-MM", "-fsycl-host-only"]).arg(&src));
    assert!(!text(&out.stdout).contains("device_only.h"));
}

#[test]
fn dry_run_prints_every_step_and_runs_nothing() {
    let dir = out_dir("dry-run");
    let src = source("multi/scale.cpp");
    let out = ok(syclcc(&dir)
        .args(["-###", "-c", "-O2", "-DN=3", "--host-cxx=g++"])
        .arg(&src));
    let err = text(&out.stderr);
    assert!(err.starts_with("syclcc (Syclone) "), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    let device = lines
        .iter()
        .position(|l| l.starts_with(" # device pass (in process)"))
        .expect("device pass step");
    let host = lines
        .iter()
        .position(|l| l.starts_with(" \"g++\" \"-std=c++17\" \"-c\" \"-include\""))
        .expect("host compiler command, quoted");
    let embed = lines
        .iter()
        .position(|l| l.starts_with(" # embed device images (in process)"))
        .expect("embed step");
    assert!(device < host && host < embed, "{err}");
    assert!(lines[host].contains("\"-O2\" \"-DN=3\"") || lines[host].contains("\"-DN=3\" \"-O2\""));
    assert!(
        lines[embed].ends_with("scale.o (section .syclone.device)"),
        "{err}"
    );
    assert!(
        std::fs::read_dir(&dir).unwrap().next().is_none(),
        "-### wrote files"
    );

    let out = ok(syclcc(&dir)
        .args(["-###", "x.o", "-lfoo", "-o", "app"])
        .current_dir({
            std::fs::write(dir.join("x.o"), b"").unwrap();
            &dir
        }));
    let err = text(&out.stderr);
    assert!(
        err.contains(" # device link (in process): device images of [x.o]"),
        "{err}"
    );
    let link = err
        .lines()
        .find(|l| l.contains("\"-o\" \"app\""))
        .expect("link command");
    assert!(
        link.contains("\"x.o\"") && link.contains("\"-lfoo\""),
        "{link}"
    );
    assert!(link.contains("libsyclone_rt"), "{link}");
    assert!(!dir.join("app").exists());
}

#[test]
fn verbose_prints_and_runs() {
    let dir = out_dir("verbose");
    let out = ok(syclcc(&dir)
        .args(["-v", "-c"])
        .arg(source("multi/scale.cpp")));
    let err = text(&out.stderr);
    assert!(err.contains("syclcc: host compiler"), "{err}");
    assert!(err.contains(" # device pass (in process)"), "{err}");
    assert!(err.contains("\"-c\" \"-include\""), "{err}");
    assert!(dir.join("scale.o").is_file());
}
