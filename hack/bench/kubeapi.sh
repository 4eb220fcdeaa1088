#!/usr/bin/env bash
# Regenerates every generated file of k8s.io/api@v0.37.2 (355 files, and the
# 7 generated.proto/generated.pb.go pairs of apimachinery that go-to-protobuf
# always writes) both ways, alternating BENCH_ROUNDS times (default 5):
#
#   upstream: deepcopy-gen, openapi-gen with model names, prerelease-
#   lifecycle-gen, go-to-protobuf with protoc and protoc-gen-gogo,
#   genswaggertypedocs (once per group-version, then gofmt -s) and
#   validation-gen, each as kubernetes' hack/update-codegen.sh runs it;
#   apigen: one `apigen generate` process, as docs/guide-kubernetes-apis.md documents it.
#
# Every run of either starts from a tree without those files and must
# reproduce all of them byte for byte. Prints the medians, the median of
# per-round ratios and peak RSS (upstream: its largest process). With
# BENCH_COLD=1 both sides run with an empty GOCACHE each time, as a CI job
# starts (the tools themselves are built beforehand, not timed).
set -o errexit -o nounset -o pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
ROUNDS="${BENCH_ROUNDS:-5}"
WORK="$(mktemp -d)"
trap 'rm -rf "${WORK}"' EXIT

moddir() { go mod download -json "$1" | sed -n 's/.*"Dir": "\(.*\)",/\1/p'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

command -v protoc >/dev/null || apt-get install -y protobuf-compiler >/dev/null
KK="$(moddir k8s.io/kubernetes@v1.37.2)"
HEADER="${KK}/hack/boilerplate/boilerplate.generatego.txt"

# The tree: GOPATH-shaped, as go-to-protobuf's --output-dir needs, in a
# workspace of both modules.
SRC="${WORK}/src/k8s.io"
API="${SRC}/api"
mkdir -p "${SRC}"
for m in api apimachinery; do
    cp -R "$(moddir "k8s.io/${m}@v0.37.2")" "${SRC}/${m}"
done
chmod -R u+w "${SRC}"
(cd "${SRC}" && go work init ./api ./apimachinery)
# The stand-ins for kubernetes' pkg/apis/{core,resource}/v1 that
# validation needs (testdata/kubeapi/README.md).
cp -R "${REPO}/testdata/kubeapi/zzstandin" "${API}/"

# find_generated ARGS: the files both sides write, below ${SRC}.
find_generated() {
    (cd "${SRC}" && {
        find api -path api/zzstandin -prune -o \( -name zz_generated.deepcopy.go -o -name zz_generated.model_name.go \
            -o -name zz_generated.prerelease-lifecycle.go -o -name generated.proto -o -name generated.pb.go \
            -o -name types_swagger_doc_generated.go -o -name zz_generated.validations.go \) -type f "$@"
        find apimachinery \( -name generated.proto -o -name generated.pb.go \) -type f "$@"
    })
}
mkdir -p "${WORK}/shipped"
(cd "${SRC}" && find_generated -print0 | xargs -0 cp --parents -t "${WORK}/shipped")
SHIPPED="$(cd "${WORK}/shipped" && find . -type f | wc -l)"
clean() { find_generated -print0 | (cd "${SRC}" && xargs -0 -r rm -f); }
check_same() {
    if [ "$(find_generated -print | wc -l)" != "${SHIPPED}" ] \
        || ! (cd "${WORK}/shipped" && find . -type f -print0 | xargs -0 -I{} cmp -s {} "${SRC}/{}"); then
        echo "$1 did not reproduce the shipped files" >&2
        exit 1
    fi
}

tagged() { (cd "${API}" && grep -rl --include='*.go' "^// +$1" . | xargs -n1 dirname | sort -u); }
PROTO_PKGS="$(tagged 'k8s:protobuf-gen=package' | sed 's|^\.|k8s.io/api|' | paste -sd,)"
mapfile -t PRERELEASE < <(tagged 'k8s:prerelease-lifecycle-gen=true')
mapfile -t SWAGGER < <(cd "${WORK}/shipped/api" && find . -name types_swagger_doc_generated.go | xargs -n1 dirname | sort)

# Upstream's tools. genswaggertypedocs lives in k8s.io/kubernetes, which
# cannot be go-installed; its one source file is built in a module of its own.
BIN="${WORK}/bin"
for pkgs in "k8s.io/code-generator/cmd/{deepcopy-gen,prerelease-lifecycle-gen,validation-gen,go-to-protobuf,go-to-protobuf/protoc-gen-gogo}@v0.37.2" \
    k8s.io/kube-openapi/cmd/openapi-gen@v0.0.0-20260721132016-d427ff9ee9ad golang.org/x/tools/cmd/goimports@v0.47.0; do
    (cd "${WORK}" && eval GOBIN="${BIN}" GOFLAGS= GOWORK=off go install "${pkgs}")
done
mkdir -p "${WORK}/gsd" && cp "${KK}/cmd/genswaggertypedocs/swagger_type_docs.go" "${WORK}/gsd/"
(cd "${WORK}/gsd" && GOFLAGS= GOWORK=off go mod init gsd >/dev/null 2>&1 \
    && GOFLAGS= GOWORK=off go get k8s.io/apimachinery@v0.37.2 >/dev/null 2>&1 \
    && GOFLAGS= GOWORK=off go mod tidy >/dev/null 2>&1 \
    && GOFLAGS= GOWORK=off go build -o "${BIN}/genswaggertypedocs" .)
mkdir -p "${WORK}/include/github.com/gogo/protobuf"
cp -R "$(moddir github.com/gogo/protobuf@v1.3.2)/gogoproto" "${WORK}/include/github.com/gogo/protobuf/"
go build -C "${REPO}" -o "${BIN}/apigen" ./cmd/apigen

# The fixed text kubernetes' script puts between the package clause and the
# generated functions, as gofmt leaves it: taken from a shipped file.
sed -n '/^package /,/AUTO-GENERATED FUNCTIONS START HERE/p' "${WORK}/shipped/api/core/v1/types_swagger_doc_generated.go" | sed 1d >"${WORK}/swagger-preamble"

# swagger_doc DIR: kubernetes' gen_types_swagger_doc for one group-version.
swagger_doc() {
    local tmp="${WORK}/swagger.go"
    { cat "${HEADER}"; echo; echo "package $(basename "$1")"; cat "${WORK}/swagger-preamble"
      "${BIN}/genswaggertypedocs" -s "$1/types.go" -f -
      echo "// AUTO-GENERATED FUNCTIONS END HERE"; } >"${tmp}"
    gofmt -w -s "${tmp}"
    mv "${tmp}" "$1/types_swagger_doc_generated.go"
}

# Each tool runs under t, which appends its peak RSS (kB) to ${WORK}/rss.
upstream() {
    local v=(--go-header-file "${HEADER}")
    t deepcopy-gen "${v[@]}" --output-file zz_generated.deepcopy.go ./...
    t openapi-gen "${v[@]}" --output-file zz_generated.openapi.go --output-dir "${WORK}/oa" --output-pkg k8s.io/api/oa \
        --output-model-name-file zz_generated.model_name.go --report-filename /dev/null ./...
    t prerelease-lifecycle-gen "${v[@]}" --output-file zz_generated.prerelease-lifecycle.go "${PRERELEASE[@]}"
    (cd "${SRC}" && t go-to-protobuf "${v[@]}" --output-dir "${WORK}/src" --proto-import "${WORK}/src" \
        --proto-import "${WORK}/include" --proto-import /usr/include --packages "${PROTO_PKGS}")
    for d in "${SWAGGER[@]}"; do swagger_doc "${d}"; done
    t validation-gen "${v[@]}" --output-file zz_generated.validations.go \
        --lint-rules=known-tags-only,require-explicit-disablement \
        --readonly-pkg k8s.io/apimachinery/pkg/api/resource --readonly-pkg k8s.io/apimachinery/pkg/runtime \
        --readonly-pkg k8s.io/apimachinery/pkg/types --readonly-pkg k8s.io/apimachinery/pkg/util/intstr --readonly-pkg time \
        ./extensions/v1beta1 ./resource/v1 ./scheduling/v1alpha3 ./zzstandin/... k8s.io/apimachinery/pkg/apis/meta/v1/validation
}

ours() {
    t apigen generate --go-header-file "${HEADER}" \
        --generators deepcopy,prerelease-lifecycle,protobuf,model-name,validation,swaggerdoc \
        --model-name-output-file zz_generated.model_name.go ./...
}

t() { /usr/bin/time -f '%M' -a -o "${WORK}/rss" "$@"; }

# run WHO: one regeneration, timed; prints "seconds peak-RSS-kB".
run() {
    clean
    : >"${WORK}/rss"
    local env=(env PATH="${BIN}:${PATH}" APIGEN_CACHE=off)
    if [ -n "${BENCH_COLD:-}" ]; then
        rm -rf "${WORK}/gocache"
        env+=(GOCACHE="${WORK}/gocache")
    fi
    local start end
    start=$(date +%s.%N)
    (cd "${API}" && "${env[@]}" bash -o errexit -o pipefail -c \
        "$(declare -f "$1" swagger_doc t); $(declare -p WORK BIN HEADER SRC PROTO_PKGS PRERELEASE SWAGGER); $1" \
        >"${WORK}/log" 2>&1) || { cat "${WORK}/log"; exit 1; }
    end=$(date +%s.%N)
    check_same "$1"
    echo "$(echo "${end} - ${start}" | bc -l) $(sort -n "${WORK}/rss" | tail -1)"
}

echo "== warm-up (each side once, checked against the shipped files)"
run upstream >/dev/null
run ours >/dev/null
for i in $(seq "${ROUNDS}"); do
    read -r up uprss < <(run upstream)
    read -r our ourrss < <(run ours)
    echo "${up}" >>"${WORK}/up"
    echo "${our}" >>"${WORK}/ours"
    echo "${uprss}" >>"${WORK}/uprss"
    echo "${ourrss}" >>"${WORK}/ourrss"
    echo "${up} / ${our}" | bc -l >>"${WORK}/ratio"
    printf '   round %d/%d: upstream %.2fs (%d MB), apigen %.2fs (%d MB)\n' "${i}" "${ROUNDS}" "${up}" "$((uprss / 1024))" "${our}" "$((ourrss / 1024))"
done
printf 'all of k8s.io/api@v0.37.2 (%d files), %d rounds%s, medians\n' "${SHIPPED}" "${ROUNDS}" "${BENCH_COLD:+, empty GOCACHE each run}"
printf '  upstream (6 tools, protoc, gogo, 58 genswaggertypedocs)  %.2f s, peak RSS %d MB\n' "$(median <"${WORK}/up")" "$(($(median <"${WORK}/uprss" | cut -d. -f1) / 1024))"
printf '  apigen (one process)                                      %.2f s, peak RSS %d MB\n' "$(median <"${WORK}/ours")" "$(($(median <"${WORK}/ourrss" | cut -d. -f1) / 1024))"
printf 'speedup (median of per-round ratios): %.2fx  (bar: >= 10x)\n' "$(median <"${WORK}/ratio")"
