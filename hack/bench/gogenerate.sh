#!/usr/bin/env bash
# Benchmark: a //go:generate line per API package, run by go generate ./...
#
# A writable copy of sigs.k8s.io/cluster-api/api@v1.14.2 gets, in each
# package that ships a zz_generated.deepcopy.go, a file generate.go with the
# line "//go:generate controller-gen object paths=.", so that go generate
# runs one controller-gen process per package, as many projects do. Rounds alternate upstream's controller-gen v0.23.0 and ours (each first
# on PATH); before each run the generated deepcopy files are deleted. Every
# round of ours must write what upstream's wrote that round, byte for byte.
# Reports the medians of wall time and peak RSS (of the largest process, go
# generate or a controller-gen) and the median of the per-round ratios.
#
# Environment:
#   BENCH_ROUNDS=N   timed rounds (default 5)
#   BENCH_KEEP=1     keep the work directory

set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mkdir -p "$work/bin/upstream" "$work/bin/ours" "$work/out"
(cd "$work" && GOWORK=off GOFLAGS= GOBIN="$work/bin/upstream" go install sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0) ||
    die "building upstream controller-gen"
go build -C "$REPO" -o "$work/bin/ours/controller-gen" ./cmd/controller-gen || die "building ours"

export GOWORK=off GOFLAGS=-mod=mod
src=$(cd "$work" && go mod download -json sigs.k8s.io/cluster-api/api@v1.14.2 | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
[[ -d $src ]] || die "downloading sigs.k8s.io/cluster-api/api@v1.14.2"
cp -R "$src" "$work/example"
chmod -R u+w "$work/example"
cd "$work/example"
go mod download
files=$(find . -name zz_generated.deepcopy.go | LC_ALL=C sort)
for f in $files; do
    name=$(sed -n 's/^package \([a-z0-9_]*\)$/\1/p' "$f" | head -n 1)
    printf 'package %s\n\n//go:generate controller-gen object paths=.\n' "$name" >"$(dirname "$f")/generate.go"
done
packages=$(echo "$files" | wc -l)

# run SIDE: go generate with SIDE's controller-gen; sets WALL and RSS (KB).
run() {
    find . -name zz_generated.deepcopy.go -delete
    PATH="$work/bin/$1:$PATH" /usr/bin/time -o "$work/time.out" -f '%e %M' go generate ./... >"$work/$1.log" 2>&1 ||
        { cat "$work/$1.log" >&2; die "$1: go generate failed"; }
    read -r WALL RSS <"$work/time.out"
    rm -rf "$work/out/$1" && mkdir -p "$work/out/$1"
    find . -name zz_generated.deepcopy.go | while read -r f; do
        mkdir -p "$work/out/$1/$(dirname "$f")" && cp "$f" "$work/out/$1/$f"
    done
}

run upstream && run ours # warm-up
: >"$work/rows"
for ((r = 1; r <= ROUNDS; r++)); do
    run upstream
    uw=$WALL ur=$RSS
    run ours
    diff -r "$work/out/upstream" "$work/out/ours" >"$work/diff" || { cat "$work/diff" >&2; die "round $r: ours differs from upstream"; }
    [[ $(find "$work/out/ours" -type f | wc -l) == "$packages" ]] || die "round $r: expected $packages files"
    echo "$uw $WALL $ur $RSS" >>"$work/rows"
    echo "round $r: upstream ${uw}s $((ur / 1024)) MB, ours ${WALL}s $((RSS / 1024)) MB" >&2
done

echo "go generate ./... with one controller-gen object per package ($packages packages), $ROUNDS rounds, medians"
echo "  upstream $(cut -d' ' -f1 "$work/rows" | med) s, $(cut -d' ' -f3 "$work/rows" | med | awk '{printf "%.0f", $1/1024}') MB"
echo "  ours     $(cut -d' ' -f2 "$work/rows" | med) s, $(cut -d' ' -f4 "$work/rows" | med | awk '{printf "%.0f", $1/1024}') MB"
echo "  speedup  $(awk '{print $1/$2}' "$work/rows" | med)x"
