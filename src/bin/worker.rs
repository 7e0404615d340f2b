fn main() {
    sudoku_lab::ui::start_worker();
}
