//! Makes loads of work-group memory that decide control flow around a
//! barrier uniform for WGSL's uniformity analysis. A SYCL work-group often
//! agrees on a value in local memory and branches on it (`while
//! (tile_count[0] < n) { ...; group_barrier(g); }`): uniform, as the
//! barrier before the read made every work-item see the same value, but
//! WebGPU counts every read of `var<workgroup>` as non-uniform and refuses
//! the barrier. WGSL's `workgroupUniformLoad` is such a read made uniform
//! (a barrier, the load, a barrier), so this pass turns the loads into it
//! where their value reaches, through expressions alone, the condition of
//! an `if`, `switch` or loop exit that encloses a barrier, or of an `if`
//! that leaves or restarts (`break`, `continue`) a loop with a barrier.
//! Values are followed through local variables whose every store runs where
//! such a kernel's control flow is uniform (at its top level, or inside
//! the statements above, which a barrier makes uniform), as hierarchical
//! kernels keep a work-group scope condition in one (`group.cond`).

use naga::{
    AddressSpace, Block, Expression, Function, Handle, LocalVariable, Module, Span, Statement,
    TypeInner,
};
use std::collections::{HashMap, HashSet};

/// Rewrites every function of `module` with a barrier; returns whether
/// anything changed.
pub fn pass_uniform_workgroup_loads(module: &mut Module) -> bool {
    let barrier_functions = functions_with_barriers(module);
    let mut changed = false;
    let handles: Vec<_> = module.functions.iter().map(|(h, _)| h).collect();
    for handle in handles {
        if !barrier_functions.contains(&handle) {
            continue;
        }
        let mut function = std::mem::take(&mut module.functions[handle]);
        changed |= rewrite_function(module, &mut function, &barrier_functions);
        module.functions[handle] = function;
    }
    for index in 0..module.entry_points.len() {
        let mut function = std::mem::take(&mut module.entry_points[index].function);
        if block_has_barrier(&function.body, &barrier_functions) {
            changed |= rewrite_function(module, &mut function, &barrier_functions);
        }
        module.entry_points[index].function = function;
    }
    changed
}

/// The functions that run a barrier, themselves or through calls.
fn functions_with_barriers(module: &Module) -> HashSet<Handle<Function>> {
    let mut found = HashSet::new();
    loop {
        let before = found.len();
        for (handle, function) in module.functions.iter() {
            if !found.contains(&handle) && block_has_barrier(&function.body, &found) {
                found.insert(handle);
            }
        }
        if found.len() == before {
            return found;
        }
    }
}

fn block_has_barrier(block: &Block, barrier_functions: &HashSet<Handle<Function>>) -> bool {
    block.iter().any(|s| match s {
        Statement::ControlBarrier(_) | Statement::WorkGroupUniformLoad { .. } => true,
        Statement::Call { function, .. } => barrier_functions.contains(function),
        _ => nested_blocks(s).any(|b| block_has_barrier(b, barrier_functions)),
    })
}

/// Whether `block` leaves or restarts the loop it is in.
fn block_has_jump(block: &Block) -> bool {
    block.iter().any(|s| match s {
        Statement::Break | Statement::Continue => true,
        Statement::Loop { .. } | Statement::Switch { .. } => false,
        _ => nested_blocks(s).any(block_has_jump),
    })
}

fn nested_blocks(statement: &Statement) -> Box<dyn Iterator<Item = &Block> + '_> {
    match statement {
        Statement::Block(b) => Box::new(std::iter::once(b)),
        Statement::If { accept, reject, .. } => Box::new([accept, reject].into_iter()),
        Statement::Switch { cases, .. } => Box::new(cases.iter().map(|c| &c.body)),
        Statement::Loop {
            body, continuing, ..
        } => Box::new([body, continuing].into_iter()),
        _ => Box::new(std::iter::empty()),
    }
}

/// Rewrites the deciding loads of `function`; `module` gives the types.
fn rewrite_function(
    module: &mut Module,
    function: &mut Function,
    barrier_functions: &HashSet<Handle<Function>>,
) -> bool {
    let survey = Survey::of(function, barrier_functions);
    let mut loads = HashMap::new();
    for &condition in &survey.conditions {
        workgroup_loads_feeding(module, function, &survey, condition, &mut loads);
    }
    if loads.is_empty() {
        return false;
    }
    for (&load, &(_, ty)) in &loads {
        function.expressions[load] = Expression::WorkGroupUniformLoadResult { ty };
    }
    let body = std::mem::take(&mut function.body);
    function.body = split_emits(body, &loads);
    true
}

/// What a function's statements say about uniformity.
struct Survey<'a> {
    function: &'a Function,
    barrier_functions: &'a HashSet<Handle<Function>>,
    /// The conditions that decide whether a barrier runs: of an `if` or
    /// `switch` with a barrier inside, of an `if` that leaves or restarts
    /// a loop with a barrier, of a loop's exit when the loop has a barrier.
    /// Such a statement runs in uniform control flow in a valid kernel, so
    /// a `workgroupUniformLoad` there is valid too.
    conditions: Vec<Handle<Expression>>,
    /// The values stored into each local variable.
    stores: HashMap<Handle<LocalVariable>, Vec<Handle<Expression>>>,
    /// Local variables with a store where control flow may not be uniform
    /// (or written through a call): their values are not followed.
    non_uniform_locals: HashSet<Handle<LocalVariable>>,
}

impl<'a> Survey<'a> {
    /// Surveys `function`; `barrier_functions` are those that run a barrier.
    fn of(function: &'a Function, barrier_functions: &'a HashSet<Handle<Function>>) -> Self {
        let mut survey = Survey {
            function,
            barrier_functions,
            conditions: Vec::new(),
            stores: HashMap::new(),
            non_uniform_locals: HashSet::new(),
        };
        survey.block(&function.body, true, false);
        survey
    }

    /// Surveys `block`, which runs in uniform control flow when `uniform`,
    /// inside a loop with a barrier when `in_barrier_loop`.
    fn block(&mut self, block: &'a Block, uniform: bool, in_barrier_loop: bool) {
        let (function, barrier_functions) = (self.function, self.barrier_functions);
        let has_barrier = |b: &Block| block_has_barrier(b, barrier_functions);
        for statement in block.iter() {
            match statement {
                Statement::If {
                    condition,
                    accept,
                    reject,
                } => {
                    let jumps =
                        in_barrier_loop && (block_has_jump(accept) || block_has_jump(reject));
                    let deciding = has_barrier(accept) || has_barrier(reject) || jumps;
                    if deciding {
                        self.conditions.push(*condition);
                    }
                    for nested in [accept, reject] {
                        let uniform = uniform && deciding;
                        self.block(nested, uniform, in_barrier_loop);
                    }
                }
                Statement::Switch { selector, cases } => {
                    let deciding = cases.iter().any(|c| has_barrier(&c.body));
                    if deciding {
                        self.conditions.push(*selector);
                    }
                    for case in cases {
                        let uniform = uniform && deciding;
                        self.block(&case.body, uniform, in_barrier_loop);
                    }
                }
                Statement::Loop {
                    body,
                    continuing,
                    break_if,
                } => {
                    let barrier_loop = has_barrier(body) || has_barrier(continuing);
                    if let (Some(condition), true) = (break_if, barrier_loop) {
                        self.conditions.push(*condition);
                    }
                    for nested in [body, continuing] {
                        let uniform = uniform && barrier_loop;
                        self.block(nested, uniform, barrier_loop);
                    }
                }
                Statement::Block(nested) => {
                    self.block(nested, uniform, in_barrier_loop);
                }
                Statement::Store { pointer, value } => {
                    if let Some(local) = local_root(function, *pointer) {
                        self.stores.entry(local).or_default().push(*value);
                        if !uniform {
                            self.non_uniform_locals.insert(local);
                        }
                    }
                }
                Statement::Call { arguments, .. } => {
                    let written = arguments.iter().filter_map(|&a| local_root(function, a));
                    self.non_uniform_locals.extend(written);
                }
                _ => {}
            }
        }
    }
}

/// The local variable `pointer` points into, through its access chain.
fn local_root(function: &Function, pointer: Handle<Expression>) -> Option<Handle<LocalVariable>> {
    let mut at = pointer;
    loop {
        match function.expressions[at] {
            Expression::LocalVariable(local) => return Some(local),
            Expression::AccessIndex { base, .. } | Expression::Access { base, .. } => at = base,
            _ => return None,
        }
    }
}

/// Adds to `loads` the loads of work-group memory that `root` is computed
/// from, with their pointers and the types they load.
fn workgroup_loads_feeding(
    module: &mut Module,
    function: &Function,
    survey: &Survey,
    root: Handle<Expression>,
    loads: &mut HashMap<Handle<Expression>, (Handle<Expression>, Handle<naga::Type>)>,
) {
    let mut pending = vec![root];
    let mut seen = HashSet::new();
    let mut followed_locals = HashSet::new();
    while let Some(e) = pending.pop() {
        if !seen.insert(e) {
            continue;
        }
        match &function.expressions[e] {
            Expression::Load { pointer } => {
                if let Some(ty) = workgroup_pointee(module, function, *pointer) {
                    loads.insert(e, (*pointer, ty));
                } else if let Some(local) = local_root(function, *pointer) {
                    if !survey.non_uniform_locals.contains(&local) && followed_locals.insert(local)
                    {
                        pending.extend(survey.stores.get(&local).into_iter().flatten());
                    }
                    pending.push(*pointer);
                }
            }
            Expression::Binary { left, right, .. } => pending.extend([*left, *right]),
            Expression::Unary { expr, .. } | Expression::As { expr, .. } => pending.push(*expr),
            Expression::Select {
                condition,
                accept,
                reject,
            } => pending.extend([*condition, *accept, *reject]),
            Expression::Relational { argument, .. } => pending.push(*argument),
            Expression::Math {
                arg,
                arg1,
                arg2,
                arg3,
                ..
            } => pending.extend([Some(*arg), *arg1, *arg2, *arg3].into_iter().flatten()),
            Expression::Compose { components, .. } => pending.extend(components.iter().copied()),
            Expression::Splat { value, .. } => pending.push(*value),
            Expression::Swizzle { vector, .. } => pending.push(*vector),
            Expression::AccessIndex { base, .. } => pending.push(*base),
            Expression::Access { base, index } => pending.extend([*base, *index]),
            _ => {}
        }
    }
}

/// The type `pointer` points to when it points into a `var<workgroup>`
/// holding a non-atomic scalar or vector.
fn workgroup_pointee(
    module: &mut Module,
    function: &Function,
    pointer: Handle<Expression>,
) -> Option<Handle<naga::Type>> {
    let mut path = vec![];
    let mut at = pointer;
    let global = loop {
        match function.expressions[at] {
            Expression::GlobalVariable(g) => break g,
            Expression::AccessIndex { base, index } => {
                path.push(Some(index));
                at = base;
            }
            Expression::Access { base, .. } => {
                path.push(None);
                at = base;
            }
            _ => return None,
        }
    };
    let var = &module.global_variables[global];
    if var.space != AddressSpace::WorkGroup {
        return None;
    }
    let mut ty = var.ty;
    for step in path.into_iter().rev() {
        ty = match (&module.types[ty].inner, step) {
            (TypeInner::Array { base, .. }, _) => *base,
            (TypeInner::Struct { members, .. }, Some(i)) => members.get(i as usize)?.ty,
            (TypeInner::Vector { scalar, .. }, _) => module.types.insert(
                naga::Type {
                    name: None,
                    inner: TypeInner::Scalar(*scalar),
                },
                Span::UNDEFINED,
            ),
            _ => return None,
        };
    }
    matches!(
        module.types[ty].inner,
        TypeInner::Scalar(_) | TypeInner::Vector { .. }
    )
    .then_some(ty)
}

/// `block` with each load of `loads` taken out of its `Emit` range and made
/// a `WorkGroupUniformLoad` statement at its place.
fn split_emits(
    block: Block,
    loads: &HashMap<Handle<Expression>, (Handle<Expression>, Handle<naga::Type>)>,
) -> Block {
    let mut out = Block::new();
    for (statement, span) in block.span_into_iter() {
        match statement {
            Statement::Emit(range) => {
                let mut start: Option<Handle<Expression>> = None;
                let mut last: Option<Handle<Expression>> = None;
                for e in range.clone() {
                    if let Some(&(pointer, _)) = loads.get(&e) {
                        if let (Some(first), Some(end)) = (start.take(), last) {
                            out.push(
                                Statement::Emit(naga::Range::new_from_bounds(first, end)),
                                span,
                            );
                        }
                        out.push(Statement::WorkGroupUniformLoad { pointer, result: e }, span);
                    } else {
                        start.get_or_insert(e);
                    }
                    last = Some(e);
                }
                if let (Some(first), Some(end)) = (start, last) {
                    out.push(
                        Statement::Emit(naga::Range::new_from_bounds(first, end)),
                        span,
                    );
                }
            }
            Statement::Block(b) => out.push(Statement::Block(split_emits(b, loads)), span),
            Statement::If {
                condition,
                accept,
                reject,
            } => out.push(
                Statement::If {
                    condition,
                    accept: split_emits(accept, loads),
                    reject: split_emits(reject, loads),
                },
                span,
            ),
            Statement::Switch { selector, cases } => out.push(
                Statement::Switch {
                    selector,
                    cases: cases
                        .into_iter()
                        .map(|c| naga::SwitchCase {
                            body: split_emits(c.body, loads),
                            ..c
                        })
                        .collect(),
                },
                span,
            ),
            Statement::Loop {
                body,
                continuing,
                break_if,
            } => out.push(
                Statement::Loop {
                    body: split_emits(body, loads),
                    continuing: split_emits(continuing, loads),
                    break_if,
                },
                span,
            ),
            other => out.push(other, span),
        }
    }
    out
}
