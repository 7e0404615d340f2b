#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(sudoku_lab::cli::main(std::env::args_os().skip(1)));
}

#[cfg(target_arch = "wasm32")]
fn main() {}
