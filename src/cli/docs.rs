//! Shell completions and manual pages, generated from the command line's definition.

use super::args::Cli;
use super::output::write_all;
use clap::CommandFactory;
use clap::error::ErrorKind;
use clap_complete::Shell;

/// The program's name, as shells know it.
const BIN: &str = "sudoku-lab";

/// Prints the completion script for `shell`; returns the exit status.
pub fn completions(shell: Shell) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), BIN, &mut script);
    if shell == Shell::Bash {
        script = respell_bash_states(&script).into_bytes();
    }
    write_all(&script)
}

/// clap_complete (4.6.11; its issue 6421) escapes the hyphen of a program's name differently
/// in the bash script's command states (`sudoku__lab__subcmd__count`) and in the cases that
/// match them (`sudoku__subcmd__lab__subcmd__count`), so no command's options would complete.
/// The cases take the states' spelling; once clap_complete agrees with itself, nothing changes.
fn respell_bash_states(script: &[u8]) -> String {
    const SEP: &str = "__subcmd__";
    let wrong = format!("{}{SEP}", BIN.replace('-', SEP));
    let right = format!("{}{SEP}", BIN.replace('-', "__"));
    String::from_utf8_lossy(script).replace(&wrong, &right)
}

/// Prints the tool's manual page, or `command`'s, in roff; returns the exit status.
pub fn man(command: Option<&str>) -> i32 {
    // Every command has a page of its own, so `help` needs none.
    let mut tool = Cli::command().disable_help_subcommand(true);
    tool.build();
    let page = match command {
        None => tool,
        Some(name) => match tool.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => {
                let names: Vec<&str> = tool.get_subcommands().map(|c| c.get_name()).collect();
                let message = format!("no command '{name}' (one of: {})", names.join(", "));
                let mut man = tool.find_subcommand("man").unwrap_or(&tool).clone();
                let e = man.error(ErrorKind::InvalidValue, message);
                let _ = e.print();
                return e.exit_code();
            }
        },
    };
    let mut text = Vec::new();
    let man = clap_mangen::Man::new(page).source(concat!("sudoku-lab ", env!("CARGO_PKG_VERSION")));
    match man.render(&mut text) {
        Ok(()) => write_all(&text),
        Err(e) => {
            eprintln!("error: cannot write the manual page: {e}");
            1
        }
    }
}
