//! The web app: Yew function components over one pure reducer, the engine in a web worker.

use yew::prelude::*;

#[component]
fn App() -> Html {
    html! { <main><h1>{ "sudoku-lab" }</h1></main> }
}

pub fn start_app() {
    yew::Renderer::<App>::new().render();
}

pub fn start_worker() {}
