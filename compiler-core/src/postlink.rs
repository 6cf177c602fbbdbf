//! Post-link (seeds 002 and 003; DPC++'s sycl-post-link): groups linked
//! kernels into device images by the split mode, and always by the
//! optional device features (aspects) they need, so that an image that
//! needs fp64 never reaches a device that lacks it; then generates each
//! image with its symbol table and property sets.

use crate::back::spirv::SpirvError;
use crate::bundle::{
    Aspect, AssertSite, DeviceImage, ImageProperties, LinkableKernel, PrintfString,
    SpecConstantScalar,
};
use crate::ir::{walk_stmts, ClockScope, Kernel, ScalarType, Stmt};
use crate::target::TargetProperties;
use serde::{Deserialize, Serialize};

/// `-fsycl-device-code-split=`. Images are made per translation unit (the
/// kernels the device link finishes, per unit that launches them), so
/// `per_source`, `off` and `auto` all give one image per set of required
/// aspects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SplitMode {
    /// One image per kernel.
    PerKernel,
    /// One image per translation unit.
    PerSource,
    /// No split: every kernel of the program in one image.
    Off,
    /// The compiler chooses: per translation unit.
    #[default]
    Auto,
}

impl SplitMode {
    /// The mode a `-fsycl-device-code-split=` value names.
    pub fn from_name(name: &str) -> Option<SplitMode> {
        Some(match name {
            "per_kernel" => SplitMode::PerKernel,
            "per_source" => SplitMode::PerSource,
            "off" => SplitMode::Off,
            "auto" => SplitMode::Auto,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            SplitMode::PerKernel => "per_kernel",
            SplitMode::PerSource => "per_source",
            SplitMode::Off => "off",
            SplitMode::Auto => "auto",
        }
    }
}

/// One device image to emit: which kernels (indices into the kernel list)
/// and the aspects they need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImagePlan {
    pub kernels: Vec<usize>,
    pub required_aspects: Vec<Aspect>,
}

/// The images `kernels` are split into, in the order of their first kernel;
/// kernels keep their order inside an image.
pub fn split(kernels: &[Kernel], mode: SplitMode) -> Vec<ImagePlan> {
    let mut plans: Vec<ImagePlan> = vec![];
    for (index, kernel) in kernels.iter().enumerate() {
        let aspects = required_aspects(kernel);
        let shared = match mode {
            SplitMode::PerKernel => None,
            SplitMode::PerSource | SplitMode::Off | SplitMode::Auto => plans
                .iter_mut()
                .find(|plan| plan.required_aspects == aspects),
        };
        match shared {
            Some(plan) => plan.kernels.push(index),
            None => plans.push(ImagePlan {
                kernels: vec![index],
                required_aspects: aspects,
            }),
        }
    }
    plans
}

/// The images of `kernels` (fully linked) for `target`, split by `mode`.
pub fn images(
    kernels: &[LinkableKernel],
    target: &TargetProperties,
    mode: SplitMode,
) -> Result<Vec<DeviceImage>, SpirvError> {
    let irs: Vec<Kernel> = kernels.iter().map(|k| k.ir.clone()).collect();
    split(&irs, mode)
        .into_iter()
        .map(|plan| {
            let words_only = !target.int64
                && plan
                    .required_aspects
                    .iter()
                    .all(|a| target.kind.may_have(*a));
            let owned: Vec<LinkableKernel> = plan
                .kernels
                .iter()
                .map(|&i| {
                    if words_only {
                        in_32_bit_words(&kernels[i])
                    } else {
                        Ok(kernels[i].clone())
                    }
                })
                .collect::<Result<_, _>>()?;
            let members: Vec<&LinkableKernel> = owned.iter().collect();
            let mut assert_sites: Vec<AssertSite> = vec![];
            let mut printf_strings: Vec<PrintfString> = vec![];
            for k in &members {
                for site in &k.ir.assert_sites {
                    if !assert_sites.contains(site) {
                        assert_sites.push(site.clone());
                    }
                }
                for s in &k.ir.printf_strings {
                    if !printf_strings.contains(s) {
                        printf_strings.push(s.clone());
                    }
                }
            }
            let properties = ImageProperties {
                required_aspects: plan.required_aspects,
                split: mode,
                spec_constants: vec![],
                assert_sites,
                printf_strings,
            };
            emit_image(&members, target, properties)
        })
        .collect()
}

/// `kernel` for a target without 64-bit integers: its `i64`/`u64` values
/// as pairs of `u32` words (`passes::int64_pairs`), simplified again; its
/// `local_accessor`s of 64-bit integers are arrays of twice as many words.
fn in_32_bit_words(kernel: &LinkableKernel) -> Result<LinkableKernel, SpirvError> {
    let mut kernel = kernel.clone();
    let split: Vec<bool> = kernel
        .ir
        .bindings
        .iter()
        .map(|b| matches!(b.elem, ScalarType::I64 | ScalarType::U64))
        .collect();
    crate::passes::int64_pairs::split_int64(&mut kernel.ir).map_err(|source| {
        SpirvError::NoWordForm {
            kernel: kernel.info.display_name.clone(),
            source,
        }
    })?;
    crate::passes::simplify(&mut kernel.ir);
    for (array, binding) in kernel
        .info
        .local_arrays
        .iter_mut()
        .zip(&kernel.local_bindings)
    {
        if split[binding.0 as usize] {
            array.elem_size = 4;
        }
    }
    Ok(kernel)
}

/// The SPIR-V image of `members` for `target`.
fn emit_image(
    members: &[&LinkableKernel],
    target: &TargetProperties,
    properties: ImageProperties,
) -> Result<DeviceImage, SpirvError> {
    let module = crate::ir::Module {
        kernels: members.iter().map(|k| k.ir.clone()).collect(),
        functions: vec![],
    };
    let emitted = crate::back::spirv::emit(&module, target)?;
    // Each local_accessor's array length is the constant the back end
    // emitted for its work-group binding; so is each exchange array's.
    let kernels = members
        .iter()
        .zip(&emitted.array_lengths)
        .map(|(member, lengths)| {
            let mut info = member.info.clone();
            for (array, binding) in info.local_arrays.iter_mut().zip(&member.local_bindings) {
                if let Some(&(_, id)) = lengths.iter().find(|(b, _)| b == binding) {
                    array.length_id = id;
                }
            }
            info.exchange_arrays = lengths
                .iter()
                .filter(|(b, _)| member.ir.bindings[b.0 as usize].per_work_item)
                .map(|&(_, id)| id)
                .collect();
            info
        })
        .collect();
    let properties = ImageProperties {
        spec_constants: emitted
            .spec_constants
            .into_iter()
            .map(|c| SpecConstantScalar {
                symbol: c.symbol,
                offset: c.offset,
                size: c.size,
                ty: c.ty,
                default: c.default,
            })
            .collect(),
        ..properties
    };
    Ok(DeviceImage {
        target: target.kind,
        spirv: emitted.words,
        properties,
        kernels,
    })
}

/// The optional device features `kernel` uses, sorted.
pub fn required_aspects(kernel: &Kernel) -> Vec<Aspect> {
    let mut aspects = vec![];
    if kernel.scalar_types().contains(&ScalarType::F64) {
        aspects.push(Aspect::Fp64);
    }
    let mut atomic64 = false;
    walk_stmts(&kernel.body, &mut |s| match s {
        Stmt::Atomic { binding, .. } => {
            let elem = kernel.bindings[binding.0 as usize].elem;
            atomic64 |= elem.is_int() && elem.size() == 8;
        }
        Stmt::ReadClock { scope, .. } => aspects.push(match scope {
            ClockScope::SubGroup => Aspect::ExtOneapiClockSubGroup,
            ClockScope::WorkGroup => Aspect::ExtOneapiClockWorkGroup,
            ClockScope::Device => Aspect::ExtOneapiClockDevice,
        }),
        Stmt::RequireAspect(aspect) => aspects.push(*aspect),
        _ => {}
    });
    if atomic64 {
        aspects.push(Aspect::Atomic64);
    }
    aspects.sort();
    aspects.dedup();
    aspects
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{AtomicOp, Binding, BindingId, Constant, Expr, Local, LocalId, Space};

    fn kernel(name: &str, body: Vec<Stmt>, locals: Vec<Local>, bindings: Vec<Binding>) -> Kernel {
        Kernel {
            name: name.into(),
            work_group_size: [64, 1, 1],
            param_block_size: 0,
            bindings,
            locals,
            body,
            spec_constants: vec![],
            assert_sites: vec![],
            printf_strings: vec![],
        }
    }

    fn plain(name: &str) -> Kernel {
        kernel(name, vec![], vec![], vec![])
    }

    /// A kernel whose only `double` is a constant converted to float, inside an `if`.
    fn with_double(name: &str) -> Kernel {
        let local = Local {
            name: "x".into(),
            ty: ScalarType::F32,
        };
        let value = Expr::Convert(
            Box::new(Expr::Const(Constant::Float(ScalarType::F64, 1.0))),
            ScalarType::F32,
        );
        let body = vec![Stmt::If {
            cond: Expr::Const(Constant::Bool(true)),
            then_block: vec![Stmt::Assign {
                local: LocalId(0),
                value,
            }],
            else_block: vec![],
        }];
        kernel(name, body, vec![local], vec![])
    }

    fn with_atomic(name: &str, elem: ScalarType) -> Kernel {
        let binding = Binding {
            name: "counter".into(),
            elem,
            reads: true,
            writes: true,
            space: Space::Global,
            fixed_len: None,
            volatile: false,
            aliased: false,
            per_work_item: false,
            narrow_bits: None,
        };
        let body = vec![Stmt::Loop {
            body: vec![
                Stmt::Atomic {
                    op: AtomicOp::Add,
                    binding: BindingId(0),
                    index: Expr::Const(Constant::Int(ScalarType::U64, 0)),
                    value: Some(Expr::Const(Constant::Int(elem, 1))),
                    expected: None,
                    result: None,
                },
                Stmt::Break,
            ],
            continuing: vec![],
        }];
        kernel(name, body, vec![], vec![binding])
    }

    #[test]
    fn aspects_come_from_nested_values_and_atomics() {
        assert_eq!(required_aspects(&plain("a")), vec![]);
        assert_eq!(required_aspects(&with_double("b")), vec![Aspect::Fp64]);
        assert_eq!(
            required_aspects(&with_atomic("c", ScalarType::U64)),
            vec![Aspect::Atomic64]
        );
        assert_eq!(required_aspects(&with_atomic("d", ScalarType::U32)), vec![]);
    }

    #[test]
    fn per_source_groups_by_aspects_and_per_kernel_splits_all() {
        let kernels = [plain("a"), with_double("b"), plain("c"), with_double("d")];
        let plans = split(&kernels, SplitMode::PerSource);
        assert_eq!(
            plans,
            vec![
                ImagePlan {
                    kernels: vec![0, 2],
                    required_aspects: vec![]
                },
                ImagePlan {
                    kernels: vec![1, 3],
                    required_aspects: vec![Aspect::Fp64]
                },
            ]
        );
        assert_eq!(split(&kernels, SplitMode::Auto), plans);
        assert_eq!(split(&kernels, SplitMode::Off), plans);
        let per_kernel = split(&kernels, SplitMode::PerKernel);
        assert_eq!(
            per_kernel
                .iter()
                .map(|p| p.kernels.clone())
                .collect::<Vec<_>>(),
            vec![vec![0], vec![1], vec![2], vec![3]]
        );
        assert_eq!(per_kernel[3].required_aspects, vec![Aspect::Fp64]);
    }

    #[test]
    fn split_mode_names() {
        for (name, mode) in [
            ("per_kernel", SplitMode::PerKernel),
            ("per_source", SplitMode::PerSource),
            ("off", SplitMode::Off),
            ("auto", SplitMode::Auto),
        ] {
            assert_eq!(SplitMode::from_name(name), Some(mode));
            assert_eq!(mode.name(), name);
            assert_eq!(serde_json::to_string(&mode).unwrap(), format!("\"{name}\""));
        }
        assert_eq!(SplitMode::from_name("per_device"), None);
    }
}
