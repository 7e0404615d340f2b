//! The question a share link asks before it replaces a game in progress.

use crate::app::state::{Action, AppState};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct OfferProps {
    pub state: Rc<AppState>,
    pub on_action: Callback<Action>,
}

/// Open the shared puzzle, or keep the game on the board: a choice on the page rather than a
/// browser dialog, so a screen reader announces it and the keyboard reaches it.
#[component]
pub fn LinkOffer(props: &OfferProps) -> Html {
    let first = use_node_ref();
    let offer = props.state.files.offered_link.clone();
    {
        let first = first.clone();
        use_effect_with(offer.is_some(), move |&shown| {
            if let Some(button) = first.cast::<web_sys::HtmlElement>().filter(|_| shown) {
                let _ = button.focus();
            }
        });
    }
    let Some(offer) = offer else {
        return html! {};
    };
    let act = |a: Action| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(a.clone()))
    };
    html! {
        <div class="link-offer" role="alertdialog" aria-labelledby="link-offer-title"
             aria-describedby="link-offer-text">
            <h2 id="link-offer-title">{ "Shared puzzle" }</h2>
            <p id="link-offer-text">{ offer.about.to_string() }</p>
            <div class="actions">
                <button type="button" class="primary" ref={first}
                        onclick={act(Action::OpenOfferedLink)}>{ "Open the shared puzzle" }</button>
                <button type="button" onclick={act(Action::KeepGame)}>{ "Keep my game" }</button>
            </div>
        </div>
    }
}
