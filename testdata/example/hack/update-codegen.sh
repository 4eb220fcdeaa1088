#!/usr/bin/env bash
# Regenerates the example's code the way a Kubernetes API project does,
# through apigen's drop-in kube_codegen.sh.
set -o errexit -o nounset -o pipefail

SCRIPT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CODEGEN_PKG="${CODEGEN_PKG:-$(cd "${SCRIPT_ROOT}/../.." && pwd)}"
source "${CODEGEN_PKG}/kube_codegen.sh"

kube::codegen::gen_protobuf \
    --boilerplate "${SCRIPT_ROOT}/hack/boilerplate.go.txt" \
    "${SCRIPT_ROOT}/apis"

kube::codegen::gen_helpers \
    --boilerplate "${SCRIPT_ROOT}/hack/boilerplate.go.txt" \
    "${SCRIPT_ROOT}/apis"

# Version v5 converts through hub v6: apigen's crdconversion generator
# writes both sides' conversions, the kept-fields annotation, the
# ConversionReview webhook in apis/frobbers/conversion, and round-trip tests.
kube::codegen::internal::build
crdconversion_args=(generate --generators crdconversion --crdconversion-roundtrip-tests
    --go-header-file "${SCRIPT_ROOT}/hack/boilerplate.go.txt" -C "${SCRIPT_ROOT}" ./apis/...)
if [ "${APIGEN_VERIFY_ONLY:-}" = true ]; then
    crdconversion_args+=(--verify-only)
fi
"${APIGEN_BUILT_BIN_DIR}/apigen" "${crdconversion_args[@]}"

# The API reference in docs/: one Markdown file per group and version, and
# a page of what changed between versions. Without --docs-formats, apigen
# docs also writes a static HTML site into docs/html.
docs_args=(docs --docs-output-dir docs --docs-formats markdown -C "${SCRIPT_ROOT}" ./apis/...)
if [ "${APIGEN_VERIFY_ONLY:-}" = true ]; then
    docs_args+=(--verify-only)
fi
"${APIGEN_BUILT_BIN_DIR}/apigen" "${docs_args[@]}"

kube::codegen::gen_client \
    --with-watch \
    --with-applyconfig \
    --output-dir "${SCRIPT_ROOT}/pkg/generated" \
    --output-pkg example.com/frobbers/pkg/generated \
    --boilerplate "${SCRIPT_ROOT}/hack/boilerplate.go.txt" \
    "${SCRIPT_ROOT}/apis"

# The CRD comes from apigen's controller-gen, built next to the apigen binary
# kube_codegen.sh keeps (go build skips the link when it is up to date).
# Only v5 and v6: the internal version is no served API and v7beta1 names
# no storage version.
CONTROLLER_GEN_BIN="${APIGEN_CACHE:-}"
if [ -z "${CONTROLLER_GEN_BIN}" ] || [ "${CONTROLLER_GEN_BIN}" = off ]; then
    CONTROLLER_GEN_BIN="${XDG_CACHE_HOME:-${HOME}/.cache}/apigen"
fi
CONTROLLER_GEN_BIN="${CONTROLLER_GEN_BIN}/bin/controller-gen"
GO111MODULE=on GOWORK=off go build -C "${CODEGEN_PKG}" -o "${CONTROLLER_GEN_BIN}" ./cmd/controller-gen

controller_gen_args=(crd "paths=./apis/frobbers/v5;./apis/frobbers/v6" output:crd:dir=./config/crd)
if [ "${APIGEN_VERIFY_ONLY:-}" = true ]; then
    controller_gen_args+=(--verify-only)
fi
(cd "${SCRIPT_ROOT}" && "${CONTROLLER_GEN_BIN}" "${controller_gen_args[@]}")
