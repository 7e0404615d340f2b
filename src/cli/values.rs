//! Value parsers for the command line's options: the engine's named choices and numbers.

use crate::engine::format::Format;
use crate::engine::formulation::ModelFormat;
use crate::engine::generate::{Method, Symmetry};
use crate::engine::logic::Technique;
use crate::engine::{Formulation, Size};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use std::str::FromStr;

/// One of the engine's named choices, listed for help and completions by the names the engine
/// reads (so the command line and saved state name them alike), with a line of help each.
fn named<T: Copy + Send + Sync + 'static>(
    all: &'static [T],
    id: fn(T) -> &'static str,
    help: Option<fn(T) -> &'static str>,
) -> impl TypedValueParser<Value = T> {
    let values = all.iter().map(move |&t| {
        let value = PossibleValue::new(id(t));
        match help {
            Some(help) => value.help(help(t)),
            None => value,
        }
    });
    PossibleValuesParser::new(values).map(move |name| {
        // An argument that ignores case hands over the name as typed.
        let found = all.iter().find(|&&t| id(t).eq_ignore_ascii_case(&name));
        *found.expect("the parser accepts only the names listed")
    })
}

pub fn formulations() -> impl TypedValueParser<Value = Formulation> {
    named(
        &Formulation::ALL,
        Formulation::id,
        Some(Formulation::description),
    )
}

pub fn formats() -> impl TypedValueParser<Value = Format> {
    named(&Format::ALL, Format::name, None)
}

pub fn symmetries() -> impl TypedValueParser<Value = Symmetry> {
    named(&Symmetry::ALL, Symmetry::id, None)
}

pub fn methods() -> impl TypedValueParser<Value = Method> {
    named(&Method::ALL, Method::id, None)
}

pub fn techniques() -> impl TypedValueParser<Value = Technique> {
    named(&Technique::ALL, Technique::id, Some(Technique::name))
}

pub fn models() -> impl TypedValueParser<Value = ModelFormat> {
    let id = |m| match m {
        ModelFormat::Dimacs => "dimacs",
        ModelFormat::Lp => "lp",
    };
    let help = |m| match m {
        ModelFormat::Dimacs => "the SAT formulation's clauses (DIMACS CNF)",
        ModelFormat::Lp => "the MIP formulation (CPLEX LP)",
    };
    named(&ModelFormat::ALL, id, Some(help))
}

/// A whole number of 0 or more; one too large for the option is said to be so, not taken for
/// a typo.
pub fn whole<T: FromStr>(v: &str) -> Result<T, String> {
    v.parse().map_err(|_| {
        if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
            "the number is too large".to_string()
        } else {
            "a whole number of 0 or more is needed".to_string()
        }
    })
}

/// A whole number of 1 or more, said so whatever is wrong with it.
pub fn at_least_one(v: &str) -> Result<u64, String> {
    if v.len() > 1 && v.starts_with('-') && v[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err("it must be at least 1".into());
    }
    let n = whole(v).map_err(|e| e.replace("0 or more", "1 or more"))?;
    match n {
        0 => Err("it must be at least 1".into()),
        n => Ok(n),
    }
}

/// The most `--jobs`: work is bound by the cores, and thousands of threads on a few cores
/// spend the run switching between them.
pub const MAX_JOBS: u64 = 256;

/// `--jobs`: 1 to [`MAX_JOBS`].
pub fn jobs(v: &str) -> Result<u64, String> {
    match at_least_one(v)? {
        n if n > MAX_JOBS => Err(format!("it must be {MAX_JOBS} or fewer")),
        n => Ok(n),
    }
}

/// A 0x0 grid has no cells, so its puzzle would print as an empty line that reads back as
/// nothing: box sizes start at 1.
pub fn box_size(v: &str) -> Result<Size, String> {
    let n: usize = whole(v)?;
    match Size::new(n) {
        Ok(size) if n > 0 => Ok(size),
        _ => Err("the box size goes from 1 to 7 (3 is the classic 9x9)".into()),
    }
}
