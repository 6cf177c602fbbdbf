//! Semantic types and their Itanium C++ ABI sizes and alignments (x86-64,
//! or wasm32 where `long` has 4 bytes: `HostTarget`).

use crate::front::ast::AddressSpace;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EnumId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Integer kinds by their C++ spelling (they mangle differently even when
/// they have the same size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    WChar,
    Char16,
    Char32,
    /// GCC's `__int128` (host code only).
    Int128,
    UInt128,
}

impl IntKind {
    pub fn size(self) -> u32 {
        use IntKind::*;
        match self {
            Char | SChar | UChar => 1,
            Short | UShort | Char16 => 2,
            Int | UInt | WChar | Char32 => 4,
            Long | ULong => crate::target::HostTarget::current().long_and_pointer_bytes(),
            LongLong | ULongLong => 8,
            Int128 | UInt128 => 16,
        }
    }
    pub fn signed(self) -> bool {
        use IntKind::*;
        matches!(
            self,
            Char | SChar | Short | Int | Long | LongLong | WChar | Int128
        )
    }
    /// Integer conversion rank (C++ [conv.rank]).
    pub fn rank(self) -> u32 {
        use IntKind::*;
        match self {
            Char | SChar | UChar => 1,
            Short | UShort | Char16 => 2,
            Int | UInt | WChar | Char32 => 3,
            Long | ULong => 4,
            LongLong | ULongLong => 5,
            Int128 | UInt128 => 6,
        }
    }
    pub fn to_unsigned(self) -> IntKind {
        use IntKind::*;
        match self {
            Char | SChar => UChar,
            Short => UShort,
            Int => UInt,
            Long => ULong,
            LongLong => ULongLong,
            Int128 => UInt128,
            WChar => UInt,
            k => k,
        }
    }
    pub fn spelling(self) -> &'static str {
        use IntKind::*;
        match self {
            Char => "char",
            SChar => "signed char",
            UChar => "unsigned char",
            Short => "short",
            UShort => "unsigned short",
            Int => "int",
            UInt => "unsigned int",
            Long => "long",
            ULong => "unsigned long",
            LongLong => "long long",
            ULongLong => "unsigned long long",
            WChar => "wchar_t",
            Char16 => "char16_t",
            Char32 => "char32_t",
            Int128 => "__int128",
            UInt128 => "unsigned __int128",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    Half,
    Float,
    Double,
    LongDouble,
}

impl FloatKind {
    pub fn size(self) -> u32 {
        match self {
            FloatKind::Half => 2,
            FloatKind::Float => 4,
            FloatKind::Double => 8,
            FloatKind::LongDouble => 16,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Void,
    Bool,
    Int(IntKind),
    Float(FloatKind),
    Nullptr,
    /// Pointer to `pointee`; `pointee_const` for `const T*`.
    Ptr {
        pointee: Box<Ty>,
        pointee_const: bool,
        space: Option<AddressSpace>,
    },
    /// `T&` (`is_const` for `const T&`).
    LRef(Box<Ty>, bool),
    RRef(Box<Ty>),
    Array(Box<Ty>, u64),
    Class(ClassId),
    Enum(EnumId),
    Function {
        ret: Box<Ty>,
        params: Vec<Ty>,
        variadic: bool,
    },
    /// An overload set or a member function named without a call.
    OverloadSet,
    /// Pointer to a non-static member of `class` of type `member` (a
    /// function type for member functions): `&C::m`, host code and
    /// detection idioms (`decltype(&T::verify)`) only.
    MemberPtr {
        class: ClassId,
        member: Box<Ty>,
        /// A `const`-qualified member function (`R (C::*)(A) const`).
        const_method: bool,
    },
    /// Type parameter `index` of a function template, unsubstituted: only in
    /// the dependent signature that keys lambdas inside function templates.
    Param(u32),
    /// Member type `name` of a class template instance whose arguments
    /// are template parameters (`typename remove_const<T>::type`, from
    /// `remove_const_t<T>`), left unresolved: like [`Ty::Param`], only in
    /// dependent signatures, where the host compilers mangle it as written.
    DependentMember {
        scope: ClassId,
        name: Rc<str>,
    },
    /// An array whose bound is non-type parameter `bound` of a function
    /// template (`T (*rows)[N]`): like [`Ty::Param`], only in dependent
    /// signatures, mangled `A T0_ _ T_` as the host compilers write it.
    DependentArray {
        element: Box<Ty>,
        bound: u32,
    },
    /// The type of an erroneous expression: no further diagnostics.
    Error,
}

impl Ty {
    pub fn size_t() -> Ty {
        Ty::Int(IntKind::ULong)
    }
    pub fn is_error(&self) -> bool {
        matches!(self, Ty::Error)
    }
    pub fn is_arithmetic(&self) -> bool {
        matches!(self, Ty::Bool | Ty::Int(_) | Ty::Float(_) | Ty::Enum(_))
    }
    pub fn is_integral(&self) -> bool {
        matches!(self, Ty::Bool | Ty::Int(_))
    }
    pub fn is_pointer(&self) -> bool {
        matches!(self, Ty::Ptr { .. })
    }
    /// `char`, `signed char` or `unsigned char`: what strings are made of.
    pub fn is_char(&self) -> bool {
        matches!(
            self,
            Ty::Int(IntKind::Char | IntKind::SChar | IntKind::UChar)
        )
    }
    pub fn is_ref(&self) -> bool {
        matches!(self, Ty::LRef(..) | Ty::RRef(_))
    }
    /// `T&`/`T&&` → `T`.
    pub fn non_ref(&self) -> &Ty {
        match self {
            Ty::LRef(t, _) | Ty::RRef(t) => t,
            t => t,
        }
    }
    pub fn pointee(&self) -> Option<&Ty> {
        match self {
            Ty::Ptr { pointee, .. } => Some(pointee),
            _ => None,
        }
    }
    pub fn ptr_to(t: Ty) -> Ty {
        Ty::Ptr {
            pointee: Box::new(t),
            pointee_const: false,
            space: None,
        }
    }
}
