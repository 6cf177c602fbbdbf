//! Which kernel arguments may be bit-copied to a device (SYCL 2020 3.13.1
//! "Device copyable", seed 000's kernel argument rules): a class is copied
//! whole when `sycl::is_device_copyable_v` says so (trivially copyable by
//! default, or specialized by the program) or when it is trivially copy
//! constructible and destructible (SYCL 1.2.1's rule, which DPC++ keeps);
//! aggregates and closures are checked member by member; anything else is
//! not a valid kernel argument, and the verdict says why.

use super::{ClassId, Ctx, Entity, Env, Sema, TArg, Ty, GLOBAL_NS};
use crate::front::ast::{self as a, ExprKind, NamePart, QualName, TemplateArg, TypeExprKind};
use crate::source::Span;
use std::rc::Rc;

/// How a kernel argument of some type reaches the device.
pub(crate) enum ArgCopy {
    /// Bit-copied as a whole.
    Whole,
    /// An aggregate, array or closure: each member is checked in turn.
    ByMembers,
    /// Not device copyable: what makes it so, and where that is declared.
    Not { why: String, at: Option<Span> },
}

impl Sema {
    /// The types of class `c`'s bases, then of its fields (laid out).
    pub(super) fn part_types(&mut self, c: ClassId) -> Vec<Ty> {
        self.complete_class(c);
        let ci = self.class(c);
        ci.bases
            .iter()
            .map(|(b, _)| Ty::Class(*b))
            .chain(ci.fields.iter().map(|f| f.ty.clone()))
            .collect()
    }

    /// How an argument of type `ty` is copied to the device.
    pub(crate) fn kernel_arg_copy(&mut self, ty: &Ty, span: Span) -> ArgCopy {
        let c = match ty {
            Ty::Class(c) => *c,
            Ty::Array(..) => return ArgCopy::ByMembers,
            _ => return ArgCopy::Whole,
        };
        self.complete_class(c);
        if self.class(c).closure.is_some() {
            return ArgCopy::ByMembers;
        }
        if self.is_device_copyable_v(ty, span) == Some(true)
            || (self.trivially_copy_constructible(ty) && self.trivially_destructible(ty))
        {
            return ArgCopy::Whole;
        }
        if !self.is_union(c) && self.is_aggregate_class(c) {
            return ArgCopy::ByMembers;
        }
        let (why, at) = self.not_copyable_because(c).unwrap_or_else(|| {
            (
                format!("'{}' is not trivially copyable", self.ty_name(ty)),
                None,
            )
        });
        ArgCopy::Not { why, at }
    }

    /// The first user-provided copy constructor, destructor or virtual
    /// function of `c`, its bases or its members' classes.
    fn not_copyable_because(&mut self, c: ClassId) -> Option<(String, Option<Span>)> {
        let name = self.ty_name(&Ty::Class(c));
        let d = self.declared(c);
        if let Some(at) = d.copy_constructor {
            return Some((
                format!("'{name}' has a user-provided copy constructor"),
                Some(at),
            ));
        }
        if let Some(at) = d.destructor {
            return Some((format!("'{name}' has a user-provided destructor"), Some(at)));
        }
        if d.virtual_function {
            return Some((format!("'{name}' has virtual functions"), None));
        }
        self.part_types(c).into_iter().find_map(|mut t| {
            while let Ty::Array(e, _) = t {
                t = (*e).clone();
            }
            match t {
                Ty::Class(x) => self.not_copyable_because(x),
                _ => None,
            }
        })
    }

    /// `::sycl::is_device_copyable_v<ty>`, where the SYCL header declares it.
    fn is_device_copyable_v(&mut self, ty: &Ty, span: Span) -> Option<bool> {
        let declared = self.ns_lookup(GLOBAL_NS, "sycl").into_iter().any(|e| {
            matches!(e, Entity::Namespace(ns) if !self.ns_lookup(ns, "is_device_copyable_v").is_empty())
        });
        if !declared {
            return None;
        }
        let param: Rc<str> = Rc::from("__kernel_argument_type");
        let part = |ident: &str, template_args| NamePart {
            ident: Rc::from(ident),
            template_args,
            span,
        };
        let type_arg = TemplateArg::Type(a::TypeExpr::plain(
            TypeExprKind::Named(QualName::simple(param.clone(), span)),
            span,
        ));
        let value = a::Expr {
            kind: ExprKind::Name(QualName {
                global: true,
                parts: vec![
                    part("sycl", None),
                    part("is_device_copyable_v", Some(vec![type_arg])),
                ],
                span,
            }),
            span,
        };
        let env = Rc::new(Env {
            bindings: vec![(param, TArg::Type(ty.clone()))],
            ..Env::default()
        });
        self.const_eval_ast(&value, Ctx::Ns(GLOBAL_NS), &env)
            .map(|v| v != 0)
    }
}
