#!/usr/bin/env bash
# Benchmark: a cold CI job, with an empty build cache (the module cache warm).
#
# Each round, for each side, with a new empty GOCACHE:
#   build   upstream: go install of code-generator v0.37.2's nine tools that
#           kube_codegen.sh installs, and kube-openapi's openapi-gen at the
#           version code-generator requires, from code-generator's module;
#           apigen: go build ./cmd/apigen, as kube_codegen.sh's first call
#           makes it (into its cache's bin directory).
#   script  sample-apiserver v0.37.2's hack/update-codegen.sh right after, with
#           CODEGEN_PKG naming that side's kube_codegen.sh (upstream's installs
#           its tools again into the same GOBIN, finding them current; ours
#           finds the binary current likewise), on a copy whose generated
#           files it must reproduce.
# The job is build + script. Reports medians of both steps, the job, and the
# per-round ratios, and peak RSS of the script (its largest process).
#
# Environment:
#   BENCH_ROUNDS=N   timed rounds (default 5)
#   BENCH_KEEP=1     keep the work directory

set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
export GOWORK=off GOFLAGS= GOTOOLCHAIN=local

codegen=$(moddir k8s.io/code-generator@v0.37.2)
sample=$(moddir k8s.io/sample-apiserver@v0.37.2)
[[ -d $codegen && -d $sample ]] || die "downloading modules"
(cd "$codegen" && go mod download)
tools=(applyconfiguration-gen client-gen conversion-gen deepcopy-gen defaulter-gen informer-gen lister-gen register-gen validation-gen)

# timed FILE CMD...: runs CMD, appends "wall rss" to FILE.
timed() {
    local file=$1
    shift
    /usr/bin/time -o "$work/time.out" -f '%e %M' "$@" >"$work/cmd.log" 2>&1 || { tail -n 30 "$work/cmd.log" >&2; die "$*"; }
    cat "$work/time.out" >>"$file"
}

# script SIDE CODEGEN_PKG [ENV...]: a fresh copy of sample-apiserver, its
# update-codegen.sh, then a check against the shipped files.
script() {
    local side=$1 pkg=$2
    shift 2
    rm -rf "$work/sample-$side" && cp -R "$sample" "$work/sample-$side" && chmod -R u+w "$work/sample-$side"
    mkdir -p "$work/reports-$side"
    (cd "$work/sample-$side" && go mod download)
    timed "$work/$side.script" env -C "$work/sample-$side" CODEGEN_PKG="$pkg" \
        API_KNOWN_VIOLATIONS_DIR="$work/reports-$side" UPDATE_API_KNOWN_VIOLATIONS=true "$@" bash hack/update-codegen.sh
    diff -r -q -x 'reports-*' "$sample" "$work/sample-$side" >"$work/diff-$side" || { cat "$work/diff-$side" >&2; die "$side: the script's output differs from the shipped files"; }
}

round() {
    local up="$work/up-$1" ours="$work/ours-$1"
    mkdir -p "$up/gocache" "$up/bin" "$ours/gocache" "$ours/xdg" "$ours/apigen-cache"
    timed "$work/upstream.build" env -C "$codegen" GOCACHE="$up/gocache" GOBIN="$up/bin" \
        go install "${tools[@]/#/./cmd/}" k8s.io/kube-openapi/cmd/openapi-gen
    script upstream "$codegen" GOCACHE="$up/gocache" GOBIN="$up/bin"
    timed "$work/ours.build" env -C "$REPO" GOCACHE="$ours/gocache" XDG_CACHE_HOME="$ours/xdg" APIGEN_CACHE="$ours/apigen-cache" \
        bash -c 'source ./kube_codegen.sh && kube::codegen::internal::apigen_bin'
    script ours "$REPO" GOCACHE="$ours/gocache" XDG_CACHE_HOME="$ours/xdg" APIGEN_CACHE="$ours/apigen-cache"
    chmod -R u+w "$up" "$ours"
    rm -rf "$up" "$ours"
}

for ((r = 1; r <= ROUNDS; r++)); do
    round "$r"
    echo "round $r: upstream build $(tail -n1 "$work/upstream.build" | cut -d' ' -f1)s script $(tail -n1 "$work/upstream.script" | cut -d' ' -f1)s;" \
        "ours build $(tail -n1 "$work/ours.build" | cut -d' ' -f1)s script $(tail -n1 "$work/ours.script" | cut -d' ' -f1)s" >&2
done

paste -d' ' <(col upstream.build 1) <(col upstream.script 1) <(col ours.build 1) <(col ours.script 1) >"$work/rows"
echo "cold CI job on sample-apiserver v0.37.2, empty GOCACHE, $ROUNDS rounds, medians"
echo "  build:  upstream $(col upstream.build 1 | med) s, apigen $(col ours.build 1 | med) s, ratio $(awk '{print $1/$3}' "$work/rows" | med)"
echo "  script: upstream $(col upstream.script 1 | med) s, apigen $(col ours.script 1 | med) s"
echo "  job:    upstream $(awk '{print $1+$2}' "$work/rows" | med) s, apigen $(awk '{print $3+$4}' "$work/rows" | med) s, ratio $(awk '{print ($1+$2)/($3+$4)}' "$work/rows" | med)"
echo "  build peak RSS: upstream $(col upstream.build 2 | med | awk '{printf "%.0f", $1/1024}') MB, apigen $(col ours.build 2 | med | awk '{printf "%.0f", $1/1024}') MB"
echo "  script peak RSS: upstream $(col upstream.script 2 | med | awk '{printf "%.0f", $1/1024}') MB, apigen $(col ours.script 2 | med | awk '{printf "%.0f", $1/1024}') MB"
