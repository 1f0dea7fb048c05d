#!/usr/bin/env bash
# Batch throughput: grades N copies of the reference solution with
#   java -jar grading/target/grader.jar grade --submissions DIR --out OUT --jobs JOBS
# and prints submissions per minute; then, for comparison, one `grade` run (a new grader JVM)
# per submission for a few of them.
# Usage, from the instructor repository after `mvn -B -q package -DskipTests`:
#   bash grading/cost/throughput.sh [N=20] [JOBS=number of cores]
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-20}"
jobs="${2:-$(nproc)}"
jar=grading/target/grader.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for i in $(seq -w 1 "$n"); do
  mkdir -p "$work/submissions/s$i/homework/src/main/java"
  cp -r homework/src/main/java/homework "$work/submissions/s$i/homework/src/main/java/"
done

# The batch in the sandbox the machine allows (as graded for real), then with it switched off:
# the difference is what the sandbox costs.
batch() { # $1: label, then JVM options for the grader
  local label="$1"; shift
  rm -rf "$work/out"
  start=$(date +%s.%N)
  java "$@" -jar "$jar" grade --submissions "$work/submissions" --out "$work/out" --jobs "$jobs" 2>/dev/null >/dev/null
  end=$(date +%s.%N)
  full=$(awk -F, 'NR > 1 && $2 == $3 && $4 == "graded"' "$work/out/summary.csv" | wc -l)
  sandbox=$(grep -m1 -o 'sandbox: [^,;(]*' "$(ls -d "$work/out"/*/ | head -n1)grading.log" || echo "sandbox: ?")
  python3 - "$n" "$jobs" "$start" "$end" "$full" "$label" "$sandbox" <<'PY'
import sys
n, jobs, start, end, full = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
s = end - start
print(f"batch, {sys.argv[6]} ({sys.argv[7].strip()}): {n} submissions, --jobs {jobs}: {s:.1f} s,"
      f" {n / s * 60:.0f} submissions/min, {s / n:.2f} s each ({full} with full marks)")
PY
}
batch "sandboxed"
batch "no sandbox" -Dgrading.sandbox=none

# One grader JVM per submission, as a grading service runs it (compile, screen, sandboxed child).
k=$(( n < 3 ? n : 3 ))
start=$(date +%s.%N)
for i in $(seq -w 1 "$n" | head -n "$k"); do
  java -jar "$jar" grade "$work/submissions/s$i" --require-sandbox >/dev/null 2>&1
done
end=$(date +%s.%N)
python3 -c "import sys; k=int(sys.argv[1]); s=float(sys.argv[3])-float(sys.argv[2]); print(f'one grader JVM per submission: {s / k:.2f} s each, {k / s * 60:.0f} submissions/min')" "$k" "$start" "$end"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
