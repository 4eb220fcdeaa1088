#!/usr/bin/env bash

# Tests for kube_codegen.sh.  Builds a throwaway Go module in a temp dir,
# sources the script the way a project's hack/update-codegen.sh would and
# checks what the kube::codegen:: functions do to it.
#
#   hack/kube_codegen_test.sh [-v] [name-substring]
#
# -v shows the output of every case; a name substring runs only the cases
# whose name contains it.  Needs go and the module proxy (or a warm module
# cache) for k8s.io/apimachinery.  Prints "N passed, M failed" last and
# exits non-zero if anything failed.

set -o nounset
set -o pipefail

APIGEN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
SCRIPT="${APIGEN_ROOT}/kube_codegen.sh"

verbose=""
only=""
while [ "$#" -gt 0 ]; do
    case "$1" in
        -v) verbose="true" ;;
        *) only="$1" ;;
    esac
    shift
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/kube_codegen_test.XXXXXX")"
trap 'chmod -R u+w "${WORK}" 2>/dev/null; rm -rf "${WORK}"' EXIT

# One apigen build shared by the cases that do not test the cache itself.
export APIGEN_CACHE="${WORK}/cache"
unset APIGEN_BUILT_BIN_DIR KUBE_VERBOSE

MOD=example.com/kctest
HEADER="${WORK}/boilerplate.go.txt"
cat >"${HEADER}" <<'EOF'
/*
Copyright YEAR The kctest Authors.
*/

EOF

passed=0
failed=0

# ---------------------------------------------------------------- fixtures

# The base module: one API package that only asks for deepcopy.
function make_base() {
    local dir="${WORK}/base"
    mkdir -p "${dir}/pkg/apis/widgets/v1"
    cat >"${dir}/go.mod" <<EOF
module ${MOD}

go 1.26

require k8s.io/apimachinery v0.37.2
EOF
    cat >"${dir}/pkg/apis/widgets/v1/doc.go" <<'EOF'
// Package v1 is a test API.
//
// +k8s:deepcopy-gen=package
package v1
EOF
    cat >"${dir}/pkg/apis/widgets/v1/types.go" <<'EOF'
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a test type.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is the body of a Widget.
type WidgetSpec struct {
	Size   int               `json:"size"`
	Tags   []string          `json:"tags,omitempty"`
	Labels map[string]string `json:"labels,omitempty"`
	Parent *WidgetSpec       `json:"parent,omitempty"`
}

// WidgetList is a list of Widgets.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}
EOF
    (cd "${dir}" && go mod tidy)
}

# new_module NAME: a fresh copy of the base module; prints its path.
function new_module() {
    local dir="${WORK}/cases/$1"
    mkdir -p "${WORK}/cases"
    cp -R "${WORK}/base" "${dir}"
    echo "${dir}"
}

# A directory holding an "apigen" that records its arguments, one a line,
# in ${WORK}/stub.args (for checking the command line the script builds).
function make_stub() {
    local dir="${WORK}/stub"
    mkdir -p "${dir}"
    cat >"${dir}/apigen" <<EOF
#!/usr/bin/env bash
printf '%s\n' "\$@" >>"${WORK}/stub.args"
EOF
    chmod +x "${dir}/apigen"
}

# ---------------------------------------------------------------- helpers

# codegen DIR CMD...: in a subshell, cd to DIR, source the script and run
# CMD; stdout and stderr go to ${WORK}/out and ${WORK}/err.  Returns CMD's
# status.
function codegen() {
    local dir="$1"
    shift
    (
        cd "${dir}" || exit 99
        # shellcheck source=/dev/null
        source "${SCRIPT}"
        "$@"
    ) >"${WORK}/out" 2>"${WORK}/err"
}

# Failure messages of the current case collect here.
errors=()

function fail() {
    errors+=("$*")
}

function expect_rc() {
    local want="$1" got="$2"
    if [ "${want}" != "${got}" ]; then
        fail "exit status ${got}, want ${want}"
    fi
}

function expect_err() {
    if ! grep -qF -- "$1" "${WORK}/err"; then
        fail "stderr lacks: $1"
    fi
}

function expect_file() {
    if [ ! -f "$1" ]; then
        fail "missing file: ${1#"${WORK}/"}"
    fi
}

function expect_no_file() {
    if [ -e "$1" ]; then
        fail "file should not exist: ${1#"${WORK}/"}"
    fi
}

function expect_contains() {
    if [ ! -f "$1" ] || ! grep -qF -- "$2" "$1"; then
        fail "${1#"${WORK}/"} lacks: $2"
    fi
}

function run_case() {
    local name="$1"
    if [ -n "${only}" ] && [[ "${name}" != *"${only}"* ]]; then
        return 0
    fi
    errors=()
    : >"${WORK}/out"
    : >"${WORK}/err"
    "test_${name}"
    if [ "${#errors[@]}" = 0 ]; then
        passed=$((passed + 1))
        echo "PASS ${name}"
    else
        failed=$((failed + 1))
        echo "FAIL ${name}"
        local e
        for e in "${errors[@]}"; do
            echo "    ${e}"
        done
    fi
    if [ "${#errors[@]}" != 0 ] || [ -n "${verbose}" ]; then
        sed 's/^/    stdout: /' "${WORK}/out"
        sed 's/^/    stderr: /' "${WORK}/err"
    fi
}

# ---------------------------------------------------------------- cases

# The real thing: apigen writes zz_generated.deepcopy.go and the result
# compiles.
function test_deepcopy_generates() {
    local m rc
    m="$(new_module deepcopy)"
    # Stale output elsewhere under the input dir is removed, as upstream does.
    mkdir -p "${m}/pkg/apis/stale"
    echo 'package stale' >"${m}/pkg/apis/stale/zz_generated.deepcopy.go"

    codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" "${m}/pkg/apis"
    rc=$?
    expect_rc 0 "${rc}"
    local out="${m}/pkg/apis/widgets/v1/zz_generated.deepcopy.go"
    expect_file "${out}"
    expect_contains "${out}" "The kctest Authors."
    expect_contains "${out}" "func (in *Widget) DeepCopyInto(out *Widget)"
    expect_contains "${out}" "func (in *WidgetList) DeepCopyObject() runtime.Object"
    expect_contains "${out}" "func (in *WidgetSpec) DeepCopy() *WidgetSpec"
    expect_no_file "${m}/pkg/apis/stale/zz_generated.deepcopy.go"
    if [ "${rc}" = 0 ] && ! (cd "${m}" && go vet ./...) >>"${WORK}/err" 2>&1; then
        fail "generated module does not pass go vet"
    fi

    # A second run gives the same bytes.
    if [ -f "${out}" ]; then
        cp "${out}" "${WORK}/first.go"
        codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" "${m}/pkg/apis"
        expect_rc 0 "$?"
        if ! cmp -s "${out}" "${WORK}/first.go"; then
            fail "second run changed ${out#"${WORK}/"}"
        fi
    fi
}

# A relative input dir works, and so do all of gen_helpers' flags.
function test_deepcopy_relative_dir_and_flags() {
    local m
    m="$(new_module relative)"
    codegen "${m}" kube::codegen::gen_helpers \
        --boilerplate "${HEADER}" \
        --extra-peer-dir k8s.io/apimachinery/pkg/apis/meta/v1 \
        --extra-peer-dir k8s.io/apimachinery/pkg/runtime \
        --lint-rules known-tags-only \
        ./pkg/apis
    expect_rc 0 "$?"
    expect_file "${m}/pkg/apis/widgets/v1/zz_generated.deepcopy.go"
}

# The exact command line, checked with a recording stub in place of apigen.
function test_deepcopy_command_line() {
    local m
    m="$(new_module cmdline)"
    mkdir -p "${m}/pkg/apis/gadgets/v1beta1" "${m}/pkg/apis/untagged"
    printf '// +k8s:deepcopy-gen=package\n\npackage v1beta1\n' >"${m}/pkg/apis/gadgets/v1beta1/doc.go"
    printf 'package untagged\n' >"${m}/pkg/apis/untagged/doc.go"
    make_stub
    rm -f "${WORK}/stub.args"
    APIGEN_SESSION=off APIGEN_BUILT_BIN_DIR="${WORK}/stub" \
        codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" "${m}/pkg/apis"
    expect_rc 0 "$?"
    cat >"${WORK}/want.args" <<EOF
generate
-C
${m}
--prune-tree
${m}/pkg/apis
--generators
deepcopy
--go-header-file
${HEADER}
--deepcopy-output-file
zz_generated.deepcopy.go
--defaulter-output-file
zz_generated.defaults.go
--conversion-output-file
zz_generated.conversion.go
--validation-output-file
zz_generated.validations.go
--validation-readonly-pkg
k8s.io/apimachinery/pkg/apis/meta/v1
--validation-readonly-pkg
k8s.io/apimachinery/pkg/api/resource
--validation-readonly-pkg
k8s.io/apimachinery/pkg/runtime
--validation-readonly-pkg
k8s.io/apimachinery/pkg/types
--validation-readonly-pkg
k8s.io/apimachinery/pkg/util/intstr
--validation-readonly-pkg
k8s.io/apimachinery/pkg/version
--validation-readonly-pkg
time
--validation-readonly-pkg
k8s.io/apimachinery/pkg/apis/meta/v1/validation
--preload
k8s.io/apimachinery/pkg/apis/meta/v1,k8s.io/apimachinery/pkg/runtime,k8s.io/apimachinery/pkg/version,k8s.io/apimachinery/pkg/api/resource
${MOD}/pkg/apis/gadgets/v1beta1
${MOD}/pkg/apis/widgets/v1
EOF
    if ! diff -u "${WORK}/want.args" "${WORK}/stub.args" >>"${WORK}/err" 2>&1; then
        fail "apigen got unexpected arguments (diff on stderr)"
    fi

    # KUBE_VERBOSE becomes -v; no --boilerplate (and no header file in the
    # apigen tree) means no --go-header-file.
    rm -f "${WORK}/stub.args"
    APIGEN_SESSION=off KUBE_VERBOSE=3 APIGEN_BUILT_BIN_DIR="${WORK}/stub" \
        codegen "${m}" kube::codegen::gen_helpers pkg/apis/widgets
    expect_rc 0 "$?"
    {
        printf '%s\n' generate -C "${m}" --prune-tree "${m}/pkg/apis/widgets" --generators deepcopy
        if [ -f "${APIGEN_ROOT}/hack/boilerplate.go.txt" ]; then
            printf '%s\n' --go-header-file "${APIGEN_ROOT}/hack/boilerplate.go.txt"
        fi
        printf '%s\n' -v 3 --deepcopy-output-file zz_generated.deepcopy.go \
            --defaulter-output-file zz_generated.defaults.go \
            --conversion-output-file zz_generated.conversion.go \
            --validation-output-file zz_generated.validations.go \
            --validation-readonly-pkg k8s.io/apimachinery/pkg/apis/meta/v1 \
            --validation-readonly-pkg k8s.io/apimachinery/pkg/api/resource \
            --validation-readonly-pkg k8s.io/apimachinery/pkg/runtime \
            --validation-readonly-pkg k8s.io/apimachinery/pkg/types \
            --validation-readonly-pkg k8s.io/apimachinery/pkg/util/intstr \
            --validation-readonly-pkg k8s.io/apimachinery/pkg/version \
            --validation-readonly-pkg time \
            --validation-readonly-pkg k8s.io/apimachinery/pkg/apis/meta/v1/validation \
            --preload k8s.io/apimachinery/pkg/apis/meta/v1,k8s.io/apimachinery/pkg/runtime,k8s.io/apimachinery/pkg/version,k8s.io/apimachinery/pkg/api/resource \
            "${MOD}/pkg/apis/widgets/v1"
    } >"${WORK}/want.args"
    if ! diff -u "${WORK}/want.args" "${WORK}/stub.args" >>"${WORK}/err" 2>&1; then
        fail "apigen got unexpected arguments with KUBE_VERBOSE (diff on stderr)"
    fi
}

# gen_helpers passes its --extra-peer-dir values to conversion's flag.
function test_conversion_peers_command_line() {
    local m
    m="$(new_module peerscmd)"
    make_stub
    rm -f "${WORK}/stub.args"
    APIGEN_SESSION=off APIGEN_BUILT_BIN_DIR="${WORK}/stub" \
        codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" \
        --extra-peer-dir example.com/a --extra-peer-dir example.com/b "${m}/pkg/apis"
    expect_rc 0 "$?"
    if ! grep -x -A1 -- --conversion-extra-peer-dirs "${WORK}/stub.args" | grep -qx example.com/a,example.com/b; then
        fail "gen_helpers did not pass --conversion-extra-peer-dirs example.com/a,example.com/b: $(tr '\n' ' ' <"${WORK}/stub.args")"
    fi
}

# The exact command line of gen_openapi, checked with a recording stub.
function test_openapi_command_line() {
    local m
    m="$(new_module openapicmd)"
    printf '// +k8s:openapi-gen=true\n\npackage v1\n' >"${m}/pkg/apis/widgets/v1/doc.go"
    make_stub
    rm -f "${WORK}/stub.args"
    APIGEN_SESSION=off APIGEN_BUILT_BIN_DIR="${WORK}/stub" \
        codegen "${m}" kube::codegen::gen_openapi --output-dir "${m}/pkg/openapi" --output-pkg "${MOD}/pkg/openapi" \
        --report-filename "${WORK}/report.txt" --update-report \
        --output-model-name-file zz_generated.model_name.go --boilerplate "${HEADER}" "${m}/pkg/apis"
    expect_rc 0 "$?"
    {
        printf '%s\n' generate -C "${m}" --prune-tree "${m}/pkg/apis" --generators model-name,openapi -v 0 \
            --openapi-output-file zz_generated.openapi.go \
            --openapi-output-dir "${m}/pkg/openapi" --openapi-output-pkg "${MOD}/pkg/openapi" \
            --openapi-report-filename "${WORK}/report.txt" \
            --model-name-output-file zz_generated.model_name.go --go-header-file "${HEADER}"
        local pkg
        for pkg in k8s.io/apimachinery/pkg/apis/meta/v1 k8s.io/apimachinery/pkg/api/resource \
            k8s.io/apimachinery/pkg/runtime k8s.io/apimachinery/pkg/types k8s.io/apimachinery/pkg/util/intstr \
            k8s.io/apimachinery/pkg/version time; do
            printf '%s\n' --model-name-readonly-pkg "${pkg}"
        done
        printf '%s\n' k8s.io/apimachinery/pkg/apis/meta/v1 k8s.io/apimachinery/pkg/runtime \
            k8s.io/apimachinery/pkg/version k8s.io/apimachinery/pkg/api/resource "${MOD}/pkg/apis/widgets/v1"
    } >"${WORK}/want.args"
    if ! diff -u "${WORK}/want.args" "${WORK}/stub.args" >>"${WORK}/err" 2>&1; then
        fail "apigen got unexpected arguments from gen_openapi (diff on stderr)"
    fi
}

# Where apigen loads from: the input's own module when started elsewhere,
# and the caller's module when it resolves the input there itself (through
# a replace), as upstream's script requires.
function test_load_dir() {
    local m outer
    m="$(new_module loaddir)"
    outer="${WORK}/cases/outer"
    mkdir -p "${outer}"
    printf 'module example.com/outer\n\ngo 1.26\n\nrequire %s v0.0.0\n\nreplace %s => %s\n' "${MOD}" "${MOD}" "${m}" >"${outer}/go.mod"
    printf 'package outer\n\nimport _ "%s/pkg/apis/widgets/v1"\n' "${MOD}" >"${outer}/outer.go"
    (cd "${outer}" && go mod tidy) || fail "go mod tidy in ${outer}"
    make_stub
    local from want got
    for from in / "${WORK}" "${outer}"; do
        rm -f "${WORK}/stub.args"
        APIGEN_SESSION=off APIGEN_BUILT_BIN_DIR="${WORK}/stub" \
            codegen "${from}" kube::codegen::gen_helpers --boilerplate "${HEADER}" "${m}/pkg/apis"
        expect_rc 0 "$?"
        want="${m}"
        if [ "${from}" = "${outer}" ]; then
            want="${outer}"
        fi
        got="$(sed -n 2,3p "${WORK}/stub.args" | tr '\n' ' ')"
        if [ "${got}" != "-C ${want} " ]; then
            fail "from ${from}: apigen runs with ${got}, want -C ${want}"
        fi
    done
}

# apigen is built once per shell, into ${APIGEN_CACHE}/bin.
function test_build_once_per_shell() {
    local m
    m="$(new_module once)"
    local count="${WORK}/builds" cache="${WORK}/once-cache"
    # builds_in_new_shell: runs gen_helpers twice in a new shell and prints
    # how many times go build ran.
    function builds_in_new_shell() {
        : >"${count}"
        (
            cd "${m}" || exit 99
            export APIGEN_CACHE="${cache}"
            # shellcheck source=/dev/null
            source "${SCRIPT}"
            # shellcheck disable=SC2317 # called by the sourced script
            function go() {
                if [ "${1:-}" = "build" ]; then
                    echo build >>"${count}"
                fi
                command go "$@"
            }
            kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis
            kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis
        ) >"${WORK}/out" 2>"${WORK}/err" || fail "gen_helpers failed"
        wc -l <"${count}" | tr -d ' '
    }
    local n
    n="$(builds_in_new_shell)"
    [ "${n}" = 1 ] || fail "first shell: go build ran ${n} times, want 1"
    expect_file "${cache}/bin/apigen"
    # A build says what it is doing: a first one takes minutes.
    [ "$(grep -c "kube_codegen.sh: building apigen" "${WORK}/err")" = 1 ] || fail "the build did not say so once: $(cat "${WORK}/err")"
    # Binaries newer than the sources are used as they are.
    n="$(builds_in_new_shell)"
    [ "${n}" = 0 ] || fail "second shell: go build ran ${n} times, want 0"
    ! grep -q "building apigen" "${WORK}/err" || fail "a shell that built nothing said it was building"
    # Sources newer than the binaries are built again.
    touch -d '2000-01-01' "${cache}/bin/apigen"
    n="$(builds_in_new_shell)"
    [ "${n}" = 1 ] || fail "after a source change: go build ran ${n} times, want 1"
}

# Without APIGEN_CACHE the binaries go under ${XDG_CACHE_HOME}/apigen.
function test_default_cache_dir() {
    local m
    m="$(new_module xdg)"
    APIGEN_CACHE="" XDG_CACHE_HOME="${WORK}/xdg" \
        codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    expect_file "${WORK}/xdg/apigen/bin/apigen"
    expect_file "${m}/pkg/apis/widgets/v1/zz_generated.deepcopy.go"
}

# Later apigen runs of one shell are served from the first run's load: the
# second gen_helpers loads nothing, yet writes the same files.
function test_session_shares_load() {
    local m
    m="$(new_module session)"
    (
        cd "${m}" || exit 99
        export KUBE_VERBOSE=2 APIGEN_SESSION_IDLE=10s
        # shellcheck source=/dev/null
        source "${SCRIPT}"
        kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis 2>"${WORK}/first.err"
        # A package the session did not load: the session loads just that
        # package on top of what it has, and serves the run.
        mkdir -p pkg/gadgets/v1
        printf '// +k8s:deepcopy-gen=package\n\npackage v1\n' >pkg/gadgets/v1/doc.go
        printf 'package v1\n\ntype Gadget struct{ Tags []string }\n' >pkg/gadgets/v1/types.go
        kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/gadgets 2>"${WORK}/other.err"
        rm pkg/apis/widgets/v1/zz_generated.deepcopy.go
        kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis 2>"${WORK}/second.err"
    ) >"${WORK}/out" 2>"${WORK}/err"
    expect_rc 0 "$?"
    expect_contains "${WORK}/first.err" "apigen: loading took"
    if grep -q "loading took" "${WORK}/other.err"; then
        fail "the run naming a new package loaded everything again instead of joining the session"
    fi
    expect_contains "${WORK}/other.err" "apigen: generating took"
    if grep -q "loading took" "${WORK}/second.err"; then
        fail "the third run loaded again instead of using the session"
    fi
    expect_contains "${WORK}/second.err" "apigen: generating took"
    expect_file "${m}/pkg/apis/widgets/v1/zz_generated.deepcopy.go"
    expect_file "${m}/pkg/gadgets/v1/zz_generated.deepcopy.go"
}

# A tree without deepcopy tags: nothing is built or run.
function test_no_tags_is_noop() {
    local m
    m="$(new_module notags)"
    rm "${m}/pkg/apis/widgets/v1/doc.go"
    printf 'package v1\n' >"${m}/pkg/apis/widgets/v1/doc.go"
    APIGEN_CACHE="${WORK}/notags-cache" \
        codegen "${m}" kube::codegen::gen_helpers "${m}/pkg/apis"
    expect_rc 0 "$?"
    expect_no_file "${WORK}/notags-cache"
    expect_no_file "${m}/pkg/apis/widgets/v1/zz_generated.deepcopy.go"
}

# A versioned package with +k8s:conversion-gen gets real conversions to
# its internal package, in the same apigen process as its deepcopy code,
# and the result compiles.
function test_conversion_generates() {
    local m
    m="$(new_module conversion)"
    local v1="${m}/pkg/apis/widgets/v1" internal="${m}/pkg/apis/widgets"
    sed 's/^package v1$/package widgets/' "${v1}/types.go" >"${internal}/types.go"
    printf '// +k8s:deepcopy-gen=package\n\npackage widgets\n' >"${internal}/doc.go"
    printf '// +k8s:deepcopy-gen=package\n// +k8s:conversion-gen=%s/pkg/apis/widgets\n\npackage v1\n' "${MOD}" >"${v1}/doc.go"
    printf 'package v1\n\nimport "k8s.io/apimachinery/pkg/runtime"\n\nvar localSchemeBuilder = runtime.NewSchemeBuilder()\n' >"${v1}/register.go"
    printf 'package v1\n\n// stale\n' >"${v1}/zz_generated.conversion.go"
    codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    expect_contains "${v1}/zz_generated.conversion.go" "func Convert_v1_WidgetSpec_To_widgets_WidgetSpec("
    expect_contains "${internal}/zz_generated.deepcopy.go" "func (in *WidgetSpec) DeepCopyInto("
    if ! (cd "${m}" && go vet ./... >>"${WORK}/err" 2>&1); then
        fail "generated conversion code does not vet (see stderr)"
    fi
}

# A package tagged +k8s:validation-gen gets Validate_ functions in the same
# apigen process as its deepcopy code, and the result vets.
function test_validation_generates() {
    local m
    m="$(new_module validation)"
    local v1="${m}/pkg/apis/widgets/v1"
    printf '// +k8s:deepcopy-gen=package\n// +k8s:validation-gen=TypesWithField=TypeMeta\n\npackage v1\n' >"${v1}/doc.go"
    sed -i 's|^\tSize   int  |\t// +k8s:optional\n\t// +k8s:minimum=1\n\tSize   int  |; s|^\tParent |\t// +k8s:optional\n\tParent |' "${v1}/types.go"
    printf 'package v1\n\nimport "k8s.io/apimachinery/pkg/runtime"\n\nvar localSchemeBuilder = runtime.NewSchemeBuilder()\n' >"${v1}/register.go"
    codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    expect_contains "${v1}/zz_generated.validations.go" "func Validate_Widget("
    expect_contains "${v1}/zz_generated.validations.go" "validate.Minimum("
    if ! (cd "${m}" && go vet ./... >>"${WORK}/err" 2>&1); then
        fail "generated validation code does not vet (see stderr)"
    fi
}

# Under errexit, as in a project's update-codegen.sh, a failure stops the
# caller with status 1, and the tag is named at its file:line.
function test_failure_stops_caller() {
    local m
    m="$(new_module stops)"
    printf '// +k8s:deepcopy-gen=package\n// +k8s:validation-gen=TypesWithField=TypeMeta\n\npackage v1\n' \
        >"${m}/pkg/apis/widgets/v1/doc.go"
    sed -i 's|^\tSize   int  |\t// +k8s:maxLength=3\n\tSize   int  |' "${m}/pkg/apis/widgets/v1/types.go"
    cat >"${m}/update-codegen.sh" <<EOF
#!/usr/bin/env bash
set -o errexit -o nounset -o pipefail
source "${SCRIPT}"
kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis
echo "should not get here"
EOF
    codegen "${m}" bash ./update-codegen.sh
    expect_rc 1 "$?"
    expect_err "pkg/apis/widgets/v1/types.go:"
    expect_err "maxLength"
    if grep -q "should not get here" "${WORK}/out"; then
        fail "the caller went on after the failure"
    fi
}

# A tag in a comment that is not at the start of a line does not count.
function test_untagged_mention_ignored() {
    local m
    m="$(new_module mention)"
    printf 'package v1\n\nvar _ = 0 // +k8s:conversion-gen=foo\n' >"${m}/pkg/apis/widgets/v1/mention.go"
    make_stub
    APIGEN_BUILT_BIN_DIR="${WORK}/stub" \
        codegen "${m}" kube::codegen::gen_helpers "${m}/pkg/apis"
    expect_rc 0 "$?"
}

function test_helpers_bad_args() {
    local m
    m="$(new_module badargs)"
    codegen "${m}" kube::codegen::gen_helpers
    expect_rc 1 "$?"
    expect_err "input-dir argument is required"
    codegen "${m}" kube::codegen::gen_helpers --bogus pkg/apis
    expect_rc 1 "$?"
    expect_err "unknown argument: --bogus"
    codegen "${m}" kube::codegen::gen_helpers pkg/apis pkg
    expect_rc 1 "$?"
    expect_err "too many arguments: pkg"
    codegen "${m}" kube::codegen::gen_helpers --boilerplate "${WORK}/nope" pkg/apis
    expect_rc 1 "$?"
    expect_err "${WORK}/nope"
}

function test_openapi() {
    local m
    m="$(new_module openapi)"
    codegen "${m}" kube::codegen::gen_openapi --output-pkg "${MOD}/pkg/openapi" pkg/apis
    expect_rc 1 "$?"
    expect_err "--output-dir is required"

    # Nothing asks for openapi: fine, and no violations.
    codegen "${m}" kube::codegen::gen_openapi \
        --output-dir pkg/openapi --output-pkg "${MOD}/pkg/openapi" \
        --report-filename "${WORK}/report.txt" --update-report \
        --output-model-name-file zz_generated.model_name.go \
        --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"

    # A tagged package gets its definitions, in the same session as the
    # helpers: gen_openapi after gen_helpers loads nothing.
    printf '// +k8s:deepcopy-gen=package\n// +k8s:openapi-gen=true\n\npackage v1\n' >"${m}/pkg/apis/widgets/v1/doc.go"
    (
        cd "${m}" || exit 99
        export KUBE_VERBOSE=2 APIGEN_SESSION_IDLE=10s
        # shellcheck source=/dev/null
        source "${SCRIPT}"
        kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis 2>"${WORK}/helpers.err"
        kube::codegen::gen_openapi --output-dir pkg/openapi --output-pkg "${MOD}/pkg/openapi" \
            --report-filename "${WORK}/report.txt" --update-report \
            --boilerplate "${HEADER}" pkg/apis 2>"${WORK}/openapi.err"
    ) >"${WORK}/out" 2>"${WORK}/err"
    expect_rc 0 "$?"
    expect_contains "${m}/pkg/openapi/zz_generated.openapi.go" 'func schema_pkg_apis_widgets_v1_Widget(ref common.ReferenceCallback)'
    expect_contains "${WORK}/helpers.err" "apigen: loading took"
    if grep -q "loading took" "${WORK}/openapi.err"; then
        fail "gen_openapi loaded again instead of using gen_helpers' session"
    fi
    if ! (cd "${m}" && go mod tidy >>"${WORK}/err" 2>&1 && go vet ./pkg/openapi >>"${WORK}/err" 2>&1); then
        fail "the generated openapi package does not vet (see stderr)"
    fi

    # A new violation against a recorded report fails, as upstream does.
    : >"${WORK}/empty-report.txt"
    codegen "${m}" kube::codegen::gen_openapi --output-dir pkg/openapi --output-pkg "${MOD}/pkg/openapi" \
        --report-filename "${WORK}/empty-report.txt" --boilerplate "${HEADER}" pkg/apis
    local rc=$?
    if [ ! -s "${WORK}/report.txt" ]; then
        fail "expected API rule violations from apimachinery's types"
    fi
    expect_rc 1 "${rc}"
    expect_contains "${WORK}/out" "API rule check failed"
}

function test_client() {
    local m
    m="$(new_module client)"
    local flags=(
        --output-dir pkg/generated --output-pkg "${MOD}/pkg/generated"
        --boilerplate "${HEADER}" --clientset-name cs --versioned-name vv
        --with-applyconfig --applyconfig-name ac --applyconfig-externals ""
        --applyconfig-openapi-schema "" --with-watch --listers-name l
        --informers-name i --plural-exceptions "Endpoints:Endpoints"
        --prefers-protobuf --lint-rules known-tags-only
    )
    codegen "${m}" kube::codegen::gen_client pkg/apis
    expect_rc 1 "$?"
    expect_err "--output-dir is required"

    # No +genclient anywhere: fine.
    codegen "${m}" kube::codegen::gen_client "${flags[@]}" pkg/apis
    expect_rc 0 "$?"

    # +genclient outside a version directory does not count, as upstream.
    mkdir -p "${m}/pkg/apis/widgets/internal"
    printf 'package internal\n\n// +genclient\ntype W struct{}\n' >"${m}/pkg/apis/widgets/internal/types.go"
    codegen "${m}" kube::codegen::gen_client "${flags[@]}" pkg/apis
    expect_rc 0 "$?"

    # A version directory with +genclient gets a clientset, apply
    # configurations, listers and informers that compile.
    printf '// +k8s:deepcopy-gen=package\n// +groupName=widgets.example.com\npackage v1\n' >"${m}/pkg/apis/widgets/v1/doc.go"
    cat >"${m}/pkg/apis/widgets/v1/register.go" <<'EOF2'
package v1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var SchemeGroupVersion = schema.GroupVersion{Group: "widgets.example.com", Version: "v1"}

func Resource(resource string) schema.GroupResource {
	return SchemeGroupVersion.WithResource(resource).GroupResource()
}

var (
	SchemeBuilder = runtime.NewSchemeBuilder(func(s *runtime.Scheme) error {
		s.AddKnownTypes(SchemeGroupVersion, &Widget{}, &WidgetList{})
		return nil
	})
	AddToScheme = SchemeBuilder.AddToScheme
)
EOF2
    sed -i 's|^// Widget is a test type.|// Widget is a test type.\n// +genclient|' "${m}/pkg/apis/widgets/v1/types.go"
    codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    codegen "${m}" kube::codegen::gen_client "${flags[@]}" pkg/apis
    expect_rc 0 "$?"
    expect_file "${m}/pkg/generated/cs/vv/clientset.go"
    expect_file "${m}/pkg/generated/ac/widgets/v1/widget.go"
    expect_file "${m}/pkg/generated/l/widgets/v1/widget.go"
    expect_file "${m}/pkg/generated/i/externalversions/factory.go"
    if ! (cd "${m}" && go get k8s.io/client-go@v0.37.2 >"${WORK}/vet.log" 2>&1 && go mod tidy >>"${WORK}/vet.log" 2>&1 && go vet ./pkg/generated/... >>"${WORK}/vet.log" 2>&1); then
        fail "the generated client code does not vet: $(head -c 600 "${WORK}/vet.log")"
    fi

    # --one-input-api narrows the search.
    codegen "${m}" kube::codegen::gen_client "${flags[@]}" --one-input-api widgets/internal pkg/apis
    expect_rc 0 "$?"

    # The four generators run in one apigen process, and a schema given as
    # <(command) reaches it as a copy that is removed afterwards.
    make_stub
    rm -f "${WORK}/stub.args"
    APIGEN_SESSION=off APIGEN_BUILT_BIN_DIR="${WORK}/stub" \
        codegen "${m}" kube::codegen::gen_client "${flags[@]}" --applyconfig-openapi-schema <(printf '{}') pkg/apis
    expect_rc 0 "$?"
    if [ "$(grep -cx generate "${WORK}/stub.args")" != 1 ] \
        || ! grep -qx applyconfiguration,client,lister,informer "${WORK}/stub.args"; then
        fail "gen_client did not make one apigen run of the four generators: $(tr '\n' ' ' <"${WORK}/stub.args")"
    fi
    local schema
    schema="$(grep -x -A1 -- --applyconfiguration-openapi-schema "${WORK}/stub.args" | tail -n 1)"
    case "${schema}" in
        */apigen-schema.*) [ ! -e "${schema}" ] || fail "the schema copy ${schema} was left behind" ;;
        *) fail "gen_client passed the schema as ${schema}, not as a copy" ;;
    esac
}

function test_register() {
    local m
    m="$(new_module register)"
    codegen "${m}" kube::codegen::gen_register --boilerplate "${HEADER}" --lint-rules x pkg/apis
    expect_rc 0 "$?"
    # A group package without a hand-written register.go gets a generated one.
    printf '// +k8s:deepcopy-gen=package\n// +groupName=widgets.example.com\npackage v1\n' >"${m}/pkg/apis/widgets/v1/doc.go"
    codegen "${m}" kube::codegen::gen_register --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    expect_contains "${m}/pkg/apis/widgets/v1/zz_generated.register.go" 'GroupName = "widgets.example.com"'
    # It is one apigen run, which a session can serve.
    make_stub
    rm -f "${WORK}/stub.args"
    APIGEN_SESSION=off APIGEN_BUILT_BIN_DIR="${WORK}/stub" \
        codegen "${m}" kube::codegen::gen_register --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    if [ "$(grep -cx generate "${WORK}/stub.args")" != 1 ] || ! grep -qx register "${WORK}/stub.args"; then
        fail "gen_register did not make one apigen run of register: $(tr '\n' ' ' <"${WORK}/stub.args")"
    fi
}

# gen_protobuf refuses a field generated.pb.go could not compile against,
# with its file:line and writing nothing; then it writes generated.proto and
# generated.pb.go, adds the struct tags the types lack, and the result
# builds; a second run changes nothing and verifies clean.
function test_protobuf() {
    local m
    m="$(new_module protobuf)"
    printf '// +k8s:deepcopy-gen=package\n// +k8s:protobuf-gen=package\npackage v1\n' >"${m}/pkg/apis/widgets/v1/doc.go"
    codegen "${m}" kube::codegen::gen_helpers --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    local dir="${m}/pkg/apis/widgets/v1"
    # WidgetSpec's Size would clash with the Size method of generated.pb.go.
    codegen "${m}" kube::codegen::gen_protobuf --boilerplate "${HEADER}" pkg/apis
    expect_rc 1 "$?"
    expect_err "types.go:17:2: field Size of WidgetSpec: generated.pb.go would call it Size_"
    expect_no_file "${dir}/generated.proto"
    sed -i 's/Size   int  /Count  int64/; s/json:"size"/json:"count"/' "${dir}/types.go"
    codegen "${m}" kube::codegen::gen_protobuf --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    expect_contains "${dir}/generated.proto" 'message Widget {'
    expect_contains "${dir}/generated.pb.go" 'func (m *Widget) Unmarshal(dAtA []byte) error {'
    expect_contains "${dir}/types.go" 'protobuf:"bytes,1,opt,name=metadata"'
    (cd "${m}" && go build ./...) >>"${WORK}/err" 2>&1 || fail "the generated code does not build"
    local before
    before="$(cd "${dir}" && cat generated.proto generated.pb.go types.go | cksum)"
    codegen "${m}" kube::codegen::gen_protobuf --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
    if [ "$(cd "${dir}" && cat generated.proto generated.pb.go types.go | cksum)" != "${before}" ]; then
        fail "a second gen_protobuf changed the files"
    fi
    APIGEN_VERIFY_ONLY=true codegen "${m}" kube::codegen::gen_protobuf --boilerplate "${HEADER}" pkg/apis
    expect_rc 0 "$?"
}

# ---------------------------------------------------------------- main

if ! make_base >"${WORK}/setup.log" 2>&1; then
    cat "${WORK}/setup.log"
    echo "setting up the test module failed"
    echo "0 passed, 1 failed"
    exit 1
fi

run_case deepcopy_generates
run_case deepcopy_relative_dir_and_flags
run_case deepcopy_command_line
run_case conversion_peers_command_line
run_case openapi_command_line
run_case load_dir
run_case build_once_per_shell
run_case default_cache_dir
run_case no_tags_is_noop
run_case session_shares_load
run_case conversion_generates
run_case validation_generates
run_case failure_stops_caller
run_case untagged_mention_ignored
run_case helpers_bad_args
run_case openapi
run_case client
run_case register
run_case protobuf

echo "${passed} passed, ${failed} failed"
[ "${failed}" = 0 ]
