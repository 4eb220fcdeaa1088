#!/usr/bin/env bash
# Benchmark: Kubernetes v1.37.2's own hack/update-codegen.sh running its
# helpers, deepcopy-gen, defaulter-gen and conversion-gen (one process
# each, over the directories it greps), with upstream's tools and with
# apigen's.
#
# The tree is laid out as Kubernetes' repository is: k8s.io/kubernetes@v1.37.2
# with each staging module of its go.work copied from k8s.io/NAME@v0.37.2
# into staging/src/k8s.io/NAME, vendor/ made by `go work vendor`, in a git
# repository (the script finds files with git). The proxy serves no
# v0.37.2 of sample-controller and sample-cli-plugin, so those two leave
# go.work. The script runs as `hack/update-codegen.sh deepcopy defaults
# conversions`, without its goimports and protoc installs, which these
# three do not use, on both sides. apigen's copy of it differs only where it
# builds the three tools: `go -C REPO install ./cmd/X-gen` in place of
# `go install k8s.io/code-generator/cmd/X-gen` (from the tree's staging).
#
# After a warm-up run of each (building both sides' tools into the tree's
# _output), BENCH_ROUNDS alternating rounds (default 5); after every run
# the tree must be as shipped (git status clean). apigen runs with its
# type and graph caches warm from the rounds before. Reports medians of the
# whole script, the per-round ratios, and peak RSS (the script's largest
# process).
#
# Environment:
#   BENCH_ROUNDS=N   timed rounds (default 5)
#   BENCH_RUNCACHE=on  apigen with its run cache, as users run it (the
#                      script deletes every output before each helper, so
#                      no run replays); off (default): every run loads and
#                      generates, without the run cache's bookkeeping
#   BENCH_KEEP=1     keep the work directory

set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runcache=${BENCH_RUNCACHE:-off}
export GOWORK=off GOFLAGS=
GOMODCACHE=$(go env GOMODCACHE)
export GOMODCACHE # the script points GOPATH into the tree; the modules stay where they are

echo "== the tree" >&2
tree="$work/kubernetes"
kk=$(moddir k8s.io/kubernetes@v1.37.2)
[[ -d $kk ]] || die "downloading k8s.io/kubernetes@v1.37.2"
cp -R "$kk" "$tree" && chmod -R u+w "$tree"
rm -rf "$tree/vendor"
mkdir -p "$tree/staging/src/k8s.io"
for m in $(sed -n 's#^\t\./staging/src/k8s.io/##p' "$tree/go.work"); do
    dir=$(moddir "k8s.io/$m@v0.37.2" || true)
    if [[ ! -d $dir ]]; then
        [[ $m == sample-controller || $m == sample-cli-plugin ]] || die "downloading k8s.io/$m@v0.37.2"
        sed -i "\#\./staging/src/k8s.io/$m\$#d" "$tree/go.work"
        continue
    fi
    cp -R "$dir" "$tree/staging/src/k8s.io/$m"
done
chmod -R u+w "$tree"
find "$tree" -name '*.sh' -not -path '*/vendor/*' -exec chmod +x {} +
(cd "$tree" && env -u GOWORK go work vendor) || die "go work vendor"
sed -i -e 's#^go -C "${KUBE_ROOT}/hack/tools" install golang.org/x/tools/cmd/goimports$#: no goimports: these helpers do not use it#' \
    -e 's#^kube::protoc::install$#: no protoc: these helpers do not use it#' "$tree/hack/update-codegen.sh"
grep -q '^: no goimports' "$tree/hack/update-codegen.sh" && grep -q '^: no protoc' "$tree/hack/update-codegen.sh" ||
    die "hack/update-codegen.sh no longer has the lines this script takes out"

# apigen's copy: the install line of each of the three tools builds ours.
awk -v repo="$REPO" '
    /^ *GOPROXY=off go install \\$/ { held = $0; next }
    held != "" {
        if ($0 ~ /k8s\.io\/code-generator\/cmd\/(deepcopy|defaulter|conversion)-gen$/) {
            sub(/go install/, "go -C \"" repo "\" install", held)
            sub(/k8s\.io\/code-generator\/cmd\//, "./cmd/")
        }
        print held; held = ""
    }
    { print }' "$tree/hack/update-codegen.sh" >"$tree/hack/update-codegen-apigen.sh"
[[ $(grep -c "go -C \"$REPO\" install" "$tree/hack/update-codegen-apigen.sh") == 3 ]] || die "rewriting the three install lines"
chmod +x "$tree/hack/update-codegen-apigen.sh"
(
    cd "$tree"
    git init -q
    git config core.fileMode false
    echo hack/update-codegen-apigen.sh >>.git/info/exclude
    git add -A >/dev/null 2>&1
    git -c user.email=bench@apigen -c user.name=bench commit -qm "k8s.io/kubernetes v1.37.2"
)

# run SIDE SCRIPT: the script's three helpers; "wall rss" to $work/SIDE.
# Each side installs its tools into a GOPATH of its own (KUBE_GOPATH): in
# a shared one, each side's go install would replace the other's binary
# of the same name and link it again, every round, as no user's tree does.
run() {
    local side=$1 script=$2
    /usr/bin/time -o "$work/time.out" -f '%e %M' env -C "$tree" KUBE_GOPATH="$work/gopath-$side" \
        APIGEN_CACHE="$work/apigen-cache" APIGEN_RUNCACHE=$runcache \
        bash "$script" deepcopy defaults conversions >"$work/log" 2>&1 || { tail -n 30 "$work/log" >&2; die "$side: $script"; }
    [[ -z $(git -C "$tree" status --porcelain) ]] || { git -C "$tree" status --short | head -n 20 >&2; die "$side: the tree differs from the shipped one"; }
    cat "$work/time.out" >>"$work/$side"
}

echo "== warm-up (builds both sides' tools)" >&2
run upstream hack/update-codegen.sh
run apigen hack/update-codegen-apigen.sh
: >"$work/upstream" && : >"$work/apigen"
for ((r = 1; r <= ROUNDS; r++)); do
    run upstream hack/update-codegen.sh
    run apigen hack/update-codegen-apigen.sh
    echo "round $r: upstream $(tail -n1 "$work/upstream" | cut -d' ' -f1)s, apigen $(tail -n1 "$work/apigen" | cut -d' ' -f1)s" >&2
done

echo "Kubernetes v1.37.2 hack/update-codegen.sh deepcopy defaults conversions, run cache $runcache, $ROUNDS rounds, medians"
echo "  upstream $(col upstream 1 | med) s, apigen $(col apigen 1 | med) s, ratio $(paste -d' ' <(col upstream 1) <(col apigen 1) | awk '{print $1/$2}' | med)"
echo "  peak RSS: upstream $(col upstream 2 | med | awk '{printf "%d", $1/1024}') MB, apigen $(col apigen 2 | med | awk '{printf "%d", $1/1024}') MB"
