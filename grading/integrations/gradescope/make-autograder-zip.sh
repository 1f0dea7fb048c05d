#!/usr/bin/env bash
# Builds the zip to upload as a Gradescope "zip file upload" autograder. At its root, as
# Gradescope wants them: setup.sh, run_autograder, check_results.py and the prebuilt
# grader.jar (the runtime and the hidden tests, never the reference solution). Nothing is
# built on Gradescope: no Maven, no instructor sources in the image.
# Usage, from anywhere in the instructor repository:
#   bash grading/integrations/gradescope/make-autograder-zip.sh [OUT.zip]   (default: autograder.zip)
# GRADER_JAR (default grading/target/grader.jar) is built with Maven first when it is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
out="$(realpath -m "${1:-autograder.zip}")"
jar="${GRADER_JAR:-$repo/grading/target/grader.jar}"

if [ ! -f "$jar" ]; then
  echo "make-autograder-zip: $jar is missing: building it (mvn -pl grading -am package)"
  (cd "$repo" && mvn -B -q -pl grading -am package -DskipTests)
fi
rm -f "$out"
python3 - "$out" "$here/setup.sh" "$here/run_autograder" "$here/check_results.py" "$jar" <<'PY'
import os, sys, zipfile
out, *files = sys.argv[1:]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for path in files:
        info = zipfile.ZipInfo.from_file(path, os.path.basename(path))
        info.external_attr = (0o755 if not path.endswith(".jar") else 0o644) << 16
        with open(path, "rb") as f:
            z.writestr(info, f.read(), zipfile.ZIP_DEFLATED)
PY
echo "wrote $out: upload it as the Gradescope autograder (grader.jar of $(date -r "$jar" '+%Y-%m-%d %H:%M'))"
