#!/usr/bin/env bash
# Tries the autograder in Gradescope's default container: half a CPU and 768 MB for the whole
# process tree of run_autograder (the grader, its javac child and its test child together).
# It lays out a Gradescope-shaped /autograder in a scratch folder (as try-autograder.sh does),
# then runs run_autograder as root under the limit, on:
#   - the reference solution: full marks (RUNS times, default 1);
#   - the untouched student release (the stubs): 0;
#   - with --wrong, every wrong solution of grading/wrong: below full marks.
# The limit, the first this machine allows:
#   cgroup v2, or cgroup v1 (cpu and memory controllers): a CPU quota of CPU_PERCENT % of one
#     CPU (default 50) and a memory limit of MEMORY_MB (default 768) with no swap; the kernel
#     enforces both, as in Gradescope's container;
#   else taskset: everything pinned to one core, with a busy loop pinned beside it (about half
#     of that core), and the memory limit checked only, not enforced.
# Either way the summed resident memory (RSS) of every process of the run is sampled five times
# a second, and its peak must stay under MEMORY_MB.
# LIMIT=taskset skips the cgroups (to try the fallback on a machine that has them).
# Run it as root, with a JDK 21+ first on the PATH (as setup.sh wants it).
# Exit code: 0 when every check passed, 1 otherwise.
# Usage: bash grading/integrations/gradescope/try-default-container.sh [--wrong] [--runs N] [SCRATCH_DIR]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
runs=1
wrong=0
scratch=""
while [ $# -gt 0 ]; do
  case "$1" in
    --wrong) wrong=1 ;;
    --runs) runs="${2:?--runs needs a number}"; shift ;;
    -*) echo "try-default-container: unknown option $1 (expected --wrong, --runs N)" >&2; exit 2 ;;
    *) scratch="$1" ;;
  esac
  shift
done
[ "$(id -u)" = 0 ] || { echo "try-default-container: run it as root (Gradescope runs run_autograder as root)" >&2; exit 2; }
scratch="$(realpath -m "${scratch:-$(mktemp -d)}")"
export AUTOGRADER_ROOT="$scratch/autograder"
ROOT="$AUTOGRADER_ROOT"
CPU_PERCENT="${CPU_PERCENT:-50}"
MEMORY_MB="${MEMORY_MB:-768}"

rm -rf "$ROOT"
mkdir -p "$ROOT/source" "$ROOT/submission" "$ROOT/results"
echo "== building the autograder zip"
bash "$here/make-autograder-zip.sh" "$scratch/autograder.zip" || exit 1
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$scratch/autograder.zip" "$ROOT/source"
chmod +x "$ROOT/source/setup.sh" "$ROOT/source/run_autograder"
cp "$ROOT/source/run_autograder" "$ROOT/run_autograder"
echo "== setup.sh"
(cd "$ROOT/source" && bash ./setup.sh) || { echo "FAIL: setup.sh"; exit 1; }

# ---------------------------------------------------------------- the limit
cg=""        # the cgroup (v2) or the pair of cgroups (v1) the run goes into
kind=""
busy=""
name="gradescope-default-$$"
if [ "${LIMIT:-}" != taskset ] && [ -w /sys/fs/cgroup/cgroup.subtree_control ] && grep -qw cpu /sys/fs/cgroup/cgroup.controllers \
    && grep -qw memory /sys/fs/cgroup/cgroup.controllers && mkdir "/sys/fs/cgroup/$name" 2>/dev/null; then
  echo "+cpu +memory" > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
  if echo "$((CPU_PERCENT * 1000)) 100000" > "/sys/fs/cgroup/$name/cpu.max" \
      && echo "${MEMORY_MB}M" > "/sys/fs/cgroup/$name/memory.max"; then
    echo 0 > "/sys/fs/cgroup/$name/memory.swap.max" 2>/dev/null || true
    kind="cgroup v2"; cg="/sys/fs/cgroup/$name"
  else
    rmdir "/sys/fs/cgroup/$name"
  fi
fi
if [ -z "$kind" ] && [ "${LIMIT:-}" != taskset ] && [ -d /sys/fs/cgroup/cpu ] && [ -d /sys/fs/cgroup/memory ] \
    && mkdir "/sys/fs/cgroup/cpu/$name" 2>/dev/null; then
  if mkdir "/sys/fs/cgroup/memory/$name" 2>/dev/null \
      && echo 100000 > "/sys/fs/cgroup/cpu/$name/cpu.cfs_period_us" \
      && echo "$((CPU_PERCENT * 1000))" > "/sys/fs/cgroup/cpu/$name/cpu.cfs_quota_us" \
      && echo "$((MEMORY_MB * 1024 * 1024))" > "/sys/fs/cgroup/memory/$name/memory.limit_in_bytes"; then
    echo "$((MEMORY_MB * 1024 * 1024))" > "/sys/fs/cgroup/memory/$name/memory.memsw.limit_in_bytes" 2>/dev/null || true
    kind="cgroup v1"; cg="/sys/fs/cgroup/cpu/$name /sys/fs/cgroup/memory/$name"
  else
    rmdir "/sys/fs/cgroup/cpu/$name" "/sys/fs/cgroup/memory/$name" 2>/dev/null
  fi
fi
if [ -z "$kind" ]; then
  command -v taskset >/dev/null || { echo "try-default-container: no writable cgroup and no taskset: cannot limit the CPU" >&2; exit 1; }
  kind="taskset"
  taskset -c 0 bash -c 'while :; do :; done' &
  busy=$!
fi
cleanup() {
  [ -n "$busy" ] && kill "$busy" 2>/dev/null
  for dir in $cg; do rmdir "$dir" 2>/dev/null; done
}
trap cleanup EXIT
echo "== the limit: $kind, ${CPU_PERCENT}% of a CPU$([ "$kind" = taskset ] && echo " (one core shared with a busy loop)"), ${MEMORY_MB} MB"

# Runs "$@" inside the limit.
limited() {
  case "$kind" in
    "cgroup v2") bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' _ "$cg" "$@" ;;
    "cgroup v1") bash -c 'for d in $1; do echo $$ > "$d/cgroup.procs" || exit 1; done; shift; exec "$@"' _ "$cg" "$@" ;;
    taskset) taskset -c 0 "$@" ;;
  esac
}

# Prints the peak summed RSS (MiB) of the processes of pid $1's tree while it runs (every 0.2 s).
peak_rss() {
  local root="$1" peak=0 now
  while kill -0 "$root" 2>/dev/null; do
    now="$(ps -e -o pid=,ppid=,rss= | awk -v root="$root" '
      { parent[$1] = $2; rss[$1] = $3 }
      END { for (p in parent) { q = p; while (q != "" && q != 0 && q != root) q = parent[q]; if (q == root) sum += rss[p] }
            print int(sum / 1024) }')"
    [ "$now" -gt "$peak" ] && peak="$now"
    sleep 0.2
  done
  echo "$peak"
}

failed=0
check() { # check NAME COMMAND...
  local name="$1"; shift
  if "$@"; then echo "PASS: $name"; else echo "FAIL: $name"; failed=1; fi
}
score_is() { # score_is WANT: full, zero or below
  python3 - "$ROOT/results/results.json" "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
score, top = r.get("score"), sum(t.get("max_score", 0) for t in r.get("tests", []))
failed = [t.get("number", "") + " " + t.get("name", "")[:60] + ": " + (t.get("output") or "").splitlines()[0][:100]
          for t in r.get("tests", []) if t.get("status") == "failed"]
print(f"  score {score} of {top}" + "".join("\n    failed " + f for f in failed[:6])
      + (f"\n    ... {len(failed) - 6} more" if len(failed) > 6 else ""))
want = sys.argv[2]
sys.exit(0 if top > 0 and (score == top if want == "full" else score == 0 if want == "zero" else score < top) else 1)
PY
}
grade() { # grade LABEL WANT: run_autograder on $ROOT/submission under the limit
  local label="$1" want="$2" start peak
  rm -f "$ROOT/results/results.json"
  start=$(date +%s.%N)
  # (every reason shown, as after the due date: the failures it prints say why)
  (cd "$ROOT" && FEEDBACK=before=full,after=full limited ./run_autograder) > "$scratch/stdout" 2>&1 &
  local pid=$!
  peak="$(peak_rss "$pid")"
  wait "$pid"
  local code=$?
  local seconds
  seconds="$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.0f}')" "$start" "$(date +%s.%N)")"
  echo "== $label: run_autograder exit $code in $seconds s; peak RSS of its processes $peak MiB"
  check "$label: score $want" score_is "$want"
  check "$label: peak RSS $peak MiB under $MEMORY_MB MB" [ "$peak" -lt "$MEMORY_MB" ]
}
submit() { # submit DIR: the files a student would upload
  rm -rf "$ROOT/submission" && mkdir -p "$ROOT/submission" && cp -r "$1"/. "$ROOT/submission/"
}

reference="$scratch/reference"
mkdir -p "$reference" && cp "$repo"/homework/src/main/java/homework/*.java "$reference/"
for i in $(seq "$runs"); do
  submit "$reference"
  grade "reference (run $i of $runs)" full
done

echo "== the student release"
rm -rf "$scratch/release"
(cd "$repo" && java -jar "$ROOT/grader.jar" release --out "$scratch/release") > /dev/null || { echo "FAIL: the release"; exit 1; }
submit "$scratch/release/homework/src/main/java/homework"
grade "untouched release" zero

if [ "$wrong" = 1 ]; then
  for patch in "$repo"/grading/wrong/*.patch; do
    name="$(basename "$patch" .patch)"
    dir="$scratch/wrong/$name"
    rm -rf "$dir" && mkdir -p "$dir" && cp -r "$repo/homework/src" "$dir/"
    (cd "$dir" && patch -s -p1 < "$patch") || { echo "FAIL: $name.patch does not apply"; failed=1; continue; }
    submit "$dir/src/main/java/homework"
    grade "wrong solution $name" below
  done
fi
exit $failed
