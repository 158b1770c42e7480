//! UCI options: how they are declared (`option name ...`) and how a
//! `setoption` line is read and checked against a declaration.

use std::fmt;

/// The type of an option as UCI declares it, with its default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    Check { default: bool },
    Spin { default: i64, min: i64, max: i64 },
    Button,
    Combo { default: &'static str, vars: &'static [&'static str] },
    String { default: &'static str },
}

/// One option the engine offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

impl fmt::Display for OptionSpec {
    /// The `option name ...` line sent in reply to `uci`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Button => write!(f, "button"),
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                vars.iter().try_for_each(|v| write!(f, " var {v}"))
            }
            OptionKind::String { default } => {
                // UCI has no way to write an empty string but this one.
                let shown = if default.is_empty() { "<empty>" } else { default };
                write!(f, "string default {shown}")
            }
        }
    }
}

/// A `setoption` line: the name as written (may contain spaces) and the value
/// (may contain spaces; absent for buttons, possibly empty for strings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetOption {
    pub name: String,
    pub value: Option<String>,
}

/// A checked option value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Button,
    Text(String),
}

/// Why a `setoption` line was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetOptionError {
    MissingName,
    Unknown(String),
    MissingValue(String),
    BadValue { name: String, value: String, expected: String },
}

impl fmt::Display for SetOptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingName => write!(f, "setoption: expected 'setoption name <name> [value <value>]'"),
            Self::Unknown(name) => write!(f, "setoption: no such option '{name}'"),
            Self::MissingValue(name) => write!(f, "setoption: option '{name}' needs a value"),
            Self::BadValue { name, value, expected } => {
                write!(f, "setoption: option '{name}' needs {expected}, got '{value}'; unchanged")
            }
        }
    }
}

impl std::error::Error for SetOptionError {}

impl SetOption {
    /// Parses the tokens after `setoption`.
    pub fn parse(tokens: &[&str]) -> Result<SetOption, SetOptionError> {
        let ["name", rest @ ..] = tokens else {
            return Err(SetOptionError::MissingName);
        };
        let value_at = rest.iter().position(|&t| t == "value");
        let (name, value) = match value_at {
            Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
            None => (rest, None),
        };
        if name.is_empty() {
            return Err(SetOptionError::MissingName);
        }
        Ok(SetOption { name: name.join(" "), value })
    }

    /// Whether this line names `spec` (UCI option names are case-insensitive).
    pub fn names(&self, spec: &OptionSpec) -> bool {
        self.name.eq_ignore_ascii_case(spec.name)
    }
}

/// Checks a `setoption` value against the option's declaration.
pub fn check_value(spec: &OptionSpec, value: Option<&str>) -> Result<OptionValue, SetOptionError> {
    let name = spec.name.to_string();
    let bad = |value: &str, expected: String| SetOptionError::BadValue {
        name: name.clone(),
        value: value.to_string(),
        expected,
    };
    match &spec.kind {
        OptionKind::Button => Ok(OptionValue::Button),
        kind => {
            let value = value.ok_or_else(|| SetOptionError::MissingValue(name.clone()))?;
            match kind {
                OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                    "true" => Ok(OptionValue::Bool(true)),
                    "false" => Ok(OptionValue::Bool(false)),
                    _ => Err(bad(value, "true or false".into())),
                },
                OptionKind::Spin { min, max, .. } => {
                    let expected = || format!("an integer in {min}..{max}");
                    match value.trim().parse::<i64>() {
                        Ok(v) if (*min..=*max).contains(&v) => Ok(OptionValue::Int(v)),
                        _ => Err(bad(value, expected())),
                    }
                }
                OptionKind::Combo { vars, .. } => vars
                    .iter()
                    .find(|v| v.eq_ignore_ascii_case(value))
                    .map(|v| OptionValue::Text(v.to_string()))
                    .ok_or_else(|| bad(value, format!("one of {}", vars.join(", ")))),
                OptionKind::String { .. } => {
                    let v = if value == "<empty>" { "" } else { value };
                    Ok(OptionValue::Text(v.to_string()))
                }
                OptionKind::Button => unreachable!("handled above"),
            }
        }
    }
}

/// What a `setoption` value that [`check_value`] accepted was read as,
/// when that is not what was written: a check value in capitals (`TRUE`;
/// UCI writes `true` and `false`), a value given to a button (ignored, the
/// button is pressed). `None` for a value taken as written.
pub fn value_note(spec: &OptionSpec, value: Option<&str>) -> Option<String> {
    match (&spec.kind, value) {
        (OptionKind::Button, Some(value)) => Some(format!(
            "setoption: '{}' is a button and takes no value; pressed, value '{value}' ignored",
            spec.name
        )),
        (OptionKind::Check { .. }, Some(value)) if value != "true" && value != "false" => {
            let read = value.to_ascii_lowercase();
            Some(format!("setoption: '{}' value '{value}' read as {read}", spec.name))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH: OptionSpec =
        OptionSpec { name: "Hash", kind: OptionKind::Spin { default: 16, min: 1, max: 1_048_576 } };

    #[test]
    fn declarations() {
        assert_eq!(HASH.to_string(), "option name Hash type spin default 16 min 1 max 1048576");
        let c = OptionSpec { name: "UCI_Chess960", kind: OptionKind::Check { default: false } };
        assert_eq!(c.to_string(), "option name UCI_Chess960 type check default false");
        let b = OptionSpec { name: "Clear Hash", kind: OptionKind::Button };
        assert_eq!(b.to_string(), "option name Clear Hash type button");
    }

    #[test]
    fn names_and_values_with_spaces() {
        let o = SetOption::parse(&["name", "Move", "Overhead", "value", "30"]).unwrap();
        assert_eq!(o, SetOption { name: "Move Overhead".into(), value: Some("30".into()) });
        let o = SetOption::parse(&["name", "Clear", "Hash"]).unwrap();
        assert_eq!(o.value, None);
        let o = SetOption::parse(&["name", "Path", "value", "a", "b"]).unwrap();
        assert_eq!(o.value.as_deref(), Some("a b"));
        let o = SetOption::parse(&["name", "Path", "value"]).unwrap();
        assert_eq!(o.value.as_deref(), Some(""));
        assert!(SetOption::parse(&["Hash", "value", "3"]).is_err());
        assert!(SetOption::parse(&["name", "value", "3"]).is_err());
        assert!(SetOption::parse(&["name", "hash", "value", "1"]).unwrap().names(&HASH));
    }

    #[test]
    fn values_are_checked() {
        assert_eq!(check_value(&HASH, Some("64")), Ok(OptionValue::Int(64)));
        assert!(check_value(&HASH, Some("0")).is_err());
        assert!(check_value(&HASH, Some("1048577")).is_err());
        assert!(check_value(&HASH, Some("lots")).is_err());
        assert!(check_value(&HASH, None).is_err());
        let c = OptionSpec { name: "Ponder", kind: OptionKind::Check { default: false } };
        assert_eq!(check_value(&c, Some("TRUE")), Ok(OptionValue::Bool(true)));
        assert!(check_value(&c, Some("yes")).is_err());
    }

    #[test]
    fn values_read_other_than_written_are_noted() {
        let c = OptionSpec { name: "Ponder", kind: OptionKind::Check { default: false } };
        assert_eq!(
            value_note(&c, Some("TRUE")).as_deref(),
            Some("setoption: 'Ponder' value 'TRUE' read as true")
        );
        assert_eq!(
            value_note(&c, Some("False")).as_deref(),
            Some("setoption: 'Ponder' value 'False' read as false")
        );
        assert_eq!(value_note(&c, Some("true")), None);
        assert_eq!(value_note(&c, Some("false")), None);
        let b = OptionSpec { name: "Clear Hash", kind: OptionKind::Button };
        assert_eq!(check_value(&b, Some("1")), Ok(OptionValue::Button));
        assert_eq!(
            value_note(&b, Some("1")).as_deref(),
            Some("setoption: 'Clear Hash' is a button and takes no value; pressed, value '1' ignored")
        );
        assert_eq!(value_note(&b, None), None);
        assert_eq!(value_note(&HASH, Some("64")), None);
    }
}
