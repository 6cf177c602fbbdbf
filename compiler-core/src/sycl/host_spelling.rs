//! C++ spellings, for the host compiler, of the types the device pass knows:
//! how generated host code (the integration footer) names a class.
//! Qualified from the global namespace; unnamed namespaces are skipped
//! (their names are visible in the unit that declares them).

use crate::front::sema::{Ctx, FloatKind, Sema, TArg, Ty, GLOBAL_NS};

/// The spelling of `ty`, or why generated code cannot name it.
pub fn type_spelling(sema: &Sema, ty: &Ty) -> Result<String, String> {
    Ok(match ty {
        Ty::Void => "void".into(),
        Ty::Bool => "bool".into(),
        Ty::Int(k) => k.spelling().into(),
        Ty::Float(FloatKind::Float) => "float".into(),
        Ty::Float(FloatKind::Double) => "double".into(),
        Ty::Float(FloatKind::LongDouble) => "long double".into(),
        Ty::Ptr {
            pointee,
            pointee_const,
            ..
        } if !matches!(**pointee, Ty::Array(..) | Ty::Function { .. }) => format!(
            "{}{} *",
            if *pointee_const { "const " } else { "" },
            type_spelling(sema, pointee)?
        ),
        Ty::Class(c) => {
            let ci = sema.class(*c);
            if ci.closure.is_some() {
                return Err("it is a lambda closure type".into());
            }
            let mut name = format!("{}{}", scope_prefix(sema, ci.ctx)?, ci.name);
            if let Some((_, args)) = &ci.template {
                let args = args
                    .iter()
                    .map(|a| arg_spelling(sema, a))
                    .collect::<Result<Vec<_>, _>>()?;
                name = format!("{name}<{}>", args.join(", "));
            }
            name
        }
        Ty::Enum(e) => {
            let info = &sema.enums[e.0 as usize];
            format!("{}{}", scope_prefix(sema, info.ctx)?, info.name)
        }
        _ => {
            return Err(format!(
                "the type '{}' has no spelling here",
                sema.ty_name(ty)
            ))
        }
    })
}

fn arg_spelling(sema: &Sema, arg: &TArg) -> Result<String, String> {
    match arg {
        TArg::Type(t) => type_spelling(sema, t),
        TArg::ConstType(t) => Ok(format!("const {}", type_spelling(sema, t)?)),
        TArg::Value(v) => Ok(v.to_string()),
        TArg::Pack(args) => Ok(args
            .iter()
            .map(|a| arg_spelling(sema, a))
            .collect::<Result<Vec<_>, _>>()?
            .join(", ")),
        _ => Err("a template argument of it has no spelling here".into()),
    }
}

/// `::ns::Outer::` for an entity declared in `ctx`.
fn scope_prefix(sema: &Sema, ctx: Ctx) -> Result<String, String> {
    match ctx {
        Ctx::Ns(n) if n == GLOBAL_NS => Ok("::".into()),
        Ctx::Ns(n) => {
            let ns = &sema.namespaces[n.0 as usize];
            let outer = scope_prefix(sema, Ctx::Ns(ns.parent.unwrap_or(GLOBAL_NS)))?;
            Ok(match &ns.name {
                Some(name) => format!("{outer}{name}::"),
                None => outer,
            })
        }
        Ctx::Class(c) => Ok(format!("{}::", type_spelling(sema, &Ty::Class(c))?)),
        _ => Err("it is declared inside a function".into()),
    }
}
