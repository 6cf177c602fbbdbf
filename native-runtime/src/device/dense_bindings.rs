//! Binding numbers of a module passed through to the driver: wgpu's Vulkan
//! back end numbers the descriptors of a bind group layout densely (the
//! layout's entries in binding order become Vulkan bindings 0, 1, 2...) and
//! rewrites a module it translates to match; a module passed through keeps
//! the compiler's numbers, so they are rewritten here the same way.

use compiler_core::back::specialize::{rewrite_instructions, OP_DECORATE};

const DECORATION_BINDING: u32 = 33;

/// `words` with every `Binding n` decoration, for `n` in `layout` (the
/// layout's binding numbers, in any order), set to the rank of `n` among
/// them. Other bindings (of variables another entry point uses) are kept.
pub fn densify(words: &[u32], layout: &[u32]) -> Result<Vec<u32>, String> {
    let mut sorted = layout.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    rewrite_instructions(words, |opcode, inst, out| {
        let start = out.len();
        out.extend_from_slice(inst);
        if opcode == OP_DECORATE && inst.len() == 4 && inst[2] == DECORATION_BINDING {
            if let Ok(rank) = sorted.binary_search(&inst[3]) {
                out[start + 3] = rank as u32;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header and `OpDecorate %id Binding n` for each (id, n).
    fn module(bindings: &[(u32, u32)]) -> Vec<u32> {
        let mut w = vec![0x0723_0203, 0x0001_0300, 0, 100, 0];
        for &(id, n) in bindings {
            w.extend([(4 << 16) | OP_DECORATE, id, DECORATION_BINDING, n]);
        }
        w
    }

    #[test]
    fn bindings_become_ranks_in_the_layout() {
        let words = module(&[(10, 0), (11, 2), (12, 5), (13, 3)]);
        let dense = densify(&words, &[5, 0, 2]).unwrap();
        // 3 is not in the layout (another entry point's): kept.
        assert_eq!(dense, module(&[(10, 0), (11, 1), (12, 2), (13, 3)]));
    }

    #[test]
    fn malformed_modules_are_refused() {
        let mut words = module(&[(10, 2)]);
        words.push(0);
        assert!(densify(&words, &[2]).is_err());
    }
}
