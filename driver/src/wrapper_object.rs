//! The wrapper object: an ELF relocatable that carries the serialized device
//! bundle and registers it with the runtime when the program loads.
//!
//! Layout (x86-64 ELF only for now):
//! - `.rodata.syclone_bundle`: the bundle bytes, local symbol
//!   `__syclone_device_bundle`;
//! - `.text`: `__syclone_register` and `__syclone_unregister` (local), each
//!   `lea rdi,[rip+bundle]; mov esi,len; jmp syclone_(un)register_images`;
//! - `.init_array` / `.fini_array`: one pointer each to those functions;
//! - `.note.GNU-stack`: empty, so the linked program keeps a non-executable
//!   stack.

use object::write::{Object, Relocation, Symbol, SymbolId, SymbolSection};
use object::{
    elf, Architecture, BinaryFormat, Endianness, RelocationFlags, SectionFlags, SectionKind,
    SymbolFlags, SymbolKind, SymbolScope,
};

/// Name of the local symbol holding the bundle bytes.
pub const BUNDLE_SYMBOL: &str = "__syclone_device_bundle";
/// Runtime entry points the wrapper calls (see `runtime_abi.h`).
pub const REGISTER_FN: &str = "syclone_register_images";
pub const UNREGISTER_FN: &str = "syclone_unregister_images";

#[derive(Debug, thiserror::Error)]
pub enum WrapperError {
    #[error("the wrapper object for target `{0}` is not supported yet (only x86_64 Linux/ELF)")]
    UnsupportedTarget(String),
    #[error("the device bundle is too large for the wrapper object ({0} bytes, limit 4 GiB)")]
    BundleTooLarge(usize),
    #[error("cannot write the wrapper object: {0}")]
    Object(#[from] object::write::Error),
}

/// The target the wrapper object is made for: the host the driver runs on.
pub fn host_target() -> &'static str {
    if cfg!(all(target_arch = "x86_64", target_os = "linux")) {
        "x86_64-linux"
    } else if cfg!(target_arch = "aarch64") {
        "aarch64"
    } else {
        std::env::consts::ARCH
    }
}

/// Builds the wrapper object for `target` (see [`host_target`]).
pub fn build(bundle: &[u8], target: &str) -> Result<Vec<u8>, WrapperError> {
    if target != "x86_64-linux" {
        return Err(WrapperError::UnsupportedTarget(target.to_string()));
    }
    let len =
        u32::try_from(bundle.len()).map_err(|_| WrapperError::BundleTooLarge(bundle.len()))?;
    let mut obj = Object::new(BinaryFormat::Elf, Architecture::X86_64, Endianness::Little);

    // The bundle bytes.
    let rodata = obj.add_section(
        vec![],
        b".rodata.syclone_bundle".to_vec(),
        SectionKind::ReadOnlyData,
    );
    let data_off = obj.append_section_data(rodata, bundle, 16);
    let bundle_sym = obj.add_symbol(Symbol {
        name: BUNDLE_SYMBOL.as_bytes().to_vec(),
        value: data_off,
        size: bundle.len() as u64,
        kind: SymbolKind::Data,
        scope: SymbolScope::Compilation,
        weak: false,
        section: SymbolSection::Section(rodata),
        flags: SymbolFlags::None,
    });

    let register = add_trampoline(&mut obj, "__syclone_register", bundle_sym, len, REGISTER_FN)?;
    let unregister = add_trampoline(
        &mut obj,
        "__syclone_unregister",
        bundle_sym,
        len,
        UNREGISTER_FN,
    )?;

    add_pointer_array(&mut obj, ".init_array", elf::SHT_INIT_ARRAY, register)?;
    add_pointer_array(&mut obj, ".fini_array", elf::SHT_FINI_ARRAY, unregister)?;

    let stack = obj.add_section(vec![], b".note.GNU-stack".to_vec(), SectionKind::Note);
    obj.section_mut(stack).flags = SectionFlags::Elf {
        sh_type: elf::SHT_PROGBITS,
        sh_flags: elf::SectionFlags(0),
    };

    Ok(obj.write()?)
}

/// Adds a local function `name` to `.text`:
/// `lea rdi,[rip+bundle]; mov esi,len; jmp target` (tail call).
fn add_trampoline(
    obj: &mut Object<'_>,
    name: &str,
    bundle: SymbolId,
    len: u32,
    target: &str,
) -> Result<SymbolId, WrapperError> {
    let text = obj.section_id(object::write::StandardSection::Text);
    let mut code = vec![0x48, 0x8d, 0x3d, 0, 0, 0, 0]; // lea rdi,[rip+disp32]
    code.push(0xbe); // mov esi, imm32 (zero-extends into rsi)
    code.extend_from_slice(&len.to_le_bytes());
    code.extend_from_slice(&[0xe9, 0, 0, 0, 0]); // jmp rel32
    let start = obj.append_section_data(text, &code, 16);

    let callee = match obj.symbol_id(target.as_bytes()) {
        Some(id) => id,
        None => obj.add_symbol(Symbol {
            name: target.as_bytes().to_vec(),
            value: 0,
            size: 0,
            kind: SymbolKind::Text,
            scope: SymbolScope::Dynamic,
            weak: false,
            section: SymbolSection::Undefined,
            flags: SymbolFlags::None,
        }),
    };
    obj.add_relocation(
        text,
        Relocation {
            offset: start + 3,
            symbol: bundle,
            addend: -4,
            flags: RelocationFlags::Elf {
                r_type: elf::R_X86_64_PC32,
            },
        },
    )?;
    obj.add_relocation(
        text,
        Relocation {
            offset: start + 13,
            symbol: callee,
            addend: -4,
            flags: RelocationFlags::Elf {
                r_type: elf::R_X86_64_PLT32,
            },
        },
    )?;
    Ok(obj.add_symbol(Symbol {
        name: name.as_bytes().to_vec(),
        value: start,
        size: code.len() as u64,
        kind: SymbolKind::Text,
        scope: SymbolScope::Compilation,
        weak: false,
        section: SymbolSection::Section(text),
        flags: SymbolFlags::None,
    }))
}

/// Adds an `.init_array`/`.fini_array` section with one 8-byte entry
/// pointing at `func`.
fn add_pointer_array(
    obj: &mut Object<'_>,
    name: &str,
    sh_type: elf::SectionType,
    func: SymbolId,
) -> Result<(), WrapperError> {
    let section = obj.add_section(vec![], name.as_bytes().to_vec(), SectionKind::Data);
    obj.section_mut(section).flags = SectionFlags::Elf {
        sh_type,
        sh_flags: elf::SHF_ALLOC | elf::SHF_WRITE,
    };
    let off = obj.append_section_data(section, &[0u8; 8], 8);
    obj.add_relocation(
        section,
        Relocation {
            offset: off,
            symbol: func,
            addend: 0,
            flags: RelocationFlags::Elf {
                r_type: elf::R_X86_64_64,
            },
        },
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn other_targets_are_refused_clearly() {
        let err = build(b"{}", "aarch64").unwrap_err();
        assert!(err.to_string().contains("not supported yet"), "{err}");
    }

    /// Links the wrapper object with a C file that stands in for the runtime
    /// and checks that the bundle reaches it before `main` and after `main`.
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    #[test]
    fn registration_runs_at_load_and_unload() {
        let dir = std::env::temp_dir().join(format!("syclcc-wrapper-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bundle: Vec<u8> = (0..1000u32).map(|i| (i * 7 + 0x5a) as u8).collect();
        let obj = build(&bundle, "x86_64-linux").unwrap();
        std::fs::write(dir.join("wrapper.o"), obj).unwrap();
        std::fs::write(
            dir.join("fake_rt.c"),
            r#"#include <stdio.h>
#include <stddef.h>
void syclone_register_images(const unsigned char *d, size_t n) {
  unsigned sum = 0; for (size_t i = 0; i < n; i++) sum += d[i];
  printf("register %zu first=%u last=%u sum=%u\n", n, d[0], d[n - 1], sum);
}
void syclone_unregister_images(const unsigned char *d, size_t n) {
  printf("unregister %zu first=%u\n", n, d[0]);
}
int main(void) { printf("main\n"); return 0; }
"#,
        )
        .unwrap();
        let exe = dir.join("wrapped");
        let status = Command::new("cc")
            .arg(dir.join("fake_rt.c"))
            .arg(dir.join("wrapper.o"))
            .arg("-Wl,--fatal-warnings")
            .arg("-o")
            .arg(&exe)
            .status()
            .expect("run cc");
        assert!(status.success(), "linking the wrapper object failed");
        let out = Command::new(&exe).output().unwrap();
        assert!(out.status.success());
        let sum: u32 = bundle.iter().map(|&b| b as u32).sum();
        let expected = format!(
            "register 1000 first={} last={} sum={sum}\nmain\nunregister 1000 first={}\n",
            bundle[0], bundle[999], bundle[0]
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
        std::fs::remove_dir_all(&dir).ok();
    }
}
