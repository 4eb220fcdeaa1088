#!/usr/bin/env bash
# Compares kube::codegen::gen_helpers on k8s.io/sample-apiserver@v0.37.2:
# upstream's kube_codegen.sh (k8s.io/code-generator@v0.37.2, one process per
# generator) against apigen's (one process over one load). Both are called
# the way the module's own hack/update-codegen.sh calls them, alternating,
# BENCH_ROUNDS times (default 7); medians and ratios are printed. After
# every apigen run the regenerated files must equal the shipped ones.
set -o errexit -o nounset -o pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
ROUNDS="${BENCH_ROUNDS:-7}"
WORK="$(mktemp -d)"
trap 'rm -rf "${WORK}"' EXIT

moddir() { go mod download -json "$1" | sed -n 's/.*"Dir": "\(.*\)",/\1/p'; }

src="$(moddir k8s.io/sample-apiserver@v0.37.2)"
cp -R "${src}" "${WORK}/sample" && chmod -R u+w "${WORK}/sample"
(cd "${WORK}/sample" && go mod download)
cp -R "${WORK}/sample" "${WORK}/pristine"
upstream_pkg="$(moddir k8s.io/code-generator@v0.37.2)"

# gen_helpers ROOT: one call of the function from the given kube_codegen.sh,
# as update-codegen.sh makes it, in a fresh shell.
gen_helpers() {
    (cd "${WORK}/sample" && GOBIN="${WORK}/gobin" APIGEN_CACHE="${WORK}/apigen-cache" bash -c '
        set -o errexit -o nounset -o pipefail
        source "$1/kube_codegen.sh"
        kube::codegen::gen_helpers --boilerplate hack/boilerplate.go.txt pkg/apis
    ' _ "$1") >"${WORK}/log" 2>&1 || { cat "${WORK}/log"; exit 1; }
}

seconds() { local s; s=$(date +%s.%N); "$@"; echo "$(date +%s.%N) - ${s}" | bc; }

check_same() {
    if ! diff -r -q "${WORK}/pristine/pkg/apis" "${WORK}/sample/pkg/apis" >"${WORK}/diff"; then
        cat "${WORK}/diff"
        echo "apigen's gen_helpers changed sample-apiserver's files" >&2
        exit 1
    fi
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "== warm-up (builds both toolchains once)"
gen_helpers "${upstream_pkg}"
gen_helpers "${REPO}"
check_same

: >"${WORK}/up" && : >"${WORK}/ours" && : >"${WORK}/ratio"
for i in $(seq "${ROUNDS}"); do
    up=$(seconds gen_helpers "${upstream_pkg}")
    ours=$(seconds gen_helpers "${REPO}")
    check_same
    echo "${up}" >>"${WORK}/up"
    echo "${ours}" >>"${WORK}/ours"
    echo "${up} / ${ours}" | bc -l >>"${WORK}/ratio"
    printf '   round %d/%d: upstream %.2fs apigen %.2fs\n' "${i}" "${ROUNDS}" "${up}" "${ours}"
done

printf 'gen_helpers on sample-apiserver@v0.37.2 (deepcopy, defaulter, conversion), %d rounds, medians\n' "${ROUNDS}"
printf '  upstream kube_codegen.sh  %.2f s\n' "$(median <"${WORK}/up")"
printf '  apigen kube_codegen.sh    %.2f s\n' "$(median <"${WORK}/ours")"
ratio=$(median <"${WORK}/ratio")
printf 'speedup (median of per-round ratios): %.2fx  (bar: >= 4x)\n' "${ratio}"
if [ -z "${BENCH_NO_FAIL:-}" ] && [ "$(echo "${ratio} < 4" | bc)" = 1 ]; then
    exit 1
fi
