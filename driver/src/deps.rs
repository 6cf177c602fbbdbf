//! Make dependency files: the `-M`, `-MM`, `-MD`, `-MMD`, `-MF`, `-MT`,
//! `-MQ` and `-MP` flags of gcc and clang. The host compiler writes its
//! dependencies to a temporary file; they are merged with the files the
//! device pass read (headers included only under `__SYCL_DEVICE_ONLY__`
//! are known to the device pass alone) and written as one make rule.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Which headers are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepScope {
    /// `-M`, `-MD`: every header.
    All,
    /// `-MM`, `-MMD`: no system headers.
    User,
}

/// A target name given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DepTarget {
    /// `-MT`: written as it is.
    Raw(String),
    /// `-MQ`: quoted for make.
    Quoted(String),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DepOptions {
    /// `-M` / `-MM`: print the dependencies instead of compiling.
    pub print: Option<DepScope>,
    /// `-MD` / `-MMD`: write a dependency file while compiling.
    pub write: Option<DepScope>,
    /// `-MF`.
    pub file: Option<PathBuf>,
    /// `-MT` / `-MQ`, in order; none means the object file's name.
    pub targets: Vec<DepTarget>,
    /// `-MP`: a phony target for every header.
    pub phony: bool,
}

/// Quotes a file name for make: `$` → `$$`, space → `\ `, `#` → `\#`.
pub fn make_quote(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '$' => out.push_str("$$"),
            ' ' | '#' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// The prerequisites of the first rule of a make dependency file as the
/// host compiler writes it (`target: dep dep \` continued lines, spaces
/// escaped as `\ `, `$` as `$$`), unquoted.
pub fn parse_make_rule(text: &str) -> Vec<String> {
    let joined = text.replace("\\\r\n", " ").replace("\\\n", " ");
    let Some(line) = joined.lines().find(|l| !l.trim().is_empty()) else {
        return vec![];
    };
    // The first ':' that ends the target list is followed by a space or
    // the end of the line (a drive letter `C:\` is not).
    let bytes = line.as_bytes();
    let colon = (0..bytes.len()).find(|&i| {
        bytes[i] == b':'
            && (i == 0 || bytes[i - 1] != b'\\')
            && bytes.get(i + 1).is_none_or(|b| b.is_ascii_whitespace())
    });
    let Some(colon) = colon else {
        return vec![];
    };
    let mut deps = vec![];
    let mut cur = String::new();
    let mut chars = line[colon + 1..].chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if matches!(chars.peek(), Some(' ') | Some('#')) => {
                cur.push(chars.next().unwrap_or(' '));
            }
            '$' if chars.peek() == Some(&'$') => {
                chars.next();
                cur.push('$');
            }
            c if c.is_whitespace() => {
                if !cur.is_empty() {
                    deps.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        deps.push(cur);
    }
    deps
}

/// Whether `path` lies under one of `system_dirs`.
fn is_system(path: &Path, system_dirs: &[PathBuf]) -> bool {
    let canon = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    system_dirs.iter().any(|d| canon.starts_with(d))
}

/// The dependency list: `host` (as the host compiler reported it, main
/// source first), then the files of `device` it lacks. Device files that
/// do not exist on disk are dropped; with [`DepScope::User`], so are
/// device files under `system_dirs` (canonical paths). Duplicates (the
/// same file spelled two ways) are listed once, first spelling kept.
pub fn merge(
    host: &[String],
    device: &[String],
    scope: DepScope,
    system_dirs: &[PathBuf],
) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = vec![];
    let key = |p: &str| Path::new(p).canonicalize().unwrap_or_else(|_| p.into());
    for dep in host {
        if seen.insert(key(dep)) {
            out.push(dep.clone());
        }
    }
    for dep in device {
        let path = Path::new(dep);
        if !path.is_file() || (scope == DepScope::User && is_system(path, system_dirs)) {
            continue;
        }
        if seen.insert(key(dep)) {
            out.push(dep.clone());
        }
    }
    out
}

/// The target names of the rule: `-MT`/`-MQ` ones, else `object` quoted.
pub fn target_names(opts: &DepOptions, object: &Path) -> Vec<String> {
    if opts.targets.is_empty() {
        return vec![make_quote(&object.to_string_lossy())];
    }
    opts.targets
        .iter()
        .map(|t| match t {
            DepTarget::Raw(s) => s.clone(),
            DepTarget::Quoted(s) => make_quote(s),
        })
        .collect()
}

/// One make rule `targets: deps`, one prerequisite per continued line;
/// with `phony`, an empty rule for every prerequisite but the first (the
/// source), so make does not fail when a header is deleted.
pub fn render(targets: &[String], deps: &[String], phony: bool) -> String {
    let mut out = format!("{}:", targets.join(" "));
    for dep in deps {
        out.push_str(" \\\n  ");
        out.push_str(&make_quote(dep));
    }
    out.push('\n');
    if phony {
        for dep in deps.iter().skip(1) {
            out.push_str(&format!("\n{}:\n", make_quote(dep)));
        }
    }
    out
}

/// Where `-MD`/`-MMD` write: `-MF`, else the object's name with `.d`.
pub fn file_for(opts: &DepOptions, object: &Path) -> PathBuf {
    opts.file
        .clone()
        .unwrap_or_else(|| object.with_extension("d"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_what_gcc_writes() {
        let text = "obj/a.o: src/a.cpp /usr/include/stdio.h \\\n inc/my\\ header.h inc/cost$$.h \\\n  /x/y.h\n";
        assert_eq!(
            parse_make_rule(text),
            [
                "src/a.cpp",
                "/usr/include/stdio.h",
                "inc/my header.h",
                "inc/cost$.h",
                "/x/y.h"
            ]
        );
        assert!(parse_make_rule("").is_empty());
        // Phony rules after the first are ignored.
        assert_eq!(
            parse_make_rule("a.o: a.cpp b.h\n\nb.h:\n"),
            ["a.cpp", "b.h"]
        );
    }

    #[test]
    fn quoting_and_rendering() {
        assert_eq!(make_quote("a b$#.o"), "a\\ b$$\\#.o");
        let opts = DepOptions {
            targets: vec![
                DepTarget::Raw("$(OBJ)".into()),
                DepTarget::Quoted("x y.o".into()),
            ],
            ..DepOptions::default()
        };
        assert_eq!(
            target_names(&opts, Path::new("ignored.o")),
            ["$(OBJ)", "x\\ y.o"]
        );
        assert_eq!(
            target_names(&DepOptions::default(), Path::new("o/a b.o")),
            ["o/a\\ b.o"]
        );
        let deps = ["a.cpp".to_string(), "inc/h h.h".to_string()];
        assert_eq!(
            render(&["a.o".into()], &deps, true),
            "a.o: \\\n  a.cpp \\\n  inc/h\\ h.h\n\ninc/h\\ h.h:\n"
        );
        // What we render, we parse back.
        assert_eq!(
            parse_make_rule(&render(&["a.o".into()], &deps, false)),
            deps
        );
    }

    #[test]
    fn merge_adds_device_only_files_once() {
        let dir = std::env::temp_dir().join(format!("syclcc-deps-{}", std::process::id()));
        let sys = dir.join("sys");
        std::fs::create_dir_all(&sys).unwrap();
        let (src, user, dev, sysh) = (
            dir.join("a.cpp"),
            dir.join("user.h"),
            dir.join("dev.h"),
            sys.join("s.h"),
        );
        for f in [&src, &user, &dev, &sysh] {
            std::fs::write(f, "").unwrap();
        }
        let s = |p: &Path| p.to_string_lossy().into_owned();
        let host = [s(&src), s(&user)];
        // The device pass spells user.h differently; <model>/vector is no file.
        let device = [
            format!("{}/./user.h", dir.display()),
            s(&dev),
            s(&sysh),
            "<model>/vector".to_string(),
        ];
        let sys_dirs = [sys.canonicalize().unwrap()];
        assert_eq!(
            merge(&host, &device, DepScope::All, &sys_dirs),
            [s(&src), s(&user), s(&dev), s(&sysh)]
        );
        assert_eq!(
            merge(&host, &device, DepScope::User, &sys_dirs),
            [s(&src), s(&user), s(&dev)]
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn dependency_file_name() {
        let mut opts = DepOptions::default();
        assert_eq!(file_for(&opts, Path::new("o/a.o")), Path::new("o/a.d"));
        opts.file = Some("x.d".into());
        assert_eq!(file_for(&opts, Path::new("o/a.o")), Path::new("x.d"));
    }
}
