//! Free-function kernels (`sycl_ext_oneapi_free_function_kernels`, the
//! kernels of the run-time kernel compiler): a function definition declared
//! `[[clang::sycl_free_function_kernel(P)]]` is a kernel whose arguments are
//! its parameters. `P` is the launch property's type, a specialization
//! `free_function_property<Kind, Dimensions>` whose two integer template
//! arguments say how it is launched (0: single_task, 1: nd_range) and in how
//! many dimensions; `SYCL_EXT_ONEAPI_FUNCTION_PROPERTY` in `sycl.hpp` writes
//! the attribute. The compiler knows the attribute, not the property names.

use super::{FuncId, Sema, TArg, Ty};
use crate::diag::Diagnostic;
use crate::front::ast as a;
use crate::source::Span;
use std::fmt::Write;

pub(crate) const FREE_FUNCTION_ATTR: &str = "clang::sycl_free_function_kernel";

/// How a free-function kernel is launched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreeFunctionLaunch {
    /// One work-item (`single_task_kernel`).
    SingleTask,
    /// An nd_range of `dimensions` (`nd_range_kernel<N>`).
    NdRange { dimensions: u32 },
}

/// A free-function kernel found in the translation unit.
#[derive(Clone, Debug)]
pub struct FreeFunctionKernel {
    pub func: FuncId,
    /// The function's name as the run-time kernel compiler looks it up
    /// (`ext_oneapi_get_kernel("iota")`): qualified, without parameters.
    pub name: String,
    pub launch: FreeFunctionLaunch,
    pub span: Span,
}

impl Sema {
    /// Record `f` as a free-function kernel if its declaration says so;
    /// diagnose what such a kernel cannot be.
    pub(crate) fn note_free_function_kernel(&mut self, f: FuncId) {
        let decl = self.func(f).decl.clone();
        let Some(attr) = decl.attrs.find(FREE_FUNCTION_ATTR) else {
            return;
        };
        let span = decl.name.span;
        let mut errors = vec![];
        let launch = self.free_function_launch(f, attr, &mut errors);
        if decl.body.is_none() {
            errors.push(Diagnostic::error(
                span,
                "a free-function kernel must be defined where its kernel property is given",
            ));
        }
        if self.func(f).class.is_some() {
            errors.push(Diagnostic::error(
                span,
                "a free-function kernel must be a namespace-scope function, not a member function",
            ));
        }
        if self.func(f).ret != Ty::Void {
            let ret = self.ty_name(&self.func(f).ret.clone());
            errors.push(Diagnostic::error(
                span,
                format!("a free-function kernel must return void, not '{ret}'"),
            ));
        }
        for (i, ty) in self.func(f).params.clone().iter().enumerate() {
            if let Some(why) = self.unpassable_kernel_parameter(ty) {
                let pspan = decl.params.get(i).map_or(span, |p| p.span);
                let t = self.ty_name(ty);
                errors.push(Diagnostic::error(
                    pspan,
                    format!(
                        "parameter {} of free-function kernel '{}' has type '{t}': {why}",
                        i + 1,
                        last_ident(&decl.name)
                    ),
                ));
            }
        }
        let failed = !errors.is_empty();
        self.diags.list.extend(errors);
        let Some(launch) = launch.filter(|_| !failed) else {
            return;
        };
        let name = self.qualified_function_name(f);
        self.free_function_kernels.push(FreeFunctionKernel {
            func: f,
            name,
            launch,
            span,
        });
        self.ensure_body(f);
    }

    /// The launch the attribute's property type names.
    fn free_function_launch(
        &mut self,
        f: FuncId,
        attr: &a::Attribute,
        errors: &mut Vec<Diagnostic>,
    ) -> Option<FreeFunctionLaunch> {
        let (ctx, env) = (self.func(f).ctx, self.func(f).env.clone());
        let property = match attr.args.as_slice() {
            [a::TemplateArg::Type(t)] => self.resolve_type(t, ctx, &env, errors),
            _ => Ty::Error,
        };
        // `decltype((p))` is a reference: the property's class is what counts.
        let args = match property.non_ref() {
            Ty::Class(c) => self
                .class(*c)
                .template
                .as_ref()
                .map(|(_, args)| args.clone()),
            _ => None,
        };
        match args.as_deref() {
            Some([TArg::Value(0), TArg::Value(1)]) => Some(FreeFunctionLaunch::SingleTask),
            Some([TArg::Value(1), TArg::Value(d @ 1..=3)]) => Some(FreeFunctionLaunch::NdRange {
                dimensions: *d as u32,
            }),
            _ => {
                errors.push(Diagnostic::error(
                    attr.span,
                    "'sycl_free_function_kernel' takes the kernel property's type: single_task_kernel or nd_range_kernel<1..3>",
                ));
                None
            }
        }
    }

    /// Why a kernel parameter of type `ty` cannot be passed from the host,
    /// or None: scalars, pointers and classes of those are passed by value.
    fn unpassable_kernel_parameter(&mut self, ty: &Ty) -> Option<&'static str> {
        match ty {
            Ty::Bool | Ty::Int(_) | Ty::Float(_) | Ty::Enum(_) | Ty::Ptr { .. } => None,
            Ty::LRef(..) | Ty::RRef(_) => {
                Some("kernel arguments are copied to the device; pass it by value")
            }
            Ty::Class(c) => {
                let c = *c;
                self.complete_class(c);
                let fields: Vec<Ty> = self.class(c).fields.iter().map(|f| f.ty.clone()).collect();
                let bases: Vec<Ty> = self
                    .class(c)
                    .bases
                    .iter()
                    .map(|(b, _)| Ty::Class(*b))
                    .collect();
                fields
                    .iter()
                    .chain(&bases)
                    .find_map(|t| self.unpassable_kernel_parameter(t))
            }
            Ty::Array(e, _) => {
                let e = (**e).clone();
                self.unpassable_kernel_parameter(&e)
            }
            Ty::Error => None,
            _ => Some("it cannot be passed to a kernel"),
        }
    }

    /// `ns::name` of a namespace-scope function, with its template
    /// arguments for an instance of a template (`ns::iota<float>`): also
    /// how the integration footer names it in C++.
    pub(crate) fn qualified_function_name(&self, f: FuncId) -> String {
        let func = self.func(f);
        let mut name = format!(
            "{}{}",
            self.ctx_prefix(func.ctx),
            last_ident(&func.decl.name)
        );
        if !func.template_args.is_empty() {
            let args: Vec<String> = func
                .template_args
                .iter()
                .map(|a| self.targ_name(a))
                .collect();
            let _ = write!(name, "<{}>", args.join(", "));
        }
        name
    }
}

fn last_ident(name: &a::QualName) -> &str {
    name.parts.last().map_or("", |p| &p.ident)
}
