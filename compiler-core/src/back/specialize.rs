//! Launch-time specialization of a device image's SPIR-V, shared by the
//! native runtime and the browser playground's runtime (through the wasm
//! package): the work-group size of an nd_range launch (the entry point's
//! `LocalSize`), the lengths of work-group arrays (`u32` constants the
//! compiler emitted for them alone) and the SYCL specialization constants
//! (`OpSpecConstant`s with a `SpecId`, made ordinary constants as a Vulkan
//! driver specialises a pipeline). Rewriting a copy of the module does
//! what specialization constants would, without relying on spec-constant
//! sizes surviving naga's SPIR-V front end.

/// What one launch decides about an image's entry point.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LaunchValues<'a> {
    pub local_size: Option<[u32; 3]>,
    /// (result id of a `u32` constant, its value).
    pub constants: &'a [(u32, u32)],
    /// (`SpecId`, the bits of the value); the others keep their defaults.
    pub spec_constants: &'a [(u32, u64)],
    /// Bindings declared `NonWritable` that this launch binds writable.
    pub writable_bindings: &'a [u32],
    /// (binding, the binding whose variable it uses): storage buffers this
    /// launch binds to one allocation (see [`super::aliased_bindings`]).
    pub aliased_bindings: &'a [(u32, u32)],
}

impl LaunchValues<'_> {
    /// `words` specialised for entry point `entry`; the error says what is missing.
    pub fn apply(&self, words: &[u32], entry: &str) -> Result<Vec<u32>, String> {
        let mut out = match self.local_size {
            Some(size) => with_local_size(words, entry, size).ok_or_else(|| {
                "its entry point has no LocalSize execution mode to specialise".to_string()
            })?,
            None => words.to_vec(),
        };
        for &(id, value) in self.constants {
            if !set_u32_constant(&mut out, id, value) {
                return Err(format!("it has no u32 constant %{id} to specialise"));
            }
        }
        if !self.spec_constants.is_empty() {
            out = with_spec_constants(&out, self.spec_constants)?;
        }
        if !self.writable_bindings.is_empty() {
            out = writable(&out, self.writable_bindings)?;
        }
        if !self.aliased_bindings.is_empty() {
            out = super::aliased_bindings::merge_aliased_bindings(
                &out,
                entry,
                self.aliased_bindings,
            )?;
        }
        Ok(out)
    }
}

pub const OP_DECORATE: u32 = 71;
const DECORATION_SPEC_ID: u32 = 1;
const OP_SPEC_CONSTANT_TRUE: u32 = 48;
const OP_SPEC_CONSTANT_FALSE: u32 = 49;
const OP_SPEC_CONSTANT: u32 = 50;
const OP_CONSTANT_TRUE: u32 = 41;
const OP_CONSTANT_FALSE: u32 = 42;

/// `words` with every specialization constant made an ordinary constant
/// (as a Vulkan driver specialises a pipeline): of the value `values`
/// gives for its `SpecId`, else of its default; their `SpecId`
/// decorations dropped.
pub fn with_spec_constants(words: &[u32], values: &[(u32, u64)]) -> Result<Vec<u32>, String> {
    let mut spec_ids = std::collections::HashMap::new();
    each_instruction(words, |opcode, operands| {
        if opcode == OP_DECORATE && operands.len() == 3 && operands[1] == DECORATION_SPEC_ID {
            spec_ids.insert(operands[0], operands[2]);
        }
    })?;
    rewrite_instructions(words, |opcode, inst, out| {
        if opcode == OP_DECORATE && inst.len() == 4 && inst[2] == DECORATION_SPEC_ID {
            return;
        }
        let spec_id = inst.get(2).and_then(|id| spec_ids.get(id));
        let value = spec_id
            .and_then(|sid| values.iter().find(|(s, _)| s == sid))
            .map(|x| x.1);
        match opcode {
            OP_SPEC_CONSTANT_TRUE | OP_SPEC_CONSTANT_FALSE if spec_id.is_some() => {
                let truth = value.map_or(opcode == OP_SPEC_CONSTANT_TRUE, |v| v != 0);
                let op = if truth {
                    OP_CONSTANT_TRUE
                } else {
                    OP_CONSTANT_FALSE
                };
                out.extend([(3 << 16) | op, inst[1], inst[2]]);
            }
            OP_SPEC_CONSTANT if spec_id.is_some() => {
                out.push((inst[0] & 0xffff_0000) | OP_CONSTANT);
                out.extend_from_slice(&inst[1..3]);
                match (value, inst.len()) {
                    (Some(v), 4) => out.push(v as u32),
                    (Some(v), 5) => out.extend([v as u32, (v >> 32) as u32]),
                    _ => out.extend_from_slice(&inst[3..]),
                }
            }
            _ => out.extend_from_slice(inst),
        }
    })
}

const DECORATION_NON_WRITABLE: u32 = 24;
const DECORATION_BINDING: u32 = 33;

/// `words` without the `NonWritable` decorations of the variables at
/// `bindings`.
pub fn writable(words: &[u32], bindings: &[u32]) -> Result<Vec<u32>, String> {
    let mut variables = vec![];
    each_instruction(words, |opcode, operands| {
        if opcode == OP_DECORATE
            && operands.len() == 3
            && operands[1] == DECORATION_BINDING
            && bindings.contains(&operands[2])
        {
            variables.push(operands[0]);
        }
    })?;
    rewrite_instructions(words, |opcode, inst, out| {
        let non_writable = opcode == OP_DECORATE
            && inst.len() == 3
            && inst[2] == DECORATION_NON_WRITABLE
            && variables.contains(&inst[1]);
        if !non_writable {
            out.extend_from_slice(inst);
        }
    })
}

/// A copy of `words` in which `f` writes each instruction (given with its
/// opcode, its first word included) as it should be: unchanged, changed or
/// not at all.
pub fn rewrite_instructions(
    words: &[u32],
    mut f: impl FnMut(u32, &[u32], &mut Vec<u32>),
) -> Result<Vec<u32>, String> {
    let mut out = Vec::with_capacity(words.len());
    out.extend_from_slice(&words[..HEADER_WORDS.min(words.len())]);
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 || at + count > words.len() {
            return Err("its SPIR-V is malformed".into());
        }
        f(words[at] & 0xffff, &words[at..at + count], &mut out);
        at += count;
    }
    Ok(out)
}

/// Calls `f` with the opcode and operands of each instruction of `words`.
pub fn each_instruction(words: &[u32], mut f: impl FnMut(u32, &[u32])) -> Result<(), String> {
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 || at + count > words.len() {
            return Err("its SPIR-V is malformed".into());
        }
        f(words[at] & 0xffff, &words[at + 1..at + count]);
        at += count;
    }
    Ok(())
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
pub fn set_u32_constant(words: &mut [u32], id: u32, value: u32) -> bool {
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
        let values = LaunchValues {
            local_size: Some([32, 1, 1]),
            constants: &[(9, 256)],
            ..Default::default()
        };
        let out = values.apply(&m, "k").unwrap();
        assert_eq!(&out[12..15], &[32, 1, 1]);
        assert_eq!(out[out.len() - 1], 256);
        let missing = LaunchValues {
            constants: &[(10, 1)],
            ..Default::default()
        };
        assert!(missing.apply(&m, "k").unwrap_err().contains("%10"));
    }

    #[test]
    fn aliased_bindings_lose_non_writable() {
        let mut m = module();
        // %20 and %21 at bindings 1 and 2, both NonWritable.
        for (var, binding) in [(20, 1), (21, 2)] {
            m.extend([(4 << 16) | OP_DECORATE, var, DECORATION_BINDING, binding]);
            m.extend([(3 << 16) | OP_DECORATE, var, DECORATION_NON_WRITABLE]);
        }
        // Only binding 2's decoration, the module's last instruction, goes.
        assert_eq!(writable(&m, &[2]).unwrap(), &m[..m.len() - 3]);
    }

    #[test]
    fn other_entry_points_and_malformed_modules_are_refused() {
        assert!(with_local_size(&module(), "other", [1, 1, 1]).is_none());
        let mut bad = module();
        bad[5] = (40 << 16) | OP_ENTRY_POINT;
        assert!(with_local_size(&bad, "k", [1, 1, 1]).is_none());
    }
}
