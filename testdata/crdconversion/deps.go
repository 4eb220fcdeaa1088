//go:build tools

// Package crdconv holds the API packages of the crdconversion generator's
// tests, one group below apis/ per case. This file only makes go mod tidy
// keep the modules the generated conversions, webhook and round-trip tests
// import, which no hand-written file here does: controller-runtime's
// conversion webhook for the controller-runtime registration package, and
// apiextensions' ConversionReview for the tests that post one to it.
package crdconv

import (
	_ "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	_ "k8s.io/apimachinery/pkg/api/apitesting/fuzzer"
	_ "k8s.io/apimachinery/pkg/api/equality"
	_ "k8s.io/apimachinery/pkg/api/validation"
	_ "k8s.io/apimachinery/pkg/apis/meta/fuzzer"
	_ "k8s.io/apimachinery/pkg/conversion"
	_ "k8s.io/apimachinery/pkg/util/diff"
	_ "k8s.io/apimachinery/pkg/util/json"
	_ "sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
	_ "sigs.k8s.io/json"
	_ "sigs.k8s.io/randfill"
)
