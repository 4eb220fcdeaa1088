#!/usr/bin/env bash
# Times runs that have nothing to do, which apigen's run cache answers
# without loading a package.
#
# On a writable copy of k8s.io/sample-apiserver@v0.37.2, its own
# hack/update-codegen.sh with CODEGEN_PKG=apigen:
#   (a) first run, with an empty run cache,
#   (b) second run, nothing changed,
#   (c) APIGEN_VERIFY_ONLY=true, nothing changed: the first verification
#       (which the cache has not seen) and the one after it;
# and the same script with upstream's kube_codegen.sh (code-generator
# v0.37.2, its tools built once from the module proxy, as helpers.sh
# does), whose every run is a first run. Then apigen generate --verify-only
# over all of k8s.io/api@v0.37.2: a first run (empty cache) and a second.
# Every figure is the median of BENCH_ROUNDS rounds (default 5); after
# every apigen run the module must be as shipped. apigen runs from a copy
# of this checkout, so that edits made meanwhile do not rebuild it.
#
# Environment:
#   BENCH_ROUNDS=N   rounds (default 5)
set -o errexit -o nounset -o pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
ROUNDS="${BENCH_ROUNDS:-5}"
WORK="$(mktemp -d)"
trap 'chmod -R u+w "${WORK}" 2>/dev/null; rm -rf "${WORK}"' EXIT

moddir() { go mod download -json "$1" | sed -n 's/.*"Dir": "\(.*\)",/\1/p'; }

mkdir -p "${WORK}/apigen"
tar -C "${REPO}" --exclude=.git --exclude='*.test' -cf - . | tar -C "${WORK}/apigen" -xf -
CODEGEN="${WORK}/apigen"

src="$(moddir k8s.io/sample-apiserver@v0.37.2)"
cp -R "${src}" "${WORK}/ours" && chmod -R u+w "${WORK}/ours"
(cd "${WORK}/ours" && go mod download)
cp -R "${WORK}/ours" "${WORK}/theirs"
cp -R "${WORK}/ours" "${WORK}/pristine"
upstream_pkg="$(moddir k8s.io/code-generator@v0.37.2)"
mkdir -p "${WORK}/reports.ours" "${WORK}/reports.theirs"

# update DIR CODEGEN_PKG [VAR=value...]: one run of the module's script,
# with the API rule violations written where the script's test puts them.
update() {
    local dir="$1" pkg="$2"
    shift 2
    (cd "${WORK}/${dir}" && env CODEGEN_PKG="${pkg}" APIGEN_CACHE="${WORK}/apigen-cache" \
        GOBIN="${WORK}/gobin" API_KNOWN_VIOLATIONS_DIR="${WORK}/reports.${dir}" \
        UPDATE_API_KNOWN_VIOLATIONS=true "$@" bash hack/update-codegen.sh) >"${WORK}/log" 2>&1 ||
        { cat "${WORK}/log" >&2; echo "update-codegen.sh failed in ${dir}" >&2; exit 1; }
}
ours() { update ours "${CODEGEN}" "$@"; }
theirs() { update theirs "${upstream_pkg}" GOFLAGS= GOWORK=off; }
verify() { ours APIGEN_VERIFY_ONLY=true; }
# The run cache only; kube_codegen.sh keeps the apigen binary beside it.
empty_cache() { rm -rf "${WORK}/apigen-cache/runs"; }

seconds() { local s; s=$(date +%s.%N); "$@"; echo "$(date +%s.%N) - ${s}" | bc; }

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

check_same() {
    if ! diff -r -q -x go.sum "${WORK}/pristine" "${WORK}/ours" >"${WORK}/diff"; then
        cat "${WORK}/diff"
        echo "apigen's update-codegen.sh changed sample-apiserver's files" >&2
        exit 1
    fi
}

# time_into FILE CMD...: appends CMD's wall time to FILE and prints it.
time_into() {
    local file="$1" t
    shift
    t=$(seconds "$@")
    echo "${t}" >>"${WORK}/${file}"
    echo "${t}"
}

echo "== warm-up (builds both toolchains once)"
theirs
ours
check_same

for f in first second verify1 verify2 upstream ratio; do : >"${WORK}/t.${f}"; done
for i in $(seq "${ROUNDS}"); do
    empty_cache
    a=$(time_into t.first ours)
    check_same
    b=$(time_into t.second ours)
    check_same
    c1=$(time_into t.verify1 verify)
    c2=$(time_into t.verify2 verify)
    u=$(time_into t.upstream theirs)
    echo "${u} / ${a}" | bc -l >>"${WORK}/t.ratio"
    printf '   round %d/%d: first %.2fs second %.2fs verify %.2fs/%.2fs upstream %.2fs\n' \
        "${i}" "${ROUNDS}" "${a}" "${b}" "${c1}" "${c2}" "${u}"
done

printf 'sample-apiserver@v0.37.2 hack/update-codegen.sh, %d rounds, medians\n' "${ROUNDS}"
printf '  upstream kube_codegen.sh               %6.2f s\n' "$(median <"${WORK}/t.upstream")"
printf '  apigen, first run (empty run cache)    %6.2f s\n' "$(median <"${WORK}/t.first")"
printf '  apigen, second run (nothing changed)   %6.2f s\n' "$(median <"${WORK}/t.second")"
printf '  apigen, APIGEN_VERIFY_ONLY=true, first %6.2f s\n' "$(median <"${WORK}/t.verify1")"
printf '  apigen, APIGEN_VERIFY_ONLY=true, again %6.2f s\n' "$(median <"${WORK}/t.verify2")"
printf '  upstream / apigen first run (median of per-round ratios): %.2fx\n' "$(median <"${WORK}/t.ratio")"
printf '  upstream / apigen second run (ratio of medians):          %.2fx\n' \
    "$(echo "$(median <"${WORK}/t.upstream") / $(median <"${WORK}/t.second")" | bc -l)"

echo "== k8s.io/api@v0.37.2: apigen generate --verify-only"
api="$(moddir k8s.io/api@v0.37.2)"
cp -R "${api}" "${WORK}/api" && chmod -R u+w "${WORK}/api"
(cd "${WORK}/api" && go mod download)
sed -n 4,18p "${WORK}/api/core/v1/zz_generated.deepcopy.go" >"${WORK}/api-boilerplate.go.txt"
(cd "${CODEGEN}" && go build -o "${WORK}/bin/apigen" ./cmd/apigen)
patterns=(./...)
api_verify() {
    (cd "${WORK}/api" && APIGEN_CACHE="${WORK}/api-cache" "${WORK}/bin/apigen" generate --verify-only \
        --go-header-file "${WORK}/api-boilerplate.go.txt" \
        --generators deepcopy,prerelease-lifecycle,model-name --model-name-output-file zz_generated.model_name.go \
        "${patterns[@]}") >"${WORK}/log" 2>&1
}
if ! api_verify; then
    # Leave out the packages apigen cannot verify yet, and say so.
    echo "   ./... does not verify; leaving out the packages it names:"
    sed 's/^/     /' "${WORK}/log" | head -20
    mapfile -t bad < <(sed -n 's|^\([^: ]*\)/[^/: ]*\.go:.*|./\1|p' "${WORK}/log" | sort -u)
    mapfile -t patterns < <(cd "${WORK}/api" && go list -f '{{.Dir}}' ./... | sed "s|^${WORK}/api|.|" |
        grep -v -x -F -f <(printf '%s\n' "${bad[@]:-/none}"))
    api_verify || { cat "${WORK}/log"; exit 1; }
fi
: >"${WORK}/t.api1" && : >"${WORK}/t.api2"
for i in $(seq "${ROUNDS}"); do
    rm -rf "${WORK}/api-cache"
    a=$(time_into t.api1 api_verify)
    b=$(time_into t.api2 api_verify)
    printf '   round %d/%d: first %.2fs second %.2fs\n' "${i}" "${ROUNDS}" "${a}" "${b}"
done
printf 'k8s.io/api@v0.37.2 --verify-only (deepcopy, prerelease-lifecycle, model-name; %d packages), %d rounds, medians\n' \
    "$(if [ "${patterns[0]}" = ./... ]; then cd "${WORK}/api" && go list ./... | wc -l; else echo "${#patterns[@]}"; fi)" "${ROUNDS}"
printf '  first run (empty run cache)   %6.2f s\n' "$(median <"${WORK}/t.api1")"
printf '  second run (nothing changed)  %6.2f s\n' "$(median <"${WORK}/t.api2")"
