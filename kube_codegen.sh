#!/usr/bin/env bash
# Flags are parsed even where apigen does not use them yet:
# shellcheck disable=SC2034

# kube_codegen.sh: apigen's stand-in for k8s.io/code-generator's script of
# the same name.
#
# Point CODEGEN_PKG at the apigen checkout and source this file from your
# hack/update-codegen.sh, exactly as you would with code-generator:
#
#   source "${CODEGEN_PKG}/kube_codegen.sh"
#   kube::codegen::gen_helpers --boilerplate hack/boilerplate.go.txt ./pkg/apis
#
# The public functions and their flags match code-generator's:
#
#   kube::codegen::gen_helpers  [--boilerplate F] [--extra-peer-dir D]...
#                               [--lint-rules R] <input-dir>
#   kube::codegen::gen_openapi  --output-dir D --output-pkg P [--extra-pkgs P]...
#                               [--report-filename F] [--update-report]
#                               [--output-model-name-file F] [--boilerplate F]
#                               <input-dir>
#   kube::codegen::gen_client   --output-dir D --output-pkg P [--one-input-api A]
#                               [--boilerplate F] [--clientset-name N]
#                               [--versioned-name N] [--with-applyconfig]
#                               [--applyconfig-name N] [--applyconfig-externals L]
#                               [--applyconfig-openapi-schema F] [--with-watch]
#                               [--listers-name N] [--informers-name N]
#                               [--plural-exceptions L] [--prefers-protobuf]
#                               [--lint-rules R] <input-dir>
#   kube::codegen::gen_register [--boilerplate F] [--lint-rules R] <input-dir>
#   kube::codegen::gen_protobuf [--boilerplate F] [--apimachinery-packages L]
#                               <input-dir>          (apigen's addition)
#
# <input-dir> is a local directory (not a Go package) that is searched for
# .go files carrying the relevant "+" tags.  KUBE_VERBOSE sets the verbosity.
#
# Two things differ from code-generator's script, both without changing
# what a successful run writes:
#   - The functions work from any working directory: the packages of
#     <input-dir> are loaded in the module that holds it, unless the working
#     directory already resolves them there.
#   - Nothing is deleted up front.  apigen writes the new files and removes
#     the files of its generators that are no longer generated in one step,
#     after the whole run has succeeded, so a failed run leaves every file
#     as it was.
#
# APIGEN_VERIFY_ONLY=true makes every function check instead of write: it
# deletes and writes nothing, prints what is missing, stale (with a diff)
# or no longer generated, and fails if anything is.  So a project's
# hack/verify-codegen.sh can be
#   APIGEN_VERIFY_ONLY=true hack/update-codegen.sh
#
# Nothing is fetched from the network: the first call that needs a tool runs
# `go build ./cmd/apigen` in the apigen module this file lives in and puts the
# binary in ${APIGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/apigen}/bin.
# That happens at most once per shell, and only when a source file is newer
# than the binary.


set -o errexit
set -o nounset
set -o pipefail

APIGEN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
# Some callers refer to the variable code-generator's script defines.
KUBE_CODEGEN_ROOT="${APIGEN_ROOT}"

# Directory holding the built commands; empty until the first build in this
# shell.  Kept if this file is sourced again.
APIGEN_BUILT_BIN_DIR="${APIGEN_BUILT_BIN_DIR:-}"

# Builds (once per shell) the commands of this repository and sets REPLY
# to the directory that holds them.
function kube::codegen::internal::apigen_bin() {
    if [ -n "${APIGEN_BUILT_BIN_DIR}" ] && [ -x "${APIGEN_BUILT_BIN_DIR}/apigen" ]; then
        REPLY="${APIGEN_BUILT_BIN_DIR}"
        return 0
    fi
    local cache_dir="${APIGEN_CACHE:-}"
    if [ -z "${cache_dir}" ] || [ "${cache_dir}" = off ]; then
        # APIGEN_CACHE=off turns off the run cache, not the binary's home.
        cache_dir="${XDG_CACHE_HOME:-${HOME}/.cache}/apigen"
    fi
    local bin_dir="${cache_dir}/bin"
    [ -d "${bin_dir}" ] || mkdir -p "${bin_dir}"
    # Binaries newer than every source file, built by the same toolchain,
    # are used as they are: even a cached go build costs a second.
    # The stamp names this checkout too: a cache shared by two checkouts
    # must not hand one the other's binaries.
    local toolchain built=""
    toolchain="$(go env GOVERSION GOFLAGS)"
    toolchain="${toolchain//$'\n'/ } ${APIGEN_ROOT}"
    if [ -f "${bin_dir}/.toolchain" ]; then
        IFS= read -r built <"${bin_dir}/.toolchain" || true
    fi
    if [ -x "${bin_dir}/apigen" ] && [ "${built}" = "${toolchain}" ] \
        && [ -z "$(find "${APIGEN_ROOT}" -path "${APIGEN_ROOT}/testdata" -prune -o \
                \( -name '*.go' -o -name go.mod -o -name go.sum \) -newer "${bin_dir}/apigen" -print -quit)" ]; then
        REPLY="${bin_dir}"
        return 0
    fi
    # GOWORK=off: the caller's workspace, if any, does not contain apigen.
    # Only apigen: it runs every generator, and one link is a tenth of the
    # time of linking every command. A first build on an empty build cache
    # takes a minute or more: say so, rather than be silent that long.
    echo "kube_codegen.sh: building apigen from ${APIGEN_ROOT} into ${bin_dir} (a minute or two the first time; later builds reuse Go's build cache)" >&2
    if ! GO111MODULE=on GOWORK=off go build -C "${APIGEN_ROOT}" -o "${bin_dir}/apigen" ./cmd/apigen >&2; then
        echo "failed to build apigen from ${APIGEN_ROOT}" >&2
        return 1
    fi
    # go build leaves an unchanged binary's time alone; mark it current.
    touch "${bin_dir}/apigen"
    echo "${toolchain}" >"${bin_dir}/.toolchain"
    REPLY="${bin_dir}"
}

# Builds the commands, once per shell, into APIGEN_BUILT_BIN_DIR.
function kube::codegen::internal::build() {
    kube::codegen::internal::apigen_bin || return 1
    APIGEN_BUILT_BIN_DIR="${REPLY}"
}

# Runs apigen generate in this shell's session: the first run keeps its
# load and serves the later runs of the script (gen_openapi after
# gen_helpers, say) instead of loading again. It waits only for the run, not
# for the server, which stops by itself when idle (APIGEN_SESSION_IDLE,
# default 15s): apigen writes its exit status to the descriptor
# APIGEN_STATUS_FD names (a named pipe in the session directory) and closes
# it when its run is done, and the script reads that pipe. APIGEN_SESSION=off
# runs every call on its own.
APIGEN_SESSION_DIR="${APIGEN_SESSION_DIR:-}"

# Packages that are read, never written, as upstream: their model-name
# files by gen_openapi, their validation functions by gen_helpers.
KUBE_CODEGEN_READONLY_PKGS=(
    k8s.io/apimachinery/pkg/apis/meta/v1
    k8s.io/apimachinery/pkg/api/resource
    k8s.io/apimachinery/pkg/runtime
    k8s.io/apimachinery/pkg/types
    k8s.io/apimachinery/pkg/util/intstr
    k8s.io/apimachinery/pkg/version
    time
)

# Read as well by validation-gen, beyond upstream's list: the package that
# holds the validation of metav1's types (Validate_ObjectMeta, …), so that
# types embedding ObjectMeta get calls that exist. Upstream's script calls
# metav1.Validate_ObjectMeta, which does not, or stops on metav1.Condition.
KUBE_CODEGEN_VALIDATION_PKGS=(
    k8s.io/apimachinery/pkg/apis/meta/v1/validation
)

# The apimachinery packages gen_openapi always passes, as upstream does:
# they hold types most API types refer to.
KUBE_CODEGEN_OPENAPI_PKGS=(
    k8s.io/apimachinery/pkg/apis/meta/v1
    k8s.io/apimachinery/pkg/runtime
    k8s.io/apimachinery/pkg/version
    k8s.io/apimachinery/pkg/api/resource
)
function kube::codegen::internal::apigen_generate() {
    local bin="${APIGEN_BUILT_BIN_DIR}"
    if kube::codegen::internal::verifying; then
        set -- --verify-only "$@"
    fi
    if [ "${APIGEN_SESSION:-}" = off ]; then
        "${bin}/apigen" generate "$@"
        return
    fi
    if [ -z "${APIGEN_SESSION_DIR}" ] || [ ! -d "${APIGEN_SESSION_DIR}" ]; then
        APIGEN_SESSION_DIR="$(mktemp -d "${TMPDIR:-/tmp}/apigen-session.XXXXXX")"
    fi
    # In the background, so that the shell does not wait for the server. A
    # binary that closes the pipe without a status (one that exited before
    # reporting) is waited for.
    local fifo="${APIGEN_SESSION_DIR}/status.${BASHPID}" code="" pid
    rm -f "${fifo}"
    mkfifo -m 0600 "${fifo}" || return 1
    APIGEN_STATUS_FD=3 "${bin}/apigen" generate --session "${APIGEN_SESSION_DIR}" "$@" 3>"${fifo}" &
    pid=$!
    IFS= read -r code <"${fifo}" || true
    rm -f "${fifo}"
    if [ -z "${code}" ]; then
        wait "${pid}"
        return
    fi
    return "${code}"
}

# grep that skips the directories code-generator's script skips.
function kube::codegen::internal::grep() {
    grep "$@" \
        --exclude-dir .git \
        --exclude-dir _output \
        --exclude-dir vendor
}

# Prints, one per line and sorted, the directories under $2 holding a .go
# file with a line that matches the regexp $1.
function kube::codegen::internal::tagged_dirs() {
    local regexp="$1"
    local root="$2"
    ( kube::codegen::internal::grep -l --null -e "${regexp}" -r "${root}" --include '*.go' \
        || true
    ) | while IFS= read -r -d $'\0' f; do echo "${f%/*}"; done \
      | LC_ALL=C sort -u
}

# Sets REPLY to directory $1 with every symlink resolved. It runs in this
# shell, as do the helpers below that set REPLY: a subshell or a command
# costs a millisecond or more, and a script's no-op run is a few hundred.
function kube::codegen::internal::physical_dir() {
    local here="${PWD}" oldpwd="${OLDPWD:-}" CDPATH=""
    builtin cd -P -- "$1" || return 1
    REPLY="${PWD}"
    builtin cd -- "${here}" || return 1
    OLDPWD="${oldpwd}"
}

# Sets REPLY to the go.mod that governs directory $1, found without running
# go; empty if there is none.
function kube::codegen::internal::find_go_mod() {
    kube::codegen::internal::physical_dir "$1" || return 1
    local d="${REPLY%/}"
    while [ ! -f "${d}/go.mod" ]; do
        if [ -z "${d}" ]; then
            REPLY=""
            return 0
        fi
        d="${d%/*}"
    done
    REPLY="${d}/go.mod"
}

# The module path each go.mod read so far declares, by the go.mod's path.
declare -A KUBE_CODEGEN_MODULE_PATHS=()

# Sets REPLY to the module path that go.mod $1 declares; empty if none.
function kube::codegen::internal::module_path() {
    if [ -n "${KUBE_CODEGEN_MODULE_PATHS[$1]+set}" ]; then
        REPLY="${KUBE_CODEGEN_MODULE_PATHS[$1]}"
        return 0
    fi
    local line path="" re='^module[[:space:]]+"?([^"[:space:]]+)'
    while IFS= read -r line || [ -n "${line}" ]; do
        if [[ "${line}" =~ ${re} ]]; then
            path="${BASH_REMATCH[1]}"
            break
        fi
    done <"$1"
    KUBE_CODEGEN_MODULE_PATHS[$1]="${path}"
    REPLY="${path}"
}

# Sets REPLY to the Go import path of the package in directory $1: its
# module's path and the directory below the module root. go list answers
# when go.mod does not, as for a directory outside any module.
function kube::codegen::internal::import_path() {
    local mod dir
    kube::codegen::internal::find_go_mod "$1" || return 1
    mod="${REPLY}"
    if [ -n "${mod}" ] && [ -z "${GOFLAGS:-}" ]; then
        kube::codegen::internal::physical_dir "$1" || return 1
        dir="${REPLY}"
        kube::codegen::internal::module_path "${mod}"
        if [ -n "${REPLY}" ]; then
            REPLY="${REPLY}${dir#"${mod%/go.mod}"}"
            return 0
        fi
    fi
    REPLY="$(cd "$1" && GO111MODULE=on go list -find .)"
}

# Sets REPLY to $1 as an absolute path, relative to the working directory.
function kube::codegen::internal::abs() {
    case "$1" in
        /*) REPLY="$1" ;;
        *) REPLY="${PWD}/$1" ;;
    esac
}

# Sets REPLY to the root directory of the module that holds directory $1.
function kube::codegen::internal::module_root() {
    local mod=""
    if [ -z "${GOFLAGS:-}" ]; then
        kube::codegen::internal::find_go_mod "$1" || return 1
        mod="${REPLY}"
    fi
    if [ -z "${mod}" ]; then
        mod="$(cd "$1" && GO111MODULE=on go env GOMOD)" || return 1
    fi
    if [ -z "${mod}" ] || [ "${mod}" = /dev/null ]; then
        echo "$1 is not in a Go module" >&2
        return 1
    fi
    REPLY="${mod%/go.mod}"
}

# Sets REPLY to the directory apigen loads from, given a directory $1 that holds
# the package $2: the working directory when it resolves $2 to $1, as
# upstream's script needs, or else the root of the module that holds $1.
# So the functions work from any working directory, and a caller whose
# module replaces the input's module keeps its own build list.
function kube::codegen::internal::load_dir() {
    local dir root here
    kube::codegen::internal::physical_dir "$1" || return 1
    dir="${REPLY}"
    kube::codegen::internal::module_root "${dir}" || return 1
    root="${REPLY}"
    if [ -z "${GOFLAGS:-}" ]; then
        kube::codegen::internal::find_go_mod .
        here="${REPLY}"
    else
        here="$(GO111MODULE=on go env GOMOD 2>/dev/null || true)"
    fi
    if [ "${here}" != "${root}/go.mod" ] \
        && [ "$(GO111MODULE=on go list -find -f '{{.Dir}}' "$2" 2>/dev/null || true)" = "${dir}" ]; then
        root="$(pwd -P)"
    fi
    REPLY="${root}"
}

# The header file used when --boilerplate is not given.  apigen ships none
# yet; without one, generated files get no license header.
function kube::codegen::internal::default_boilerplate() {
    REPLY=""
    if [ -f "${APIGEN_ROOT}/hack/boilerplate.go.txt" ]; then
        REPLY="${APIGEN_ROOT}/hack/boilerplate.go.txt"
    fi
}

# Reads the positional <input-dir> argument.  Used by the flag loops below:
# sets in_dir in the caller, or fails on a stray flag or a second argument.
function kube::codegen::internal::positional() {
    if [[ "$1" =~ ^-- ]]; then
        echo "unknown argument: $1" >&2
        return 1
    fi
    if [ -n "${in_dir}" ]; then
        echo "too many arguments: $1 (already have ${in_dir})" >&2
        return 1
    fi
    in_dir="$1"
}

# Checks that flag $1 has a value ($# of the caller's remaining args in $2).
function kube::codegen::internal::need_value() {
    if [ "$2" -lt 2 ]; then
        echo "flag $1 needs a value" >&2
        return 1
    fi
}

# Sets the caller's input_pkgs to the import paths of the directories
# below <in-dir> whose Go files match <pattern>, and first_dir to the first
# of those directories.
#
# USAGE: kube::codegen::internal::tagged_pkgs <pattern> <in-dir>
function kube::codegen::internal::tagged_pkgs() {
    local dir
    input_pkgs=()
    first_dir=""
    while IFS= read -r dir; do
        kube::codegen::internal::import_path "${dir}" || return 1
        input_pkgs+=("${REPLY}")
        first_dir="${first_dir:-${dir}}"
    done < <(kube::codegen::internal::tagged_dirs "$1" "$2")
}

# Runs apigen generate with <args> over the caller's input_pkgs, loaded
# where first_dir's packages resolve, removing below <in-dir> what the run
# no longer generates.
#
# USAGE: kube::codegen::internal::generate_pkgs <in-dir> <boilerplate> <verbosity> <args>...
function kube::codegen::internal::generate_pkgs() {
    local in_dir="$1" boilerplate="$2" v="$3"
    shift 3
    kube::codegen::internal::build || return 1
    kube::codegen::internal::load_dir "${first_dir}" "${input_pkgs[0]}" || return 1
    local args=(-C "${REPLY}")
    kube::codegen::internal::abs "${in_dir}"
    args+=(--prune-tree "${REPLY}" -v "${v}" "$@")
    if [ -n "${boilerplate}" ]; then
        kube::codegen::internal::abs "${boilerplate}"
        args+=(--go-header-file "${REPLY}")
    fi
    kube::codegen::internal::apigen_generate "${args[@]}" "${input_pkgs[@]}"
}

# Sets REPLY to the arguments after the first, joined by the first.
function kube::codegen::internal::join() {
    local IFS="$1"
    shift
    REPLY="$*"
}

# Fails with "<what> is required" when the value is empty.
function kube::codegen::internal::require() {
    if [ -z "$1" ]; then
        echo "$2 is required" >&2
        return 1
    fi
}

# Generate tagged helper code: deepcopy, defaults and conversions, and
# (apigen's addition) the feature-gate helpers of packages tagged
# +k8s:featuregate-gen=package. Validations are not supported yet.
#
# USAGE: kube::codegen::gen_helpers [FLAGS] <input-dir>
#
#   --boilerplate <file>     header for generated files
#   --extra-peer-dir <dir>   repeatable; extra peers for conversion generation
#   --lint-rules <rules>     comma-separated tag lint rules to enforce
#                            (known-tags-only, require-explicit-disablement)
function kube::codegen::gen_helpers() {
    local in_dir=""
    kube::codegen::internal::default_boilerplate
    local boilerplate="${REPLY}"
    local v="${KUBE_VERBOSE:-0}"
    local extra_peers=()
    local lint_rules=""

    while [ "$#" -gt 0 ]; do
        case "$1" in
            "--boilerplate")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                boilerplate="$2"
                shift 2
                ;;
            "--extra-peer-dir")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                extra_peers+=("$2")
                shift 2
                ;;
            "--lint-rules")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                lint_rules="$2"
                shift 2
                ;;
            *)
                kube::codegen::internal::positional "$1" || return 1
                shift
                ;;
        esac
    done

    kube::codegen::internal::require "${in_dir}" "input-dir argument" || return 1
    if [ ! -d "${in_dir}" ]; then
        echo "input-dir ${in_dir} is not a directory" >&2
        return 1
    fi
    if [ -n "${boilerplate}" ] && [ ! -f "${boilerplate}" ]; then
        echo "boilerplate file ${boilerplate} does not exist" >&2
        return 1
    fi

    # One apigen process over one load does what upstream runs one tool per
    # generator for. Each generator acts only on the packages whose markers
    # ask for it, so the inputs are the union of the tagged packages.
    local generators=() input_pkgs=() seen=" " first_dir=""
    local dir pkg name dirs
    for name in deepcopy validation defaulter conversion featuregate; do
        dirs=()
        while IFS= read -r dir; do
            dirs+=("${dir}")
        done < <(kube::codegen::internal::tagged_dirs "^\s*//\s*+k8s:${name}-gen=" "${in_dir}")
        if [ "${#dirs[@]}" = 0 ]; then
            continue
        fi
        generators+=("${name}")
        echo "Generating ${name} code for ${#dirs[@]} targets"
        for dir in "${dirs[@]}"; do
            kube::codegen::internal::import_path "${dir}" || return 1
            pkg="${REPLY}"
            if [[ "${seen}" != *" ${pkg} "* ]]; then
                input_pkgs+=("${pkg}")
                seen+="${pkg} "
                first_dir="${first_dir:-${dir}}"
            fi
        done
    done

    if [ "${#input_pkgs[@]}" = 0 ]; then
        return 0
    fi

    kube::codegen::internal::build || return 1

    # apigen writes the new files and removes those of the tree that are no
    # longer generated in one step, after the whole run has succeeded,
    # where upstream deletes them first.
    kube::codegen::internal::load_dir "${first_dir}" "${input_pkgs[0]}" || return 1
    local args=(-C "${REPLY}")
    kube::codegen::internal::abs "${in_dir}"
    args+=(--prune-tree "${REPLY}")
    kube::codegen::internal::join , "${generators[@]}"
    args+=(--generators "${REPLY}")
    if [ -n "${boilerplate}" ]; then
        kube::codegen::internal::abs "${boilerplate}"
        args+=(--go-header-file "${REPLY}")
    fi
    if [ "${v}" != "0" ]; then
        args+=(-v "${v}")
    fi
    args+=(--deepcopy-output-file zz_generated.deepcopy.go --defaulter-output-file zz_generated.defaults.go
        --conversion-output-file zz_generated.conversion.go --validation-output-file zz_generated.validations.go)
    local ro
    for ro in "${KUBE_CODEGEN_READONLY_PKGS[@]}" "${KUBE_CODEGEN_VALIDATION_PKGS[@]}"; do
        args+=(--validation-readonly-pkg "${ro}")
    done
    if [ -n "${lint_rules}" ]; then
        args+=(--lint-rules "${lint_rules}")
    fi
    # gen_openapi names these packages too; loading them now lets this
    # session serve it.
    kube::codegen::internal::join , "${KUBE_CODEGEN_OPENAPI_PKGS[@]}"
    args+=(--preload "${REPLY}")
    if [ "${#extra_peers[@]}" != 0 ]; then
        kube::codegen::internal::join , "${extra_peers[@]}"
        args+=(--conversion-extra-peer-dirs "${REPLY}")
    fi
    kube::codegen::internal::apigen_generate "${args[@]}" "${input_pkgs[@]}"
}

# Generate openapi code.
#
# USAGE: kube::codegen::gen_openapi [FLAGS] <input-dir>
#
#   --output-dir <dir>              (required) where to write the code
#   --output-pkg <pkg>              (required) import path of --output-dir
#   --extra-pkgs <pkgs>             repeatable; extra packages to include
#   --report-filename <file>        API violations report (default /dev/null)
#   --update-report                 rewrite the report instead of diffing it
#   --output-model-name-file <name> file for generated model names
#   --boilerplate <file>            header for generated files
#
# apigen has no openapi generator yet: this fails if anything asks for one.
function kube::codegen::gen_openapi() {
    local in_dir=""
    local out_dir=""
    local out_pkg=""
    local extra_pkgs=()
    local report="/dev/null"
    local output_model_name_file=""
    local update_report=""
    kube::codegen::internal::default_boilerplate
    local boilerplate="${REPLY}"
    local v="${KUBE_VERBOSE:-0}"

    while [ "$#" -gt 0 ]; do
        case "$1" in
            "--output-dir")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                out_dir="$2"
                shift 2
                ;;
            "--output-pkg")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                out_pkg="$2"
                shift 2
                ;;
            "--extra-pkgs")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                extra_pkgs+=("$2")
                shift 2
                ;;
            "--report-filename")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                report="$2"
                shift 2
                ;;
            "--output-model-name-file")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                output_model_name_file="$2"
                shift 2
                ;;
            "--update-report")
                update_report="true"
                shift
                ;;
            "--boilerplate")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                boilerplate="$2"
                shift 2
                ;;
            *)
                kube::codegen::internal::positional "$1" || return 1
                shift
                ;;
        esac
    done

    kube::codegen::internal::require "${in_dir}" "input-dir argument" || return 1
    kube::codegen::internal::require "${out_dir}" "--output-dir" || return 1
    kube::codegen::internal::require "${out_pkg}" "--output-pkg" || return 1

    local new_report
    if [ -n "${update_report}" ] || kube::codegen::internal::verifying; then
        # When verifying, apigen compares its report with this file.
        new_report="${report}"
    else
        new_report="$(mktemp -t "apigen.api_violations.XXXXXX")"
    fi

    local input_pkgs=("${extra_pkgs[@]:+"${extra_pkgs[@]}"}")
    local d pkg first_dir=""
    while IFS= read -r d; do
        kube::codegen::internal::import_path "${d}" || return 1
        input_pkgs+=("${REPLY}")
        first_dir="${first_dir:-${d}}"
    done < <(kube::codegen::internal::tagged_dirs '^\s*//\s*+k8s:openapi' "${in_dir}")

    if [ "${#input_pkgs[@]}" != 0 ]; then
        echo "Generating openapi code for ${#input_pkgs[@]} targets"

        kube::codegen::internal::build || return 1
        local gens="model-name,openapi"
        if [ -z "${output_model_name_file}" ]; then
            gens=openapi
        fi
        if [ -n "${first_dir}" ]; then
            kube::codegen::internal::load_dir "${first_dir}" "${input_pkgs[${#extra_pkgs[@]}]}" || return 1
        else
            kube::codegen::internal::module_root "${in_dir}" || return 1
        fi
        local args=(-C "${REPLY}")
        kube::codegen::internal::abs "${in_dir}"
        args+=(--prune-tree "${REPLY}" --generators "${gens}" -v "${v}" --openapi-output-file zz_generated.openapi.go)
        kube::codegen::internal::abs "${out_dir}"
        args+=(--openapi-output-dir "${REPLY}" --openapi-output-pkg "${out_pkg}")
        kube::codegen::internal::abs "${new_report}"
        args+=(--openapi-report-filename "${REPLY}" --model-name-output-file "${output_model_name_file}")
        if [ -n "${boilerplate}" ]; then
            kube::codegen::internal::abs "${boilerplate}"
            args+=(--go-header-file "${REPLY}")
        fi
        for pkg in "${KUBE_CODEGEN_READONLY_PKGS[@]}"; do
            args+=(--model-name-readonly-pkg "${pkg}")
        done
        # The apimachinery packages are inputs too, as upstream has them:
        # most API types refer to their types.
        kube::codegen::internal::apigen_generate "${args[@]}" \
            "${KUBE_CODEGEN_OPENAPI_PKGS[@]}" "${input_pkgs[@]}" || return 1
    fi

    if kube::codegen::internal::verifying; then
        return 0
    fi
    if [ ! -e "${report}" ]; then
        touch "${report}" # in case it doesn't exist yet
    fi
    if ! diff -u "${report}" "${new_report}"; then
        echo -e "ERROR:"
        echo -e "\tAPI rule check failed for ${report}: new reported violations"
        echo -e "\tPlease read api/api-rules/README.md"
        return 1
    fi
}

# Generate client code: clientset, and optionally apply configurations,
# listers and informers.
#
# USAGE: kube::codegen::gen_client [FLAGS] <input-dir>
#
#   --one-input-api <dir>              only this API (a directory under input-dir)
#   --output-dir <dir>                 (required) root for the generated code
#   --output-pkg <pkg>                 import path of --output-dir
#   --boilerplate <file>               header for generated files
#   --clientset-name <name>            default "clientset"
#   --versioned-name <name>            default "versioned"
#   --with-applyconfig                 also generate apply configurations
#   --applyconfig-name <name>          default "applyconfiguration"
#   --applyconfig-externals <list>     external apply configurations
#   --applyconfig-openapi-schema <f>   openapi schema for apply configurations
#   --with-watch                       also generate listers and informers
#   --listers-name <name>              default "listers"
#   --informers-name <name>            default "informers"
#   --plural-exceptions <list>         Type:PluralizedType,...
#   --prefers-protobuf                 clientsets prefer protobuf
#   --lint-rules <rules>               comma-separated lint rules
#
# The generators run in one apigen process over one load.
function kube::codegen::gen_client() {
    local in_dir=""
    local one_input_api=""
    local out_dir=""
    local out_pkg=""
    local clientset_subdir="clientset"
    local clientset_versioned_name="versioned"
    local applyconfig="false"
    local applyconfig_subdir="applyconfiguration"
    local applyconfig_external=""
    local applyconfig_openapi_schema=""
    local watchable="false"
    local listers_subdir="listers"
    local informers_subdir="informers"
    kube::codegen::internal::default_boilerplate
    local boilerplate="${REPLY}"
    local plural_exceptions=""
    local v="${KUBE_VERBOSE:-0}"
    local prefers_protobuf="false"
    local lint_rules=""

    while [ "$#" -gt 0 ]; do
        case "$1" in
            "--one-input-api")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                one_input_api="/$2"
                shift 2
                ;;
            "--output-dir")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                out_dir="$2"
                shift 2
                ;;
            "--output-pkg")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                out_pkg="$2"
                shift 2
                ;;
            "--boilerplate")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                boilerplate="$2"
                shift 2
                ;;
            "--clientset-name")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                clientset_subdir="$2"
                shift 2
                ;;
            "--versioned-name")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                clientset_versioned_name="$2"
                shift 2
                ;;
            "--with-applyconfig")
                applyconfig="true"
                shift
                ;;
            "--applyconfig-name")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                applyconfig_subdir="$2"
                shift 2
                ;;
            "--applyconfig-externals")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                applyconfig_external="$2"
                shift 2
                ;;
            "--applyconfig-openapi-schema")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                applyconfig_openapi_schema="$2"
                shift 2
                ;;
            "--with-watch")
                watchable="true"
                shift
                ;;
            "--listers-name")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                listers_subdir="$2"
                shift 2
                ;;
            "--informers-name")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                informers_subdir="$2"
                shift 2
                ;;
            "--plural-exceptions")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                plural_exceptions="$2"
                shift 2
                ;;
            "--prefers-protobuf")
                prefers_protobuf="true"
                shift
                ;;
            "--lint-rules")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                lint_rules="$2"
                shift 2
                ;;
            *)
                kube::codegen::internal::positional "$1" || return 1
                shift
                ;;
        esac
    done

    kube::codegen::internal::require "${in_dir}" "input-dir argument" || return 1
    kube::codegen::internal::require "${out_dir}" "--output-dir" || return 1
    # code-generator only warns here.
    kube::codegen::internal::require "${out_pkg}" "--output-pkg" || true

    if ! kube::codegen::internal::verifying; then
        mkdir -p "${out_dir}"
    fi

    # Only directories whose name is an API version count as inputs.
    local api_dirs=()
    local d
    while IFS= read -r d; do
        if [[ "${d##*/}" =~ ^v[0-9]+((alpha|beta)[0-9]+)?$ ]]; then
            api_dirs+=("${d}")
        fi
    done < <(kube::codegen::internal::tagged_dirs '^\s*//\s*+genclient' "${in_dir}${one_input_api}")

    if [ "${#api_dirs[@]}" = 0 ]; then
        return 0
    fi

    local input_pkgs=() group_versions=() group
    for d in "${api_dirs[@]}"; do
        kube::codegen::internal::import_path "${d}" || return 1
        input_pkgs+=("${REPLY}")
        group="${d%/*}"
        group_versions+=("${group##*/}/${d##*/}")
    done

    kube::codegen::internal::build || return 1
    # Files no longer generated are removed by apigen, after the run has
    # succeeded, where upstream deletes its tools' files first.
    kube::codegen::internal::load_dir "${api_dirs[0]}" "${input_pkgs[0]}" || return 1
    local common=(-C "${REPLY}")
    kube::codegen::internal::abs "${out_dir}"
    out_dir="${REPLY}"
    common+=(--prune-tree "${out_dir}" -v "${v}")
    if [ -n "${boilerplate}" ]; then
        kube::codegen::internal::abs "${boilerplate}"
        common+=(--go-header-file "${REPLY}")
    fi
    if [ -n "${lint_rules}" ]; then
        common+=(--lint-rules "${lint_rules}")
    fi

    # The four generators run in one apigen process over one load (in the
    # shell's session, when there is one), each told by its prefixed flags.
    local gens=() args=() schema_copy=""
    local applyconfig_pkg=""
    if [ "${applyconfig}" = "true" ]; then
        applyconfig_pkg="${out_pkg}/${applyconfig_subdir}"
        echo "Generating applyconfig code for ${#input_pkgs[@]} targets"
        gens+=(applyconfiguration)
        args+=(--applyconfiguration-output-dir "${out_dir}/${applyconfig_subdir}"
            --applyconfiguration-output-pkg "${applyconfig_pkg}"
            --applyconfiguration-external-applyconfigurations "${applyconfig_external}")
        if [ -n "${applyconfig_openapi_schema}" ]; then
            # Often a <(command): copied, so that the session's process,
            # which cannot open this shell's descriptors, can read it.
            schema_copy="$(mktemp "${TMPDIR:-/tmp}/apigen-schema.XXXXXX")"
            cat "${applyconfig_openapi_schema}" >"${schema_copy}" || { rm -f "${schema_copy}"; return 1; }
            args+=(--applyconfiguration-openapi-schema "${schema_copy}")
        else
            # Upstream writes no schema then; so do we, for an empty diff.
            args+=(--applyconfiguration-schema-from-types=false)
        fi
    fi

    echo "Generating client code for ${#group_versions[@]} targets"
    gens+=(client)
    kube::codegen::internal::physical_dir "${in_dir}" || return 1
    args+=(--client-output-dir "${out_dir}/${clientset_subdir}" --client-output-pkg "${out_pkg}/${clientset_subdir}"
        --client-clientset-name "${clientset_versioned_name}" --client-apply-configuration-package "${applyconfig_pkg}"
        --client-input-base "${REPLY}" --client-plural-exceptions "${plural_exceptions}"
        --client-prefers-protobuf="${prefers_protobuf}")
    local gv
    for gv in "${group_versions[@]}"; do
        args+=(--client-input "${gv}")
    done

    if [ "${watchable}" = "true" ]; then
        echo "Generating lister code for ${#input_pkgs[@]} targets"
        echo "Generating informer code for ${#input_pkgs[@]} targets"
        gens+=(lister informer)
        args+=(--lister-output-dir "${out_dir}/${listers_subdir}" --lister-output-pkg "${out_pkg}/${listers_subdir}"
            --lister-plural-exceptions "${plural_exceptions}"
            --informer-output-dir "${out_dir}/${informers_subdir}" --informer-output-pkg "${out_pkg}/${informers_subdir}"
            --informer-versioned-clientset-package "${out_pkg}/${clientset_subdir}/${clientset_versioned_name}"
            --informer-listers-package "${out_pkg}/${listers_subdir}"
            --informer-plural-exceptions "${plural_exceptions}")
    fi

    kube::codegen::internal::join , "${gens[@]}"
    args+=(--generators "${REPLY}")
    local code=0
    kube::codegen::internal::apigen_generate "${common[@]}" "${args[@]}" "${input_pkgs[@]}" || code=$?
    if [ -n "${schema_copy}" ]; then
        rm -f "${schema_copy}"
    fi
    return "${code}"
}

# Whether APIGEN_VERIFY_ONLY asks every function to check, not write.
function kube::codegen::internal::verifying() {
    [ "${APIGEN_VERIFY_ONLY:-}" = true ] || [ "${APIGEN_VERIFY_ONLY:-}" = 1 ]
}

# Generate register code.
#
# USAGE: kube::codegen::gen_register [FLAGS] <input-dir>
#
#   --boilerplate <file>   header for generated files
#   --lint-rules <rules>   comma-separated lint rules
function kube::codegen::gen_register() {
    local in_dir=""
    kube::codegen::internal::default_boilerplate
    local boilerplate="${REPLY}"
    local v="${KUBE_VERBOSE:-0}"
    local lint_rules=""

    while [ "$#" -gt 0 ]; do
        case "$1" in
            "--boilerplate")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                boilerplate="$2"
                shift 2
                ;;
            "--lint-rules")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                lint_rules="$2"
                shift 2
                ;;
            *)
                kube::codegen::internal::positional "$1" || return 1
                shift
                ;;
        esac
    done

    kube::codegen::internal::require "${in_dir}" "input-dir argument" || return 1

    local input_pkgs=() first_dir=""
    kube::codegen::internal::tagged_pkgs '^\s*//\s*+groupName' "${in_dir}" || return 1
    if [ "${#input_pkgs[@]}" = 0 ]; then
        return 0
    fi
    echo "Generating register code for ${#input_pkgs[@]} targets"
    local args=(--generators register --register-output-file zz_generated.register.go)
    if [ -n "${lint_rules}" ]; then
        args+=(--lint-rules "${lint_rules}")
    fi
    kube::codegen::internal::generate_pkgs "${in_dir}" "${boilerplate}" "${v}" "${args[@]}"
}

# Generate protobuf: generated.proto and generated.pb.go in every package
# marked +k8s:protobuf-gen=package below <input-dir>, and the protobuf
# struct tags their types lack, as k8s.io/code-generator's go-to-protobuf
# (with protoc and gogo) does.  This function is apigen's addition:
# upstream's script has none, so only Kubernetes itself could regenerate
# protobuf.
#
# USAGE: kube::codegen::gen_protobuf [FLAGS] <input-dir>
#
#   --boilerplate <file>              header for generated files
#   --apimachinery-packages <list>    go-to-protobuf's --apimachinery-packages
#                                     (default: its own list)
function kube::codegen::gen_protobuf() {
    local in_dir=""
    kube::codegen::internal::default_boilerplate
    local boilerplate="${REPLY}"
    local v="${KUBE_VERBOSE:-0}"
    local apimachinery=""

    while [ "$#" -gt 0 ]; do
        case "$1" in
            "--boilerplate")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                boilerplate="$2"
                shift 2
                ;;
            "--apimachinery-packages")
                kube::codegen::internal::need_value "$1" "$#" || return 1
                apimachinery="$2"
                shift 2
                ;;
            *)
                kube::codegen::internal::positional "$1" || return 1
                shift
                ;;
        esac
    done

    kube::codegen::internal::require "${in_dir}" "input-dir argument" || return 1

    local input_pkgs=() first_dir=""
    kube::codegen::internal::tagged_pkgs '^\s*//\s*+k8s:protobuf-gen=package' "${in_dir}" || return 1
    if [ "${#input_pkgs[@]}" = 0 ]; then
        return 0
    fi
    echo "Generating protobuf code for ${#input_pkgs[@]} targets"
    kube::codegen::internal::join , "${input_pkgs[@]}"
    local args=(--generators protobuf --protobuf-packages "${REPLY}")
    if [ -n "${apimachinery}" ]; then
        args+=(--protobuf-apimachinery-packages "${apimachinery}")
    fi
    kube::codegen::internal::generate_pkgs "${in_dir}" "${boilerplate}" "${v}" "${args[@]}"
}
