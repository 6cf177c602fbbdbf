//! Kernel attributes (SYCL 2020 section 5.8.1) on a function a kernel
//! invokes (a lambda's call operator, a function object's `operator()`, a
//! free-function kernel): `[[sycl::reqd_work_group_size(dims...)]]` and
//! `[[sycl::reqd_sub_group_size(n)]]`, also spelled with `intel::`. Their
//! arguments are integral constant expressions; the runtime enforces them.
//! Also `SYCL_EXTERNAL` (`[[clang::sycl_external]]`), which makes a
//! function callable from device code of other translation units.

use super::{ClassId, Ctx, FuncId, Sema};
use crate::bundle::KernelAttributes;
use crate::diag::Diagnostic;
use crate::front::ast::ExprKind;
use crate::front::ast::{Attribute, TemplateArg};
use crate::source::Span;

const REQD_WORK_GROUP_SIZE: [&str; 3] = [
    "sycl::reqd_work_group_size",
    "intel::reqd_work_group_size",
    "reqd_work_group_size",
];
const REQD_SUB_GROUP_SIZE: [&str; 2] = ["sycl::reqd_sub_group_size", "intel::reqd_sub_group_size"];

impl Sema {
    /// Is `f` declared `SYCL_EXTERNAL` (`[[clang::sycl_external]]`)?
    pub fn is_sycl_external(&self, f: FuncId) -> bool {
        declared_sycl_external(&self.func(f).decl)
    }

    /// Whether class `c` is a host object of the SYCL header (a queue, a
    /// buffer, a host accessor...: `[[syclone::host_only]]`).
    pub fn is_host_only(&self, c: ClassId) -> bool {
        self.class(c)
            .decl
            .as_ref()
            .is_some_and(|d| d.attrs.find("syclone::host_only").is_some())
    }

    /// Makes the functions of the `SYCL_EXTERNAL` member functions this
    /// unit defines (in classes that are not templates), which nothing in
    /// the unit may call, so that they are compiled for other units.
    pub fn define_external_members(&mut self) {
        for c in 0..self.classes.len() {
            let id = ClassId(c as u32);
            let ci = self.class(id);
            // Classes, and instances of class templates explicitly
            // instantiated here.
            let instance_here = ci.template.is_none() || self.explicitly_instantiated.contains(&id);
            if !instance_here || ci.closure.is_some() || ci.decl.is_none() {
                continue;
            }
            if !ci.methods.iter().any(|m| declared_sycl_external(m)) {
                continue;
            }
            self.complete_class(id);
            let ci = self.class(id);
            let env = ci.env.clone();
            let defined: Vec<_> = ci
                .methods
                .iter()
                .filter(|m| m.body.is_some() && m.template.is_none() && declared_sycl_external(m))
                .cloned()
                .collect();
            for m in defined {
                self.function_instance(&m, Ctx::Class(id), env.clone(), Some(id), vec![]);
            }
        }
    }

    /// The kernel attributes `f` is declared with; errors for arguments
    /// that are not positive integral constants, or of the wrong number.
    pub fn kernel_attributes(
        &mut self,
        f: FuncId,
        errors: &mut Vec<Diagnostic>,
    ) -> KernelAttributes {
        let decl = self.func(f).decl.clone();
        let mut attributes = KernelAttributes::default();
        for attr in &decl.attrs.list {
            if REQD_WORK_GROUP_SIZE.contains(&attr.name.as_str()) {
                if !(1..=3).contains(&attr.args.len()) {
                    errors.push(Diagnostic::error(
                        attr.span,
                        format!(
                            "'{}' takes 1 to 3 arguments (one work-group extent per dimension), not {}",
                            attr.name,
                            attr.args.len()
                        ),
                    ));
                    continue;
                }
                let extents: Option<Vec<u32>> = (0..attr.args.len())
                    .map(|i| self.positive_constant(f, attr, i, errors))
                    .collect();
                attributes.reqd_work_group_size = extents;
            } else if REQD_SUB_GROUP_SIZE.contains(&attr.name.as_str()) {
                if attr.args.len() != 1 {
                    errors.push(Diagnostic::error(
                        attr.span,
                        format!("'{}' takes 1 argument, not {}", attr.name, attr.args.len()),
                    ));
                    continue;
                }
                attributes.reqd_sub_group_size = self.positive_constant(f, attr, 0, errors);
            }
        }
        attributes
    }

    /// Argument `index` of `attr`, a positive integral constant that fits in 32 bits.
    /// The value of constant local `name` of a function enclosing lambda
    /// `f`, declared before `at` (`const int w = 16; ... [=](...)
    /// [[sycl::reqd_sub_group_size(w)]] {...}`): attributes are read after
    /// the bodies are checked, when those locals are out of scope.
    fn enclosing_local_constant(&self, f: FuncId, name: &str, at: Span) -> Option<i128> {
        let mut func = f;
        loop {
            let Ctx::Class(c) = self.func(func).ctx else {
                return None;
            };
            let enclosing = self.class(c).closure.as_ref()?.enclosing;
            let found = self
                .vars
                .iter()
                .filter(|v| v.owner == Some(enclosing) && &*v.name == name)
                .filter(|v| v.span.file == at.file && v.span.lo < at.lo)
                .max_by_key(|v| v.span.lo);
            if let Some(v) = found {
                return v.const_value;
            }
            func = enclosing;
        }
    }

    fn positive_constant(
        &mut self,
        f: FuncId,
        attr: &Attribute,
        index: usize,
        errors: &mut Vec<Diagnostic>,
    ) -> Option<u32> {
        let (ctx, env) = (self.func(f).ctx, self.func(f).env.clone());
        let (value, span) = match &attr.args[index] {
            TemplateArg::Expr(e) => {
                let value = self.const_eval_ast(e, ctx, &env).or_else(|| match &e.kind {
                    ExprKind::Name(q) if q.is_simple() => {
                        self.enclosing_local_constant(f, &q.last().ident, e.span)
                    }
                    _ => None,
                });
                (value, e.span)
            }
            _ => (None, attr.span),
        };
        match value {
            Some(v) if v > 0 && v <= u32::MAX as i128 => Some(v as u32),
            Some(v) => {
                errors.push(Diagnostic::error(
                    span,
                    format!(
                        "argument {} of '{}' must be positive, not {v}",
                        index + 1,
                        attr.name
                    ),
                ));
                None
            }
            None => {
                errors.push(Diagnostic::error(
                    span,
                    format!(
                        "argument {} of '{}' is not an integral constant expression",
                        index + 1,
                        attr.name
                    ),
                ));
                None
            }
        }
    }
}

/// Whether `decl` says `SYCL_EXTERNAL` (or `[[clang::sycl_external]]`).
fn declared_sycl_external(decl: &crate::front::ast::FunctionDecl) -> bool {
    let attrs = &decl.attrs;
    attrs.find("clang::sycl_external").is_some() || attrs.find("sycl_external").is_some()
}
