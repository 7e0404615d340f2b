//! The JSON format of the MIP notebooks: `{"dim": n, "fixed": {row: {col: digit}}, "solved": {...}}`
//! with 1-based decimal-string keys. Reading reports every problem, not only the first.

use super::ParseError;
use crate::engine::grid::{Digit, Entry, Grid, Pos, Size};
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// What is wrong at one place of a JSON document.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonError {
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    NotAnObject,
    MissingDim,
    BadDim(String),
    BadKey(String),
    IndexOutOfRange {
        index: String,
        max: usize,
    },
    NotAnInteger(String),
    DigitOutOfRange {
        value: String,
        max: usize,
    },
    SolvedOverGiven,
    /// Two keys name the same cell (`"1"` and `"01"`) within one section.
    DuplicateCell(Pos),
    /// The same key twice in one object, which JSON readers resolve by dropping one.
    DuplicateKey(String),
    /// A top-level key other than `dim`, `fixed` and `solved`: a misspelt section would
    /// otherwise import as an empty board.
    UnknownKey(String),
}

/// One problem and where it is, e.g. `fixed["10"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonIssue {
    pub path: String,
    pub error: JsonError,
}

impl fmt::Display for JsonIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        write!(f, "{}", self.error)
    }
}

impl std::error::Error for JsonIssue {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonError::Syntax {
                line,
                column,
                message,
            } => write!(f, "invalid JSON at line {line}, column {column}: {message}"),
            JsonError::NotAnObject => write!(f, "expected an object"),
            JsonError::MissingDim => write!(f, "missing \"dim\" (the box size, e.g. 3 for 9x9)"),
            JsonError::BadDim(v) => write!(
                f,
                "must be the box size, an integer from 1 to 7 (3 for 9x9), found {v}"
            ),
            JsonError::BadKey(k) => write!(f, "key \"{k}\" is not a 1-based index"),
            JsonError::IndexOutOfRange { index, max } => {
                write!(f, "index {index} is out of range 1 to {max}")
            }
            JsonError::NotAnInteger(v) => write!(f, "expected an integer digit, found {v}"),
            JsonError::DigitOutOfRange { value, max } => {
                write!(f, "digit {value} is out of range 1 to {max}")
            }
            JsonError::SolvedOverGiven => write!(f, "a solved cell overlaps a given"),
            JsonError::DuplicateCell(p) => write!(f, "cell {p} is listed twice"),
            JsonError::DuplicateKey(k) => write!(f, "key \"{k}\" appears twice"),
            JsonError::UnknownKey(k) => write!(
                f,
                "unknown key \"{k}\" (the keys are \"dim\", \"fixed\" and \"solved\")"
            ),
        }
    }
}

impl std::error::Error for JsonError {}

/// The page's pencil marks, `{row: {col: [digits]}}`: a key this reader knows and passes
/// over, read by the page itself.
pub const NOTES_KEY: &str = "notes";

/// A puzzle read from JSON: its givens, and the givens plus `solved` digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonPuzzle {
    pub puzzle: Grid,
    pub grid: Grid,
}

fn brief(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 24 {
        format!("{}...", s.chars().take(24).collect::<String>())
    } else {
        s
    }
}

/// A non-negative integer, as a number or as a string of decimal digits (`"5"`, `"12"`), as
/// the notebooks' reader takes `int()` of each value; `Err` for digits too many for a u64.
/// Anything else (`"5.0"`, `" 5"`, `"-1"`, `true`) is not one.
fn integer(v: &Value) -> Option<Result<u64, ()>> {
    if let Some(n) = v.as_u64() {
        return Some(Ok(n));
    }
    let s = v.as_str()?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse().map_err(|_| ()))
}

/// Parses a 1-based index key; `None` after recording an issue.
fn index_key(key: &str, side: usize, path: &str, issues: &mut Vec<JsonIssue>) -> Option<usize> {
    let issue = |error| JsonIssue {
        path: path.to_string(),
        error,
    };
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_digit()) {
        issues.push(issue(JsonError::BadKey(key.to_string())));
        return None;
    }
    match key.parse::<usize>() {
        Ok(i) if (1..=side).contains(&i) => Some(i - 1),
        _ => {
            issues.push(issue(JsonError::IndexOutOfRange {
                index: key.to_string(),
                max: side,
            }));
            None
        }
    }
}

/// An object's entries with number keys in numeric order (`"2"` before `"10"`), other keys
/// after them, so problems are reported row by row as a person reads the grid.
fn numeric_order(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by_key(|(k, _)| (k.trim().parse::<u64>().unwrap_or(u64::MAX), k.as_str()));
    entries
}

/// Reads one `{row: {col: digit}}` section into `grid` as entries made by `make`.
fn read_section(
    name: &str,
    value: &Value,
    grid: &mut Grid,
    make: fn(Digit) -> Entry,
    issues: &mut Vec<JsonIssue>,
) {
    let size = grid.size();
    let side = size.side();
    let Some(rows) = value.as_object() else {
        if !value.is_null() {
            issues.push(JsonIssue {
                path: name.to_string(),
                error: JsonError::NotAnObject,
            });
        }
        return;
    };
    for (rk, rv) in numeric_order(rows) {
        let rpath = format!("{name}[\"{rk}\"]");
        let row = index_key(rk, side, &rpath, issues);
        let Some(cols) = rv.as_object() else {
            issues.push(JsonIssue {
                path: rpath,
                error: JsonError::NotAnObject,
            });
            continue;
        };
        for (ck, cv) in numeric_order(cols) {
            let cpath = format!("{rpath}[\"{ck}\"]");
            let col = index_key(ck, side, &cpath, issues);
            // A number of decimal digits that is no digit of this size (or too long for any).
            let digit = match integer(cv).map(|v| v.ok().and_then(|v| Digit::new(v, side).ok())) {
                Some(Some(d)) => Some(d),
                Some(None) => {
                    issues.push(JsonIssue {
                        path: cpath.clone(),
                        error: JsonError::DigitOutOfRange {
                            value: brief(cv),
                            max: side,
                        },
                    });
                    None
                }
                None => {
                    let error = if cv.is_number() && cv.as_i64().is_some_and(|v| v <= 0) {
                        JsonError::DigitOutOfRange {
                            value: brief(cv),
                            max: side,
                        }
                    } else {
                        JsonError::NotAnInteger(brief(cv))
                    };
                    issues.push(JsonIssue {
                        path: cpath.clone(),
                        error,
                    });
                    None
                }
            };
            if let (Some(r), Some(c), Some(d)) = (row, col, digit) {
                let p = Pos::new(r, c);
                let error = match grid.entry(p) {
                    Entry::Empty => None,
                    Entry::Given(_) if make(d).is_given() => Some(JsonError::DuplicateCell(p)),
                    Entry::Given(_) => Some(JsonError::SolvedOverGiven),
                    Entry::Filled(_) => Some(JsonError::DuplicateCell(p)),
                };
                if let Some(error) = error {
                    issues.push(JsonIssue { path: cpath, error });
                } else {
                    grid.set(p, make(d));
                }
            }
        }
    }
}

/// Where a text cut short ends: the line of its last character that is not whitespace, and the
/// column after it. (The JSON reader names the place after the whitespace it read past, which
/// for a document and its line break is the start of the line after it.)
fn end_of(text: &str) -> (usize, usize) {
    let body = text.trim_end();
    let last = body.rsplit('\n').next().unwrap_or("");
    (body.matches('\n').count() + 1, last.chars().count() + 1)
}

/// The character column of the JSON reader's `column` on `line` (both 1-based), which counts
/// bytes: every position a message names counts characters, as a person reading the line
/// does (`Größe` is five columns, not seven).
fn char_column(text: &str, line: usize, column: usize) -> usize {
    let Some(held) = text.split('\n').nth(line.saturating_sub(1)) else {
        return column;
    };
    let mut before = column.saturating_sub(1).min(held.len());
    while !held.is_char_boundary(before) {
        before -= 1;
    }
    held[..before].chars().count() + usize::from(column > 0)
}

/// Reads the JSON format; every problem found is reported together.
pub fn parse_json(text: &str) -> Result<JsonPuzzle, ParseError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let (line, column) = match e.classify() {
            serde_json::error::Category::Eof => end_of(text),
            _ => (e.line(), char_column(text, e.line(), e.column())),
        };
        ParseError::Json(vec![JsonIssue {
            path: String::new(),
            error: JsonError::Syntax {
                line,
                column,
                message: e
                    .to_string()
                    .split(" at line")
                    .next()
                    .unwrap_or("")
                    .to_string(),
            },
        }])
    })?;
    let mut issues = Vec::new();
    let mut dups = serde_json::Deserializer::from_str(text);
    if let Ok(Some((path, key))) = (DuplicateKeys {
        path: String::new(),
    })
    .deserialize(&mut dups)
    {
        issues.push(JsonIssue {
            path,
            error: JsonError::DuplicateKey(key),
        });
    }
    let Some(obj) = value.as_object() else {
        return Err(ParseError::Json(vec![JsonIssue {
            path: String::new(),
            error: JsonError::NotAnObject,
        }]));
    };
    let size = match obj.get("dim") {
        None => {
            issues.push(JsonIssue {
                path: String::new(),
                error: JsonError::MissingDim,
            });
            None
        }
        Some(d) => match integer(d)
            .and_then(Result::ok)
            .and_then(|n| usize::try_from(n).ok())
            .map(Size::new)
        {
            Some(Ok(s)) => Some(s),
            _ => {
                issues.push(JsonIssue {
                    path: "dim".to_string(),
                    error: JsonError::BadDim(brief(d)),
                });
                None
            }
        },
    };
    for key in obj
        .keys()
        .filter(|k| !["dim", "fixed", "solved", NOTES_KEY].contains(&k.as_str()))
    {
        issues.push(JsonIssue {
            path: String::new(),
            error: JsonError::UnknownKey(key.chars().take(24).collect()),
        });
    }
    // Without a size the sections cannot be checked; read them against the largest size so
    // their own problems (non-integers, bad keys) are still reported together.
    let check_size = size.unwrap_or(Size::new(7).expect("supported"));
    let mut grid = Grid::empty(check_size);
    let empty = Value::Object(Map::new());
    read_section(
        "fixed",
        obj.get("fixed").unwrap_or(&empty),
        &mut grid,
        Entry::Given,
        &mut issues,
    );
    read_section(
        "solved",
        obj.get("solved").unwrap_or(&empty),
        &mut grid,
        Entry::Filled,
        &mut issues,
    );
    if !issues.is_empty() || size.is_none() {
        return Err(ParseError::Json(issues));
    }
    Ok(JsonPuzzle {
        puzzle: grid.puzzle(),
        grid,
    })
}

/// Writes givens under `fixed` and other digits under `solved`, keys in numeric order.
pub fn write_json(grid: &Grid) -> String {
    let size = grid.size();
    let section = |want_given: bool| -> String {
        let mut rows = Vec::new();
        for r in 0..size.side() {
            let cols: Vec<String> = (0..size.side())
                .filter_map(|c| {
                    let e = grid.entry(Pos::new(r, c));
                    let d = e.digit()?;
                    (e.is_given() == want_given).then(|| format!("\"{}\":{}", c + 1, d.get()))
                })
                .collect();
            if !cols.is_empty() {
                rows.push(format!("\"{}\":{{{}}}", r + 1, cols.join(",")));
            }
        }
        format!("{{{}}}", rows.join(","))
    };
    format!(
        "{{\"dim\":{},\"fixed\":{},\"solved\":{}}}",
        size.box_size(),
        section(true),
        section(false)
    )
}

/// Finds the first key repeated within one object: `serde_json::Value` keeps only the last,
/// which would silently drop a row. Yields the object's path and the key.
struct DuplicateKeys {
    path: String,
}

impl DuplicateKeys {
    fn child(&self, key: &str) -> DuplicateKeys {
        let path = if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}[\"{key}\"]", self.path)
        };
        DuplicateKeys { path }
    }
}

impl<'de> DeserializeSeed<'de> for DuplicateKeys {
    type Value = Option<(String, String)>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DuplicateKeys {
    type Value = Option<(String, String)>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut seen = std::collections::HashSet::new();
        let mut found = None;
        while let Some(key) = map.next_key::<String>()? {
            let inner = map.next_value_seed(self.child(&key))?;
            if found.is_none() && !seen.insert(key.clone()) {
                found = Some((self.path.clone(), key));
            }
            found = found.or(inner);
        }
        Ok(found)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut found = None;
        let mut i = 0usize;
        while let Some(inner) = seq.next_element_seed(DuplicateKeys {
            path: format!("{}[{i}]", self.path),
        })? {
            found = found.or(inner);
            i += 1;
        }
        Ok(found)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
}
