//! The baseline for Adjutant's window figures: an empty iced window built with the same
//! renderer features, the same embedded default font (DejaVu Sans) and the same 1280×800 size
//! as Adjutant, and nothing else. `scripts/bench-window.sh` runs it beside Adjutant and
//! compares first-frame time and memory.
//!
//! With `ADJUTANT_BENCH_FIRST_FRAME` set in the environment it prints, once, the line
//! `first-frame-unix-ns N cpu-ns C` (wall clock; CPU time of its threads so far) when its
//! first frame has been presented, exactly as Adjutant does, and keeps running (with the value
//! `exit`, it ends there).
//!
//! Run with `cargo run --release --example empty_window`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use iced::widget::space;
use iced::{Element, Font, Subscription, window};

/// The font Adjutant embeds and uses for body text.
const FONT_REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// Armed when `ADJUTANT_BENCH_FIRST_FRAME` is set; disarmed once the first frame is reported.
static FIRST_FRAME_PENDING: AtomicBool = AtomicBool::new(false);

/// The only message: a frame was presented.
#[derive(Debug, Clone)]
struct FramePresented;

fn main() -> iced::Result {
    FIRST_FRAME_PENDING.store(
        std::env::var_os("ADJUTANT_BENCH_FIRST_FRAME").is_some(),
        Ordering::Relaxed,
    );
    iced::application(|| (), update, view)
        .title("Empty window")
        .font(FONT_REGULAR)
        .default_font(Font::with_name("DejaVu Sans"))
        .window(window::Settings {
            size: iced::Size::new(1280.0, 800.0),
            ..window::Settings::default()
        })
        .subscription(subscription)
        .run()
}

/// Reports the first presented frame once (iced hands over a frame's message after presenting
/// it).
fn update(_state: &mut (), _message: FramePresented) {
    if FIRST_FRAME_PENDING.swap(false, Ordering::Relaxed) {
        let ns = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let cpu_ns: u64 = std::fs::read_dir("/proc/self/task")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|task| std::fs::read_to_string(task.path().join("schedstat")).ok())
            .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
            .sum();
        println!("first-frame-unix-ns {ns} cpu-ns {cpu_ns}");
        if std::env::var_os("ADJUTANT_BENCH_FIRST_FRAME").is_some_and(|v| v == "exit") {
            std::process::exit(0);
        }
    }
}

fn view(_state: &()) -> Element<'_, FramePresented> {
    space().into()
}

fn subscription(_state: &()) -> Subscription<FramePresented> {
    if FIRST_FRAME_PENDING.load(Ordering::Relaxed) {
        window::frames().map(|_| FramePresented)
    } else {
        Subscription::none()
    }
}
