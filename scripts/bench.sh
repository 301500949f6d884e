#!/usr/bin/env bash
# Runs all of Adjutant's benchmarks and prints one summary table: every `[[bench]]` target in
# Cargo.toml through `cargo bench` (each prints its own figures and targets), then the window
# figures of scripts/bench-window.sh (first frame, memory and idle CPU against an empty iced
# window, under Xvfb, release builds). Exits 1 if any target is missed.
#
#   bash scripts/bench.sh              everything
#   BENCH_SKIP_WINDOW=1 bash scripts/bench.sh    only the `cargo bench` targets
#
# Everything is built before it is timed (the window's two programs just before their figures). Each bench's full output is kept in
# target/bench/<name>.txt. See benches/README.md for the targets and the figures measured.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=target/bench
mkdir -p "$out"

benches=$(awk '/^\[\[bench\]\]/ { b = 1; next }
  b && /^name *=/ { gsub(/^name *= *"|".*$/, ""); print; b = 0 }' Cargo.toml)

summary=()
failed=0
# A bench that does not build is reported and the others still run.
echo "Building the benchmarks and the release binaries..." >&2
built=()
for b in $benches; do
  if cargo bench --quiet --bench "$b" --no-run 2>"$out/$b.build.txt"; then
    built+=("$b")
  else
    cat "$out/$b.build.txt" >&2
    summary+=("$(printf '%-36s %-8s %s' "bench $b" FAIL "does not build: $out/$b.build.txt")")
    failed=1
  fi
done

for b in "${built[@]}"; do
  echo
  echo "=== cargo bench --bench $b"
  cargo bench --quiet --bench "$b" 2>&1 | tee "$out/$b.txt"
  status=${PIPESTATUS[0]}
  # A bench fails by its exit status, or by a row it marks as over its target.
  if [ "$status" -eq 0 ] && ! grep -Eq 'MISSED|OVER TARGET|FAIL' "$out/$b.txt"; then
    summary+=("$(printf '%-36s %-8s %s' "bench $b" pass "(figures and targets above)")")
  else
    summary+=("$(printf '%-36s %-8s %s' "bench $b" FAIL "see $out/$b.txt")")
    failed=1
  fi
done

if [ "${BENCH_SKIP_WINDOW:-0}" != 1 ]; then
  echo
  echo "=== scripts/bench-window.sh"
  # It builds its two programs itself, apart and after the benches: `cargo bench` builds the
  # adjutant binary with the tests' features, whose functions' names the code layout by use
  # (build.rs) does not list.
  bash scripts/bench-window.sh | tee "$out/window.txt"
  status=${PIPESTATUS[0]}
  [ "$status" -eq 0 ] || failed=1
  result=$([ "$status" -eq 0 ] && echo pass || echo FAIL)
  summary+=("$(printf '%-36s %-8s %s' "window figures" "$result" "(table above)")")
fi

echo
echo "=== Summary"
printf '%-36s %-8s %s\n' "benchmark" "result" ""
printf '%s\n' "${summary[@]}"
if [ -s "$out/window.txt" ] && [ "${BENCH_SKIP_WINDOW:-0}" != 1 ]; then
  echo
  sed -n '/^Window figures/,$p' "$out/window.txt"
fi
exit "$failed"
