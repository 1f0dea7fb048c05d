#!/usr/bin/env bash
# Runs `run Example` on the real clock in fresh JVMs (cold: nothing loaded yet), untraced and
# with each way of tracing it, and checks every run against the lecture's transcript: each line's
# time within 0.02 s of the lecture's, and the lines in the lecture's order.
#
#   docs/cold-runs.sh [RUNS]          RUNS per way of running (default 10)
#   VERBOSE=1 docs/cold-runs.sh       also print the times of each run that missed
#
# Needs the jar (mvn -B -q -pl mini-asyncio -am package -DskipTests) and a JDK 21+ `java` on
# PATH (or JAVA=/path/to/java). It prints the load average before and after: figures taken on a
# busy machine are the busy machine's. Exit code 0 when every run was within 0.02 s and in order.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
java=${JAVA:-java}
jar=${JAR:-mini-asyncio/target/mini-asyncio.jar}
[ -f "$jar" ] || { echo "no $jar: build it first (mvn -B -q -pl mini-asyncio -am package -DskipTests)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The lecture's real-clock run (lecture-digest §3c): each line and its time.
lecture='[A] step 0=0.00
[B] step 0=0.00
[C] step 0=0.00
[main] all tasks scheduled=
[B] step 1=0.05
[A] step 1=0.11
[B] step 2=0.11
[C] step 1=0.15
[B] step 3=0.16
[A] step 2=0.21
scheduler finished=0.31'

ways=("plain|"
      "--trace|--trace"
      "--trace-out --trace-html|--trace-out $tmp/run.json --trace-html $tmp/run.html"
      "--step-through|--step-through $tmp/ex.html"
      "all of them, --stats, --debug|--trace --trace-out $tmp/run.json --trace-html $tmp/run.html --step-through $tmp/ex.html --stats --debug")

echo "load before: $(uptime)"
echo "$("$java" -version 2>&1 | head -1); $runs cold runs per way; tolerance 0.02 s"
failed=0
for way in "${ways[@]}"; do
    name=${way%%|*}
    read -r -a options <<< "${way#*|}"
    within=0; inorder=0; worst=0
    for _ in $(seq "$runs"); do
        out=$("$java" -jar "$jar" run Example "${options[@]}" 2>/dev/null | grep -E '^(\[|scheduler finished)')
        # each line: its label (the text before ", t=" or " in") and its time
        result=$(awk -v lecture="$lecture" '
            BEGIN { n = split(lecture, rows, "\n"); for (i = 1; i <= n; i++) { split(rows[i], kv, "="); want[i] = kv[1]; at[kv[1]] = kv[2] } }
            {
                label = $0; time = ""
                if (match($0, /, t=[0-9.]+$/)) { label = substr($0, 1, RSTART - 1); time = substr($0, RSTART + 4) }
                else if (match($0, / in [0-9.]+s$/)) { label = substr($0, 1, RSTART - 1); time = substr($0, RSTART + 4, RLENGTH - 5) }
                got[NR] = label
                if (time != "" && (label in at)) { d = time - at[label]; if (d < 0) d = -d; if (d > worst) worst = d }
            }
            END {
                order = (NR == n); for (i = 1; i <= n; i++) if (got[i] != want[i]) order = 0
                printf "%.2f %d\n", worst, order
            }' <<< "$out")
        dev=${result% *}; order=${result#* }
        ok=1
        awk -v d="$dev" 'BEGIN { exit !(d <= 0.0201) }' && within=$((within + 1)) || ok=0
        [ "$order" = 1 ] && inorder=$((inorder + 1)) || ok=0
        if [ "$ok" = 0 ] && [ -n "${VERBOSE:-}" ]; then
            echo "  missed ($name): $(tr '\n' '|' <<< "$out")"
        fi
        worst=$(awk -v a="$worst" -v b="$dev" 'BEGIN { print (b > a ? b : a) }')
    done
    printf '%-32s %2d/%d within 0.02 s, %2d/%d in the lecture'"'"'s order, worst line off by %.2f s\n' \
        "$name" "$within" "$runs" "$inorder" "$runs" "$worst"
    [ "$within" = "$runs" ] && [ "$inorder" = "$runs" ] || failed=1
done
echo "load after:  $(uptime)"
exit $failed
