#!/usr/bin/env bash
# Builds the zip to upload as a Gradescope "zip file upload" autograder:
#   setup.sh, run_autograder (at the root of the zip, as Gradescope wants them) and repo/, the
#   instructor repository as committed (git archive: no build output, no local files).
# Usage, from anywhere in the instructor repository:
#   bash grading/integrations/gradescope/make-autograder-zip.sh [OUT.zip]   (default: autograder.zip)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(git -C "$here" rev-parse --show-toplevel)"
out="$(realpath -m "${1:-autograder.zip}")"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

cp "$here/setup.sh" "$here/run_autograder" "$stage/"
chmod +x "$stage/setup.sh" "$stage/run_autograder"
mkdir "$stage/repo"
git -C "$repo" archive --format=tar HEAD | tar -x -C "$stage/repo"
rm -f "$out"
(cd "$stage" && python3 -c '
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for base, dirs, files in os.walk("."):
        for name in sorted(files):
            path = os.path.join(base, name)
            info = zipfile.ZipInfo.from_file(path, os.path.relpath(path, "."))
            with open(path, "rb") as f:
                z.writestr(info, f.read(), zipfile.ZIP_DEFLATED)
' "$out")
echo "wrote $out: upload it as the Gradescope autograder"
