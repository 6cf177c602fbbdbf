//! Tests of the SPIR-V back end on hand-built IR: every module must parse and
//! validate in naga (and in `spirv-val` for Vulkan 1.1 when it is installed),
//! and modules without 64-bit types must also become valid WebGPU WGSL.

use super::*;
use crate::ir::build::{global_binding as binding, local};
use crate::ir::{
    BinaryOp as B, Binding, BindingId, Constant, Expr, Kernel, Local, LocalId, Stmt, UnaryOp,
};
use crate::target::TargetKind;

fn vulkan() -> TargetProperties {
    TargetProperties::for_kind(TargetKind::SpirvVulkan)
}
fn webgpu() -> TargetProperties {
    TargetProperties::for_kind(TargetKind::SpirvWebGpu)
}

fn u32c(v: u32) -> Expr {
    Expr::Const(Constant::Int(ScalarType::U32, v as u64))
}
fn i32c(v: i32) -> Expr {
    Expr::Const(Constant::Int(ScalarType::I32, v as u32 as u64))
}
fn f32c(v: f32) -> Expr {
    Expr::Const(Constant::Float(ScalarType::F32, v as f64))
}
fn loc(i: u32) -> Expr {
    Expr::Local(LocalId(i))
}
fn gid(dim: u8) -> Expr {
    Expr::Builtin(Builtin::GlobalInvocationId, dim)
}
fn bin(op: B, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b))
}
fn load(b: u32, index: Expr) -> Expr {
    Expr::Load {
        binding: BindingId(b),
        index: Box::new(index),
    }
}
fn conv(e: Expr, t: ScalarType) -> Expr {
    Expr::Convert(Box::new(e), t)
}
fn assign(l: u32, value: Expr) -> Stmt {
    Stmt::Assign {
        local: LocalId(l),
        value,
    }
}
fn store(b: u32, index: Expr, value: Expr) -> Stmt {
    Stmt::Store {
        binding: BindingId(b),
        index,
        value,
    }
}
fn if_(cond: Expr, then_block: Vec<Stmt>, else_block: Vec<Stmt>) -> Stmt {
    Stmt::If {
        cond,
        then_block,
        else_block,
    }
}
fn kernel(
    name: &str,
    param_block_size: u32,
    bindings: Vec<Binding>,
    locals: Vec<Local>,
    body: Vec<Stmt>,
) -> Kernel {
    Kernel {
        name: name.into(),
        work_group_size: [64, 1, 1],
        param_block_size,
        bindings,
        locals,
        body,
        spec_constants: vec![],
        assert_sites: vec![],
        printf_strings: vec![],
    }
}

fn to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Runs `spirv-val --target-env vulkan1.1` when it is installed. With
/// `SYCLONE_SPIRV_DUMP=dir` set, the module is also kept as `dir/name.spv`.
fn spirv_val(name: &str, words: &[u32]) {
    if let Some(dir) = std::env::var_os("SYCLONE_SPIRV_DUMP") {
        let keep = std::path::Path::new(&dir).join(format!("{name}.spv"));
        std::fs::write(keep, to_bytes(words)).unwrap();
    }
    let path = std::env::temp_dir().join(format!(
        "syclone-spirv-test-{name}-{}.spv",
        std::process::id()
    ));
    std::fs::write(&path, to_bytes(words)).unwrap();
    let out = std::process::Command::new("spirv-val")
        .arg("--target-env")
        .arg("vulkan1.1")
        .arg(&path)
        .output();
    let _ = std::fs::remove_file(&path);
    match out {
        Ok(out) => assert!(
            out.status.success(),
            "spirv-val rejected {name}:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => eprintln!("note: spirv-val not run for {name} ({e}); install spirv-tools"),
    }
}

/// Emits `m`, checks it with spirv-val and naga (all capabilities); returns
/// the words and naga's module.
fn check_vulkan(name: &str, m: &Module, target: &TargetProperties) -> (Vec<u32>, naga::Module) {
    let words = emit_module(m, target).unwrap_or_else(|e| panic!("{name}: {e}"));
    spirv_val(name, &words);
    let nm = naga::front::spv::parse_u8_slice(&to_bytes(&words), &Default::default())
        .unwrap_or_else(|e| panic!("naga cannot parse {name}: {e:?}"));
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&nm)
    .unwrap_or_else(|e| panic!("naga rejects {name}: {e:?}"));
    (words, nm)
}

/// As [`check_vulkan`], and also validates with WebGPU capabilities, writes
/// WGSL and checks that the WGSL parses and validates again. Returns the WGSL.
fn check_webgpu(name: &str, m: &Module) -> String {
    let (_, nm) = check_vulkan(name, m, &webgpu());
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::default(),
    )
    .validate(&nm)
    .unwrap_or_else(|e| panic!("naga (WebGPU capabilities) rejects {name}: {e:?}"));
    let wgsl = naga::back::wgsl::write_string(&nm, &info, naga::back::wgsl::WriterFlags::empty())
        .unwrap_or_else(|e| panic!("{name}: WGSL output failed: {e:?}"));
    let back = naga::front::wgsl::parse_str(&wgsl)
        .unwrap_or_else(|e| panic!("{name}: bad WGSL: {e}\n{wgsl}"));
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::default(),
    )
    .validate(&back)
    .unwrap_or_else(|e| panic!("{name}: WGSL does not validate: {e:?}\n{wgsl}"));
    wgsl
}

fn capabilities(words: &[u32]) -> Vec<spirv::Capability> {
    let m = rspirv::dr::load_words(words).unwrap();
    m.capabilities
        .iter()
        .map(|i| match i.operands[0] {
            Operand::Capability(c) => c,
            ref o => panic!("{o:?}"),
        })
        .collect()
}

/// `c[i] = a[i] + b[i]` for `i < n`, with `n` and `i` of the index type.
fn vector_add(index: ScalarType) -> Module {
    let body = vec![
        assign(0, conv(gid(0), index)),
        if_(
            bin(
                B::Lt,
                loc(0),
                Expr::Param {
                    offset: 0,
                    ty: index,
                },
            ),
            vec![store(
                2,
                loc(0),
                bin(B::Add, load(0, loc(0)), load(1, loc(0))),
            )],
            vec![],
        ),
    ];
    Module {
        kernels: vec![kernel(
            "vector_add",
            8,
            vec![
                binding("a", ScalarType::F32, true, false),
                binding("b", ScalarType::F32, true, false),
                binding("c", ScalarType::F32, false, true),
            ],
            vec![local("i", index)],
            body,
        )],
        functions: vec![],
    }
}

#[test]
fn vector_add_webgpu() {
    let m = vector_add(ScalarType::U32);
    let wgsl = check_webgpu("vector_add32", &m);
    assert!(wgsl.contains("fn vector_add("), "{wgsl}");
    assert!(wgsl.contains("@workgroup_size(64, 1, 1)"), "{wgsl}");
    let words = emit_module(&m, &webgpu()).unwrap();
    let caps = capabilities(&words);
    assert_eq!(caps, vec![spirv::Capability::Shader]);
}

#[test]
fn vector_add_vulkan_64bit_index() {
    let m = vector_add(ScalarType::U64);
    let (words, nm) = check_vulkan("vector_add64", &m, &vulkan());
    assert!(capabilities(&words).contains(&spirv::Capability::Int64));
    assert!(!capabilities(&words).contains(&spirv::Capability::Float64));
    // The interface the runtime binds: params at 0 (read-only), a and b
    // read-only at 1 and 2, c writable at 3.
    let mut seen = vec![];
    for (_, g) in nm.global_variables.iter() {
        if let Some(rb) = &g.binding {
            match g.space {
                naga::AddressSpace::Storage { access } => seen.push((
                    rb.group,
                    rb.binding,
                    access.contains(naga::StorageAccess::STORE),
                )),
                // The parameter block is a uniform buffer.
                naga::AddressSpace::Uniform => seen.push((rb.group, rb.binding, false)),
                _ => panic!("{g:?}"),
            }
        }
    }
    seen.sort();
    assert_eq!(
        seen,
        vec![(0, 0, false), (0, 1, false), (0, 2, false), (0, 3, true)]
    );
    assert_eq!(nm.entry_points.len(), 1);
    assert_eq!(nm.entry_points[0].name, "vector_add");
    assert_eq!(nm.entry_points[0].workgroup_size, [64, 1, 1]);
}

#[test]
fn saxpy_with_float_param() {
    // y[i] = a * x[i] + y[i]; a: f32 at 0, n: u32 at 4.
    let i = || gid(0);
    let m = Module {
        kernels: vec![kernel(
            "saxpy",
            8,
            vec![
                binding("x", ScalarType::F32, true, false),
                binding("y", ScalarType::F32, true, true),
            ],
            vec![],
            vec![if_(
                bin(
                    B::Lt,
                    i(),
                    Expr::Param {
                        offset: 4,
                        ty: ScalarType::U32,
                    },
                ),
                vec![store(
                    1,
                    i(),
                    bin(
                        B::Add,
                        bin(
                            B::Mul,
                            Expr::Param {
                                offset: 0,
                                ty: ScalarType::F32,
                            },
                            load(0, i()),
                        ),
                        load(1, i()),
                    ),
                )],
                vec![],
            )],
        )],
        functions: vec![],
    };
    let wgsl = check_webgpu("saxpy", &m);
    assert!(wgsl.contains("read_write"), "{wgsl}");
    // The parameter word is reinterpreted, not converted.
    assert!(wgsl.contains("bitcast<f32>"), "{wgsl}");
}

#[test]
fn loops_breaks_continues_and_early_returns() {
    use ScalarType::*;
    let n = || Expr::Param { offset: 0, ty: I32 };
    let body = vec![
        // Early return for out-of-range work-items.
        if_(
            bin(B::Ge, conv(gid(0), I32), n()),
            vec![Stmt::Return, assign(1, i32c(99))],
            vec![],
        ),
        assign(0, i32c(0)),
        assign(1, i32c(0)),
        // for (i = 0;; ++i) { if (i >= n) break; if (i % 3 == 0) continue; sum += i;
        //   for (j = 0;; ++j) { if (j == i) break; else if (j > 100) return; sum ^= j; } }
        Stmt::Loop {
            body: vec![
                if_(
                    bin(B::Ge, loc(0), n()),
                    vec![Stmt::Break, assign(1, i32c(7))],
                    vec![],
                ),
                if_(
                    bin(B::Eq, bin(B::Rem, loc(0), i32c(3)), i32c(0)),
                    vec![Stmt::Continue],
                    vec![],
                ),
                assign(1, bin(B::Add, loc(1), loc(0))),
                assign(2, i32c(0)),
                Stmt::Loop {
                    body: vec![
                        if_(
                            bin(B::Eq, loc(2), loc(0)),
                            vec![Stmt::Break],
                            vec![if_(
                                bin(B::Gt, loc(2), i32c(100)),
                                vec![Stmt::Return],
                                vec![],
                            )],
                        ),
                        assign(1, bin(B::BitXor, loc(1), loc(2))),
                    ],
                    continuing: vec![assign(2, bin(B::Add, loc(2), i32c(1)))],
                },
            ],
            continuing: vec![assign(0, bin(B::Add, loc(0), i32c(1)))],
        },
        // Both arms return: the rest is dead, the merge block unreachable.
        if_(
            bin(B::Gt, loc(1), i32c(0)),
            vec![store(0, gid(0), loc(1)), Stmt::Return],
            vec![store(0, gid(0), i32c(-1)), Stmt::Return],
        ),
        assign(1, i32c(5)),
    ];
    let m = Module {
        kernels: vec![kernel(
            "loops",
            4,
            vec![binding("out", I32, false, true)],
            vec![local("i", I32), local("sum", I32), local("j", I32)],
            body,
        )],
        functions: vec![],
    };
    check_webgpu("loops", &m);
}

#[test]
fn loop_without_break_and_empty_bodies() {
    use ScalarType::*;
    // A loop left only by `return` (its merge block is unreachable), a loop
    // whose body always breaks (its continue target is unreachable), empty
    // if/else arms and a kernel with an empty body.
    let m = Module {
        kernels: vec![
            kernel(
                "spin",
                4,
                vec![binding("out", U32, true, true)],
                vec![local("k", U32)],
                vec![
                    Stmt::Loop {
                        body: vec![Stmt::Break],
                        continuing: vec![],
                    },
                    if_(Expr::Const(Constant::Bool(true)), vec![], vec![]),
                    Stmt::Loop {
                        body: vec![
                            assign(0, bin(B::Add, loc(0), u32c(1))),
                            if_(
                                bin(B::Ge, loc(0), load(0, u32c(0))),
                                vec![Stmt::Return],
                                vec![],
                            ),
                        ],
                        continuing: vec![if_(
                            bin(B::Eq, loc(0), u32c(7)),
                            vec![store(0, u32c(1), loc(0))],
                            vec![],
                        )],
                    },
                    store(0, u32c(0), u32c(0)),
                ],
            ),
            kernel("empty", 0, vec![], vec![], vec![]),
        ],
        functions: vec![],
    };
    check_webgpu("spin", &m);
}

#[test]
fn every_convert_pair_vulkan() {
    use ScalarType::*;
    let all = [Bool, I32, U32, I64, U64, F32, F64];
    let mut locals = vec![];
    let mut body = vec![];
    for (i, t) in all.iter().enumerate() {
        locals.push(local(&format!("v_{}", t.name()), *t));
        // Give each local a value that is not the zero it starts with.
        let init = match t {
            Bool => Expr::Const(Constant::Bool(true)),
            F32 | F64 => Expr::Const(Constant::Float(*t, -2.5)),
            _ => Expr::Const(Constant::Int(*t, u64::MAX - 2)),
        };
        body.push(assign(i as u32, init));
    }
    for (i, from) in all.iter().enumerate() {
        for (j, to) in all.iter().enumerate() {
            let _ = from;
            body.push(assign(j as u32, conv(loc(i as u32), *to)));
        }
    }
    // Bitcasts between same-size types.
    for (a, b) in [
        (I32, F32),
        (F32, U32),
        (U32, I32),
        (I64, F64),
        (F64, U64),
        (U64, I64),
    ] {
        let (ia, ib) = (
            all.iter().position(|t| *t == a).unwrap(),
            all.iter().position(|t| *t == b).unwrap(),
        );
        body.push(assign(
            ib as u32,
            Expr::Bitcast(Box::new(loc(ia as u32)), b),
        ));
    }
    let m = Module {
        kernels: vec![kernel("convert_all", 0, vec![], locals, body)],
        functions: vec![],
    };
    let (words, _) = check_vulkan("convert_all", &m, &vulkan());
    let caps = capabilities(&words);
    assert!(caps.contains(&spirv::Capability::Int64) && caps.contains(&spirv::Capability::Float64));
}

#[test]
fn every_convert_pair_webgpu() {
    use ScalarType::*;
    let all = [Bool, I32, U32, F32];
    let locals: Vec<Local> = all.iter().map(|t| local(t.name(), *t)).collect();
    let mut body = vec![];
    for i in 0..all.len() {
        for (j, to) in all.iter().enumerate() {
            body.push(assign(j as u32, conv(loc(i as u32), *to)));
        }
    }
    let m = Module {
        kernels: vec![kernel("convert32", 0, vec![], locals, body)],
        functions: vec![],
    };
    let wgsl = check_webgpu("convert32", &m);
    // bool -> number is a select of 1/0, number -> bool a comparison with 0.
    assert!(wgsl.contains("select("), "{wgsl}");
    assert!(wgsl.contains("!= 0"), "{wgsl}");
}

#[test]
fn sixty_four_bit_params_and_buffers() {
    use ScalarType::*;
    let m = Module {
        kernels: vec![kernel(
            "params64",
            24,
            vec![
                binding("u", U64, false, true),
                binding("s", I64, false, true),
                binding("d", F64, true, true),
            ],
            vec![],
            vec![
                store(0, u32c(0), Expr::Param { offset: 0, ty: U64 }),
                store(
                    1,
                    u32c(0),
                    bin(
                        B::Shr,
                        Expr::Param { offset: 8, ty: I64 },
                        Expr::Const(Constant::Int(I64, 3)),
                    ),
                ),
                store(
                    2,
                    Expr::Const(Constant::Int(U64, 1)),
                    bin(
                        B::Mul,
                        Expr::Param {
                            offset: 16,
                            ty: F64,
                        },
                        load(2, Expr::Const(Constant::Int(I64, 0))),
                    ),
                ),
            ],
        )],
        functions: vec![],
    };
    let (words, nm) = check_vulkan("params64", &m, &vulkan());
    let caps = capabilities(&words);
    assert!(caps.contains(&spirv::Capability::Int64) && caps.contains(&spirv::Capability::Float64));
    // Without Int64/Float64, naga must refuse it: the capabilities are real.
    assert!(naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::default()
    )
    .validate(&nm)
    .is_err());
}

#[test]
fn integer_arithmetic() {
    use ScalarType::*;
    // out[k] = a op b for every integer op, signed and unsigned.
    let ops = [
        B::Add,
        B::Sub,
        B::Mul,
        B::Div,
        B::Rem,
        B::BitAnd,
        B::BitOr,
        B::BitXor,
        B::Shl,
        B::Shr,
    ];
    let cmps = [B::Eq, B::Ne, B::Lt, B::Le, B::Gt, B::Ge];
    let mut body = vec![];
    for (b, t) in [(0u32, I32), (1, U32)] {
        let a = || load(b, u32c(0));
        let c = || load(b, u32c(1));
        for (k, op) in ops.iter().enumerate() {
            body.push(store(b, u32c(2 + k as u32), bin(*op, a(), c())));
        }
        for (k, op) in cmps.iter().enumerate() {
            let one = Expr::Const(Constant::Int(t, 1));
            let zero = Expr::Const(Constant::Int(t, 0));
            let sel = Expr::Select(Box::new(bin(*op, a(), c())), Box::new(one), Box::new(zero));
            body.push(store(b, u32c(20 + k as u32), sel));
        }
        body.push(store(
            b,
            u32c(30),
            Expr::Unary(UnaryOp::BitNot, Box::new(a())),
        ));
        body.push(store(b, u32c(31), Expr::Unary(UnaryOp::Neg, Box::new(a()))));
    }
    let m = Module {
        kernels: vec![kernel(
            "intops",
            0,
            vec![
                binding("si", I32, true, true),
                binding("ui", U32, true, true),
            ],
            vec![],
            body,
        )],
        functions: vec![],
    };
    let wgsl = check_webgpu("intops", &m);
    assert!(wgsl.contains(" % "), "{wgsl}");
    assert!(wgsl.contains(" >> "), "{wgsl}");
}

#[test]
fn float_and_logical_ops() {
    use ScalarType::*;
    let x = || load(0, u32c(0));
    let y = || load(0, u32c(1));
    let mut body = vec![];
    for (k, op) in [B::Add, B::Sub, B::Mul, B::Div, B::Rem].iter().enumerate() {
        body.push(store(0, u32c(2 + k as u32), bin(*op, x(), y())));
    }
    body.push(store(0, u32c(9), Expr::Unary(UnaryOp::Neg, Box::new(x()))));
    let mut cond = Expr::Const(Constant::Bool(false));
    for op in [B::Eq, B::Ne, B::Lt, B::Le, B::Gt, B::Ge] {
        cond = bin(B::LogicalOr, cond, bin(op, x(), y()));
    }
    cond = bin(
        B::LogicalAnd,
        cond,
        Expr::Unary(UnaryOp::Not, Box::new(bin(B::Eq, x(), f32c(0.5)))),
    );
    cond = bin(
        B::Ne,
        cond,
        bin(
            B::Eq,
            Expr::Const(Constant::Bool(true)),
            Expr::Param {
                offset: 0,
                ty: Bool,
            },
        ),
    );
    body.push(if_(
        cond,
        vec![store(0, u32c(10), f32c(1.0))],
        vec![store(0, u32c(10), f32c(-1.0))],
    ));
    let m = Module {
        kernels: vec![kernel(
            "floatops",
            4,
            vec![binding("f", F32, true, true)],
            vec![],
            body,
        )],
        functions: vec![],
    };
    check_webgpu("floatops", &m);
}

#[test]
fn two_kernels_share_binding_numbers() {
    use ScalarType::*;
    // Binding 1 is f32 read-only in one kernel and u32 writable in the other;
    // each entry point must still be valid, and the parameter block is shared.
    let k1 = kernel(
        "first",
        4,
        vec![
            binding("src", F32, true, false),
            binding("dst", F32, false, true),
        ],
        vec![],
        vec![store(1, gid(0), load(0, gid(0)))],
    );
    let mut k2 = kernel(
        "second",
        4,
        vec![binding("counts", U32, true, true)],
        vec![],
        vec![store(
            0,
            Expr::Builtin(Builtin::LocalInvocationId, 1),
            Expr::Builtin(Builtin::WorkgroupSize, 0),
        )],
    );
    k2.work_group_size = [8, 8, 1];
    k2.body.push(store(
        0,
        Expr::Builtin(Builtin::WorkgroupId, 2),
        bin(
            B::Add,
            Expr::Builtin(Builtin::NumWorkgroups, 0),
            Expr::Param { offset: 0, ty: U32 },
        ),
    ));
    let m = Module {
        kernels: vec![k1, k2],
        functions: vec![],
    };
    let wgsl = check_webgpu("two_kernels", &m);
    assert!(wgsl.contains("@workgroup_size(8, 8, 1)"), "{wgsl}");
    let words = emit_module(&m, &webgpu()).unwrap();
    let dr = rspirv::dr::load_words(&words).unwrap();
    assert_eq!(dr.entry_points.len(), 2);
}

#[test]
fn invalid_ir_is_an_error_not_a_panic() {
    use ScalarType::*;
    let one = |k: Kernel| Module {
        kernels: vec![k],
        functions: vec![],
    };
    let cases: Vec<(Module, &str)> = vec![
        (Module::default(), "no kernels"),
        (
            one(kernel(
                "k",
                0,
                vec![binding("flags", Bool, true, false)],
                vec![],
                vec![],
            )),
            "bool elements",
        ),
        (
            one(kernel(
                "k",
                0,
                vec![binding("ro", U32, true, false)],
                vec![],
                vec![store(0, u32c(0), u32c(1))],
            )),
            "not marked as written",
        ),
        (
            one(kernel("k", 0, vec![], vec![], vec![Stmt::Break])),
            "outside a loop",
        ),
        (
            one(kernel(
                "k",
                0,
                vec![],
                vec![],
                vec![Stmt::Loop {
                    body: vec![Stmt::Break],
                    continuing: vec![Stmt::Return],
                }],
            )),
            "continuing",
        ),
        (
            one(kernel(
                "k",
                4,
                vec![],
                vec![local("x", U64)],
                vec![assign(0, Expr::Param { offset: 0, ty: U64 })],
            )),
            "parameter block",
        ),
        (
            one(kernel(
                "k",
                0,
                vec![],
                vec![local("x", U32)],
                vec![assign(0, i32c(1))],
            )),
            "assignment of i32",
        ),
        (
            one(kernel(
                "k",
                0,
                vec![],
                vec![local("x", U32)],
                vec![assign(3, u32c(1))],
            )),
            "local %3",
        ),
        (
            one(kernel(
                "k",
                0,
                vec![],
                vec![],
                vec![store(2, u32c(0), u32c(1))],
            )),
            "binding b2",
        ),
        (
            one(kernel(
                "k",
                0,
                vec![],
                vec![local("x", U32)],
                vec![assign(0, bin(B::Add, u32c(1), i32c(1)))],
            )),
            "Add of u32 and i32",
        ),
        (
            one(kernel(
                "k",
                0,
                vec![],
                vec![local("x", U32)],
                vec![assign(0, Expr::Builtin(Builtin::WorkgroupId, 3))],
            )),
            "component 3",
        ),
        (
            one(kernel(
                "k",
                0,
                vec![],
                vec![local("x", F32)],
                vec![assign(
                    0,
                    Expr::Bitcast(Box::new(Expr::Const(Constant::Int(U64, 1))), F32),
                )],
            )),
            "bitcast from u64 to f32",
        ),
        (
            Module {
                kernels: vec![
                    kernel("same", 0, vec![], vec![], vec![]),
                    kernel("same", 0, vec![], vec![], vec![]),
                ],
                functions: vec![],
            },
            "two kernels",
        ),
    ];
    for (m, want) in cases {
        let err = emit_module(&m, &vulkan()).expect_err(want).to_string();
        assert!(err.contains(want), "`{err}` does not mention `{want}`");
    }
}

#[test]
fn ir_printer_shows_the_kernel() {
    let text = crate::ir::print_module(&vector_add(ScalarType::U32));
    assert!(
        text.starts_with("kernel vector_add wg(64,1,1) params(8 bytes) {\n"),
        "{text}"
    );
    assert!(text.contains("  binding b0 a: f32 r\n"), "{text}");
    assert!(text.contains("  binding b2 c: f32 w\n"), "{text}");
    assert!(text.contains("  local %0 i: u32\n"), "{text}");
    assert!(text.contains("if "), "{text}");
    assert!(text.trim_end().ends_with('}'), "{text}");
}

/// The opcodes (besides loads, stores and variables) of a kernel whose body
/// is `local[dst] = e`, with one local of each type, in the order
/// bool, i32, u32, i64, u64, f32, f64.
fn ops_of(dst: u32, e: Expr) -> Vec<spirv::Op> {
    use ScalarType::*;
    let locals = [Bool, I32, U32, I64, U64, F32, F64]
        .iter()
        .map(|t| local(t.name(), *t))
        .collect();
    let m = Module {
        kernels: vec![kernel("k", 0, vec![], locals, vec![assign(dst, e)])],
        functions: vec![],
    };
    let (words, _) = check_vulkan("ops", &m, &vulkan());
    let dr = rspirv::dr::load_words(&words).unwrap();
    dr.functions[0]
        .blocks
        .iter()
        .flat_map(|b| &b.instructions)
        .map(|i| i.class.opcode)
        .filter(|op| {
            !matches!(
                op,
                spirv::Op::Load | spirv::Op::Store | spirv::Op::Variable | spirv::Op::Return
            )
        })
        .collect()
}

#[test]
fn opcodes_follow_cpp_semantics() {
    use spirv::Op;
    let (b, i32l, u32l, i64l, u64l, f32l, f64l) = (0, 1, 2, 3, 4, 5, 6);
    // `%` truncates toward zero for signed ints: the unsigned remainder of
    // the magnitudes with the dividend's sign (Vulkan leaves OpSRem
    // undefined for negative operands).
    assert_eq!(
        ops_of(i32l, bin(B::Rem, loc(i32l), loc(i32l))),
        [
            Op::SLessThan,
            Op::SNegate,
            Op::Select,
            Op::Bitcast,
            Op::SLessThan,
            Op::SNegate,
            Op::Select,
            Op::Bitcast,
            Op::UMod,
            Op::Bitcast,
            Op::SNegate,
            Op::Select
        ]
    );
    assert_eq!(ops_of(u32l, bin(B::Rem, loc(u32l), loc(u32l))), [Op::UMod]);
    assert_eq!(ops_of(f32l, bin(B::Rem, loc(f32l), loc(f32l))), [Op::FRem]);
    assert_eq!(ops_of(i32l, bin(B::Div, loc(i32l), loc(i32l))), [Op::SDiv]);
    assert_eq!(ops_of(u64l, bin(B::Div, loc(u64l), loc(u64l))), [Op::UDiv]);
    // `>>` is arithmetic on signed, logical on unsigned operands; 64-bit
    // shift amounts become u32.
    assert_eq!(
        ops_of(i32l, bin(B::Shr, loc(i32l), loc(i32l))),
        [Op::Bitcast, Op::ShiftRightArithmetic]
    );
    assert_eq!(
        ops_of(u32l, bin(B::Shr, loc(u32l), loc(u32l))),
        [Op::ShiftRightLogical]
    );
    assert_eq!(
        ops_of(u64l, bin(B::Shl, loc(u64l), loc(u64l))),
        [Op::UConvert, Op::ShiftLeftLogical]
    );
    // Comparisons: signedness picks the opcode; NaN != x is true.
    assert_eq!(ops_of(b, bin(B::Lt, loc(i32l), loc(i32l))), [Op::SLessThan]);
    assert_eq!(ops_of(b, bin(B::Lt, loc(u32l), loc(u32l))), [Op::ULessThan]);
    assert_eq!(
        ops_of(b, bin(B::Lt, loc(f32l), loc(f32l))),
        [Op::FOrdLessThan]
    );
    assert_eq!(
        ops_of(b, bin(B::Ne, loc(f64l), loc(f64l))),
        [Op::FOrdEqual, Op::LogicalNot]
    );
    assert_eq!(ops_of(b, bin(B::Eq, loc(f32l), loc(f32l))), [Op::FOrdEqual]);
    // Integer widening extends by the source's signedness, then reinterprets.
    assert_eq!(
        ops_of(u64l, conv(loc(i32l), ScalarType::U64)),
        [Op::SConvert, Op::Bitcast]
    );
    assert_eq!(
        ops_of(i64l, conv(loc(u32l), ScalarType::I64)),
        [Op::UConvert, Op::Bitcast]
    );
    assert_eq!(
        ops_of(i64l, conv(loc(i32l), ScalarType::I64)),
        [Op::SConvert]
    );
    assert_eq!(
        ops_of(u32l, conv(loc(i64l), ScalarType::U32)),
        [Op::SConvert, Op::Bitcast]
    );
    assert_eq!(
        ops_of(u32l, conv(loc(i32l), ScalarType::U32)),
        [Op::Bitcast]
    );
    // Float <-> int truncates toward zero; float width changes.
    assert_eq!(
        ops_of(i32l, conv(loc(f64l), ScalarType::I32)),
        [Op::ConvertFToS]
    );
    assert_eq!(
        ops_of(u64l, conv(loc(f32l), ScalarType::U64)),
        [Op::ConvertFToU]
    );
    assert_eq!(
        ops_of(f32l, conv(loc(u32l), ScalarType::F32)),
        [Op::ConvertUToF]
    );
    assert_eq!(
        ops_of(f64l, conv(loc(i64l), ScalarType::F64)),
        [Op::ConvertSToF]
    );
    assert_eq!(
        ops_of(f64l, conv(loc(f32l), ScalarType::F64)),
        [Op::FConvert]
    );
    // bool: x != 0 one way (NaN is true), select 1/0 the other.
    assert_eq!(
        ops_of(b, conv(loc(f32l), ScalarType::Bool)),
        [Op::FOrdEqual, Op::LogicalNot]
    );
    assert_eq!(
        ops_of(b, conv(loc(u64l), ScalarType::Bool)),
        [Op::INotEqual]
    );
    assert_eq!(ops_of(f64l, conv(loc(b), ScalarType::F64)), [Op::Select]);
    // Unsigned negation is 0 - x.
    assert_eq!(
        ops_of(u32l, Expr::Unary(UnaryOp::Neg, Box::new(loc(u32l)))),
        [Op::ISub]
    );
    assert_eq!(
        ops_of(i32l, Expr::Unary(UnaryOp::Neg, Box::new(loc(i32l)))),
        [Op::SNegate]
    );
}

#[test]
fn constants_and_types_are_declared_once() {
    use ScalarType::*;
    // Many uses of the same constants and types in two kernels.
    let body = || {
        (0..4)
            .map(|k| {
                store(
                    0,
                    u32c(k % 2),
                    bin(
                        B::Add,
                        load(0, u32c(1)),
                        Expr::Const(Constant::Float(F32, 2.0)),
                    ),
                )
            })
            .collect::<Vec<_>>()
    };
    let m = Module {
        kernels: vec![
            kernel(
                "k1",
                0,
                vec![binding("x", F32, true, true)],
                vec![local("a", F32)],
                body(),
            ),
            kernel(
                "k2",
                0,
                vec![binding("x", F32, true, true)],
                vec![local("b", F32)],
                body(),
            ),
        ],
        functions: vec![],
    };
    let (words, _) = check_vulkan("dedupe", &m, &vulkan());
    let dr = rspirv::dr::load_words(&words).unwrap();
    let mut seen = std::collections::HashSet::new();
    for inst in &dr.types_global_values {
        if inst.class.opcode == spirv::Op::Variable {
            continue;
        }
        let key = format!(
            "{:?} {:?} {:?}",
            inst.class.opcode, inst.result_type, inst.operands
        );
        assert!(seen.insert(key.clone()), "declared twice: {key}");
    }
    // The shared storage buffer is one variable used by both entry points.
    let vars = dr
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == spirv::Op::Variable)
        .count();
    assert_eq!(vars, 2, "params and x");
}

#[test]
fn awkward_names_survive_to_wgsl() {
    use ScalarType::*;
    // Mangled kernel names, WGSL keywords and odd characters in names.
    let m = Module {
        kernels: vec![kernel(
            "_ZTSZ4mainEUlN4sycl2_V14itemILi1ELb1EEEE_",
            0,
            vec![
                binding("struct", U32, true, true),
                binding("acc.ptr", U32, true, false),
            ],
            vec![
                local("fn", U32),
                local("__tmp", U32),
                local("x.1", U32),
                local("", U32),
            ],
            vec![
                assign(0, load(1, gid(0))),
                assign(1, loc(0)),
                assign(2, loc(1)),
                assign(3, loc(2)),
                store(0, gid(0), loc(3)),
            ],
        )],
        functions: vec![],
    };
    check_webgpu("names", &m);
    // naga keeps the SPIR-V entry-point name (what wgpu's SPIR-V path looks
    // up). Its WGSL writer, however, drops the trailing `_` of this name:
    // whoever feeds WGSL text to a browser must map kernel names.
    let (_, nm) = check_vulkan("names", &m, &webgpu());
    assert_eq!(nm.entry_points[0].name, m.kernels[0].name);
}

#[test]
fn fences_are_memory_barriers_at_their_scope() {
    use crate::ir::FenceScope;
    let body = vec![
        store(0, u32c(0), f32c(1.0)),
        Stmt::Fence(FenceScope::Device),
        Stmt::Fence(FenceScope::WorkGroup),
        store(0, u32c(1), f32c(2.0)),
    ];
    let m = Module {
        kernels: vec![kernel(
            "fences",
            0,
            vec![binding("out", ScalarType::F32, false, true)],
            vec![],
            body,
        )],
        functions: vec![],
    };
    let (words, _) = check_vulkan("fences", &m, &vulkan());
    let module = rspirv::dr::load_words(&words).unwrap();
    let scopes: Vec<u32> = module
        .all_inst_iter()
        .filter(|i| i.class.opcode == spirv::Op::MemoryBarrier)
        .map(|i| {
            let id = match i.operands[0] {
                rspirv::dr::Operand::IdScope(id) | rspirv::dr::Operand::IdRef(id) => id,
                ref o => panic!("scope operand {o:?}"),
            };
            let c = module
                .types_global_values
                .iter()
                .find(|c| c.result_id == Some(id))
                .expect("scope constant");
            match c.operands[0] {
                rspirv::dr::Operand::LiteralBit32(v) => v,
                ref o => panic!("scope {o:?}"),
            }
        })
        .collect();
    assert_eq!(
        scopes,
        vec![spirv::Scope::Device as u32, spirv::Scope::Workgroup as u32]
    );
    let wgsl = check_webgpu("fences", &m);
    assert!(wgsl.contains("storageBarrier()"), "{wgsl}");
}

/// The bindings a module decorates `Coherent`, by name.
fn coherent_bindings(words: &[u32]) -> Vec<String> {
    let module = rspirv::dr::load_words(words).expect("parses");
    let names: HashMap<Word, String> = module
        .debug_names
        .iter()
        .filter(|i| i.class.opcode == spirv::Op::Name)
        .filter_map(|i| match (&i.operands[0], &i.operands[1]) {
            (rspirv::dr::Operand::IdRef(id), rspirv::dr::Operand::LiteralString(n)) => {
                Some((*id, n.clone()))
            }
            _ => None,
        })
        .collect();
    module
        .annotations
        .iter()
        .filter(|i| {
            i.operands.get(1) == Some(&rspirv::dr::Operand::Decoration(Decoration::Coherent))
        })
        .filter_map(|i| match i.operands[0] {
            rspirv::dr::Operand::IdRef(id) => names.get(&id).cloned(),
            _ => None,
        })
        .collect()
}

#[test]
fn memory_work_items_share_is_coherent_in_kernels_that_synchronize() {
    // `flag` is read and written, `src` only read, `dst` only written.
    let bindings = || {
        vec![
            binding("flag", ScalarType::U32, true, true),
            binding("src", ScalarType::U32, true, false),
            binding("dst", ScalarType::U32, false, true),
        ]
    };
    let copy = || {
        vec![
            store(
                0,
                conv(gid(0), ScalarType::U64),
                load(0, Expr::Const(Constant::Int(ScalarType::U64, 0))),
            ),
            store(
                2,
                conv(gid(0), ScalarType::U64),
                load(1, conv(gid(0), ScalarType::U64)),
            ),
        ]
    };
    let plain = kernel("plain", 0, bindings(), vec![], copy());
    let mut waiting_body = copy();
    waiting_body.push(Stmt::Barrier);
    let waiting = kernel("waiting", 0, bindings(), vec![], waiting_body);
    let only = |k: Kernel| Module {
        kernels: vec![k],
        functions: vec![],
    };
    let (words, _) = check_vulkan("coherent_plain", &only(plain), &vulkan());
    assert!(coherent_bindings(&words).is_empty());
    let (words, _) = check_vulkan("coherent_waiting", &only(waiting.clone()), &vulkan());
    assert_eq!(coherent_bindings(&words), ["flag"]);
    // WebGPU has no such decoration.
    let words = emit_module(&only(waiting), &webgpu()).unwrap();
    assert!(coherent_bindings(&words).is_empty());
}

/// WGSL refuses a constant shift count of the operand's width or more,
/// which C++ leaves undefined (`4ul << 40` where `long` has 32 bits): the
/// count is taken modulo the width.
#[test]
fn constant_shift_counts_beyond_the_width_wrap() {
    let m = Module {
        kernels: vec![kernel(
            "wide_shift",
            0,
            vec![binding("out", ScalarType::U32, false, true)],
            vec![],
            vec![
                store(0, u32c(0), bin(B::Shl, u32c(4), u32c(40))),
                store(0, u32c(1), bin(B::Shr, u32c(4096), u32c(33))),
            ],
        )],
        functions: vec![],
    };
    let wgsl = check_webgpu("wide_shift", &m);
    assert!(!wgsl.contains("40u") && !wgsl.contains("33u"), "{wgsl}");
    assert!(wgsl.contains("8u") && wgsl.contains("1u"), "{wgsl}");
    check_vulkan("wide_shift", &m, &vulkan());
}

/// WGSL has no infinity or NaN literal and refuses constant expressions
/// that make one (`1f / 0f`), and a constant -0 loses its sign on
/// SwiftShader: such values are read from private variables.
#[test]
fn non_finite_floats_are_no_wgsl_constant_expressions() {
    let body = vec![
        store(0, u32c(0), f32c(f32::INFINITY)),
        store(0, u32c(1), f32c(f32::NAN)),
        store(0, u32c(2), bin(B::Div, f32c(1.0), f32c(0.0))),
        store(0, u32c(3), bin(B::Mul, f32c(f32::MAX), f32c(-2.0))),
        // The bits of a NaN with a payload (`sycl::bit_cast<float>(...)`).
        store(
            0,
            u32c(4),
            Expr::Bitcast(Box::new(u32c(0x7fc0_0001)), ScalarType::F32),
        ),
        // -0 keeps its sign bit only when read at run time on SwiftShader.
        store(0, u32c(5), f32c(-0.0)),
    ];
    let m = Module {
        kernels: vec![kernel(
            "non_finite",
            0,
            vec![binding("out", ScalarType::F32, false, true)],
            vec![],
            body,
        )],
        functions: vec![],
    };
    // check_webgpu re-parses the WGSL, which evaluates constant expressions.
    let wgsl = check_webgpu("non_finite", &m);
    assert!(wgsl.contains("var<private>"), "{wgsl}");
    assert!(
        wgsl.contains(&format!("{}u", f32::INFINITY.to_bits())),
        "{wgsl}"
    );
    assert!(!wgsl.contains("bitcast<f32>(2143289345u)"), "{wgsl}");
    assert!(wgsl.contains("2143289345u"), "{wgsl}");
    assert!(
        wgsl.contains(&format!("{}u", (-0.0f32).to_bits())),
        "{wgsl}"
    );
    check_vulkan("non_finite", &m, &vulkan());
}
