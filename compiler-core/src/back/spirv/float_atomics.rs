//! Images for devices without float atomic adds on global memory.
//!
//! Kernels add floats atomically both ways (see `lower/atomic.rs`): with
//! `OpAtomicFAddEXT` when the specialization constant
//! [`crate::bundle::FLOAT_ATOMIC_ADD_SPEC`] is true, with a compare-exchange
//! loop otherwise. A device without the feature must not even see the
//! instruction's capability, so its copy of the image has neither the
//! capability nor the extension, and each `OpAtomicFAddEXT` (in the branch
//! it never takes) becomes a plain load of the same element. naga (WGSL for
//! WebGPU) reads images the same way.

const OP_EXTENSION: u32 = 10;
const OP_CAPABILITY: u32 = 17;
const OP_LOAD: u32 = 61;
const OP_ATOMIC_F_ADD_EXT: u32 = 6035;
const CAPABILITY_ATOMIC_FLOAT32_ADD_EXT: u32 = 6033;
const EXTENSION: &str = "SPV_EXT_shader_atomic_float_add";

/// Whether the module (little-endian words) uses `OpAtomicFAddEXT`.
pub fn uses_float_atomic_add(words: &[u32]) -> bool {
    instructions(words).any(|ins| {
        opcode(ins) == OP_CAPABILITY && ins.get(1) == Some(&CAPABILITY_ATOMIC_FLOAT32_ADD_EXT)
    })
}

/// `words` without float atomic adds (see the module comment); a module
/// without them comes back unchanged.
pub fn without_float_atomic_add(words: &[u32]) -> Vec<u32> {
    if words.len() < 5 || !uses_float_atomic_add(words) {
        return words.to_vec();
    }
    let mut out = Vec::with_capacity(words.len());
    out.extend_from_slice(&words[..5]);
    for ins in instructions(words) {
        match opcode(ins) {
            OP_CAPABILITY if ins.get(1) == Some(&CAPABILITY_ATOMIC_FLOAT32_ADD_EXT) => {}
            OP_EXTENSION if literal_string(&ins[1..]) == EXTENSION => {}
            // Result type, result, pointer (then scope, semantics, value).
            OP_ATOMIC_F_ADD_EXT if ins.len() >= 4 => {
                out.extend_from_slice(&[4 << 16 | OP_LOAD, ins[1], ins[2], ins[3]]);
            }
            _ => out.extend_from_slice(ins),
        }
    }
    out
}

fn opcode(ins: &[u32]) -> u32 {
    ins[0] & 0xffff
}

/// The instructions after the header, each with its operands; a malformed
/// word count ends the walk.
fn instructions(words: &[u32]) -> impl Iterator<Item = &[u32]> {
    let mut at = 5.min(words.len());
    std::iter::from_fn(move || {
        let count = (*words.get(at)? >> 16) as usize;
        if count == 0 || at + count > words.len() {
            return None;
        }
        let ins = &words[at..at + count];
        at += count;
        Some(ins)
    })
}

/// A SPIR-V literal string (nul-terminated UTF-8 packed little-endian).
fn literal_string(words: &[u32]) -> String {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}
