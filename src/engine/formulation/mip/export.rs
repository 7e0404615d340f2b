//! The MIP model in CPLEX LP format, for solvers outside the app.

use super::Query;
use super::model::{Family, Model};
use crate::engine::grid::Pos;
use std::fmt::Write;

/// The model of a query in CPLEX LP format, as solved by [`run`] (givens substituted out;
/// the objective is the sum of the forbidden pairs, or empty without any). Givens that
/// leave a cell or a unit's digit no place become the one row `no_place_left: z_fixed = 2`.
pub(in crate::engine::formulation) fn lp_text(query: &Query) -> String {
    let m = Model::new(query);
    let mut out = String::new();
    let _ = writeln!(out, "\\ sudoku-lab MIP model of a {} puzzle", m.size);
    let _ = writeln!(
        out,
        "\\ x_r_c_v = 1 when row r, column c (1-based) holds digit v; givens are substituted out"
    );
    if m.infeasible {
        out.push_str(
            "\\ the givens leave a cell, or a digit of a unit, no place: no solution, \
             written as one row no assignment meets\n",
        );
    } else {
        let _ = writeln!(
            out,
            "\\ {} variables, {} constraints",
            m.vars.len(),
            m.constraints.len()
        );
    }
    let sum = |out: &mut String, xs: &mut dyn Iterator<Item = String>| {
        for (i, name) in xs.enumerate() {
            if i > 0 {
                out.push_str(if i % 8 == 0 { "\n   + " } else { " + " });
            }
            out.push_str(&name);
        }
    };
    // Names avoid the words "inf" and "infinity" open with: LP readers take them as numbers.
    out.push_str("Minimize\n obj:");
    if !m.objective.is_empty() {
        out.push(' ');
        sum(&mut out, &mut m.objective.iter().map(|&x| m.var_name(x)));
    }
    // The constant part of the objective, and a model the givens already decide, go through
    // one placeholder variable so the file stays a plain LP.
    let placeholder = m.infeasible || m.vars.is_empty() || m.objective_constant > 0;
    if m.objective_constant > 0 {
        let _ = write!(out, " + {} z_fixed", m.objective_constant);
    }
    out.push_str("\nSubject To\n");
    if m.infeasible {
        out.push_str(" no_place_left: z_fixed = 2\n");
    } else if placeholder {
        out.push_str(" fixed_one: z_fixed = 1\n");
    }
    if !m.infeasible {
        for (family, members) in &m.constraints {
            let name = match *family {
                Family::Cell { cell } => {
                    let p = Pos::from_index(cell, m.size);
                    format!("cell_{}_{}", p.row + 1, p.col + 1)
                }
                Family::Row { row, d } => format!("row_{}_{}", row + 1, d + 1),
                Family::Column { col, d } => format!("col_{}_{}", col + 1, d + 1),
                Family::Box { index, d } => format!("box_{}_{}", index + 1, d + 1),
            };
            let _ = write!(out, " {name}: ");
            sum(&mut out, &mut members.iter().map(|&x| m.var_name(x)));
            out.push_str(" = 1\n");
        }
    }
    out.push_str("Binary\n");
    if placeholder {
        out.push_str(" z_fixed\n");
    }
    if !m.infeasible {
        for x in 0..m.vars.len() as u32 {
            let _ = writeln!(out, " {}", m.var_name(x));
        }
    }
    out.push_str("End\n");
    out
}
