//! The kernel argument decomposition protocol (seed 000, "Kernel argument
//! validation and decomposition"): a class that declares
//! `sycl_deconstruct()` opts in. The host passes what that function returns
//! (a tuple-like object of device-copyable parts) instead of the object, and
//! the device rebuilds the object with the class's static
//! `sycl_reconstruct()`. This module checks a class's side of the protocol
//! and synthesizes the device-side rebuild, a static member of the class:
//!
//! ```c++
//! static P __syclone_reconstruct(R __elements) {
//!   auto &&[__e0, ..., __eN] = __elements;
//!   return P::sycl_reconstruct(std::move(__e0), ..., std::move(__eN));
//! }
//! ```
//!
//! where `R` is the return type of `sycl_deconstruct()`. Checking that body
//! is what checks the protocol's rules on the elements: `R` must be usable
//! in a structured binding, and `sycl_reconstruct` callable with its
//! elements as xvalues (extra parameters with default arguments allowed).

use super::*;
use crate::front::ast::{self as a, ExprKind, NamePart, QualName, StmtKind, TypeExprKind};
use crate::front::ast_build::{call, function_decl, name, type_expr};

/// The names the synthesized function's environment binds to `P` and `R`.
const OBJECT_TYPE: &str = "__syclone_object_type";
const ELEMENTS_TYPE: &str = "__syclone_elements_type";
const ELEMENTS: &str = "__syclone_elements";

/// How a class that opts in is passed to kernels.
#[derive(Clone, Debug)]
pub struct Decomposition {
    /// What `sycl_deconstruct()` returns (references removed): the host
    /// copies its bytes to the device.
    pub elements: Ty,
    /// How many parts a structured binding splits `elements` into.
    pub count: usize,
    /// The synthesized `static P __syclone_reconstruct(R)`.
    pub rebuild: FuncId,
}

impl Sema {
    /// The decomposition of class `c`, if it declares `sycl_deconstruct`:
    /// `Err` with the error when it breaks the protocol's rules.
    pub(crate) fn decomposition(
        &mut self,
        c: ClassId,
    ) -> Option<Result<Decomposition, Diagnostic>> {
        if let Some(found) = self.decompositions.get(&c) {
            return found.clone();
        }
        // A class that uses itself in its elements is not decomposed again.
        self.decompositions.insert(c, None);
        let found = self.find_decomposition(c);
        self.decompositions.insert(c, found.clone());
        found
    }

    /// Whether an argument of type `ty` has a part (itself, a base, a
    /// member, an element) whose class opts in to the protocol.
    pub(crate) fn requires_decomposition(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Array(e, _) => self.requires_decomposition(e),
            Ty::Class(c) => {
                let c = *c;
                if let Some(&known) = self.requires_decomposition_cache.get(&c) {
                    return known;
                }
                self.requires_decomposition_cache.insert(c, false);
                let parts = self.part_types(c);
                let found = self.decomposition(c).is_some()
                    || parts.iter().any(|p| self.requires_decomposition(p));
                self.requires_decomposition_cache.insert(c, found);
                found
            }
            _ => false,
        }
    }

    /// A non-union aggregate class (whose members may be decomposed).
    pub(crate) fn is_plain_aggregate(&mut self, c: ClassId) -> bool {
        !self.is_union(c) && self.is_aggregate_class(c)
    }

    fn find_decomposition(&mut self, c: ClassId) -> Option<Result<Decomposition, Diagnostic>> {
        self.complete_class(c);
        let deconstructs: Vec<(Rc<a::FunctionDecl>, Ctx, Rc<Env>)> = self
            .class_lookup(c, "sycl_deconstruct")
            .into_iter()
            .filter_map(|e| match e {
                Entity::Function(d, ctx, env) => Some((d, ctx, env)),
                _ => None,
            })
            .collect();
        let first = deconstructs.first()?.0.clone();
        let class_name = self.class_name(c);
        let Some((decl, ctx, env)) = deconstructs
            .into_iter()
            .find(|(d, _, _)| d.params.is_empty() && !d.is_static && d.template.is_none())
        else {
            return Some(Err(Diagnostic::error(
                first.span,
                format!("'{class_name}::sycl_deconstruct' must be a non-static member function without parameters (the kernel argument decomposition protocol)"),
            )));
        };
        if decl.attrs.find("noreturn").is_some() {
            return Some(Err(Diagnostic::error(
                decl.span,
                format!("'{class_name}::sycl_deconstruct' must not be declared [[noreturn]]"),
            )));
        }
        let owner = match ctx {
            Ctx::Class(o) => Some(o),
            _ => None,
        };
        let f = self.function_instance(&decl, ctx, env, owner, vec![])?;
        if matches!(
            decl.ret.kind,
            TypeExprKind::Auto | TypeExprKind::DecltypeAuto
        ) {
            self.ensure_body(f);
        }
        let elements = self.func(f).ret.non_ref().clone();
        if matches!(elements, Ty::Void | Ty::Error) {
            return Some(Err(Diagnostic::error(
                decl.span,
                format!("'{class_name}::sycl_deconstruct' must return a tuple-like object (one a structured binding can decompose)"),
            )));
        }
        if let Err(d) = self.check_reconstruct(c, &class_name) {
            return Some(Err(d));
        }
        let span = decl.span;
        let rebuild = self.synthesize_rebuild(c, &elements, span);
        // The elements are counted as the rebuild's structured binding will.
        let env = self.func(rebuild).env.clone();
        self.fn_stack.push(super::check::FnCtx::new(rebuild, env));
        let parts = self.binding_parts(&elements, span);
        self.fn_stack.pop();
        let count = match parts {
            Ok(parts) => parts.len(),
            Err(why) => {
                let elements_name = self.ty_name(&elements);
                let mut d = Diagnostic::error(
                    span,
                    format!("'{class_name}::sycl_deconstruct' returns '{elements_name}', which a structured binding cannot decompose"),
                );
                if let Some(why) = why {
                    d = d.with_note(span, why);
                }
                return Some(Err(d));
            }
        };
        let elements_name = self.ty_name(&elements);
        if count == 0 {
            return Some(Err(Diagnostic::error(
                span,
                format!("'{class_name}::sycl_deconstruct' returns '{elements_name}', which has no elements to pass to the device"),
            )));
        }
        if let Some(member) = self.reference_part(&elements) {
            return Some(Err(Diagnostic::error(
                span,
                format!("'{class_name}::sycl_deconstruct' returns '{elements_name}', which holds a reference ('{member}'): decomposed elements are copied to the device and cannot be references"),
            )));
        }
        self.funcs[rebuild.0 as usize].decl = Rc::new(rebuild_decl(count, span));
        self.ensure_body(rebuild);
        let errors: Vec<Diagnostic> = std::mem::take(&mut self.funcs[rebuild.0 as usize].diags)
            .into_iter()
            .filter(|d| d.severity == crate::diag::Severity::Error)
            .collect();
        if let Some(mut first) = errors.into_iter().next() {
            // The rebuild names the class through its environment.
            first.message = first.message.replace(OBJECT_TYPE, &class_name);
            return Some(Err(first.with_note(
                span,
                format!("while rebuilding '{class_name}' on the device from the '{elements_name}' its sycl_deconstruct() returns: 'sycl_reconstruct' must take its elements in order"),
            )));
        }
        Some(Ok(Decomposition {
            elements,
            count,
            rebuild,
        }))
    }

    /// The first member of reference type in `ty` (its bases, members and
    /// their members), by name.
    fn reference_part(&mut self, ty: &Ty) -> Option<String> {
        let Ty::Class(c) = ty else {
            return match ty {
                Ty::Array(e, _) => self.reference_part(e),
                _ => None,
            };
        };
        self.complete_class(*c);
        let bases: Vec<ClassId> = self.class(*c).bases.iter().map(|b| b.0).collect();
        let fields = self.class(*c).fields.clone();
        bases
            .into_iter()
            .find_map(|b| self.reference_part(&Ty::Class(b)))
            .or_else(|| {
                fields.iter().find_map(|f| {
                    if f.ty.is_ref() {
                        Some(self.ty_name(&f.ty))
                    } else {
                        self.reference_part(&f.ty)
                    }
                })
            })
    }

    /// `sycl_reconstruct` must be a static member function returning the class.
    fn check_reconstruct(&mut self, c: ClassId, class_name: &str) -> Result<(), Diagnostic> {
        let candidates: Vec<Rc<a::FunctionDecl>> = self
            .class_lookup(c, "sycl_reconstruct")
            .into_iter()
            .filter_map(|e| match e {
                Entity::Function(d, _, _) => Some(d),
                _ => None,
            })
            .collect();
        let span = self.class(c).decl.as_ref().map(|d| d.span);
        let Some(first) = candidates.first() else {
            let mut d = Diagnostic::error(
                span,
                format!("class '{class_name}' declares sycl_deconstruct() but no sycl_reconstruct(): the device cannot rebuild it"),
            );
            d = d.with_note(span, "declare 'static T sycl_reconstruct(...)' taking the elements sycl_deconstruct() returns");
            return Err(d);
        };
        if let Some(bad) = candidates.iter().find(|d| !d.is_static) {
            return Err(Diagnostic::error(
                bad.span,
                format!("'{class_name}::sycl_reconstruct' must be a static member function"),
            ));
        }
        if first.attrs.find("noreturn").is_some() {
            return Err(Diagnostic::error(
                first.span,
                format!("'{class_name}::sycl_reconstruct' must not be declared [[noreturn]]"),
            ));
        }
        Ok(())
    }

    /// The function the module comment shows, for class `c` whose
    /// `sycl_deconstruct()` returns `elements`; its body is set once the
    /// elements are counted (in its context).
    fn synthesize_rebuild(&mut self, c: ClassId, elements: &Ty, span: Span) -> FuncId {
        let decl = Rc::new(rebuild_decl(0, span));
        let env = Rc::new(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: vec![
                (Rc::from(OBJECT_TYPE), TArg::Type(Ty::Class(c))),
                (Rc::from(ELEMENTS_TYPE), TArg::Type(elements.clone())),
            ],
            parent: Some(self.class(c).env.clone()),
        });
        self.funcs.push(FuncInfo {
            decl,
            ctx: Ctx::Class(c),
            env,
            class: Some(c),
            template_args: vec![],
            ret: Ty::Class(c),
            params: vec![elements.clone()],
            param_decls: vec![0],
            body: None,
            body_state: BodyState::NotChecked,
            diags: vec![],
            closure: None,
            lambda_count: 0,
            lambda_sig_counts: HashMap::new(),
        });
        FuncId(self.funcs.len() as u32 - 1)
    }
}

/// The declaration of the rebuild of an elements object of `count` parts.
fn rebuild_decl(count: usize, span: Span) -> a::FunctionDecl {
    let named = |n: &str| {
        type_expr(
            TypeExprKind::Named(QualName::simple(Rc::from(n), span)),
            span,
        )
    };
    let element = |i: usize| format!("__syclone_e{i}");
    let binding = a::StructuredBinding {
        names: (0..count).map(|i| (Rc::from(element(i)), span)).collect(),
        ty: type_expr(
            TypeExprKind::RRef(Box::new(type_expr(TypeExprKind::Auto, span))),
            span,
        ),
        init: a::Initializer::Assign(name(ELEMENTS, span)),
        is_static: false,
        span,
    };
    let qualified = |parts: &[&str], global: bool| QualName {
        global,
        parts: parts
            .iter()
            .map(|p| NamePart {
                ident: Rc::from(*p),
                template_args: None,
                span,
            })
            .collect(),
        span,
    };
    let call_of = |callee: QualName, args: Vec<a::Expr>| {
        let mut c = call(
            a::Expr {
                kind: ExprKind::Name(callee),
                span,
            },
            span,
        );
        if let ExprKind::Call(_, a) = &mut c.kind {
            *a = args;
        }
        c
    };
    let moved = |i: usize| {
        call_of(
            qualified(&["std", "move"], true),
            vec![name(&element(i), span)],
        )
    };
    let reconstruct = call_of(
        qualified(&[OBJECT_TYPE, "sycl_reconstruct"], false),
        (0..count).map(moved).collect(),
    );
    let body = a::Stmt {
        kind: StmtKind::Compound(vec![
            a::Stmt {
                kind: StmtKind::Decl(vec![a::Decl::StructuredBinding(Rc::new(binding))]),
                span,
            },
            a::Stmt {
                kind: StmtKind::Return(Some(reconstruct)),
                span,
            },
        ]),
        span,
    };
    a::FunctionDecl {
        is_static: true,
        is_inline: true,
        ..function_decl(
            QualName::simple(Rc::from("__syclone_reconstruct"), span),
            named(OBJECT_TYPE),
            vec![a::Param {
                name: Some(Rc::from(ELEMENTS)),
                ty: named(ELEMENTS_TYPE),
                pack: false,
                default: None,
                span,
            }],
            Some(body),
            span,
        )
    }
}
