//! Handing a file to the browser as a download: the bytes in a `Blob`, an object URL to it,
//! and a link with `download="<name>"` clicked; the URL is let go a minute later, once the
//! browser has the file.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// Downloads `bytes` as a file called `name` of type `mime`.
pub fn download(name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    let why = |e: wasm_bindgen::JsValue| format!("the browser refused the download ({e:?})");
    let window = web_sys::window().ok_or("there is no browser window")?;
    let document = window.document().ok_or("there is no page")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(why)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(why)?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(why)?
        .dyn_into()
        .map_err(|_| "the page cannot make a link".to_string())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    let _ = window
        .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
    Ok(())
}
