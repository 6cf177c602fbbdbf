//! Sizes known only at launch, specialised into a copy of a SPIR-V module:
//! the work-group size of an nd_range launch (the entry point's `LocalSize`
//! execution mode) and the lengths of work-group arrays (`local_accessor`s,
//! `u32` constants the compiler emitted for them alone). The compiler emits
//! defaults; rewriting the copy is what specialization constants would do,
//! without relying on spec-constant sizes surviving naga's SPIR-V front end.

/// What one launch specialises: the pipeline and module caches are keyed by it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Specialization {
    pub local_size: Option<[u32; 3]>,
    /// (result id of a `u32` constant, its value), sorted by id.
    pub constants: Vec<(u32, u32)>,
}

impl Specialization {
    pub fn is_default(&self) -> bool {
        self.local_size.is_none() && self.constants.is_empty()
    }

    /// `words` specialised for entry point `entry`; the error says what is missing.
    pub fn apply(&self, words: &[u32], entry: &str) -> Result<Vec<u32>, String> {
        let mut out = match self.local_size {
            Some(size) => with_local_size(words, entry, size).ok_or_else(|| {
                "its entry point has no LocalSize execution mode to specialise".to_string()
            })?,
            None => words.to_vec(),
        };
        for &(id, value) in &self.constants {
            if !set_u32_constant(&mut out, id, value) {
                return Err(format!("it has no u32 constant %{id} to specialise"));
            }
        }
        Ok(out)
    }
}

const OP_CONSTANT: u32 = 43;
const OP_ENTRY_POINT: u32 = 15;
const OP_EXECUTION_MODE: u32 = 16;
const MODE_LOCAL_SIZE: u32 = 17;
const HEADER_WORDS: usize = 5;

/// `words` with the `LocalSize` of entry point `entry` set to `size`; None
/// if the module has no such entry point or mode (or is malformed).
pub fn with_local_size(words: &[u32], entry: &str, size: [u32; 3]) -> Option<Vec<u32>> {
    let mut out = words.to_vec();
    let mut function = None;
    let mut patched = false;
    let mut at = HEADER_WORDS;
    while at < out.len() {
        let count = (out[at] >> 16) as usize;
        let opcode = out[at] & 0xffff;
        if count == 0 || at + count > out.len() {
            return None;
        }
        let operands = &out[at + 1..at + count];
        match opcode {
            OP_ENTRY_POINT if operands.len() >= 3 && literal_is(&operands[2..], entry) => {
                function = Some(operands[1]);
            }
            OP_EXECUTION_MODE
                if operands.len() == 5
                    && Some(operands[0]) == function
                    && operands[1] == MODE_LOCAL_SIZE =>
            {
                out[at + 3..at + 6].copy_from_slice(&size);
                patched = true;
            }
            _ => {}
        }
        at += count;
    }
    patched.then_some(out)
}

/// Sets the value of the 32-bit `OpConstant` with result id `id`; false if
/// there is none (or the module is malformed).
fn set_u32_constant(words: &mut [u32], id: u32, value: u32) -> bool {
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 || at + count > words.len() {
            return false;
        }
        if words[at] & 0xffff == OP_CONSTANT && count == 4 && words[at + 2] == id {
            words[at + 3] = value;
            return true;
        }
        at += count;
    }
    false
}

/// Whether `words` begin with the SPIR-V literal string `name` (UTF-8,
/// nul-terminated, packed little-endian).
fn literal_is(words: &[u32], name: &str) -> bool {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    bytes.iter().position(|&b| b == 0).map(|end| &bytes[..end]) == Some(name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with entry point "k" (function %7) of local size 64x1x1.
    fn module() -> Vec<u32> {
        let name = u32::from_le_bytes(*b"k\0\0\0");
        vec![
            0x0723_0203,
            0x0001_0000,
            0,
            10,
            0,
            (4 << 16) | OP_ENTRY_POINT,
            5,
            7,
            name,
            (6 << 16) | OP_EXECUTION_MODE,
            7,
            MODE_LOCAL_SIZE,
            64,
            1,
            1,
        ]
    }

    #[test]
    fn patches_the_entry_points_local_size() {
        let out = with_local_size(&module(), "k", [16, 8, 2]).unwrap();
        assert_eq!(&out[12..15], &[16, 8, 2]);
        assert_eq!(out.len(), module().len());
    }

    #[test]
    fn sets_a_constant_by_result_id() {
        let mut m = module();
        // %9 = OpConstant %3 1
        m.extend([(4 << 16) | OP_CONSTANT, 3, 9, 1]);
        let spec = Specialization {
            local_size: Some([32, 1, 1]),
            constants: vec![(9, 256)],
        };
        let out = spec.apply(&m, "k").unwrap();
        assert_eq!(&out[12..15], &[32, 1, 1]);
        assert_eq!(out[out.len() - 1], 256);
        let missing = Specialization {
            local_size: None,
            constants: vec![(10, 1)],
        };
        assert!(missing.apply(&m, "k").unwrap_err().contains("%10"));
    }

    #[test]
    fn other_entry_points_and_malformed_modules_are_refused() {
        assert!(with_local_size(&module(), "other", [1, 1, 1]).is_none());
        let mut bad = module();
        bad[5] = (40 << 16) | OP_ENTRY_POINT;
        assert!(with_local_size(&bad, "k", [1, 1, 1]).is_none());
    }
}
