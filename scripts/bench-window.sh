#!/usr/bin/env bash
# Window figures for Adjutant against an empty iced window (examples/empty_window.rs, same
# renderer features, same embedded font, same 1280×800 size), both release builds, in one run
# on one virtual X display (Xvfb):
#
#   first frame  time from process spawn to the first presented frame. The script notes the
#                wall clock just before it starts the program; the program, with
#                ADJUTANT_BENCH_FIRST_FRAME=1, prints the wall clock (and the CPU time of its
#                threads so far) when iced hands it the message of its first window::frames()
#                event, which iced sends after drawing and presenting that frame. Median of
#                RUNS launches of each, alternating which goes first.
#   memory       Rss and Pss from /proc/PID/smaps_rollup 2 s after the first frame (medians).
#   idle CPU     utime+stime from /proc/PID/stat over IDLE_SECONDS with the window left alone,
#                on the home screen and on a battle screen (reached by clicking "Start the
#                battle"); also the CPU time of all threads (schedstat) and the wake-ups
#                (context switches) of the window's own threads, which any redraw would show.
#
# Targets: Adjutant's first frame ≤ 1.2× the empty window's, its memory (Pss) ≤ 1.3×, and
# 0.0 % CPU while idle. Prints a table and exits 1 if a target is missed.
#
# Settings (environment): RUNS (default 5), IDLE_SECONDS (30), BENCH_FEATURES (cargo
# features, e.g. wgpu), BENCH_NO_BUILD=1 to use the binaries already built,
# BENCH_BATTLE_CLICK="X Y" (where "Start the battle" is on the 1280×800 home screen).
# Screenshots and logs go to target/bench-window/.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

RUNS=${RUNS:-5}
IDLE_SECONDS=${IDLE_SECONDS:-30}
BATTLE_CLICK=${BENCH_BATTLE_CLICK:-"1174 249"}
OUT=target/bench-window
TICKS=$(getconf CLK_TCK)

# --- the Debian packages this script uses, installed when missing
source scripts/debian-packages.sh
need Xvfb xvfb
need xdotool xdotool
need import imagemagick
install_needed "the window bench"

# --- release builds of Adjutant and the empty window
features=()
[ -n "${BENCH_FEATURES:-}" ] && features=(--features "$BENCH_FEATURES")
if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
  echo "Building release binaries (adjutant, examples/empty_window)..." >&2
  # Apart: built with the example, the program would share the example's dev-dependency
  # features, and its functions' names (and so its layout by use, build.rs) would change.
  cargo build --release --quiet "${features[@]}" --bin adjutant
  cargo build --release --quiet "${features[@]}" --example empty_window
fi
target_dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-target}

rm -rf "$OUT"
mkdir -p "$OUT/bin"
OUT=$(cd "$OUT" && pwd)
# Copies, so that a build finishing meanwhile cannot swap a binary in the middle of the runs.
cp "$target_dir/release/adjutant" "$target_dir/release/examples/empty_window" "$OUT/bin/"
ADJUTANT=$OUT/bin/adjutant
EMPTY=$OUT/bin/empty_window

# --- a private X display (no desktop settings service: the windows ask for the theme and
# get the default answer)
# shellcheck source=scripts/xvfb.sh
source scripts/xvfb.sh
start_xvfb "$OUT" 1920x1080x24

# launch NAME PROGRAM ARGS... — starts a program with the first-frame probe; sets app_pid and
# first_frame_us (spawn to first presented frame), or exits if no frame comes within 30 s.
# The program's stdout is a FIFO the script blocks on, so nothing polls while it starts.
launch() {
  local name=$1
  shift
  local fifo="$OUT/$name.fifo"
  rm -f "$fifo"
  mkfifo "$fifo"
  exec 3<>"$fifo"
  local t0=$EPOCHREALTIME
  ADJUTANT_BENCH_FIRST_FRAME=1 "$@" >"$fifo" 2>>"$OUT/$name.log" &
  app_pid=$!
  local line=""
  if ! read -r -t 30 -u 3 line; then
    echo "$name showed no frame within 30 s (log: $OUT/$name.log)" >&2
    kill -0 "$xvfb_pid" 2>/dev/null || echo "the X server (Xvfb $DISPLAY) has gone" >&2
    exit 1
  fi
  rm -f "$fifo"
  # first-frame-unix-ns N cpu-ns C
  local _a ns _b cpu_ns
  read -r _a ns _b cpu_ns <<<"$line"
  first_frame_us=$((ns / 1000 - ${t0/./}))
  first_frame_cpu_us=$((${cpu_ns:-0} / 1000))
}

stop() {
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
  exec 3>&-
}

# memory PID — "rss_kb pss_kb anon_kb file_kb": Rss, Pss, and Pss split into anonymous
# memory (heap, stacks) and file-backed pages (mostly the program's own code and data)
memory() {
  awk '/^Rss:/ { r = $2 } /^Pss:/ { p = $2 } /^Pss_Anon:/ { a = $2 } /^Pss_File:/ { f = $2 }
    END { print r, p, a, f }' "/proc/$1/smaps_rollup"
}

# cpu PID — "ticks ns switches window_switches": utime+stime; all threads' run time (ns) and
# context switches; and the context switches of the window's own threads (event loop and
# renderer), leaving out the async runtime's `blocking-N` pool and `async-io` reactor.
cpu() {
  local ticks ns sw wsw t
  ticks=$(sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }')
  ns=0 sw=0 wsw=0
  for t in /proc/"$1"/task/*; do
    read -r n _ <"$t/schedstat" || continue
    c=$(awk '/ctxt_switches/ { s += $2 } END { print s + 0 }' "$t/status")
    ns=$((ns + n)) sw=$((sw + c))
    case $(cat "$t/comm") in blocking-* | async-io) ;; *) wsw=$((wsw + c)) ;; esac
  done
  echo "$ticks $ns $sw $wsw"
}

# idle PID LABEL — measures IDLE_SECONDS with the window left alone; sets idle_* values
idle() {
  local a b t0 n0 s0 w0 t1 n1 s1 w1
  a=$(cpu "$1")
  sleep "$IDLE_SECONDS"
  b=$(cpu "$1")
  read -r t0 n0 s0 w0 <<<"$a"
  read -r t1 n1 s1 w1 <<<"$b"
  idle_ticks=$((t1 - t0))
  idle_pct=$(awk -v t="$idle_ticks" -v hz="$TICKS" -v s="$IDLE_SECONDS" \
    'BEGIN { printf "%.2f", 100 * t / hz / s }')
  idle_ms=$(awk -v n="$((n1 - n0))" 'BEGIN { printf "%.1f", n / 1e6 }')
  idle_wakeups=$((s1 - s0))
  idle_window_wakeups=$((w1 - w0))
  echo "  $2: $idle_ticks ticks = $idle_pct % CPU; threads ran $idle_ms ms;" \
    "$idle_wakeups wake-ups, $idle_window_wakeups of them in the window's threads" >&2
}

# The idle target: CPU rounds to 0.0 % and the window's own threads never woke (no redraw).
idle_verdict() {
  if [ "$idle_window_wakeups" -eq 0 ] && awk -v p="$idle_pct" 'BEGIN { exit !(p < 0.05) }'; then
    echo pass
  else
    echo FAIL
  fi
}

ms() { awk -v u="$1" 'BEGIN { printf "%.1f ms", u / 1000 }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }'; }

median() {
  tr ' ' '\n' | grep -v '^$' | sort -n |
    awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

data_dir() {
  mktemp -d "$OUT/data.XXXXXX"
}

# --- first frame and memory, alternating which program goes first
echo "Warming up (one untimed launch of each)..." >&2
launch empty "$EMPTY"
stop
launch adjutant "$ADJUTANT" --data-dir "$(data_dir)"
stop

ff_e="" ff_a="" cpu_e="" cpu_a="" pss_e="" pss_a="" rss_e="" rss_a=""
anon_e="" anon_a="" file_e="" file_a=""
one() {
  local which=$1
  if [ "$which" = empty ]; then
    launch empty "$EMPTY"
  else
    launch adjutant "$ADJUTANT" --data-dir "$(data_dir)"
  fi
  sleep 2
  read -r rss pss anon file <<<"$(memory "$app_pid")"
  stop
  echo "  $which: first frame $(ms "$first_frame_us") (CPU $(ms "$first_frame_cpu_us")), Rss $rss kB, Pss $pss kB" >&2
  if [ "$which" = empty ]; then
    ff_e+=" $first_frame_us" cpu_e+=" $first_frame_cpu_us" rss_e+=" $rss" pss_e+=" $pss"
    anon_e+=" $anon" file_e+=" $file"
  else
    ff_a+=" $first_frame_us" cpu_a+=" $first_frame_cpu_us" rss_a+=" $rss" pss_a+=" $pss"
    anon_a+=" $anon" file_a+=" $file"
  fi
}
for i in $(seq "$RUNS"); do
  echo "Run $i of $RUNS" >&2
  if [ $((i % 2)) = 1 ]; then one empty; one adjutant; else one adjutant; one empty; fi
done

# --- idle CPU: the empty window (for comparison), Adjutant's home screen, a battle screen
echo "Idle CPU over $IDLE_SECONDS s each" >&2
launch empty "$EMPTY"
sleep 2
idle "$app_pid" "empty window"
empty_idle="$idle_pct % (window threads: $idle_window_wakeups wake-ups)" empty_idle_ms=$idle_ms
stop

battle_dir=$(data_dir)
launch adjutant "$ADJUTANT" --data-dir "$battle_dir"
sleep 2
# The pointer rests outside the window, as when the player looks at the table.
xdotool mousemove 1900 1060
import -window root -crop 1280x800+0+0 "$OUT/home.png" 2>/dev/null || true
idle "$app_pid" "Adjutant home screen"
home_idle="$idle_pct % (window threads: $idle_window_wakeups wake-ups)" home_ms=$idle_ms
v_home=$(idle_verdict)

read -r bx by <<<"$BATTLE_CLICK"
xdotool mousemove "$bx" "$by" click 1
sleep 2
xdotool mousemove 1900 1060
sleep 1
battle_idle="-" battle_ms="-" v_battle="not run"
if [ -n "$(find "$battle_dir" -path '*battles*' -type f 2>/dev/null | head -1)" ]; then
  import -window root -crop 1280x800+0+0 "$OUT/battle.png" 2>/dev/null || true
  idle "$app_pid" "Adjutant battle screen"
  battle_idle="$idle_pct % (window threads: $idle_window_wakeups wake-ups)" battle_ms=$idle_ms
  v_battle=$(idle_verdict)
else
  echo "  the battle screen was not reached (no battle saved after clicking $BATTLE_CLICK;" \
    "see $OUT/home.png and set BENCH_BATTLE_CLICK)" >&2
fi
stop

# --- the table
m_ff_e=$(median <<<"$ff_e") m_ff_a=$(median <<<"$ff_a")
m_cpu_e=$(median <<<"$cpu_e") m_cpu_a=$(median <<<"$cpu_a")
cpu_ratio=$(awk -v a="$m_cpu_a" -v e="$m_cpu_e" 'BEGIN { printf "%.2f", (e > 0 ? a / e : 0) }')
m_pss_e=$(median <<<"$pss_e") m_pss_a=$(median <<<"$pss_a")
m_rss_e=$(median <<<"$rss_e") m_rss_a=$(median <<<"$rss_a")
m_anon_e=$(median <<<"$anon_e") m_anon_a=$(median <<<"$anon_a")
m_file_e=$(median <<<"$file_e") m_file_a=$(median <<<"$file_a")
ff_ratio=$(awk -v a="$m_ff_a" -v e="$m_ff_e" 'BEGIN { printf "%.2f", (e > 0 ? a / e : 0) }')
pss_ratio=$(awk -v a="$m_pss_a" -v e="$m_pss_e" 'BEGIN { printf "%.2f", (e > 0 ? a / e : 0) }')
rss_ratio=$(awk -v a="$m_rss_a" -v e="$m_rss_e" 'BEGIN { printf "%.2f", (e > 0 ? a / e : 0) }')
verdict() { if awk -v v="$1" -v l="$2" 'BEGIN { exit !(v <= l) }'; then echo pass; else echo FAIL; fi; }

v_ff=$(verdict "$ff_ratio" 1.2)
v_mem=$(verdict "$pss_ratio" 1.3)

row() { printf '%-38s %-42s %-18s %s\n' "$@"; }
echo
echo "Window figures: medians of $RUNS launches each, release builds, Xvfb, $(nproc) cores"
row "figure" "measured" "target" "result"
row "first frame, empty window" "$(ms "$m_ff_e")" "-" ""
row "first frame, Adjutant" "$(ms "$m_ff_a") (${ff_ratio}×)" "≤ 1.2× empty" "$v_ff"
row "  CPU time to it, empty window" "$(ms "$m_cpu_e")" "-" ""
row "  CPU time to it, Adjutant" "$(ms "$m_cpu_a") (${cpu_ratio}×)" "(not judged)" ""
row "memory (Pss), empty window" "$(mib "$m_pss_e")" "-" ""
row "memory (Pss), Adjutant" "$(mib "$m_pss_a") (${pss_ratio}×)" "≤ 1.3× empty" "$v_mem"
row "  of it anonymous (heap), empty" "$(mib "$m_anon_e")" "-" ""
row "  of it anonymous (heap), Adjutant" "$(mib "$m_anon_a")" "(not judged)" ""
row "  of it file-backed (code), empty" "$(mib "$m_file_e")" "-" ""
row "  of it file-backed (code), Adjutant" "$(mib "$m_file_a")" "(not judged)" ""
row "memory (Rss), empty window" "$(mib "$m_rss_e")" "-" ""
row "memory (Rss), Adjutant" "$(mib "$m_rss_a") (${rss_ratio}×)" "(Pss is judged)" ""
row "idle CPU, empty window" "$empty_idle" "-" ""
row "idle CPU, Adjutant home screen" "$home_idle" "0.0 %, no redraw" "$v_home"
row "idle CPU, Adjutant battle screen" "$battle_idle" "0.0 %, no redraw" "$v_battle"
echo "(idle: ${IDLE_SECONDS} s each; threads' own run time: empty ${empty_idle_ms} ms," \
  "home ${home_ms} ms, battle ${battle_ms} ms)"

[ "$v_ff$v_mem$v_home" = passpasspass ] && [ "$v_battle" != FAIL ]
