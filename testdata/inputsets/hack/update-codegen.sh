#!/usr/bin/env bash
# Generates everything through the kube_codegen.sh in ${CODEGEN_PKG}:
# upstream's (k8s.io/code-generator) or apigen's.
set -o errexit -o nounset -o pipefail

SCRIPT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "${CODEGEN_PKG}/kube_codegen.sh"

BOILERPLATE="${SCRIPT_ROOT}/hack/boilerplate.go.txt"
OUT_PKG=inputsets.example/pkg/generated

kube::codegen::gen_helpers --boilerplate "${BOILERPLATE}" "${SCRIPT_ROOT}/apis"

kube::codegen::gen_register --boilerplate "${BOILERPLATE}" "${SCRIPT_ROOT}/apis"

kube::codegen::gen_openapi \
    --output-dir "${SCRIPT_ROOT}/pkg/generated/openapi" \
    --output-pkg "${OUT_PKG}/openapi" \
    --report-filename "${SCRIPT_ROOT}/hack/api_violations.list" \
    --update-report \
    --boilerplate "${BOILERPLATE}" \
    "${SCRIPT_ROOT}/apis"

kube::codegen::gen_client \
    --with-watch \
    --with-applyconfig \
    --output-dir "${SCRIPT_ROOT}/pkg/generated" \
    --output-pkg "${OUT_PKG}" \
    --boilerplate "${BOILERPLATE}" \
    "${SCRIPT_ROOT}/apis"
