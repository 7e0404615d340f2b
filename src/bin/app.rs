fn main() {
    sudoku_lab::ui::start_app();
}
