//! The pass checked by running kernels before and after it in the test
//! interpreter over operands that reach every carry, borrow and sign case.

use super::split_int64;
use crate::ir::build::{binary as bin, global_binding as binding, local};
use crate::ir::{
    BinaryOp, BindingId, Block, Constant, Expr, Kernel, LocalId, ScalarType, Stmt, UnaryOp,
};
use crate::passes::test_eval::run;
use crate::passes::test_ir::local as l;

const OPERANDS: [u64; 20] = [
    0,
    1,
    2,
    7,
    0xffff_ffff,
    0x1_0000_0000,
    0x8000_0000,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    0x8000_0000_0000_0005,
    u64::MAX,
    u64::MAX - 6,
    0x0000_0123_4567_89ab,
    0xfedc_ba98_7654_3210,
    0x0000_0000_dead_beef,
    0x0000_0003_0000_0001,
    // Exact ties between two floats: to the even one.
    0x8000_0080_0000_0000,
    0x8000_0180_0000_0000,
    // Their leading 32 bits are a tie that only the bits below break.
    0x8000_0080_0000_0001,
    0x0000_0001_0000_0101,
];

fn idx(i: usize) -> Expr {
    Expr::Const(Constant::Int(ScalarType::U32, i as u64))
}

const WIDE_OUT: BindingId = BindingId(0);
const WORD_OUT: BindingId = BindingId(1);
const FLOAT_OUT: BindingId = BindingId(2);
const WIDE_IN: BindingId = BindingId(3);

/// A kernel applying every operation to `a` and `b` (locals 0 and 1 of
/// type `ty`, read from the parameter block, as is the float at byte 16)
/// and storing each result in one element of its type's output.
fn operations_kernel(ty: ScalarType) -> Kernel {
    let (a, b) = (l(0), l(1));
    let mut body: Block = vec![
        Stmt::Assign {
            local: LocalId(0),
            value: Expr::Param { offset: 0, ty },
        },
        Stmt::Assign {
            local: LocalId(1),
            value: Expr::Param { offset: 8, ty },
        },
    ];
    // A divisor with a defined quotient: not 0, nor -1 (the minimum over
    // -1 overflows).
    let all_ones = Expr::Const(Constant::Int(ty, u64::MAX));
    let nonzero_b = Expr::Select(
        Box::new(bin(
            BinaryOp::LogicalOr,
            bin(BinaryOp::Eq, b.clone(), Expr::Const(Constant::Int(ty, 0))),
            bin(BinaryOp::Eq, b.clone(), all_ones),
        )),
        Box::new(Expr::Const(Constant::Int(ty, 3))),
        Box::new(b.clone()),
    );
    let count = bin(
        BinaryOp::BitAnd,
        b.clone(),
        Expr::Const(Constant::Int(ty, 63)),
    );
    let wide: Vec<Expr> = vec![
        bin(BinaryOp::Add, a.clone(), b.clone()),
        bin(BinaryOp::Sub, a.clone(), b.clone()),
        bin(BinaryOp::Mul, a.clone(), b.clone()),
        bin(BinaryOp::Div, a.clone(), nonzero_b.clone()),
        bin(BinaryOp::Rem, a.clone(), nonzero_b),
        bin(BinaryOp::BitAnd, a.clone(), b.clone()),
        bin(BinaryOp::BitOr, a.clone(), b.clone()),
        bin(BinaryOp::BitXor, a.clone(), b.clone()),
        bin(BinaryOp::Shl, a.clone(), count.clone()),
        bin(BinaryOp::Shr, a.clone(), count.clone()),
        // A 32-bit shift count.
        bin(
            BinaryOp::Shl,
            a.clone(),
            Expr::Convert(Box::new(count), ScalarType::U32),
        ),
        Expr::Unary(UnaryOp::Neg, Box::new(a.clone())),
        Expr::Unary(UnaryOp::BitNot, Box::new(a.clone())),
        Expr::Convert(
            Box::new(Expr::Param {
                offset: 0,
                ty: ScalarType::I32,
            }),
            ty,
        ),
        Expr::Convert(
            Box::new(Expr::Param {
                offset: 4,
                ty: ScalarType::U32,
            }),
            ty,
        ),
        Expr::Convert(Box::new(bin(BinaryOp::Lt, a.clone(), b.clone())), ty),
        Expr::Convert(
            Box::new(Expr::Param {
                offset: 16,
                ty: ScalarType::F32,
            }),
            ty,
        ),
        Expr::Select(
            Box::new(bin(BinaryOp::Gt, a.clone(), b.clone())),
            Box::new(a.clone()),
            Box::new(b.clone()),
        ),
        // Element 0 of the input plus element 1.
        bin(
            BinaryOp::Add,
            Expr::Load {
                binding: WIDE_IN,
                index: Box::new(idx(0)),
            },
            Expr::Load {
                binding: WIDE_IN,
                index: Box::new(idx(1)),
            },
        ),
    ];
    let words: Vec<Expr> = [
        BinaryOp::Eq,
        BinaryOp::Ne,
        BinaryOp::Lt,
        BinaryOp::Le,
        BinaryOp::Gt,
        BinaryOp::Ge,
    ]
    .into_iter()
    .map(|op| Expr::Convert(Box::new(bin(op, a.clone(), b.clone())), ScalarType::U32))
    .chain([
        Expr::Convert(Box::new(a.clone()), ScalarType::U32),
        Expr::Bitcast(
            Box::new(Expr::Convert(Box::new(a.clone()), ScalarType::I32)),
            ScalarType::U32,
        ),
        Expr::Convert(
            Box::new(Expr::Convert(Box::new(a.clone()), ScalarType::Bool)),
            ScalarType::U32,
        ),
    ])
    .collect();
    let floats = [
        Expr::Convert(Box::new(a.clone()), ScalarType::F32),
        Expr::Convert(Box::new(b.clone()), ScalarType::F32),
    ];
    for (i, value) in wide.into_iter().enumerate() {
        body.push(Stmt::Store {
            binding: WIDE_OUT,
            index: idx(i),
            value,
        });
    }
    for (i, value) in words.into_iter().enumerate() {
        body.push(Stmt::Store {
            binding: WORD_OUT,
            index: idx(i),
            value,
        });
    }
    for (i, value) in floats.into_iter().enumerate() {
        body.push(Stmt::Store {
            binding: FLOAT_OUT,
            index: idx(i),
            value,
        });
    }
    // A local updated from itself in a loop: x = x * a + b, three times,
    // then the element after the last result.
    let x = LocalId(2);
    let trips = LocalId(3);
    body.extend([
        Stmt::Assign {
            local: x,
            value: b.clone(),
        },
        Stmt::Assign {
            local: trips,
            value: idx(0),
        },
        Stmt::Loop {
            body: vec![
                Stmt::If {
                    cond: bin(BinaryOp::Eq, l(3), idx(3)),
                    then_block: vec![Stmt::Break],
                    else_block: vec![],
                },
                Stmt::Assign {
                    local: x,
                    value: bin(BinaryOp::Add, bin(BinaryOp::Mul, l(2), a.clone()), b),
                },
            ],
            continuing: vec![Stmt::Assign {
                local: trips,
                value: bin(BinaryOp::Add, l(3), idx(1)),
            }],
        },
        Stmt::Store {
            binding: WIDE_OUT,
            index: idx(WIDE_RESULTS - 1),
            value: l(2),
        },
    ]);
    Kernel {
        name: "ops".into(),
        work_group_size: [1, 1, 1],
        param_block_size: 32,
        bindings: vec![
            binding("wide", ty, true, true),
            binding("words", ScalarType::U32, true, true),
            binding("floats", ScalarType::F32, true, true),
            binding("input", ty, true, false),
        ],
        locals: vec![
            local("a", ty),
            local("b", ty),
            local("x", ty),
            local("trips", ScalarType::U32),
        ],
        body,
        spec_constants: vec![],
        assert_sites: vec![],
        printf_strings: vec![],
    }
}

const WIDE_RESULTS: usize = 20;

fn memory(a: u64, b: u64) -> Vec<Vec<u8>> {
    let input: Vec<u8> = [b, a].iter().flat_map(|v| v.to_le_bytes()).collect();
    vec![vec![0; 8 * WIDE_RESULTS], vec![0; 4 * 9], vec![0; 8], input]
}

/// The parameter block: `a`, `b`, and a float in the range of `ty`
/// made from `a`.
fn params(a: u64, b: u64, ty: ScalarType) -> Vec<u8> {
    let f = if ty == ScalarType::I64 {
        (a as i64 >> 2) as f32
    } else {
        (a >> 1) as f32
    };
    let mut p = vec![0u8; 32];
    p[..8].copy_from_slice(&a.to_le_bytes());
    p[8..16].copy_from_slice(&b.to_le_bytes());
    p[16..20].copy_from_slice(&f.to_le_bytes());
    p
}

#[test]
fn pairs_of_words_compute_what_64_bit_integers_do() {
    for ty in [ScalarType::I64, ScalarType::U64] {
        let wide = operations_kernel(ty);
        let mut words = wide.clone();
        split_int64(&mut words).unwrap();
        let mut simplified = words.clone();
        crate::passes::simplify(&mut simplified);
        for t in [&words, &simplified] {
            let types = t.scalar_types();
            assert!(
                !types.contains(&ScalarType::I64) && !types.contains(&ScalarType::U64),
                "{types:?}"
            );
        }
        for &a in &OPERANDS {
            for &b in &OPERANDS {
                let p = params(a, b, ty);
                let expected = run(&wide, &p, memory(a, b));
                for (what, k) in [("split", &words), ("split and simplified", &simplified)] {
                    let got = run(k, &p, memory(a, b));
                    for (binding, (e, g)) in expected.iter().zip(&got).enumerate() {
                        let size = wide.bindings[binding].elem.size() as usize;
                        for (i, (e, g)) in e.chunks(size).zip(g.chunks(size)).enumerate() {
                            assert_eq!(
                                e, g,
                                "{ty:?} a={a:#x} b={b:#x}: {what}: binding {binding} element {i}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn split_kernels_are_valid_webgpu_shaders() {
    for ty in [ScalarType::I64, ScalarType::U64] {
        let mut k = operations_kernel(ty);
        split_int64(&mut k).unwrap();
        crate::passes::simplify(&mut k);
        let module = crate::ir::Module {
            kernels: vec![k],
            functions: vec![],
        };
        let target =
            crate::target::TargetProperties::for_kind(crate::target::TargetKind::SpirvWebGpu);
        let words = crate::back::spirv::emit_module(&module, &target).unwrap();
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let nm = naga::front::spv::parse_u8_slice(&bytes, &Default::default()).unwrap();
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::default(),
        )
        .validate(&nm)
        .unwrap_or_else(|e| panic!("{ty:?}: {e:?}"));
        naga::back::wgsl::write_string(&nm, &info, naga::back::wgsl::WriterFlags::empty()).unwrap();
    }
}

#[test]
fn a_64_bit_atomic_has_no_word_form() {
    let mut k = operations_kernel(ScalarType::U64);
    k.body = vec![Stmt::Atomic {
        op: crate::ir::AtomicOp::Add,
        binding: WIDE_OUT,
        index: idx(0),
        value: Some(Expr::Const(Constant::Int(ScalarType::U64, 1))),
        expected: None,
        result: None,
    }];
    assert_eq!(
        split_int64(&mut k).unwrap_err().to_string(),
        "a 64-bit atomic operation has no form in 32-bit integers"
    );
}

#[test]
fn a_64_bit_specialization_constant_is_two_words_of_the_host_value() {
    let mut k = operations_kernel(ScalarType::I64);
    k.spec_constants = vec![crate::ir::SpecConstant {
        symbol: "_ZL4seed".into(),
        offset: 8,
        size: 8,
        default: Constant::Int(ScalarType::I64, 0xfedc_ba98_7654_3210),
    }];
    k.body = vec![Stmt::Store {
        binding: WIDE_OUT,
        index: idx(0),
        value: bin(BinaryOp::Add, Expr::SpecConst(0), l(0)),
    }];
    let mut words = k.clone();
    split_int64(&mut words).unwrap();
    let layout: Vec<(u32, u32, Constant)> = words
        .spec_constants
        .iter()
        .map(|c| (c.offset, c.size, c.default))
        .collect();
    assert_eq!(
        layout,
        [
            (8, 4, Constant::Int(ScalarType::U32, 0x7654_3210)),
            (12, 4, Constant::Int(ScalarType::U32, 0xfedc_ba98)),
        ]
    );
    let p = params(0, 0, ScalarType::I64);
    assert_eq!(run(&k, &p, memory(0, 0)), run(&words, &p, memory(0, 0)));
}
