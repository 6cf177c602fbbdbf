//! The device link (seed 003): finishes the relocatable device code of a
//! program's translation units. Every `SYCL_EXTERNAL` call of a kernel is
//! resolved against the functions the units define and inlined (device
//! code has no calls on Vulkan and WebGPU), pointer parameters bound to the
//! caller's allocations; then post-link splits the kernels of each unit
//! into images and code generation emits them.
//!
//! Errors name the kernel, the function and the units involved, as a
//! linker does: an undefined function, one defined differently in two
//! units, one that could not be compiled for the device (with the reason),
//! a call whose arguments do not fit the definition (types that differ
//! between units), and recursion through other units.

use crate::bundle::{Access, DeviceImage, ExportedFunction, LinkableKernel, RelocatableCode};
use crate::ir::{self, BindingId, Block, CallArg, Expr, FunctionParam, LocalId, Stmt};
use crate::target::{TargetKind, TargetProperties};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("undefined SYCL_EXTERNAL function '{function}', called by kernel '{kernel}' ({origin}); link the translation unit that defines it")]
    Undefined {
        function: String,
        kernel: String,
        origin: String,
    },
    #[error("SYCL_EXTERNAL function '{function}' is defined differently in {first} and {second}")]
    Duplicate {
        function: String,
        first: String,
        second: String,
    },
    #[error("SYCL_EXTERNAL function '{function}' ({origin}), called by kernel '{kernel}', cannot be compiled for the device: {reason}")]
    Unavailable {
        function: String,
        origin: String,
        kernel: String,
        reason: String,
    },
    #[error("kernel '{kernel}' calls SYCL_EXTERNAL function '{function}' ({origin}) with arguments that do not fit its definition: {what} (are its parameter types defined the same way in every translation unit?)")]
    Signature {
        function: String,
        kernel: String,
        origin: String,
        what: String,
    },
    #[error("SYCL_EXTERNAL function '{function}' calls itself through {chain}: SYCL device code cannot be recursive")]
    Recursive { function: String, chain: String },
    #[error("internal compiler error while generating SPIR-V for {target} after the device link: {what}")]
    CodeGeneration { target: String, what: String },
}

/// The relocatable code of one translation unit and where it came from
/// (`a.cpp`, `a.o`, `libk.a(k.o)`).
pub struct Unit<'a> {
    pub origin: &'a str,
    pub code: &'a [RelocatableCode],
}

/// The images of every unit's relocatable kernels (one list per unit, in
/// order), linked against the functions all units define.
pub fn link(units: &[Unit]) -> Result<Vec<Vec<DeviceImage>>, Vec<LinkError>> {
    let mut errors = vec![];
    let mut images: Vec<Vec<DeviceImage>> = vec![vec![]; units.len()];
    let mut targets: Vec<TargetKind> = vec![];
    for c in units.iter().flat_map(|u| u.code) {
        if !targets.contains(&c.target) {
            targets.push(c.target);
        }
    }
    for target in targets {
        // (unit index, origin, code) of this target.
        let code: Vec<(usize, &str, &RelocatableCode)> = units
            .iter()
            .enumerate()
            .flat_map(|(i, u)| {
                u.code
                    .iter()
                    .filter(|c| c.target == target)
                    .map(move |c| (i, u.origin, c))
            })
            .collect();
        let symbols = match SymbolTable::new(&code) {
            Ok(s) => s,
            Err(mut e) => {
                errors.append(&mut e);
                continue;
            }
        };
        let props = TargetProperties::for_kind(target);
        for &(unit, origin, c) in &code {
            let mut linked = vec![];
            for k in &c.kernels {
                match link_kernel(k, origin, &symbols) {
                    Ok(k) => linked.push(k),
                    Err(e) => errors.push(e),
                }
            }
            if linked.is_empty() || !errors.is_empty() {
                continue;
            }
            match crate::postlink::images(&linked, &props, c.split) {
                Ok(mut made) => images[unit].append(&mut made),
                Err(e) => errors.push(LinkError::CodeGeneration {
                    target: target.triple().into(),
                    what: e.to_string(),
                }),
            }
        }
    }
    if errors.is_empty() {
        Ok(images)
    } else {
        errors.dedup();
        Err(errors)
    }
}

/// The functions the units define, by symbol, with their origins.
struct SymbolTable<'a> {
    functions: HashMap<&'a str, (&'a ExportedFunction, &'a str)>,
}

impl<'a> SymbolTable<'a> {
    fn new(code: &[(usize, &'a str, &'a RelocatableCode)]) -> Result<Self, Vec<LinkError>> {
        let mut functions: HashMap<&str, (&ExportedFunction, &str)> = HashMap::new();
        let mut errors = vec![];
        for &(_, origin, c) in code {
            for f in &c.functions {
                match functions.get(f.name.symbol.as_str()) {
                    // The same inline definition from a header in two units.
                    Some((first, _)) if first.code == f.code => {}
                    Some((_, first_origin)) => errors.push(LinkError::Duplicate {
                        function: f.name.display.clone(),
                        first: first_origin.to_string(),
                        second: origin.to_string(),
                    }),
                    None => {
                        functions.insert(&f.name.symbol, (f, origin));
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(SymbolTable { functions })
        } else {
            Err(errors)
        }
    }
}

/// `k` with its calls inlined and its launch information brought up to
/// date (the access modes of buffers the callees read or write).
fn link_kernel(
    k: &LinkableKernel,
    origin: &str,
    symbols: &SymbolTable,
) -> Result<LinkableKernel, LinkError> {
    let mut kernel = k.ir.clone();
    let body = std::mem::take(&mut kernel.body);
    let mut inliner = Inliner {
        kernel: &mut kernel,
        symbols,
        display: &k.info.display_name,
        origin,
        callees: &k.callees,
        stack: vec![],
    };
    let body = inliner.block(body)?;
    kernel.body = body;
    crate::passes::simplify(&mut kernel);
    let mut info = k.info.clone();
    for b in info.buffers.iter_mut() {
        let ib = &kernel.bindings[(b.binding - 1) as usize];
        b.access = match (ib.reads, ib.writes) {
            (true, true) => Access::ReadWrite,
            (true, false) => Access::Read,
            (false, true) => Access::Write,
            (false, false) => Access::None,
        };
    }
    info.uses_barrier = kernel.uses_barrier();
    info.uses_subgroups = kernel.uses_subgroups();
    info.private_bytes = kernel.private_bytes();
    info.fixed_local_bytes = kernel.fixed_local_bytes();
    Ok(LinkableKernel {
        ir: kernel,
        info,
        local_bindings: k.local_bindings.clone(),
        callees: vec![],
    })
}

struct Inliner<'k, 's> {
    kernel: &'k mut ir::Kernel,
    symbols: &'s SymbolTable<'s>,
    /// The kernel, for messages.
    display: &'k str,
    origin: &'k str,
    callees: &'k [crate::bundle::FunctionName],
    /// The functions being inlined, outermost first.
    stack: Vec<String>,
}

impl Inliner<'_, '_> {
    fn block(&mut self, block: Block) -> Result<Block, LinkError> {
        let mut out = Vec::with_capacity(block.len());
        for s in block {
            match s {
                Stmt::Call {
                    function,
                    args,
                    results,
                } => self.inline(&function, args, results, &mut out)?,
                Stmt::If {
                    cond,
                    then_block,
                    else_block,
                } => out.push(Stmt::If {
                    cond,
                    then_block: self.block(then_block)?,
                    else_block: self.block(else_block)?,
                }),
                Stmt::Loop { body, continuing } => out.push(Stmt::Loop {
                    body: self.block(body)?,
                    continuing: self.block(continuing)?,
                }),
                s => out.push(s),
            }
        }
        Ok(out)
    }

    fn display_of(&self, symbol: &str) -> String {
        if let Some((f, _)) = self.symbols.functions.get(symbol) {
            return f.name.display.clone();
        }
        self.callees
            .iter()
            .find(|c| c.symbol == symbol)
            .map_or_else(|| symbol.to_string(), |c| c.display.clone())
    }

    /// Appends to `out` the body of `symbol` for one call: parameters
    /// assigned from the arguments, the callee's locals renumbered, its
    /// pointer parameters' bindings replaced by the caller's, its results
    /// copied to `results`.
    fn inline(
        &mut self,
        symbol: &str,
        args: Vec<CallArg>,
        results: Vec<LocalId>,
        out: &mut Block,
    ) -> Result<(), LinkError> {
        let display = self.display_of(symbol);
        let Some(&(exported, origin)) = self.symbols.functions.get(symbol) else {
            return Err(LinkError::Undefined {
                function: display,
                kernel: self.display.to_string(),
                origin: self.origin.to_string(),
            });
        };
        let f = match &exported.code {
            Ok(f) => f,
            Err(reason) => {
                return Err(LinkError::Unavailable {
                    function: display,
                    origin: origin.to_string(),
                    kernel: self.display.to_string(),
                    reason: reason.clone(),
                })
            }
        };
        if self.stack.iter().any(|s| s == symbol) {
            let mut chain: Vec<String> = self.stack.iter().map(|s| self.display_of(s)).collect();
            chain.push(display.clone());
            return Err(LinkError::Recursive {
                function: display,
                chain: chain.join(" -> "),
            });
        }
        let mismatch = |what: String| LinkError::Signature {
            function: display.clone(),
            kernel: self.display.to_string(),
            origin: origin.to_string(),
            what,
        };
        if args.len() != f.params.len() || results.len() != f.results.len() {
            return Err(mismatch(format!(
                "{} scalar and pointer arguments and {} results at the call, {} and {} in the definition",
                args.len(),
                results.len(),
                f.params.len(),
                f.results.len()
            )));
        }
        let local_base = self.kernel.locals.len() as u32;
        for l in &f.locals {
            self.kernel.locals.push(ir::Local {
                name: format!("{}.{}", short_name(&display), l.name),
                ty: l.ty,
            });
        }
        let local = |l: LocalId| LocalId(l.0 + local_base);
        // Each callee binding: the caller's allocation its pointer
        // parameter receives, or (memory the callee declares itself) a new one.
        let mut bindings: Vec<Option<BindingId>> = vec![None; f.bindings.len()];
        for (param, arg) in f.params.iter().zip(args) {
            match (param, arg) {
                (FunctionParam::Value(l), CallArg::Value(e)) => {
                    let (want, got) = (f.locals[l.0 as usize].ty, self.kernel.type_of(&e));
                    if want != got {
                        return Err(mismatch(format!(
                            "an argument of type {} where the definition takes {}",
                            got.name(),
                            want.name()
                        )));
                    }
                    out.push(Stmt::Assign {
                        local: local(*l),
                        value: e,
                    });
                }
                (
                    FunctionParam::Pointer { binding, index },
                    CallArg::Pointer {
                        binding: to,
                        index: e,
                    },
                ) => {
                    let theirs = &f.bindings[binding.0 as usize];
                    let ours = &mut self.kernel.bindings[to.0 as usize];
                    if theirs.elem != ours.elem {
                        return Err(mismatch(format!(
                            "a pointer to {} where the definition takes a pointer to {}",
                            ours.elem.name(),
                            theirs.elem.name()
                        )));
                    }
                    ours.reads |= theirs.reads;
                    ours.writes |= theirs.writes;
                    bindings[binding.0 as usize] = Some(to);
                    out.push(Stmt::Assign {
                        local: local(*index),
                        value: e,
                    });
                }
                (FunctionParam::Value(_), CallArg::Pointer { .. }) => {
                    return Err(mismatch(
                        "a pointer where the definition takes a value".into(),
                    ))
                }
                (FunctionParam::Pointer { .. }, CallArg::Value(_)) => {
                    return Err(mismatch(
                        "a value where the definition takes a pointer".into(),
                    ))
                }
            }
        }
        let bindings: Vec<BindingId> = bindings
            .into_iter()
            .zip(&f.bindings)
            .map(|(mapped, b)| {
                mapped.unwrap_or_else(|| {
                    self.kernel.bindings.push(b.clone());
                    BindingId(self.kernel.bindings.len() as u32 - 1)
                })
            })
            .collect();
        let renumber = Renumber {
            local_base,
            bindings: &bindings,
        };
        let body = renumber.block(&f.body);
        self.stack.push(symbol.to_string());
        let body = self.block(body)?;
        self.stack.pop();
        out.extend(body);
        for (r, fr) in results.into_iter().zip(&f.results) {
            let (want, got) = (self.kernel.local(r).ty, f.locals[fr.0 as usize].ty);
            if want != got {
                return Err(mismatch(format!(
                    "a result of type {} where the definition returns {}",
                    want.name(),
                    got.name()
                )));
            }
            out.push(Stmt::Assign {
                local: r,
                value: Expr::Local(local(*fr)),
            });
        }
        Ok(())
    }
}

/// `scale` of `ns::scale(float, float)`, to name inlined locals.
fn short_name(display: &str) -> &str {
    let name = display.split('(').next().unwrap_or(display);
    name.rsplit("::").next().unwrap_or(name)
}

/// A callee's code moved into a caller: locals shifted by `local_base`,
/// binding `i` replaced by `bindings[i]`.
struct Renumber<'b> {
    local_base: u32,
    bindings: &'b [BindingId],
}

impl Renumber<'_> {
    fn local(&self, l: LocalId) -> LocalId {
        LocalId(l.0 + self.local_base)
    }

    fn binding(&self, b: BindingId) -> BindingId {
        self.bindings[b.0 as usize]
    }

    fn block(&self, block: &Block) -> Block {
        block.iter().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&self, s: &Stmt) -> Stmt {
        match s {
            Stmt::Assign { local, value } => Stmt::Assign {
                local: self.local(*local),
                value: self.expr(value),
            },
            Stmt::Store {
                binding,
                index,
                value,
            } => Stmt::Store {
                binding: self.binding(*binding),
                index: self.expr(index),
                value: self.expr(value),
            },
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => Stmt::If {
                cond: self.expr(cond),
                then_block: self.block(then_block),
                else_block: self.block(else_block),
            },
            Stmt::Loop { body, continuing } => Stmt::Loop {
                body: self.block(body),
                continuing: self.block(continuing),
            },
            Stmt::Atomic {
                op,
                binding,
                index,
                value,
                expected,
                result,
            } => Stmt::Atomic {
                op: *op,
                binding: self.binding(*binding),
                index: self.expr(index),
                value: value.as_ref().map(|e| self.expr(e)),
                expected: expected.as_ref().map(|e| self.expr(e)),
                result: result.map(|l| self.local(l)),
            },
            Stmt::Subgroup {
                op,
                value,
                operand,
                result,
            } => Stmt::Subgroup {
                op: *op,
                value: self.expr(value),
                operand: operand.as_ref().map(|e| self.expr(e)),
                result: self.local(*result),
            },
            Stmt::Call {
                function,
                args,
                results,
            } => Stmt::Call {
                function: function.clone(),
                args: args
                    .iter()
                    .map(|a| match a {
                        CallArg::Value(e) => CallArg::Value(self.expr(e)),
                        CallArg::Pointer { binding, index } => CallArg::Pointer {
                            binding: self.binding(*binding),
                            index: self.expr(index),
                        },
                    })
                    .collect(),
                results: results.iter().map(|l| self.local(*l)).collect(),
            },
            Stmt::ReadClock { scope, local } => Stmt::ReadClock {
                scope: *scope,
                local: self.local(*local),
            },
            Stmt::Break
            | Stmt::Continue
            | Stmt::Return
            | Stmt::Barrier
            | Stmt::Fence(_)
            | Stmt::SubgroupBarrier
            | Stmt::RequireAspect(_) => s.clone(),
        }
    }

    fn expr(&self, e: &Expr) -> Expr {
        let b = |e: &Expr| Box::new(self.expr(e));
        match e {
            Expr::Const(_) | Expr::Param { .. } | Expr::Builtin(..) | Expr::SpecConst(_) => {
                e.clone()
            }
            Expr::Local(l) => Expr::Local(self.local(*l)),
            Expr::ParamAt { offset, word, ty } => Expr::ParamAt {
                offset: *offset,
                word: b(word),
                ty: *ty,
            },
            Expr::Load { binding, index } => Expr::Load {
                binding: self.binding(*binding),
                index: b(index),
            },
            Expr::Unary(op, a) => Expr::Unary(*op, b(a)),
            Expr::Binary(op, x, y) => Expr::Binary(*op, b(x), b(y)),
            Expr::Uncontracted(op, x, y) => Expr::Uncontracted(*op, b(x), b(y)),
            Expr::Convert(a, t) => Expr::Convert(b(a), *t),
            Expr::Bitcast(a, t) => Expr::Bitcast(b(a), *t),
            Expr::Select(c, x, y) => Expr::Select(b(c), b(x), b(y)),
            Expr::Math(f, args) => Expr::Math(*f, args.iter().map(|a| self.expr(a)).collect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::{BufferBinding, FunctionName, KernelInfo, PointerOrigin};
    use crate::ir::build::{global_binding as binding, local};
    use crate::ir::{Constant, Kernel, ScalarType};
    use crate::postlink::SplitMode;

    fn name(symbol: &str) -> FunctionName {
        FunctionName {
            symbol: symbol.into(),
            display: format!("{symbol}(float *, float)"),
        }
    }

    /// `void store(float *p, float v) { p[1] = v; }` (through `Call`s to
    /// `nested` when given) returning `v` as its one result.
    fn store(symbol: &str, nested: Option<&str>) -> ExportedFunction {
        let mut body = vec![Stmt::Store {
            binding: BindingId(0),
            index: Expr::Binary(
                ir::BinaryOp::Add,
                Box::new(Expr::Local(LocalId(0))),
                Box::new(Expr::Const(Constant::Int(ScalarType::U64, 1))),
            ),
            value: Expr::Local(LocalId(1)),
        }];
        if let Some(callee) = nested {
            body.push(Stmt::Call {
                function: callee.into(),
                args: vec![
                    CallArg::Pointer {
                        binding: BindingId(0),
                        index: Expr::Local(LocalId(0)),
                    },
                    CallArg::Value(Expr::Local(LocalId(1))),
                ],
                results: vec![LocalId(1)],
            });
        }
        ExportedFunction {
            name: name(symbol),
            code: Ok(ir::Function {
                name: symbol.into(),
                params: vec![
                    FunctionParam::Pointer {
                        binding: BindingId(0),
                        index: LocalId(0),
                    },
                    FunctionParam::Value(LocalId(1)),
                ],
                results: vec![LocalId(1)],
                bindings: vec![binding("p", ScalarType::F32, false, true)],
                locals: vec![
                    local("p.offset", ScalarType::U64),
                    local("v", ScalarType::F32),
                ],
                body,
            }),
        }
    }

    /// A kernel calling `symbol(&out[param], 2.5f)` once; `out` is its only buffer.
    fn caller(symbol: &str, value: Constant) -> LinkableKernel {
        let ir = Kernel {
            name: "k".into(),
            work_group_size: [64, 1, 1],
            param_block_size: 16,
            bindings: vec![binding("out", ScalarType::F32, false, false)],
            locals: vec![local("r", ScalarType::F32)],
            body: vec![Stmt::Call {
                function: symbol.into(),
                args: vec![
                    CallArg::Pointer {
                        binding: BindingId(0),
                        index: Expr::Param {
                            offset: 0,
                            ty: ScalarType::U64,
                        },
                    },
                    CallArg::Value(Expr::Const(value)),
                ],
                results: vec![LocalId(0)],
            }],
            spec_constants: vec![],
            assert_sites: vec![],
            printf_strings: vec![],
        };
        let info = KernelInfo {
            key: "P1K".into(),
            display_name: "K".into(),
            entry_point: "k".into(),
            dimensions: 1,
            work_group_size: [64, 1, 1],
            arg_sizes: vec![8],
            param_block_size: 16,
            buffers: vec![BufferBinding {
                binding: 1,
                arg: 0,
                offset: 0,
                origin: PointerOrigin::Usm,
                access: Access::None,
                elem_size: 4,
                offset_slot: 0,
                index_bytes: 8,
                name: "out".into(),
                device_global: None,
            }],
            scalars: vec![],
            uses_barrier: false,
            local_arrays: vec![],
            exchange_arrays: vec![],
            uses_subgroups: false,
            private_bytes: 0,
            fixed_local_bytes: 0,
            attributes: Default::default(),
            compiled_work_groups: false,
        };
        LinkableKernel {
            ir,
            info,
            local_bindings: vec![],
            callees: vec![name(symbol)],
        }
    }

    fn unit(kernels: Vec<LinkableKernel>, functions: Vec<ExportedFunction>) -> RelocatableCode {
        RelocatableCode {
            target: TargetKind::SpirvVulkan,
            split: SplitMode::Auto,
            kernels,
            functions,
        }
    }

    fn link_units(
        units: &[(&str, RelocatableCode)],
    ) -> Result<Vec<Vec<DeviceImage>>, Vec<LinkError>> {
        let units: Vec<Unit> = units
            .iter()
            .map(|(origin, code)| Unit {
                origin,
                code: std::slice::from_ref(code),
            })
            .collect();
        link(&units)
    }

    #[test]
    fn calls_are_inlined_with_the_callers_allocation() {
        let symbols_code = [(0, "b.o", &unit(vec![], vec![store("_Z5storePff", None)]))];
        let symbols = SymbolTable::new(&symbols_code).unwrap();
        let k = caller("_Z5storePff", Constant::Float(ScalarType::F32, 2.5));
        let linked = link_kernel(&k, "a.o", &symbols).unwrap();
        let text = ir::print_module(&ir::Module {
            kernels: vec![linked.ir.clone()],
            functions: vec![],
        });
        assert!(!text.contains("call"), "{text}");
        // The callee's parameters become locals of the kernel, assigned
        // from the arguments (a constant one is propagated into its uses);
        // its store goes to the kernel's buffer.
        assert!(text.contains("%1 = param[0]:u64"), "{text}");
        assert!(text.contains("b0[Add(%1, 1u64)] = 2.5f32"), "{text}");
        assert!(
            text.contains("local %1 _Z5storePff.p.offset: u64"),
            "{text}"
        );
        assert!(linked.ir.bindings[0].writes);
        assert_eq!(linked.info.buffers[0].access, Access::Write);
        assert!(linked.callees.is_empty());
    }

    #[test]
    fn linked_kernels_become_valid_images() {
        let a = unit(
            vec![caller("_Z5storePff", Constant::Float(ScalarType::F32, 1.0))],
            vec![],
        );
        let b = unit(
            vec![],
            vec![
                store("_Z5storePff", Some("_Z4nextPff")),
                store("_Z4nextPff", None),
            ],
        );
        let images = link_units(&[("a.o", a), ("b.o", b)]).unwrap();
        assert_eq!(images[0].len(), 1);
        assert_eq!(images[0][0].symbol_table(), ["k"]);
        assert!(images[1].is_empty());
    }

    #[test]
    fn undefined_and_unavailable_functions_are_named_with_the_kernel() {
        let a = unit(
            vec![caller("_Z5storePff", Constant::Float(ScalarType::F32, 1.0))],
            vec![],
        );
        let errors = link_units(&[("a.o", a.clone())]).unwrap_err();
        assert_eq!(
            errors[0].to_string(),
            "undefined SYCL_EXTERNAL function '_Z5storePff(float *, float)', called by kernel 'K' (a.o); link the translation unit that defines it"
        );
        let broken = ExportedFunction {
            name: name("_Z5storePff"),
            code: Err("b.cpp:3:5: 'long double' is not supported".into()),
        };
        let errors = link_units(&[("a.o", a), ("b.o", unit(vec![], vec![broken]))]).unwrap_err();
        assert!(
            errors[0].to_string().contains("(b.o), called by kernel 'K', cannot be compiled for the device: b.cpp:3:5: 'long double' is not supported"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn two_different_definitions_are_an_error_naming_both_units() {
        let mut other = store("_Z5storePff", None);
        if let Ok(f) = &mut other.code {
            f.body.clear();
        }
        let b = unit(vec![], vec![store("_Z5storePff", None)]);
        let c = unit(vec![], vec![other]);
        let errors = link_units(&[("b.o", b.clone()), ("b.o", b.clone()), ("c.o", c)]).unwrap_err();
        assert_eq!(
            errors,
            [LinkError::Duplicate {
                function: "_Z5storePff(float *, float)".into(),
                first: "b.o".into(),
                second: "c.o".into(),
            }]
        );
    }

    #[test]
    fn mismatched_arguments_and_recursion_are_errors() {
        // An int where the definition takes a float (the types of the two units differ).
        let a = unit(
            vec![caller("_Z5storePff", Constant::Int(ScalarType::I32, 1))],
            vec![],
        );
        let b = unit(vec![], vec![store("_Z5storePff", None)]);
        let errors = link_units(&[("a.o", a), ("b.o", b)]).unwrap_err();
        assert!(
            errors[0].to_string().contains("with arguments that do not fit its definition: an argument of type i32 where the definition takes f32"),
            "{}",
            errors[0]
        );
        let a = unit(
            vec![caller("_Z5storePff", Constant::Float(ScalarType::F32, 1.0))],
            vec![],
        );
        let b = unit(
            vec![],
            vec![
                store("_Z5storePff", Some("_Z4nextPff")),
                store("_Z4nextPff", Some("_Z5storePff")),
            ],
        );
        let errors = link_units(&[("a.o", a), ("b.o", b)]).unwrap_err();
        assert!(
            errors[0].to_string().contains("calls itself through _Z5storePff(float *, float) -> _Z4nextPff(float *, float) -> _Z5storePff(float *, float)"),
            "{}",
            errors[0]
        );
    }
}
