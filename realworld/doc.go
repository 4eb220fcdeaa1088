// Package realworld holds the real-world sweep: public API projects taken
// from the Go module proxy and run through their own Makefiles and hack/
// scripts twice, once with upstream's tools (controller-gen v0.23.0,
// code-generator and kube-openapi as of v0.37.2) and once with apigen's,
// comparing every file the runs write. The projects and their invocations
// are data, in projects.json; the runner is in the tests:
//
//	go test ./realworld -run Sweep -timeout 3h
//
// runs every project and prints the table of docs/realworld.md; with -ci
// it runs the projects marked "ci", as CI does. A plain `go test ./...`
// skips the sweep.
package realworld
