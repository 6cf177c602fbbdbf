//! Gives every sub-group ballot its predicate. naga reads SPIR-V's
//! `OpGroupNonUniformBallot` of a constant `true` as a ballot without a
//! predicate and writes it as `subgroupBallot()`, which WebGPU refuses:
//! WGSL's `subgroupBallot` takes a `bool`.

use naga::{Block, Expression, Function, Literal, Module, Span, Statement};

/// Sets the predicate of each predicate-less ballot of `module` to `true`.
pub fn give_ballots_a_predicate(module: &mut Module) {
    for (_, function) in module.functions.iter_mut() {
        in_function(function);
    }
    for entry in &mut module.entry_points {
        in_function(&mut entry.function);
    }
}

fn in_function(function: &mut Function) {
    let mut body = std::mem::take(&mut function.body);
    in_block(&mut body, function);
    function.body = body;
}

fn in_block(block: &mut Block, function: &mut Function) {
    for statement in block.iter_mut() {
        match statement {
            Statement::SubgroupBallot { predicate, .. } if predicate.is_none() => {
                *predicate = Some(
                    function
                        .expressions
                        .append(Expression::Literal(Literal::Bool(true)), Span::UNDEFINED),
                );
            }
            Statement::Block(b) => in_block(b, function),
            Statement::If { accept, reject, .. } => {
                in_block(accept, function);
                in_block(reject, function);
            }
            Statement::Switch { cases, .. } => {
                for case in cases {
                    in_block(&mut case.body, function);
                }
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                in_block(body, function);
                in_block(continuing, function);
            }
            _ => {}
        }
    }
}
