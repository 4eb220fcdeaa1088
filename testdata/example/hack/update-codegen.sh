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

kube::codegen::gen_client \
    --with-watch \
    --with-applyconfig \
    --output-dir "${SCRIPT_ROOT}/pkg/generated" \
    --output-pkg example.com/frobbers/pkg/generated \
    --boilerplate "${SCRIPT_ROOT}/hack/boilerplate.go.txt" \
    "${SCRIPT_ROOT}/apis"
