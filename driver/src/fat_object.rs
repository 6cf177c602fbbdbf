//! Fat objects: the host object of a translation unit with its device
//! bundle in the section [`SECTION`] (seed 003's "fat object"). `-c` writes
//! them ([`embed`]); the link step reads the bundles back from objects and
//! from the members of static archives ([`bundles_in`]).
//!
//! The section is `SHF_EXCLUDE`: the linker drops it from executables and
//! shared libraries (the wrapper object carries the images there) and keeps
//! it in relocatable links (`ld -r`), where the sections of several
//! objects are concatenated; the reader therefore accepts a sequence of
//! bundles.

use compiler_core::bundle::DeviceBundle;
use object::elf::{self, FileHeader64, SectionHeader64};
use object::pod::{bytes_of, bytes_of_slice};
use object::read::archive::ArchiveFile;
use object::read::elf::{FileHeader as _, SectionHeader as _};
use object::{Endianness, FileKind, Object, ObjectSection, U16, U32, U64};
use std::mem::size_of;

/// Name of the section holding the device bundle (JSON) of a fat object.
pub const SECTION: &str = ".syclone.device";

#[derive(Debug, thiserror::Error)]
pub enum FatObjectError {
    #[error("{origin}: cannot read the host object: {source}")]
    Read {
        origin: String,
        source: object::read::Error,
    },
    #[error("{origin}: cannot add the device section: {what}")]
    Unsupported { origin: String, what: String },
    #[error("{origin}: already has a {SECTION} section")]
    AlreadyFat { origin: String },
    #[error("{origin}: the {SECTION} section is not a valid device bundle: {source}")]
    BadBundle {
        origin: String,
        source: serde_json::Error,
    },
    #[error("{origin}: thin archives are not supported (members are not inside the archive); use `ar rcs` without T")]
    ThinArchive { origin: String },
}

/// The host object `host` (64-bit ELF, from the host compiler; `origin`
/// names it in errors) with `bundle` added in the [`SECTION`] section.
///
/// The object is kept byte for byte; appended are a copy of the section
/// name table with the new name, the bundle, and the section header table
/// with one more entry at the end, so every existing section index (in
/// groups, relocations and symbols) stays valid.
pub fn embed(host: &[u8], bundle: &[u8], origin: &str) -> Result<Vec<u8>, FatObjectError> {
    let read_err = |source| FatObjectError::Read {
        origin: origin.into(),
        source,
    };
    let unsupported = |what: &str| FatObjectError::Unsupported {
        origin: origin.into(),
        what: what.into(),
    };
    if !matches!(FileKind::parse(host), Ok(FileKind::Elf64)) {
        return Err(unsupported("not a 64-bit ELF object"));
    }
    let header = FileHeader64::<Endianness>::parse(host).map_err(read_err)?;
    let endian = header.endian().map_err(read_err)?;
    if header.e_type(endian) != elf::ET_REL {
        return Err(unsupported("not a relocatable object"));
    }
    if usize::from(header.e_shentsize(endian)) != size_of::<SectionHeader64<Endianness>>() {
        return Err(unsupported("unexpected section header size"));
    }
    let sections = header.sections(endian, host).map_err(read_err)?;
    if sections
        .section_by_name(endian, SECTION.as_bytes())
        .is_some()
    {
        return Err(FatObjectError::AlreadyFat {
            origin: origin.into(),
        });
    }
    let shstrndx = header.shstrndx(endian, host).map_err(read_err)? as usize;
    let mut headers: Vec<SectionHeader64<Endianness>> = sections.iter().copied().collect();
    let names = headers
        .get(shstrndx)
        .ok_or_else(|| unsupported("no section name table"))?
        .data(endian, host)
        .map_err(read_err)?;

    let mut out = host.to_vec();
    let names_offset = out.len() as u64;
    out.extend_from_slice(names);
    let name = u32::try_from(names.len()).map_err(|_| unsupported("section names too large"))?;
    out.extend_from_slice(SECTION.as_bytes());
    out.push(0);
    let data_offset = out.len() as u64;
    out.extend_from_slice(bundle);
    out.resize(out.len().next_multiple_of(8), 0);
    let shoff = out.len() as u64;

    let names_header = &mut headers[shstrndx];
    names_header.sh_offset = U64::new(endian, names_offset);
    names_header.sh_size = U64::new(endian, data_offset - names_offset);
    headers.push(SectionHeader64 {
        sh_name: U32::new(endian, name),
        sh_type: U32::new(endian, elf::SHT_PROGBITS),
        sh_flags: U64::new(endian, elf::SHF_EXCLUDE),
        sh_addr: U64::new(endian, 0),
        sh_offset: U64::new(endian, data_offset),
        sh_size: U64::new(endian, bundle.len() as u64),
        sh_link: U32::new(endian, 0),
        sh_info: U32::new(endian, 0),
        // 1: `ld -r` concatenates the sections without padding.
        sh_addralign: U64::new(endian, 1),
        sh_entsize: U64::new(endian, 0),
    });
    let mut file_header = *header;
    file_header.e_shoff = U64::new(endian, shoff);
    let count = headers.len();
    if count >= usize::from(elf::SHN_LORESERVE) {
        // Extended numbering: the count lives in section 0's sh_size.
        file_header.e_shnum = U16::new(endian, 0);
        headers[0].sh_size = U64::new(endian, count as u64);
    } else {
        file_header.e_shnum = U16::new(endian, count as u16);
    }
    out.extend_from_slice(bytes_of_slice(&headers));
    out[..size_of::<FileHeader64<Endianness>>()].copy_from_slice(bytes_of(&file_header));
    Ok(out)
}

/// The host part of a fat object (`origin` names it in errors): the object
/// with its [`SECTION`] made inactive (`SHT_NULL`, which linkers drop),
/// every other byte unchanged. A plain object comes back as it is.
pub fn host_part(object: &[u8], origin: &str) -> Result<Vec<u8>, FatObjectError> {
    let read_err = |source| FatObjectError::Read {
        origin: origin.into(),
        source,
    };
    if !matches!(FileKind::parse(object), Ok(FileKind::Elf64)) {
        return Err(FatObjectError::Unsupported {
            origin: origin.into(),
            what: "not a 64-bit ELF object".into(),
        });
    }
    let header = FileHeader64::<Endianness>::parse(object).map_err(read_err)?;
    let endian = header.endian().map_err(read_err)?;
    let sections = header.sections(endian, object).map_err(read_err)?;
    let Some((index, _)) = sections.section_by_name(endian, SECTION.as_bytes()) else {
        return Ok(object.to_vec());
    };
    let mut headers: Vec<SectionHeader64<Endianness>> = sections.iter().copied().collect();
    let device = &mut headers[index.0];
    device.sh_type = U32::new(endian, elf::SHT_NULL);
    device.sh_offset = U64::new(endian, 0);
    device.sh_size = U64::new(endian, 0);
    let table = bytes_of_slice(&headers);
    let start = header.e_shoff(endian) as usize;
    let mut out = object.to_vec();
    out.get_mut(start..start + table.len())
        .ok_or_else(|| FatObjectError::Unsupported {
            origin: origin.into(),
            what: "section header table outside the file".into(),
        })?
        .copy_from_slice(table);
    Ok(out)
}

/// The device bundles in a link input: an object's [`SECTION`], or those
/// of every member of a static archive. Each comes with the name of where
/// it was found (`libk.a(k1.o)` for archive members). Inputs that are
/// neither (shared libraries, other formats) have none.
pub fn bundles_in(
    data: &[u8],
    origin: &str,
) -> Result<Vec<(String, DeviceBundle)>, FatObjectError> {
    match FileKind::parse(data) {
        Ok(FileKind::Archive) => archive_bundles(data, origin),
        Ok(FileKind::Elf32 | FileKind::Elf64) => Ok(object_bundles(data, origin)?
            .into_iter()
            .map(|b| (origin.to_string(), b))
            .collect()),
        _ => Ok(vec![]),
    }
}

fn archive_bundles(
    data: &[u8],
    origin: &str,
) -> Result<Vec<(String, DeviceBundle)>, FatObjectError> {
    let read_err = |source| FatObjectError::Read {
        origin: origin.into(),
        source,
    };
    let archive = ArchiveFile::parse(data).map_err(read_err)?;
    if archive.is_thin() {
        return Err(FatObjectError::ThinArchive {
            origin: origin.into(),
        });
    }
    let mut out = vec![];
    for member in archive.members() {
        let member = member.map_err(read_err)?;
        let bytes = member.data(data).map_err(read_err)?;
        let name = format!("{origin}({})", String::from_utf8_lossy(member.name()));
        if matches!(
            FileKind::parse(bytes),
            Ok(FileKind::Elf32 | FileKind::Elf64)
        ) {
            for bundle in object_bundles(bytes, &name)? {
                out.push((name.clone(), bundle));
            }
        }
    }
    Ok(out)
}

/// The bundles in the [`SECTION`] of one ELF object (none without it).
fn object_bundles(data: &[u8], origin: &str) -> Result<Vec<DeviceBundle>, FatObjectError> {
    let file = object::File::parse(data).map_err(|source| FatObjectError::Read {
        origin: origin.into(),
        source,
    })?;
    let Some(section) = file.section_by_name(SECTION) else {
        return Ok(vec![]);
    };
    let bytes = section.data().map_err(|source| FatObjectError::Read {
        origin: origin.into(),
        source,
    })?;
    parse_bundles(bytes).map_err(|source| FatObjectError::BadBundle {
        origin: origin.into(),
        source,
    })
}

/// A sequence of JSON bundles, possibly separated by NUL padding.
fn parse_bundles(bytes: &[u8]) -> Result<Vec<DeviceBundle>, serde_json::Error> {
    let cleaned: Vec<u8> = bytes
        .iter()
        .map(|&b| if b == 0 { b' ' } else { b })
        .collect();
    serde_json::Deserializer::from_slice(&cleaned)
        .into_iter::<DeviceBundle>()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty_bundle() -> DeviceBundle {
        DeviceBundle::linked(vec![])
    }

    #[test]
    fn concatenated_and_padded_bundles_are_all_read() {
        let one = empty_bundle().to_bytes();
        let mut bytes = one.clone();
        bytes.extend_from_slice(&[0, 0, 0]);
        bytes.extend_from_slice(&one);
        assert_eq!(parse_bundles(&bytes).unwrap().len(), 2);
        assert!(parse_bundles(b"{\"format_version\": 1").is_err());
        assert!(parse_bundles(b"").unwrap().is_empty());
    }

    /// An object with more sections than `e_shnum` holds (extended
    /// numbering, as template-heavy `-ffunction-sections` objects have).
    #[test]
    fn objects_with_extended_section_numbering() {
        use object::write;
        let mut obj = write::Object::new(
            object::BinaryFormat::Elf,
            object::Architecture::X86_64,
            Endianness::Little,
        );
        for i in 0..0xff10u32 {
            let id = obj.add_section(
                vec![],
                format!(".text.f{i}").into_bytes(),
                object::SectionKind::Text,
            );
            obj.append_section_data(id, &[0xc3], 1);
        }
        let host = obj.write().unwrap();
        let before = object::File::parse(&*host).unwrap().sections().count();
        let bundle = empty_bundle().to_bytes();
        let fat = embed(&host, &bundle, "big.o").unwrap();
        let file = object::File::parse(&*fat).unwrap();
        assert_eq!(file.sections().count(), before + 1);
        assert!(file.section_by_name(".text.f65295").is_some());
        assert_eq!(bundles_in(&fat, "big.o").unwrap().len(), 1);
    }

    #[test]
    fn other_inputs_have_no_bundles() {
        assert!(bundles_in(b"not an object", "x.o").unwrap().is_empty());
    }

    /// Embeds a bundle in an object from the host compiler, links the fat
    /// object (the section must not reach the executable) and reads the
    /// bundle back from the object and from an archive holding it.
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    #[test]
    fn embed_link_and_read_back() {
        use std::process::Command;
        let dir = std::env::temp_dir().join(format!("syclcc-fat-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("m.cpp"),
            "#include <cstdio>\ntemplate <class T> T twice(T t) { return t + t; }\nint main() { std::printf(\"%d\\n\", twice(21)); }\n",
        )
        .unwrap();
        let host_o = dir.join("host.o");
        let ok = Command::new("c++")
            .args(["-g", "-c"])
            .arg(dir.join("m.cpp"))
            .arg("-o")
            .arg(&host_o)
            .status()
            .unwrap()
            .success();
        assert!(ok, "host compile failed");
        let bundle = empty_bundle().to_bytes();
        let fat = embed(&std::fs::read(&host_o).unwrap(), &bundle, "m.o").unwrap();
        assert!(matches!(
            embed(&fat, &bundle, "m.o"),
            Err(FatObjectError::AlreadyFat { .. })
        ));
        let fat_o = dir.join("m.o");
        std::fs::write(&fat_o, &fat).unwrap();
        let found = bundles_in(&fat, "m.o").unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "m.o");

        let exe = dir.join("m");
        let ok = Command::new("c++")
            .arg(&fat_o)
            .arg("-o")
            .arg(&exe)
            .status()
            .unwrap()
            .success();
        assert!(ok, "linking the fat object failed");
        let out = Command::new(&exe).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
        let exe_bytes = std::fs::read(&exe).unwrap();
        assert!(bundles_in(&exe_bytes, "m").unwrap().is_empty());

        let lib = dir.join("libm.a");
        let _ = std::fs::remove_file(&lib);
        let ok = Command::new("ar")
            .arg("rcs")
            .arg(&lib)
            .arg(&fat_o)
            .arg(&host_o)
            .status()
            .unwrap()
            .success();
        assert!(ok, "ar failed");
        let found = bundles_in(&std::fs::read(&lib).unwrap(), "libm.a").unwrap();
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["libm.a(m.o)"]);
        std::fs::remove_dir_all(&dir).ok();
    }
}
