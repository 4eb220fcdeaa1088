#!/usr/bin/env bash
# Scaling benchmark: how deepcopy-gen's cost grows with the number of
# packages, upstream's (k8s.io/code-generator) against ours.
#
# The inputs are subsets of k8s.io/api: the first N, in sorted order, of the
# directories that ship a zz_generated.deepcopy.go, for N in BENCH_SIZES. Each
# tool runs from the module root with those directories as its patterns, in
# two cases:
#   first    the subset's generated files deleted, then one run;
#   partial  right after a first run, a comment line appended to the types.go
#            of the subset's first package (the same package at every size),
#            then one run over the same patterns.
# Each round runs every size in ascending order, and at each size upstream's
# first and partial run, then ours. Before each first run the touched
# types.go is restored, so every round starts from the shipped tree.
#
# Caches, the same in every round:
#   - apigen's cache (APIGEN_CACHE, private to the work directory) is EMPTIED
#     before every first run of ours, so a first run remembers nothing (no run
#     cache, no type cache). The partial run that follows finds what that first
#     run left: this is where the run cache should matter.
#   - Go's build cache is the user's, warmed by one untimed first and partial
#     run of each tool at the largest size before the timed rounds.
#
# Every run of ours must leave the tree with exactly the shipped
# zz_generated.deepcopy.go files, byte for byte (the header is lines 4-18 of
# core/v1's file, as in deepcopy.sh); a mismatch is fatal. A mismatch of
# upstream's output is reported once as a warning.
#
# Output, in BENCH_OUT (printed at the end):
#   runs.csv     size,case,tool,round,wall_s,rss_kb   every timed run
#   medians.csv  size,case,tool,wall_s,rss_kb          medians over rounds
#   fits.csv     least-squares fit of median wall time against package count,
#                per (case, tool): slope (s/package) and intercept over all
#                sizes, and the slopes over the lower and the upper half of
#                the sizes (the middle size in both when their number is odd)
#                with their ratio upper/lower; well above 1 means superlinear
#                (n/a when the lower slope is not positive: a flat curve)
#   scaling.png  median wall time and peak RSS against package count, drawn by
#                the nested module hack/bench/chart (gonum/plot)
#
# Environment:
#   BENCH_ROUNDS=N      timed rounds (default 5)
#   BENCH_SIZES="..."   package counts (default "5 10 20 40 60")
#   BENCH_OUT=DIR       where the results go (default: a new mktemp -d)
#   BENCH_WORK=DIR      work directory (default: a new mktemp -d)
#   BENCH_KEEP=1        keep the work directory on exit
#
# Needs GNU time at /usr/bin/time. Exit status 1 on any failure.

set -euo pipefail

readonly API_MODULE=k8s.io/api
readonly API_VERSION=v0.37.2
readonly UPSTREAM_PKG=k8s.io/code-generator/cmd/deepcopy-gen
readonly UPSTREAM_VERSION=v0.37.2
readonly OUTPUT_FILE=zz_generated.deepcopy.go
readonly TOUCHED_FILE=types.go
readonly TOUCH_LINE='// touched by hack/bench/scaling.sh'

ROUNDS=${BENCH_ROUNDS:-5}
read -r -a SIZES <<<"${BENCH_SIZES:-5 10 20 40 60}"

die() {
    echo "scaling.sh: FAIL: $*" >&2
    exit 1
}
log() { echo "$*" >&2; }

[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "BENCH_ROUNDS must be a positive integer, got '$ROUNDS'"
((${#SIZES[@]} > 0)) || die "BENCH_SIZES is empty"
prev=0
for n in "${SIZES[@]}"; do
    if ! [[ $n =~ ^[1-9][0-9]*$ ]] || ((n <= prev)); then
        die "BENCH_SIZES must be increasing positive integers, got '${SIZES[*]}'"
    fi
    prev=$n
done
readonly MAX_SIZE=$prev

if ! [[ -x /usr/bin/time ]] || ! /usr/bin/time -f '%e %M' true 2>&1 | grep -Eq '^[0-9.]+ [0-9]+$'; then
    die "GNU time is needed at /usr/bin/time (for peak RSS)"
fi

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$script_dir/../.." && pwd)
if [[ ! -f $REPO/go.mod ]] || ! grep -q '^module github.com/apigen-dev/apigen$' "$REPO/go.mod"; then
    die "$REPO does not look like the apigen repository"
fi

# --- work and output directories -----------------------------------------------

# Everything we create lives in these entries of $work; with a caller-supplied
# BENCH_WORK only they are removed, never the directory itself.
our_entries=(api bin pristine logs apigen-cache boilerplate.go.txt time.out verify.out generated.list)
if [[ -n ${BENCH_WORK:-} ]]; then
    mkdir -p "$BENCH_WORK"
    work=$(cd "$BENCH_WORK" && pwd)
    own_work=0
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/bench-scaling.XXXXXX")
    own_work=1
fi
if [[ -n ${BENCH_OUT:-} ]]; then
    mkdir -p "$BENCH_OUT"
    out=$(cd "$BENCH_OUT" && pwd)
else
    out=$(mktemp -d "${TMPDIR:-/tmp}/scaling-out.XXXXXX")
fi

remove_work() {
    local paths=() e
    if ((own_work)); then
        paths=("$work")
    else
        for e in "${our_entries[@]}"; do paths+=("$work/$e"); done
    fi
    # The API copy comes from the read-only module cache.
    chmod -R u+w "${paths[@]}" 2>/dev/null || true
    rm -rf "${paths[@]}"
}
cleanup() {
    if [[ ${BENCH_KEEP:-} == 1 ]]; then
        log "work directory kept: $work"
    else
        remove_work
    fi
}
trap cleanup EXIT

log "== results go to $out"
if ((!own_work)); then remove_work; fi
mkdir -p "$work/bin" "$work/pristine" "$work/logs"

# --- inputs ---------------------------------------------------------------------

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

# The package directories, sorted, and a copy of their shipped files.
mapfile -t PKGS < <(cd "$work/api" && find . -type f -name "$OUTPUT_FILE" |
    sed "s|^\./||; s|/$OUTPUT_FILE\$||" | LC_ALL=C sort)
((${#PKGS[@]} >= MAX_SIZE)) ||
    die "$API_MODULE@$API_VERSION has ${#PKGS[@]} packages with $OUTPUT_FILE, fewer than $MAX_SIZE"
printf '%s\n' "${PKGS[@]/%//$OUTPUT_FILE}" >"$work/pristine/.list"
for p in "${PKGS[@]}"; do
    mkdir -p "$work/pristine/$p"
    cp "$work/api/$p/$OUTPUT_FILE" "$work/pristine/$p/"
done
TOUCHED=${PKGS[0]}/$TOUCHED_FILE
[[ -f $work/api/$TOUCHED ]] || die "$TOUCHED does not exist"
cp "$work/api/$TOUCHED" "$work/pristine/$TOUCHED"

# --- tools ----------------------------------------------------------------------

log "== building tools"
UPSTREAM=$work/bin/upstream/deepcopy-gen
OURS=$work/bin/ours/deepcopy-gen
(cd "$work" && GOWORK=off GOBIN="$work/bin/upstream" go install "$UPSTREAM_PKG@$UPSTREAM_VERSION") ||
    die "could not build upstream $UPSTREAM_PKG@$UPSTREAM_VERSION"
go build -C "$REPO" -o "$OURS" ./cmd/deepcopy-gen || die "could not build our deepcopy-gen from $REPO"

# --- measurement ----------------------------------------------------------------

cd "$work/api"
export GOWORK=off
export APIGEN_CACHE=$work/apigen-cache

# measure NAME CMD...: runs CMD under GNU time, sets WALL (s) and RSS (KB).
# Output of CMD goes to logs/NAME.log; a failing CMD is fatal.
measure() {
    local name=$1 rc=0
    shift
    /usr/bin/time -o "$work/time.out" -f '%e %M' "$@" >"$work/logs/$name.log" 2>&1 || rc=$?
    if ((rc != 0)); then
        tail -n 30 "$work/logs/$name.log" >&2
        die "$name exited with status $rc: $*"
    fi
    read -r WALL RSS < <(tail -n 1 "$work/time.out")
}

# same_as_shipped: 0 if the tree holds exactly the shipped generated files,
# byte for byte; differences go to $work/verify.out.
same_as_shipped() {
    local ok=0 f
    : >"$work/verify.out"
    find . -type f -name "$OUTPUT_FILE" | sed "s|^\./||" | LC_ALL=C sort >"$work/generated.list"
    if ! cmp -s "$work/pristine/.list" "$work/generated.list"; then
        ok=1
        diff "$work/pristine/.list" "$work/generated.list" >>"$work/verify.out" || true
    fi
    while IFS= read -r f; do
        if [[ -f $f ]] && ! cmp -s "$work/pristine/$f" "$f"; then
            ok=1
            {
                echo "differs: $f"
                diff -u "$work/pristine/$f" "$f" | head -n 20
            } >>"$work/verify.out"
        fi
    done <"$work/pristine/.list"
    return $ok
}

upstream_mismatch_warned=0

# check TOOL NAME: ours must reproduce the shipped files; upstream is warned
# about once.
check() {
    if same_as_shipped; then return; fi
    if [[ $1 == ours ]]; then
        cat "$work/verify.out" >&2
        BENCH_KEEP=1
        die "$2: our output is not byte-identical to the shipped $OUTPUT_FILE files (log: $work/logs/$2.log)"
    elif ((!upstream_mismatch_warned)); then
        upstream_mismatch_warned=1
        log "warning: upstream's output differs from the shipped files ($2):"
        head -n 40 "$work/verify.out" >&2
    fi
}

# run_pair TOOL SIZE TAG: a first run and then a partial run of TOOL over the
# first SIZE packages; sets FIRST_WALL FIRST_RSS PARTIAL_WALL PARTIAL_RSS.
run_pair() {
    local tool=$1 size=$2 tag=$3 bin p
    local patterns=()
    for p in "${PKGS[@]:0:size}"; do patterns+=("./$p"); done
    if [[ $tool == ours ]]; then bin=$OURS; else bin=$UPSTREAM; fi

    # first: shipped sources, the subset's output deleted, apigen's cache empty.
    cp "$work/pristine/$TOUCHED" "$TOUCHED"
    for p in "${PKGS[@]:0:size}"; do rm -f "$p/$OUTPUT_FILE"; done
    rm -rf "$APIGEN_CACHE"
    measure "$tag-first-$tool" "$bin" --go-header-file "$H" --output-file "$OUTPUT_FILE" "${patterns[@]}"
    check "$tool" "$tag-first-$tool"
    FIRST_WALL=$WALL FIRST_RSS=$RSS

    # partial: one hand-written file edited, everything else as left.
    echo "$TOUCH_LINE" >>"$TOUCHED"
    measure "$tag-partial-$tool" "$bin" --go-header-file "$H" --output-file "$OUTPUT_FILE" "${patterns[@]}"
    check "$tool" "$tag-partial-$tool"
    PARTIAL_WALL=$WALL PARTIAL_RSS=$RSS
}

log "== $(go version), $(nproc) cpus, loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
log "== $ROUNDS rounds, sizes ${SIZES[*]}, partial run edits $TOUCHED"

log "== warm-up at $MAX_SIZE packages (untimed)"
for tool in upstream ours; do
    run_pair "$tool" "$MAX_SIZE" warmup
    log "   $tool: first ${FIRST_WALL}s, partial ${PARTIAL_WALL}s"
done

RUNS=$out/runs.csv
echo "size,case,tool,round,wall_s,rss_kb" >"$RUNS"
log "== timed rounds"
for ((r = 1; r <= ROUNDS; r++)); do
    for size in "${SIZES[@]}"; do
        line="   round $r/$ROUNDS, $size packages:"
        for tool in upstream ours; do
            run_pair "$tool" "$size" "r$r-n$size"
            echo "$size,first,$tool,$r,$FIRST_WALL,$FIRST_RSS" >>"$RUNS"
            echo "$size,partial,$tool,$r,$PARTIAL_WALL,$PARTIAL_RSS" >>"$RUNS"
            line+=" $tool ${FIRST_WALL}s/${PARTIAL_WALL}s"
        done
        log "$line (first/partial)"
    done
done
# Leave the tree as shipped.
cp "$work/pristine/$TOUCHED" "$TOUCHED"

# --- report ---------------------------------------------------------------------

# median COLUMN SIZE CASE TOOL: median of runs.csv's COLUMN (5 wall, 6 rss)
# over the rows of SIZE, CASE and TOOL.
median() {
    awk -F, -v c="$1" -v n="$2" -v k="$3" -v t="$4" 'NR > 1 && $1 == n && $2 == k && $3 == t { print $c }' "$RUNS" |
        sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

MEDIANS=$out/medians.csv
echo "size,case,tool,wall_s,rss_kb" >"$MEDIANS"
for size in "${SIZES[@]}"; do
    for c in first partial; do
        for tool in upstream ours; do
            echo "$size,$c,$tool,$(median 5 "$size" "$c" "$tool"),$(median 6 "$size" "$c" "$tool")" >>"$MEDIANS"
        done
    done
done

# Least-squares fits of median wall time against package count. The lower
# half is the first ceil(k/2) sizes, the upper half the last ceil(k/2).
FITS=$out/fits.csv
awk -F, '
    function slope(lo, hi,   i, n, sx, sy, sxx, sxy, d) {
        n = hi - lo + 1; sx = sy = sxx = sxy = 0
        for (i = lo; i <= hi; i++) { sx += X[i]; sy += Y[i]; sxx += X[i] * X[i]; sxy += X[i] * Y[i] }
        d = n * sxx - sx * sx
        if (n < 2 || d == 0) return "n/a"
        B = (n * sxy - sx * sy) / d
        A = (sy - B * sx) / n
        return B
    }
    NR == 1 { next }
    { key = $2 "," $3; if (!(key in cnt)) order[++nk] = key; x[key, ++cnt[key]] = $1; y[key, cnt[key]] = $4 }
    END {
        print "case,tool,slope_s_per_pkg,intercept_s,slope_lower,slope_upper,ratio_upper_lower"
        for (j = 1; j <= nk; j++) {
            key = order[j]; k = cnt[key]
            for (i = 1; i <= k; i++) { X[i] = x[key, i]; Y[i] = y[key, i] }
            all = slope(1, k); icept = (all == "n/a") ? "n/a" : A
            h = int((k + 1) / 2)
            lo = slope(1, h); hi = slope(k - h + 1, k)
            ratio = (lo == "n/a" || hi == "n/a" || lo <= 0) ? "n/a" : sprintf("%.2f", hi / lo)
            f = "%.5f"
            printf "%s,%s,%s,%s,%s,%s\n", key,
                (all == "n/a") ? all : sprintf(f, all), (icept == "n/a") ? icept : sprintf("%.3f", icept),
                (lo == "n/a") ? lo : sprintf(f, lo), (hi == "n/a") ? hi : sprintf(f, hi), ratio
        }
    }' "$MEDIANS" >"$FITS"

log "== drawing the chart"
(cd "$script_dir/chart" && GOWORK=off go run . "$MEDIANS" "$out/scaling.png") ||
    die "could not draw the chart"

echo
echo "deepcopy-gen on subsets of $API_MODULE@$API_VERSION, medians of $ROUNDS rounds"
echo "(first: output deleted, apigen cache empty; partial: $TOUCHED edited after a first run)"
printf '  %5s  %-8s %10s %10s %8s %10s %10s\n' pkgs case "upstream s" "ours s" speedup "up RSS MB" "ours MB"
for size in "${SIZES[@]}"; do
    for c in first partial; do
        awk -F, -v n="$size" -v k="$c" '
            $1 == n && $2 == k { w[$3] = $4; m[$3] = $5 }
            END { printf "  %5d  %-8s %10.2f %10.2f %7.1fx %10.0f %10.0f\n", n, k, w["upstream"], w["ours"],
                  (w["ours"] > 0) ? w["upstream"] / w["ours"] : 0, m["upstream"] / 1024, m["ours"] / 1024 }' "$MEDIANS"
    done
done
echo
echo "least-squares fit of median wall time against packages (ratio: upper-half slope / lower-half slope)"
column -s, -t "$FITS" | sed 's/^/  /'
echo
echo "results in $out: runs.csv medians.csv fits.csv scaling.png"
