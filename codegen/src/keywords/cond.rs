//! [`Cond`]: a boolean Rust expression under construction, folding the
//! constants `true`/`false` away so that generated code never says
//! `true && x` and trivially valid schemas cost nothing.

use proc_macro2::TokenStream;
use quote::quote;

/// How tightly an expression binds, to parenthesize only where needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Prec {
    /// `a || b`
    Or,
    /// `a && b`
    And,
    /// `a <= b`, `a == b`
    Cmp,
    /// Calls, method calls, `match`, `matches!`, `!x`.
    Atom,
}

/// A boolean expression over the instance `v` (and whatever bindings the
/// surrounding generated code provides).
#[derive(Clone, Debug)]
pub enum Cond {
    /// Always holds.
    True,
    /// Never holds.
    False,
    /// A run-time test.
    Expr(TokenStream, Prec),
}

impl Cond {
    /// A call, `match` or other expression that needs no parentheses.
    pub fn atom(tokens: TokenStream) -> Cond {
        Cond::Expr(tokens, Prec::Atom)
    }

    /// A comparison (`a.len() <= 100`).
    pub fn cmp(tokens: TokenStream) -> Cond {
        Cond::Expr(tokens, Prec::Cmp)
    }

    /// The constant `b`.
    pub fn constant(b: bool) -> Cond {
        if b {
            Cond::True
        } else {
            Cond::False
        }
    }

    /// Whether this is `true` or `false` rather than a run-time test.
    pub fn is_const(&self) -> bool {
        !matches!(self, Cond::Expr(..))
    }

    /// Whether this is the constant `true`.
    pub fn is_true(&self) -> bool {
        matches!(self, Cond::True)
    }

    /// Conjunction, short-circuiting left to right.
    pub fn all(conds: impl IntoIterator<Item = Cond>) -> Cond {
        let mut parts = Vec::new();
        for cond in conds {
            match cond {
                Cond::True => {}
                Cond::False => return Cond::False,
                expr => parts.push(expr),
            }
        }
        match parts.len() {
            0 => Cond::True,
            1 => parts.pop().unwrap_or(Cond::True),
            _ => {
                let parts = parts
                    .iter()
                    .enumerate()
                    .map(|(i, p)| p.operand(i, Prec::And));
                Cond::Expr(quote!(#(#parts)&&*), Prec::And)
            }
        }
    }

    /// Disjunction, short-circuiting left to right.
    pub fn any(conds: impl IntoIterator<Item = Cond>) -> Cond {
        let mut parts = Vec::new();
        for cond in conds {
            match cond {
                Cond::True => return Cond::True,
                Cond::False => {}
                expr => parts.push(expr),
            }
        }
        match parts.len() {
            0 => Cond::False,
            1 => parts.pop().unwrap_or(Cond::False),
            _ => {
                // `a && b || c` is legal; parentheses keep it readable.
                let parts = parts
                    .iter()
                    .enumerate()
                    .map(|(i, p)| p.operand(i, Prec::Cmp));
                Cond::Expr(quote!(#(#parts)||*), Prec::Or)
            }
        }
    }

    /// The expression.
    pub fn tokens(&self) -> TokenStream {
        match self {
            Cond::True => quote!(true),
            Cond::False => quote!(false),
            Cond::Expr(tokens, _) => tokens.clone(),
        }
    }

    /// The negated expression (for `if !cond { report }`).
    pub fn not(&self) -> TokenStream {
        let inner = self.wrapped(Prec::Atom);
        quote!(!#inner)
    }

    /// Operand `i` of `&&`/`||`, parenthesized if it binds looser than
    /// `min`, or if it leads and is block-like (`match`, `if`, `{ … }`):
    /// in statement or match-arm position Rust would end the expression
    /// after the block.
    fn operand(&self, i: usize, min: Prec) -> TokenStream {
        if i == 0 && self.block_like() {
            let tokens = self.tokens();
            return quote!((#tokens));
        }
        self.wrapped(min)
    }

    fn block_like(&self) -> bool {
        let Cond::Expr(tokens, _) = self else {
            return false;
        };
        match tokens.clone().into_iter().next() {
            Some(proc_macro2::TokenTree::Ident(i)) => i == "match" || i == "if",
            Some(proc_macro2::TokenTree::Group(g)) => {
                g.delimiter() == proc_macro2::Delimiter::Brace
            }
            _ => false,
        }
    }

    /// The expression, parenthesized if it binds looser than `min`.
    fn wrapped(&self, min: Prec) -> TokenStream {
        match self {
            Cond::Expr(tokens, prec) if *prec < min => quote!((#tokens)),
            other => other.tokens(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(c: &Cond) -> String {
        c.tokens().to_string()
    }

    #[test]
    fn folds_constants() {
        let x = || Cond::atom(quote!(x()));
        assert!(Cond::all([Cond::True, Cond::True]).is_true());
        assert!(matches!(Cond::all([x(), Cond::False]), Cond::False));
        assert!(Cond::any([x(), Cond::True]).is_true());
        assert_eq!(text(&Cond::all([Cond::True, x()])), "x ()");
        assert_eq!(text(&Cond::any([Cond::False, x()])), "x ()");
    }

    #[test]
    fn parenthesizes_by_precedence() {
        let x = Cond::atom(quote!(x()));
        let y = Cond::cmp(quote!(a <= 1));
        let or = Cond::any([x.clone(), y.clone()]);
        assert_eq!(text(&or), "x () || a <= 1");
        assert_eq!(
            text(&Cond::all([or.clone(), x.clone()])),
            "(x () || a <= 1) && x ()"
        );
        let and = Cond::all([x.clone(), y.clone()]);
        assert_eq!(
            text(&Cond::any([and, x.clone()])),
            "(x () && a <= 1) || x ()"
        );
        assert_eq!(or.not().to_string(), "! (x () || a <= 1)");
        assert_eq!(y.not().to_string(), "! (a <= 1)");
        assert_eq!(x.not().to_string(), "! x ()");
    }
}
