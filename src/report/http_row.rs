//! An HTTP finding as a row ([`HttpFinding::row`]): the same [`Row`] a
//! message's findings give, so every output shows both alike.

use super::{Level, Row};
use crate::{http::HttpFinding, Severity};

impl HttpFinding {
    /// What outputs show of this finding: a rule of severity error and a
    /// message cut off are violations, the rest warnings; the keyword is
    /// [`HttpFinding::keyword`] (the HTTP rule's id, `input` or
    /// `transport`). It has no message rule ([`Row::rule`]), definition,
    /// pointer or schema pointer: it is about the exchange, not a place in
    /// a message.
    pub fn row(&self) -> Row<'_> {
        Row {
            level: match self.severity {
                Severity::Error => Level::Violation,
                Severity::Warning => Level::Warning,
            },
            keyword: self.keyword(),
            rule: None,
            definition: None,
            pointer: "",
            definition_path: "",
            schema_pointer: None,
            message: &self.message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Direction;

    fn finding(severity: Severity) -> HttpFinding {
        HttpFinding {
            exchange: 3,
            rule: None,
            severity,
            direction: Direction::ServerToClient,
            revision: None,
            message: "the body broke off".into(),
        }
    }

    #[test]
    fn a_cut_off_message_is_an_input_violation() {
        let f = finding(Severity::Error);
        let row = f.row();
        assert_eq!(row.level, Level::Violation);
        assert_eq!(row.keyword, "input");
        assert_eq!(row.message, "the body broke off");
        assert_eq!((row.pointer, row.definition), ("", None));
    }

    #[test]
    fn a_transport_problem_is_a_warning() {
        let f = finding(Severity::Warning);
        let row = f.row();
        assert_eq!(row.level, Level::Warning);
        assert_eq!(row.keyword, "transport");
    }
}
