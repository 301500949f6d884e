# Sourced by the scripts that run Adjutant's window on a private virtual X display.
# start_xvfb DIR SIZE — starts Xvfb at SIZE (e.g. 1280x800x24), logging to DIR/xvfb.log; Xvfb
# picks a free display number itself and writes it to a FIFO. Exports DISPLAY (and unsets the
# desktop session's variables: no settings service, no Wayland), sets xvfb_pid, and sets up
# a trap that ends Xvfb and the program in app_pid (the caller sets it) when the script ends.
start_xvfb() {
  local dir=$1 size=$2 display=""
  mkfifo "$dir/display.fifo"
  exec 4<>"$dir/display.fifo"
  Xvfb -displayfd 4 -screen 0 "$size" -nolisten tcp >"$dir/xvfb.log" 2>&1 &
  xvfb_pid=$!
  app_pid=""
  trap stop_xvfb EXIT
  read -r -t 10 -u 4 display || { echo "Xvfb did not start (see $dir/xvfb.log)" >&2; exit 1; }
  exec 4>&-
  rm -f "$dir/display.fifo"
  export DISPLAY=":$display"
  unset DBUS_SESSION_BUS_ADDRESS WAYLAND_DISPLAY
}

stop_xvfb() {
  if [ -n "${app_pid:-}" ]; then kill "$app_pid" 2>/dev/null || true; fi
  kill "$xvfb_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
