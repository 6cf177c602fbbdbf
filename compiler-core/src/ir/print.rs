//! Textual form of the device IR, for tests and `--dump-ir`.

use super::*;
use std::fmt::Write;

pub fn print_module(m: &Module) -> String {
    let mut out = String::new();
    for k in &m.kernels {
        print_kernel(&mut out, k);
    }
    for f in &m.functions {
        print_function(&mut out, f);
    }
    out
}

fn print_function(out: &mut String, f: &Function) {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| match p {
            FunctionParam::Value(l) => format!("%{}", l.0),
            FunctionParam::Pointer { binding, index } => format!("&b{}[%{}]", binding.0, index.0),
        })
        .collect();
    let results: Vec<String> = f.results.iter().map(|l| format!("%{}", l.0)).collect();
    let _ = writeln!(
        out,
        "function {}({}) -> ({}) {{",
        f.name,
        params.join(", "),
        results.join(", ")
    );
    print_declarations(out, &f.bindings, &f.locals);
    print_block(out, &f.body, 1);
    out.push_str("}\n");
}

fn print_kernel(out: &mut String, k: &Kernel) {
    let [x, y, z] = k.work_group_size;
    let _ = writeln!(
        out,
        "kernel {} wg({x},{y},{z}) params({} bytes) {{",
        k.name, k.param_block_size
    );
    print_declarations(out, &k.bindings, &k.locals);
    for (i, c) in k.spec_constants.iter().enumerate() {
        let _ = writeln!(
            out,
            "  spec s{i} {}+{}: {} = {}",
            c.symbol,
            c.offset,
            c.default.ty().name(),
            expr(&Expr::Const(c.default))
        );
    }
    print_block(out, &k.body, 1);
    out.push_str("}\n");
}

fn print_declarations(out: &mut String, bindings: &[Binding], locals: &[Local]) {
    for (i, b) in bindings.iter().enumerate() {
        let rw = match (b.reads, b.writes) {
            (true, true) => "rw",
            (true, false) => "r",
            (false, true) => "w",
            (false, false) => "-",
        };
        let space = match b.space {
            Space::Global => "",
            Space::Workgroup => " workgroup",
            Space::Private => " private",
        };
        let volatile = if b.volatile { " volatile" } else { "" };
        let aliased = if b.aliased { " aliased" } else { "" };
        let per_work_item = if b.per_work_item {
            " per_work_item"
        } else {
            ""
        };
        let stored = match b.narrow_bits {
            Some(bits) => format!(" stored u{bits}"),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "  binding b{i} {}: {}{stored} {rw}{volatile}{aliased}{per_work_item}{space}",
            b.name,
            b.elem.name()
        );
    }
    for (i, l) in locals.iter().enumerate() {
        let _ = writeln!(out, "  local %{i} {}: {}", l.name, l.ty.name());
    }
}

fn print_block(out: &mut String, b: &Block, depth: usize) {
    for s in b {
        let pad = "  ".repeat(depth);
        match s {
            Stmt::Assign { local, value } => {
                let _ = writeln!(out, "{pad}%{} = {}", local.0, expr(value));
            }
            Stmt::Store {
                binding,
                index,
                value,
            } => {
                let _ = writeln!(
                    out,
                    "{pad}b{}[{}] = {}",
                    binding.0,
                    expr(index),
                    expr(value)
                );
            }
            Stmt::Atomic {
                op,
                binding,
                index,
                value,
                expected,
                result,
            } => {
                let dest = result.map(|l| format!("%{} = ", l.0)).unwrap_or_default();
                let mut operands = vec![format!("b{}[{}]", binding.0, expr(index))];
                operands.extend(expected.iter().map(expr));
                operands.extend(value.iter().map(expr));
                let _ = writeln!(
                    out,
                    "{pad}{dest}atomic_{}({})",
                    op.name(),
                    operands.join(", ")
                );
            }
            Stmt::Subgroup {
                op,
                value,
                operand,
                result,
            } => {
                let mut operands = vec![expr(value)];
                operands.extend(operand.iter().map(expr));
                let _ = writeln!(
                    out,
                    "{pad}%{} = subgroup_{op:?}({})",
                    result.0,
                    operands.join(", ")
                );
            }
            Stmt::SubgroupBarrier => {
                let _ = writeln!(out, "{pad}subgroup_barrier");
            }
            Stmt::ReadClock { scope, local } => {
                let _ = writeln!(out, "{pad}%{} = read_clock({scope:?})", local.0);
            }
            Stmt::RequireAspect(aspect) => {
                let _ = writeln!(out, "{pad}require_aspect({})", aspect.name());
            }
            Stmt::Call {
                function,
                args,
                results,
            } => {
                let dest: Vec<String> = results.iter().map(|l| format!("%{}", l.0)).collect();
                let dest = if dest.is_empty() {
                    String::new()
                } else {
                    format!("{} = ", dest.join(", "))
                };
                let args: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        CallArg::Value(e) => expr(e),
                        CallArg::Pointer { binding, index } => {
                            format!("&b{}[{}]", binding.0, expr(index))
                        }
                    })
                    .collect();
                let _ = writeln!(out, "{pad}{dest}call {function}({})", args.join(", "));
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let _ = writeln!(out, "{pad}if {} {{", expr(cond));
                print_block(out, then_block, depth + 1);
                if !else_block.is_empty() {
                    let _ = writeln!(out, "{pad}}} else {{");
                    print_block(out, else_block, depth + 1);
                }
                let _ = writeln!(out, "{pad}}}");
            }
            Stmt::Loop { body, continuing } => {
                let _ = writeln!(out, "{pad}loop {{");
                print_block(out, body, depth + 1);
                if !continuing.is_empty() {
                    let _ = writeln!(out, "{pad}}} continuing {{");
                    print_block(out, continuing, depth + 1);
                }
                let _ = writeln!(out, "{pad}}}");
            }
            Stmt::Break => {
                let _ = writeln!(out, "{pad}break");
            }
            Stmt::Continue => {
                let _ = writeln!(out, "{pad}continue");
            }
            Stmt::Return => {
                let _ = writeln!(out, "{pad}return");
            }
            Stmt::Barrier => {
                let _ = writeln!(out, "{pad}barrier");
            }
            Stmt::Fence(scope) => {
                let scope = match scope {
                    FenceScope::WorkGroup => "work_group",
                    FenceScope::Device => "device",
                };
                let _ = writeln!(out, "{pad}fence {scope}");
            }
        }
    }
}

pub(crate) fn expr(e: &Expr) -> String {
    match e {
        Expr::Const(Constant::Bool(b)) => format!("{b}"),
        Expr::Const(Constant::Int(t, v)) => format!("{v}{}", t.name()),
        Expr::Const(Constant::Float(t, v)) => format!("{v:?}{}", t.name()),
        Expr::Local(l) => format!("%{}", l.0),
        Expr::Param { offset, ty } => format!("param[{offset}]:{}", ty.name()),
        Expr::ParamAt { offset, word, ty } => {
            format!("param[{offset} + 4 * {}]:{}", expr(word), ty.name())
        }
        Expr::Builtin(b, d) => format!("{b:?}.{}", ["x", "y", "z"][*d as usize]),
        Expr::Load { binding, index } => format!("b{}[{}]", binding.0, expr(index)),
        Expr::Unary(op, a) => format!("{op:?}({})", expr(a)),
        Expr::Binary(op, a, b) => format!("{op:?}({}, {})", expr(a), expr(b)),
        Expr::Uncontracted(op, a, b) => format!("{op:?}.exact({}, {})", expr(a), expr(b)),
        Expr::Convert(a, t) => format!("convert<{}>({})", t.name(), expr(a)),
        Expr::Bitcast(a, t) => format!("bitcast<{}>({})", t.name(), expr(a)),
        Expr::Select(c, a, b) => format!("select({}, {}, {})", expr(c), expr(a), expr(b)),
        Expr::Math(f, args) => format!(
            "{}({})",
            f.name(),
            args.iter().map(expr).collect::<Vec<_>>().join(", ")
        ),
        Expr::SpecConst(i) => format!("s{i}"),
    }
}
