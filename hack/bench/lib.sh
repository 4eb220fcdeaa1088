# Sourced by hack/bench scripts, after `set -euo pipefail`: the settings
# and helpers they share. Sets ROUNDS (BENCH_ROUNDS, default 5), REPO (this
# repository) and work (a new directory, removed on exit unless
# BENCH_KEEP=1), and defines:
#   die MSG...     fails the benchmark
#   moddir M@V     a module's directory in the module cache, downloaded
#   med            the median of the numbers on stdin
#   col FILE N     field N of each line of $work/FILE

ROUNDS=${BENCH_ROUNDS:-5}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bench_name=$(basename "${BASH_SOURCE[1]}" .sh)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-$bench_name.XXXXXX")
# Module-cache copies are read-only: make them writable to remove them.
trap '[[ ${BENCH_KEEP:-} == 1 ]] && echo "kept $work" >&2 || { chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"; }' EXIT

die() { echo "$bench_name.sh: FAIL: $*" >&2; exit 1; }
moddir() { (cd "$work" && go mod download -json "$1" | sed -n 's/.*"Dir": "\(.*\)",/\1/p'); }
med() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
col() { cut -d' ' -f"$2" "$work/$1"; }
