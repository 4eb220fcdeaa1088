// Package e2e tests the code generated for the bundled example API
// (example.com/frobbers, in ../testdata/example) end to end.
//
// TestServer starts embedded etcd and k8s.io/apiextensions-apiserver in
// process, on 127.0.0.1 only, installs the Frobber CRD that controller-gen
// generated from the example's markers (CRDFile), and drives it with nothing
// but the example's generated clientset, apply configurations, informers and
// listers. TestFake runs the same scenarios on the generated fake clientset.
//
// This is a module of its own so that the API server and etcd stay out of
// the toolchain's dependencies. Run it with
//
//	cd e2e && go test ./...
//
// (-short skips the API server). Regenerate the example's code first when
// the generators change.
package e2e
