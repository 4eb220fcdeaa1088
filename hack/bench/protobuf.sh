#!/usr/bin/env bash
# Compares protobuf generation on k8s.io/api@v0.37.2's 60 packages (and the
# apimachinery packages go-to-protobuf always includes): upstream's pipeline,
# go-to-protobuf v0.37.2 + protoc + protoc-gen-gogo + goimports, run the way
# Kubernetes' hack/_update-generated-protobuf-dockerized.sh runs it, against
# apigen's go-to-protobuf, in one process. They alternate BENCH_ROUNDS times
# (default 5), each on a tree whose generated.proto and generated.pb.go were
# deleted; after every run of either, each file must equal the one shipped.
# Prints medians, the median of per-round ratios, and peak RSS (the largest
# process of each run). protoc comes from Debian's protobuf-compiler, which
# this script installs when it is missing.
set -o errexit -o nounset -o pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
ROUNDS="${BENCH_ROUNDS:-5}"
WORK="$(mktemp -d)"
trap 'rm -rf "${WORK}"' EXIT

moddir() { go mod download -json "$1" | sed -n 's/.*"Dir": "\(.*\)",/\1/p'; }

if ! command -v protoc >/dev/null; then
    apt-get install -y protobuf-compiler >/dev/null
fi

# The tree: GOPATH-shaped, as upstream's --output-dir needs, in a workspace.
SRC="${WORK}/src/k8s.io"
mkdir -p "${SRC}"
for m in api apimachinery; do
    cp -R "$(moddir "k8s.io/${m}@v0.37.2")" "${SRC}/${m}"
done
chmod -R u+w "${SRC}"
(cd "${SRC}" && go work init ./api ./apimachinery)
mkdir -p "${WORK}/shipped"
(cd "${SRC}" && find . \( -name generated.proto -o -name generated.pb.go \) -print0 | cpio -0 -pdm --quiet "${WORK}/shipped")
PKGS="$(cd "${SRC}" && grep -rl '^// +k8s:protobuf-gen=package' --include='*.go' api | xargs -n1 dirname | sort -u | sed 's|^|k8s.io/|' | paste -sd,)"
HEADER="$(moddir k8s.io/kubernetes@v1.37.2)/hack/boilerplate/boilerplate.generatego.txt"

# Upstream's tools, and the include tree protoc needs for gogo.proto.
BIN="${WORK}/bin"
(cd "${WORK}" && GOBIN="${BIN}" GOFLAGS= GOWORK=off go install \
    k8s.io/code-generator/cmd/go-to-protobuf@v0.37.2 \
    k8s.io/code-generator/cmd/go-to-protobuf/protoc-gen-gogo@v0.37.2 &&
    GOBIN="${BIN}" GOFLAGS= GOWORK=off go install golang.org/x/tools/cmd/goimports@v0.47.0)
mkdir -p "${WORK}/include/github.com/gogo/protobuf"
cp -R "$(moddir github.com/gogo/protobuf@v1.3.2)/gogoproto" "${WORK}/include/github.com/gogo/protobuf/"
go build -C "${REPO}" -o "${WORK}/apigen-go-to-protobuf" ./cmd/go-to-protobuf

clean() { (cd "${SRC}" && find . \( -name generated.proto -o -name generated.pb.go \) -delete); }

check_same() {
    local n
    n="$(cd "${SRC}" && find . \( -name generated.proto -o -name generated.pb.go \) | wc -l)"
    if [ "${n}" != "$(cd "${WORK}/shipped" && find . -type f | wc -l)" ] \
        || ! (cd "${WORK}/shipped" && find . -type f -print0 | xargs -0 -I{} cmp -s {} "${SRC}/{}"); then
        echo "$1 did not reproduce the shipped files" >&2
        exit 1
    fi
}

# run WHO: one generation, timed; prints "seconds maxrss-kB".
run() {
    clean
    local cmd
    if [ "$1" = upstream ]; then
        cmd=(env PATH="${BIN}:${PATH}" "${BIN}/go-to-protobuf" --go-header-file "${HEADER}"
            --output-dir "${WORK}/src" --proto-import "${WORK}/src" --proto-import "${WORK}/include"
            --proto-import /usr/include --packages "${PKGS}")
    else
        cmd=("${WORK}/apigen-go-to-protobuf" --go-header-file "${HEADER}" --packages "${PKGS}")
    fi
    (cd "${SRC}" && /usr/bin/time -f '%e %M' -o "${WORK}/time" "${cmd[@]}" >"${WORK}/log" 2>&1) \
        || { cat "${WORK}/log"; exit 1; }
    check_same "$1"
    cat "${WORK}/time"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "== warm-up (each side once, checked against the shipped files)"
run upstream >/dev/null
run apigen >/dev/null

: >"${WORK}/up" && : >"${WORK}/ours" && : >"${WORK}/ratio" && : >"${WORK}/uprss" && : >"${WORK}/oursrss"
for i in $(seq "${ROUNDS}"); do
    read -r up uprss < <(run upstream)
    read -r ours oursrss < <(run apigen)
    echo "${up}" >>"${WORK}/up"
    echo "${ours}" >>"${WORK}/ours"
    echo "${uprss}" >>"${WORK}/uprss"
    echo "${oursrss}" >>"${WORK}/oursrss"
    echo "${up} / ${ours}" | bc -l >>"${WORK}/ratio"
    printf '   round %d/%d: upstream %.2fs (%d MB), apigen %.2fs (%d MB)\n' "${i}" "${ROUNDS}" "${up}" "$((uprss / 1024))" "${ours}" "$((oursrss / 1024))"
done

printf 'protobuf for k8s.io/api@v0.37.2 (60 packages + 7 of apimachinery), %d rounds, medians\n' "${ROUNDS}"
printf '  upstream (go-to-protobuf, protoc, gogo, goimports)  %.2f s, peak RSS %d MB\n' "$(median <"${WORK}/up")" "$(($(median <"${WORK}/uprss" | cut -d. -f1) / 1024))"
printf '  apigen go-to-protobuf                                %.2f s, peak RSS %d MB\n' "$(median <"${WORK}/ours")" "$(($(median <"${WORK}/oursrss" | cut -d. -f1) / 1024))"
ratio=$(median <"${WORK}/ratio")
printf 'speedup (median of per-round ratios): %.2fx  (bar: >= 10x)\n' "${ratio}"
if [ -z "${BENCH_NO_FAIL:-}" ] && [ "$(echo "${ratio} < 10" | bc)" = 1 ]; then
    exit 1
fi
