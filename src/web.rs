//! Adjutant in a web browser: the same window, drawn by the software renderer on the page's
//! canvas (`web/page/index.html` has the element it takes the place of), with the player's
//! files in the browser's IndexedDB (`adjutant::store::browser`), loaded before the window
//! starts, and the shipped rule tables. A panic is written to the browser's console and shown
//! on the page in place of the canvas.

use adjutant::rules::Systems;

use adjutant::ui;

/// Loads the player's files, then starts the window in the page.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_failure(&format!("Adjutant stopped: {info}"));
    }));
    js_sys::futures::spawn_local(async {
        // A store that cannot be opened leaves the window running on nothing kept, and says so.
        let problem = adjutant::store::browser::local::start().await;
        if let Err(e) = ui::run(None, Systems::shipped(), problem) {
            show_failure(&format!("Adjutant could not start: {e}"));
        }
    });
}

/// Puts `text` on the page where the loading line is, for a player without a console.
fn show_failure(text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(line) = document.get_element_by_id("status") {
        line.set_text_content(Some(text));
        let _ = line.set_attribute("role", "alert");
        let _ = line.remove_attribute("hidden");
    }
}
