//! The Itanium C++ ABI's placement rules beyond "the next aligned offset"
//! (section 2.4, II), which `complete_class` applies to bases and data
//! members:
//! - a derived class's next member starts at its base's data size, so it
//!   may lie in the tail padding of a base that is not POD for the purpose
//!   of layout (`struct D : B { char d; }` with `B { int i; char c; B(); }`
//!   puts `d` at 5);
//! - two empty subobjects of one type never share an address: an empty
//!   base goes to offset 0 unless one of its type is already there, else
//!   to the first free offset from the data size, and a member moves past
//!   such a conflict (libstdc++'s `std::tuple<E, E, int>` is 8 bytes).
//!
//! Which classes are POD for the purpose of layout differs between the
//! host compilers (`HostCompiler::pod_counts_declared_members`).

use super::{ClassId, Sema, Ty};
use crate::front::ast::{Access, Decl, FunctionKind};

/// Empty class subobjects (their types and offsets) of one object.
pub type EmptySubobjects = Vec<(ClassId, u64)>;

/// The empty subobjects placed so far in a class being laid out.
#[derive(Default)]
pub(super) struct Placed(EmptySubobjects);

impl Placed {
    /// Would `sub` placed at `at` put two subobjects of one type at one
    /// address?
    fn conflicts(&self, sub: &[(ClassId, u64)], at: u64) -> bool {
        sub.iter()
            .any(|&(c, off)| self.0.iter().any(|&(p, o)| p == c && o == at + off))
    }

    /// The first offset from `from`, in steps of `align`, where `sub`
    /// conflicts with nothing.
    pub fn first_free(&self, sub: &[(ClassId, u64)], from: u64, align: u64) -> u64 {
        let mut at = from;
        while self.conflicts(sub, at) {
            at += align.max(1);
        }
        at
    }

    /// Where an empty base (or empty `[[no_unique_address]]` member) goes:
    /// offset 0, else the first free offset from the data size `dsize`.
    pub fn empty_offset(&self, sub: &[(ClassId, u64)], dsize: u64, align: u64) -> u64 {
        if self.conflicts(sub, 0) {
            self.first_free(sub, dsize.div_ceil(align) * align, align)
        } else {
            0
        }
    }

    /// Records `sub` placed at `at`.
    pub fn add(&mut self, sub: &[(ClassId, u64)], at: u64) {
        self.0.extend(sub.iter().map(|&(c, off)| (c, at + off)));
    }

    pub fn into_inner(self) -> EmptySubobjects {
        self.0
    }
}

/// More empty subobjects than a class records (an array of many objects
/// that hold empty members): the rest are not checked for conflicts.
const MAX_RECORDED: usize = 4096;

impl Sema {
    /// The empty class subobjects of an object of type `ty` at offset 0,
    /// the object itself included when it is of an empty class.
    pub(super) fn empty_subobjects_of(&mut self, ty: &Ty) -> EmptySubobjects {
        match ty {
            Ty::Class(c) => {
                self.complete_class(*c);
                let mut sub = vec![];
                if self.is_empty_class(*c) {
                    sub.push((*c, 0));
                }
                sub.extend(self.class(*c).empty_subobjects.iter().copied());
                sub
            }
            Ty::Array(elem, n) => {
                let one = self.empty_subobjects_of(elem);
                let Some((size, _)) = self.size_align(elem) else {
                    return vec![];
                };
                if one.is_empty() {
                    return one;
                }
                (0..*n)
                    .flat_map(|i| one.iter().map(move |&(c, off)| (c, i * size + off)))
                    .take(MAX_RECORDED)
                    .collect()
            }
            _ => vec![],
        }
    }

    /// The bytes a base subobject of class `c` occupies before the next
    /// member may start (Itanium nvsize): its size without tail padding,
    /// unless `c` is POD for the purpose of layout.
    pub(super) fn base_data_size(&mut self, c: ClassId) -> u64 {
        let (size, nvsize) = (self.class(c).size, self.class(c).nvsize);
        if nvsize >= size || self.pod_for_layout(c) {
            size
        } else {
            nvsize
        }
    }

    /// Is `c` POD for the purpose of layout (C++03's POD, as each host
    /// compiler reads it)? Its tail padding is then never reused.
    fn pod_for_layout(&mut self, c: ClassId) -> bool {
        if self.class(c).closure.is_some() {
            return self.host.closures_are_pod_for_layout();
        }
        let Some(decl) = self.class(c).decl.clone() else {
            return true;
        };
        if !decl.bases.is_empty() {
            return false;
        }
        let declared_counts = self.host.pod_counts_declared_members();
        let Some(members) = &decl.members else {
            return true;
        };
        for m in members {
            match &m.decl {
                Decl::Var(v)
                    if !v.is_static && (m.access != Access::Public || v.init.is_some()) =>
                {
                    return false;
                }
                Decl::Function(f) => {
                    let user = if declared_counts {
                        true
                    } else {
                        !f.defaulted && !f.deleted
                    };
                    match f.kind {
                        FunctionKind::Constructor if user || f.is_explicit => return false,
                        FunctionKind::Destructor if user => return false,
                        _ if f.is_virtual => return false,
                        _ if user && f.name.last().ident.as_ref() == "operator=" => {
                            let env = self.class(c).env.clone();
                            if self.takes_own_class(f, c, &env) {
                                return false;
                            }
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        let fields: Vec<Ty> = self.class(c).fields.iter().map(|f| f.ty.clone()).collect();
        fields.iter().all(|t| self.pod_member_type(t))
    }

    /// A member of this type keeps its class POD: no reference, no object
    /// of a class that is not POD.
    fn pod_member_type(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::LRef(..) | Ty::RRef(..) => false,
            Ty::Array(elem, _) => self.pod_member_type(elem),
            Ty::Class(c) => self.pod_for_layout(*c),
            _ => true,
        }
    }
}
