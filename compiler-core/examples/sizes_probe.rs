use compiler_core::front::ast::*;
fn main() {
    println!("Expr {}", std::mem::size_of::<Expr>());
    println!("ExprKind {}", std::mem::size_of::<ExprKind>());
    println!("Stmt {}", std::mem::size_of::<Stmt>());
    println!("StmtKind {}", std::mem::size_of::<StmtKind>());
    println!("TypeExpr {}", std::mem::size_of::<TypeExpr>());
    println!("TypeExprKind {}", std::mem::size_of::<TypeExprKind>());
    println!("Decl {}", std::mem::size_of::<Decl>());
    println!("FunctionDecl {}", std::mem::size_of::<FunctionDecl>());
    println!("VarDecl {}", std::mem::size_of::<VarDecl>());
    println!("QualName {}", std::mem::size_of::<QualName>());
    println!("NamePart {}", std::mem::size_of::<NamePart>());
    println!("Param {}", std::mem::size_of::<Param>());
    println!("Attributes {}", std::mem::size_of::<Attributes>());
    println!(
        "Token {}",
        std::mem::size_of::<compiler_core::front::token::Token>()
    );
}
