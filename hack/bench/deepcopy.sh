#!/usr/bin/env bash
# Benchmark: our deepcopy-gen against k8s.io/code-generator's, on k8s.io/api.
#
# One run builds both generators and a "floor" helper (a bare packages.Load of
# the same tree, types from export data), then times them in alternating
# rounds on a private, writable copy of k8s.io/api. Every run of ours must
# reproduce the shipped zz_generated.deepcopy.go files byte for byte.
#
# Ratios are the median of the per-round ratios (each round runs upstream,
# ours and floor back to back, so slow drift on a shared machine cancels out).
#
# Environment:
#   BENCH_ROUNDS=N   timed rounds (default 7)
#   BENCH_WORK=DIR   work directory to use (default: a new mktemp -d)
#   BENCH_KEEP=1     keep the work directory on exit
#   BENCH_NO_FAIL=1  exit 0 even if the speedup is below the bar
#
# Exit status: 1 on any failure, including output that differs from the
# shipped files or (unless BENCH_NO_FAIL=1) a median speedup below 2x.

set -euo pipefail

readonly API_MODULE=k8s.io/api
readonly API_VERSION=v0.37.2
readonly UPSTREAM_PKG=k8s.io/code-generator/cmd/deepcopy-gen
readonly UPSTREAM_VERSION=v0.37.2
readonly OUTPUT_FILE=zz_generated.deepcopy.go
readonly EXPECTED_FILES=60
readonly SPEEDUP_BAR=2.0

ROUNDS=${BENCH_ROUNDS:-7}
if ! [[ $ROUNDS =~ ^[1-9][0-9]*$ ]]; then
    echo "deepcopy.sh: BENCH_ROUNDS must be a positive integer, got '$ROUNDS'" >&2
    exit 1
fi

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$script_dir/../.." && pwd)
if [[ ! -f $REPO/go.mod ]] || ! grep -q '^module github.com/apigen-dev/apigen$' "$REPO/go.mod"; then
    echo "deepcopy.sh: $REPO does not look like the apigen repository" >&2
    exit 1
fi

# --- work directory -----------------------------------------------------------

# Everything we create lives in these entries of $work; with a caller-supplied
# BENCH_WORK only they are removed, never the directory itself.
our_entries=(api bin pristine res logs gocache boilerplate.go.txt time.out)
if [[ -n ${BENCH_WORK:-} ]]; then
    mkdir -p "$BENCH_WORK"
    work=$(cd "$BENCH_WORK" && pwd)
    own_work=0
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/bench-deepcopy.XXXXXX")
    own_work=1
fi

remove_work() {
    local paths=()
    if ((own_work)); then
        paths=("$work")
    else
        local e
        for e in "${our_entries[@]}"; do paths+=("$work/$e"); done
    fi
    # The API copy comes from the read-only module cache.
    chmod -R u+w "${paths[@]}" 2>/dev/null || true
    rm -rf "${paths[@]}"
}

cleanup() {
    if [[ ${BENCH_KEEP:-} == 1 ]]; then
        echo "work directory kept: $work" >&2
    else
        remove_work
    fi
}
trap cleanup EXIT

die() {
    echo "deepcopy.sh: FAIL: $*" >&2
    exit 1
}

# Start from a clean slate when reusing a BENCH_WORK directory.
if ((!own_work)); then remove_work; fi
mkdir -p "$work/bin" "$work/pristine" "$work/res" "$work/logs" "$work/gocache"

log() { echo "$*" >&2; }

# --- inputs -------------------------------------------------------------------

log "== preparing $API_MODULE@$API_VERSION in $work"
dir=$(cd "$work" && GOWORK=off go mod download -json "$API_MODULE@$API_VERSION" |
    sed -n 's/.*"Dir": "\(.*\)",/\1/p')
[[ -n $dir && -d $dir ]] || die "go mod download did not report a directory for $API_MODULE@$API_VERSION"
cp -R "$dir" "$work/api"
chmod -R u+w "$work/api"
(cd "$work/api" && GOWORK=off go mod download)

H=$work/boilerplate.go.txt
sed -n 4,18p "$work/api/core/v1/$OUTPUT_FILE" >"$H"
[[ -s $H ]] || die "could not extract the header from core/v1/$OUTPUT_FILE"

# Save the shipped generated files before anything deletes them.
(cd "$work/api" && find . -type f -name "$OUTPUT_FILE" | sed "s|^\./||" | LC_ALL=C sort) >"$work/pristine/.list"
n_pristine=$(wc -l <"$work/pristine/.list")
((n_pristine == EXPECTED_FILES)) ||
    die "expected $EXPECTED_FILES shipped $OUTPUT_FILE files in $API_MODULE@$API_VERSION, found $n_pristine"
while IFS= read -r f; do
    mkdir -p "$work/pristine/$(dirname "$f")"
    cp "$work/api/$f" "$work/pristine/$f"
done <"$work/pristine/.list"

# --- tools --------------------------------------------------------------------

log "== building tools"
UPSTREAM=$work/bin/upstream/deepcopy-gen
OURS=$work/bin/ours/deepcopy-gen
FLOOR=$work/bin/floor/loadfloor
(cd "$work" && GOWORK=off GOBIN="$work/bin/upstream" go install "$UPSTREAM_PKG@$UPSTREAM_VERSION") ||
    die "could not build upstream $UPSTREAM_PKG@$UPSTREAM_VERSION"
go build -C "$REPO" -o "$OURS" ./cmd/deepcopy-gen || die "could not build our deepcopy-gen from $REPO"
go build -C "$REPO" -o "$FLOOR" ./hack/bench/loadfloor || die "could not build the floor helper"
for t in "$UPSTREAM" "$OURS" "$FLOOR"; do [[ -x $t ]] || die "missing tool $t"; done

# --- measurement --------------------------------------------------------------

have_gnu_time=0
if [[ -x /usr/bin/time ]] &&
    /usr/bin/time -o "$work/time.out" -f '%e %M' true 2>/dev/null &&
    [[ $(cat "$work/time.out") =~ ^[0-9.]+\ [0-9]+$ ]]; then
    have_gnu_time=1
fi
((have_gnu_time)) || log "note: GNU /usr/bin/time not found; wall time from bash, RSS n/a"

# The generators and the floor run from the module root, with no workspace.
cd "$work/api"
export GOWORK=off

# measure NAME CMD...: runs CMD, sets WALL (seconds) and RSS (KB, or n/a).
# Output of CMD goes to logs/NAME.log; a failing CMD is fatal.
measure() {
    local name=$1
    shift
    local logf=$work/logs/$name.log rc=0
    if ((have_gnu_time)); then
        /usr/bin/time -o "$work/time.out" -f '%e %M' "$@" >"$logf" 2>&1 || rc=$?
    else
        local TIMEFORMAT=%R
        { time "$@" >"$logf" 2>&1; } 2>"$work/time.out" || rc=$?
    fi
    if ((rc != 0)); then
        echo "---- $name: last lines of output ----" >&2
        tail -n 30 "$logf" >&2
        die "$name exited with status $rc: $*"
    fi
    if ((have_gnu_time)); then
        read -r WALL RSS < <(tail -n 1 "$work/time.out")
    else
        WALL=$(tail -n 1 "$work/time.out")
        RSS=n/a
    fi
}

clear_generated() {
    find "$work/api" -type f -name "$OUTPUT_FILE" -delete
}

# same_as_shipped: 0 if the tree holds exactly the shipped files, byte for byte.
# Writes a report of differences to $work/res/verify.out.
same_as_shipped() {
    local ok=0 f
    : >"$work/res/verify.out"
    (cd "$work/api" && find . -type f -name "$OUTPUT_FILE" | sed "s|^\./||" | LC_ALL=C sort) >"$work/res/generated.list"
    if ! cmp -s "$work/pristine/.list" "$work/res/generated.list"; then
        ok=1
        {
            echo "set of generated files differs (- shipped, + generated):"
            diff "$work/pristine/.list" "$work/res/generated.list" | grep '^[<>]' | sed 's/^</-/; s/^>/+/'
        } >>"$work/res/verify.out"
    fi
    while IFS= read -r f; do
        [[ -f $work/api/$f ]] || continue
        if ! cmp -s "$work/pristine/$f" "$work/api/$f"; then
            ok=1
            {
                echo "differs: $f"
                diff -u "$work/pristine/$f" "$work/api/$f" | head -n 20
            } >>"$work/res/verify.out"
        fi
    done <"$work/pristine/.list"
    return $ok
}

upstream_mismatch_warned=0

# run_tool KIND NAME [ENV=VAL...]: one timed run of upstream|ours|floor.
run_tool() {
    local kind=$1 name=$2
    shift 2
    clear_generated
    case $kind in
    upstream) measure "$name" env "$@" "$UPSTREAM" --go-header-file "$H" --output-file "$OUTPUT_FILE" ./... ;;
    ours) measure "$name" env "$@" "$OURS" --go-header-file "$H" --output-file "$OUTPUT_FILE" ./... ;;
    floor) measure "$name" env "$@" "$FLOOR" ./... ;;
    esac
    case $kind in
    ours)
        if ! same_as_shipped; then
            cat "$work/res/verify.out" >&2
            BENCH_KEEP=1
            die "$name: our output is not byte-identical to the shipped $OUTPUT_FILE files (see above; log in $work/logs/$name.log)"
        fi
        ;;
    upstream)
        if ((!upstream_mismatch_warned)) && ! same_as_shipped; then
            upstream_mismatch_warned=1
            log "warning: upstream's own output differs from the shipped files:"
            head -n 40 "$work/res/verify.out" >&2
        fi
        ;;
    esac
}

# rss_mb KB: kilobytes as whole megabytes, or n/a.
rss_mb() {
    if [[ $1 == n/a ]]; then echo n/a; else awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; fi
}
# mb N: "N MB", or n/a.
mb() { if [[ $1 == n/a ]]; then echo n/a; else echo "$1 MB"; fi; }

log "== $(go version), $(nproc) cpus, loadavg $(cut -d' ' -f1-3 /proc/loadavg), $ROUNDS rounds"

log "== warm-up"
for kind in upstream ours floor; do
    run_tool "$kind" "warmup-$kind"
    log "   $kind: ${WALL}s"
done

# ratio A B: A/B, or n/a if either is not a positive number.
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b + 0 <= 0) { print "n/a"; exit }
        print a / b
    }'
}

declare -A wall cold
log "== timed rounds"
for ((r = 1; r <= ROUNDS; r++)); do
    line="   round $r/$ROUNDS:"
    for kind in upstream ours floor; do
        run_tool "$kind" "round$r-$kind"
        echo "$WALL" >>"$work/res/$kind.wall"
        echo "$RSS" >>"$work/res/$kind.rss"
        wall[$kind]=$WALL
        line+=" $kind ${WALL}s $(mb "$(rss_mb "$RSS")")"
    done
    ratio "${wall[upstream]}" "${wall[ours]}" >>"$work/res/speedup"
    ratio "${wall[ours]}" "${wall[floor]}" >>"$work/res/overfloor"
    log "$line"
done

log "== cold cache (empty GOCACHE per run)"
for kind in upstream ours floor; do
    cache=$(mktemp -d "$work/gocache/$kind.XXXXXX")
    run_tool "$kind" "cold-$kind" "GOCACHE=$cache"
    cold[$kind]=$WALL
    log "   $kind: ${WALL}s $(mb "$(rss_mb "$RSS")")"
done

# --- report -------------------------------------------------------------------

# median FILE: median of the numbers in FILE, or n/a if any is not a number.
median() {
    sort -g "$1" | awk '
        $1 !~ /^[0-9.eE+-]+$/ { bad = 1 }
        { v[NR] = $1 }
        END {
            if (bad || NR == 0) { print "n/a"; exit }
            if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2
        }'
}
# fmt FORMAT VALUE: printf FORMAT VALUE, or n/a.
fmt() {
    if [[ $2 == n/a ]]; then echo n/a; else awk -v v="$2" -v f="$1" 'BEGIN { printf f, v }'; fi
}

med_w_up=$(median "$work/res/upstream.wall")
med_w_ours=$(median "$work/res/ours.wall")
med_w_floor=$(median "$work/res/floor.wall")
med_r_up=$(median "$work/res/upstream.rss")
med_r_ours=$(median "$work/res/ours.rss")
med_speedup=$(median "$work/res/speedup")
med_overfloor=$(median "$work/res/overfloor")
mb_up=$(rss_mb "$med_r_up")
mb_ours=$(rss_mb "$med_r_ours")
cold_speedup=$(ratio "${cold[upstream]}" "${cold[ours]}")

echo
echo "deepcopy-gen on $API_MODULE@$API_VERSION ($EXPECTED_FILES packages with output), $ROUNDS rounds, medians"
printf '  %-10s %8s %10s\n' tool "wall s" "peak RSS"
printf '  %-10s %8s %10s\n' upstream "$(fmt %.2f "$med_w_up")" "$(mb "$mb_up")"
printf '  %-10s %8s %10s\n' ours "$(fmt %.2f "$med_w_ours")" "$(mb "$mb_ours")"
printf '  %-10s %8s %10s\n' floor "$(fmt %.2f "$med_w_floor")" "-"
echo
echo "speedup vs upstream (median): $(fmt %.2f "$med_speedup")x  (bar: >= 2x)"
echo "ours vs floor (median): $(fmt %.2f "$med_overfloor")x  (goal: <= 1.3x)"
if [[ $mb_ours == n/a || $mb_up == n/a ]]; then
    echo "rss: n/a (GNU time not available)"
else
    echo "rss: ours $mb_ours MB vs upstream $mb_up MB"
fi
echo "cold cache: upstream $(fmt %.2f "${cold[upstream]}") s, ours $(fmt %.2f "${cold[ours]}") s, speedup $(fmt %.2f "$cold_speedup")x"
echo "cold cache floor: $(fmt %.2f "${cold[floor]}") s"

if awk -v s="$med_speedup" -v b="$SPEEDUP_BAR" 'BEGIN { exit !(s + 0 < b + 0) }'; then
    if [[ ${BENCH_NO_FAIL:-} == 1 ]]; then
        echo "speedup below the ${SPEEDUP_BAR}x bar (ignored: BENCH_NO_FAIL=1)"
    else
        echo "FAIL: speedup below the ${SPEEDUP_BAR}x bar"
        exit 1
    fi
fi
