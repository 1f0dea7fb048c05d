#!/usr/bin/env bash
# Runs the same workloads (switch, timers, spawn, memory) on the Java scheduler, on the lecture's
# own Python scheduler and on CPython asyncio, one after the other, and prints them side by side
# with the ratios. The echo workload (in the Java bench) drives the Java loop and virtual-thread
# echo servers, asyncio's and uvloop's with one client, and is printed side by side too. Absolute numbers vary from machine to machine; the ratios are what to compare.
#
#   mini-asyncio/peers/compare.sh [--quick]
#
# Needs the jar (mvn -B -q package -DskipTests) and a JDK 21+ installed: started by an older
# `java` (JAVA_HOME's, else PATH's), the jar runs itself again on one it finds.
# Without python3 it runs the Java side only and says so. With BENCH_OUT=DIR set, the two JSON
# files (java.json, python.json) are kept in DIR.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
module="$(dirname "$here")"   # mini-asyncio/, the module this measures
jar="$module/target/mini-asyncio.jar"
quick=()
case "${1:-}" in
  --quick) quick=(--quick) ;;
  "") ;;
  *) echo "usage: mini-asyncio/peers/compare.sh [--quick]" >&2; exit 2 ;;
esac

java="java"
if [[ -n "${JAVA_HOME:-}" ]]; then java="$JAVA_HOME/bin/java"; fi
if [[ ! -f "$jar" ]]; then
  echo "compare.sh: $jar is missing: build it first with 'mvn -B -q package -DskipTests'" >&2
  exit 1
fi

if [[ -n "${BENCH_OUT:-}" ]]; then
  out="$BENCH_OUT"; mkdir -p "$out"
else
  out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
fi

# The echo workload measures CPython asyncio's and uvloop's echo servers beside the Java ones, with
# the same client: uvloop goes in a venv in a cache folder (made once); where it cannot be
# installed, the echo workload skips uvloop and says so in one line.
if [[ -z "${MINIASYNCIO_UVLOOP_PYTHON:-}" ]] && command -v python3 >/dev/null 2>&1; then
  venv="${XDG_CACHE_HOME:-$HOME/.cache}/mini-asyncio/uvloop-venv"
  if [[ -x "$venv/bin/python" ]] && "$venv/bin/python" -c 'import uvloop' 2>/dev/null \
     || { python3 -m venv "$venv" >/dev/null 2>&1 && "$venv/bin/pip" install -q uvloop >/dev/null 2>&1; }; then
    export MINIASYNCIO_UVLOOP_PYTHON="$venv/bin/python"
  else
    echo "uvloop: skipped (it does not install here: python3 -m venv $venv && $venv/bin/pip install uvloop failed)"
  fi
fi

echo "== Java: mini-asyncio bench"
"$java" -jar "$jar" bench "${quick[@]}" --json "$out/java.json"

if ! command -v python3 >/dev/null 2>&1; then
  echo
  echo "python3 not found: the Python side (lecture scheduler, asyncio) and the ratios are skipped."
  exit 0
fi

echo
echo "== Python: the lecture's scheduler and asyncio"
python3 "$here/python/bench.py" "${quick[@]}" --json "$out/python.json"

echo
python3 - "$out/java.json" "$out/python.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
p = json.load(open(sys.argv[2]))

def row(what, java_key, py_key_suffix, unit):
    jv = j.get(java_key)
    if jv is None:
        return
    cells = []
    for impl in ("lecture", "asyncio"):
        pv = p.get(f"{impl}.{py_key_suffix}")
        cells.append((pv, pv / jv if pv and jv else None))
    def cell(v, r):
        return f"{v:>10.0f} {'':1}{'(' + format(r, '.1f') + 'x)' if r else '':>9}" if v is not None else f"{'-':>10} {'':>10}"
    print(f"{what:<28} {jv:>10.1f}  {cell(*cells[0])}  {cell(*cells[1])}  {unit}")

echo_rows = []
for conns in (100, 1000, 10000):
    for size in (64, 4096):
        at = f"_at_{conns}_{size}b"
        loop = j.get(f"echo.loop.round_trips_per_s{at}")
        if loop:
            echo_rows.append((conns, size, at, loop))
if echo_rows:
    print("Echo round trips/s on loopback (same client, each server in its own process); (Nx) = loop / that server:")
    print(f"{'conns':>6} {'bytes':>5}  {'loop (Java)':>12}  {'vthreads':>20}  {'asyncio':>20}  {'uvloop':>20}")
    for conns, size, at, loop in echo_rows:
        cells = []
        for impl in ("vthreads", "asyncio", "uvloop"):
            v = j.get(f"echo.{impl}.round_trips_per_s{at}")
            cells.append(f"{v:>10.0f} ({loop / v:>4.2f}x)" if v else f"{'-':>10} {'':>8}")
        print(f"{conns:>6} {size:>5}  {loop:>12.0f}  {cells[0]:>20}  {cells[1]:>20}  {cells[2]:>20}")
if any(f"echo.kernel_ceiling_round_trips_per_s{at}" in j for _, _, at, _ in echo_rows):  # Linux only: /proc
    print("Each server's own (user) time per round trip, and the ceiling for any server with this client:"
          " min(cores / (the loop server's kernel time + the client's time), 1 client thread / the client's time),"
          " per round trip:")
    for conns, size, at, loop in echo_rows:
        own = ", ".join(f"{impl} {j[k]:.2f}" for impl in ("loop", "vthreads", "asyncio", "uvloop")
                        if (k := f"echo.{impl}.server_user_us_per_round_trip{at}") in j and j[k] is not None)
        ceiling = j.get(f"echo.kernel_ceiling_round_trips_per_s{at}")
        peers = ", ".join(f"{j[k]:.2f}x {peer}" for peer in ("asyncio", "uvloop")
                          if (k := f"echo.kernel_ceiling_over_{peer}{at}") in j and j[k] is not None)
        mine = ", ".join(f"{j[k]:.2f} of {peer}'s" for peer in ("asyncio", "uvloop")
                         if (k := f"echo.loop_user_time_over_{peer}{at}") in j and j[k] is not None)
        if ceiling:
            print(f"{conns:>6} {size:>5}  own us: {own} (loop: {mine or '-'});  ceiling {ceiling:.0f} round trips/s ({peers})")
if echo_rows:
    print()

print(f"Side by side ({j.get('env.sizes')} sizes; Java {j.get('env.java_version')},"
      f" {p.get('env.python_implementation')} {p.get('env.python_version')}). (Nx) = how many times the Java figure.")
print(f"{'workload':<28} {'Java':>10}  {'lecture (Python)':>21}  {'asyncio':>21}")
row("switch, per step", "switch.scheduler_ns_per_step", "switch_ns_per_step", "ns")
for n in ("100", "1k", "10k", "100k", "1m"):
    if f"timers.ns_per_op_at_{n}" in j and (f"lecture.timers_ns_per_op_at_{n}" in p or f"asyncio.timers_ns_per_op_at_{n}" in p):
        row(f"timers, per op, {n} asleep", f"timers.ns_per_op_at_{n}", f"timers_ns_per_op_at_{n}", "ns")
row("spawn, per task (Java: 1M)", "spawn.scheduler_ns_per_task", "spawn_ns_per_task", "ns")
row("spawn, per task, same count", "spawn.scheduler_ns_per_task_at_python_size", "spawn_ns_per_task", "ns")
row("memory, per sleeping task", "memory.scheduler_bytes_per_sleeping_task", "memory_bytes_per_sleeping_task", "bytes")
a = p.get("asyncio.switch_ns_per_step"); s = j.get("switch.scheduler_ns_per_step")
if a and s:
    r = a / s
    print(f"\ntarget: a step at least 5x faster than CPython asyncio: {r:.1f}x, {'met' if r >= 5 else 'MISSED'}")
m = j.get("memory.scheduler_bytes_per_sleeping_task"); g = p.get("lecture.memory_bytes_per_sleeping_task")
if m and g:
    print(f"target: memory per sleeping task below the lecture's generators ({g:.0f} bytes) and at most 450:"
          f" {m:.0f} bytes, {'met' if m < g and m <= 450 else 'MISSED'}")
PY
