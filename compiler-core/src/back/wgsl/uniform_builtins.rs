//! Keeps the per-work-group built-ins uniform for WGSL's uniformity
//! analysis. naga reads SPIR-V built-ins into `var<private>` copies that the
//! entry point fills before calling the kernel's function; WebGPU treats
//! every read of a private variable as non-uniform, so a barrier after a
//! branch on the group id (every kernel's guard against the groups a
//! dispatch rounds up) is refused. This pass hands `workgroup_id` and
//! `num_workgroups` to the kernel's function as arguments instead, copied
//! into function variables, which the analysis follows as uniform values.

use naga::{
    Binding, BuiltIn, Expression, Function, FunctionArgument, Handle, LocalVariable, Module, Span,
    Statement,
};

/// A private copy of a built-in that the entry point fills from its argument.
struct PrivateCopy {
    global: Handle<naga::GlobalVariable>,
    /// The entry point's argument expression the copy is stored from.
    entry_value: Handle<Expression>,
}

/// Rewrites the only entry point of `module` (as [`super::kernel_wgsl`]
/// leaves it) and its callee; returns whether anything changed. Modules of
/// another shape (a callee that calls or is called elsewhere) are left as
/// they are: correct, and refused by WebGPU only where they were before.
pub fn pass_uniform_builtins(module: &mut Module) -> bool {
    let [entry] = module.entry_points.as_slice() else {
        return false;
    };
    let copies = uniform_private_copies(&entry.function);
    let callees = calls_in(&entry.function.body);
    let [callee] = callees.as_slice() else {
        return false;
    };
    let callee = *callee;
    let called_elsewhere = module
        .functions
        .iter()
        .any(|(_, f)| calls_in(&f.body).contains(&callee));
    if copies.is_empty() || called_elsewhere || !calls_in(&module.functions[callee].body).is_empty()
    {
        return false;
    }
    let used_elsewhere = |global| {
        module
            .functions
            .iter()
            .filter(|(h, _)| *h != callee)
            .any(|(_, f)| reads_global(f, global))
    };
    let copies: Vec<PrivateCopy> = copies
        .into_iter()
        .filter(|c| !used_elsewhere(c.global))
        .collect();
    if copies.is_empty() {
        return false;
    }
    let globals = &module.global_variables;
    let function = &mut module.functions[callee];
    let mut prologue = Vec::new();
    for copy in &copies {
        let var = &globals[copy.global];
        let index = function.arguments.len() as u32;
        function.arguments.push(FunctionArgument {
            name: var.name.clone(),
            ty: var.ty,
            binding: None,
        });
        let local = function.local_variables.append(
            LocalVariable {
                name: var.name.clone(),
                ty: var.ty,
                init: None,
            },
            Span::UNDEFINED,
        );
        for (_, expr) in function.expressions.iter_mut() {
            if *expr == Expression::GlobalVariable(copy.global) {
                *expr = Expression::LocalVariable(local);
            }
        }
        let pointer = function
            .expressions
            .append(Expression::LocalVariable(local), Span::UNDEFINED);
        let value = function
            .expressions
            .append(Expression::FunctionArgument(index), Span::UNDEFINED);
        prologue.push(Statement::Store { pointer, value });
    }
    let body = std::mem::take(&mut function.body);
    function.body = naga::Block::from_vec(prologue);
    function.body.extend_block(body);

    // The entry point passes the built-ins and no longer fills the copies.
    let entry = &mut module.entry_points[0].function;
    let copied: Vec<_> = copies.iter().map(|c| c.global).collect();
    let stores_a_copy = |statement: &Statement, expressions: &naga::Arena<Expression>| {
        matches!(statement, Statement::Store { pointer, .. }
            if matches!(expressions[*pointer], Expression::GlobalVariable(g) if copied.contains(&g)))
    };
    let mut kept = naga::Block::new();
    for (statement, span) in std::mem::take(&mut entry.body).span_into_iter() {
        if stores_a_copy(&statement, &entry.expressions) {
            continue;
        }
        let statement = match statement {
            Statement::Call {
                function,
                mut arguments,
                result,
            } if function == callee => {
                arguments.extend(copies.iter().map(|c| c.entry_value));
                Statement::Call {
                    function,
                    arguments,
                    result,
                }
            }
            other => other,
        };
        kept.push(statement, span);
    }
    entry.body = kept;
    true
}

/// The private variables `function` (an entry point) fills straight from
/// its `workgroup_id` or `num_workgroups` argument at its top level.
fn uniform_private_copies(function: &Function) -> Vec<PrivateCopy> {
    function
        .body
        .iter()
        .filter_map(|statement| {
            let Statement::Store { pointer, value } = *statement else {
                return None;
            };
            let Expression::GlobalVariable(global) = function.expressions[pointer] else {
                return None;
            };
            let Expression::FunctionArgument(index) = function.expressions[value] else {
                return None;
            };
            let uniform = matches!(
                function.arguments[index as usize].binding,
                Some(Binding::BuiltIn(
                    BuiltIn::WorkGroupId | BuiltIn::NumWorkGroups | BuiltIn::SubgroupSize
                ))
            );
            uniform.then_some(PrivateCopy {
                global,
                entry_value: value,
            })
        })
        .collect()
}

fn reads_global(function: &Function, global: Handle<naga::GlobalVariable>) -> bool {
    function
        .expressions
        .iter()
        .any(|(_, e)| *e == Expression::GlobalVariable(global))
}

/// The functions `block` calls, at any depth.
fn calls_in(block: &naga::Block) -> Vec<Handle<Function>> {
    let mut calls = Vec::new();
    each_statement(block, &mut |statement| {
        if let Statement::Call { function, .. } = *statement {
            calls.push(function);
        }
    });
    calls
}

fn each_statement(block: &naga::Block, visit: &mut impl FnMut(&Statement)) {
    for statement in block.iter() {
        visit(statement);
        match statement {
            Statement::Block(inner) => each_statement(inner, visit),
            Statement::If { accept, reject, .. } => {
                each_statement(accept, visit);
                each_statement(reject, visit);
            }
            Statement::Switch { cases, .. } => {
                for case in cases {
                    each_statement(&case.body, visit);
                }
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                each_statement(body, visit);
                each_statement(continuing, visit);
            }
            _ => {}
        }
    }
}
