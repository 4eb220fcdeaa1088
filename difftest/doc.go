// Package difftest holds the differential tests: random API packages
// (made by difftest/gen from a seed) go through upstream's tools, built from
// the Go module proxy, and through apigen's, with the same command lines;
// every file they write must be the same, or upstream must fail where
// apigen reports why, at a file and line. Seeds whose outputs are the same
// are then compiled and run: deep copies must equal their originals and
// share no memory with them, and CRDs must be accepted by the API server
// and accept objects of their types. The runner is in the tests:
//
//	go test ./difftest -run Differential -seeds 1000          # the nightly size
//	go test ./difftest -run Differential -family crd -seed 42 # one seed, its source printed
//	go test ./difftest -run NearMiss -nearmiss-seeds 300      # mutated packages, each seed alone
//
// docs/design.md ("Differential tests") says how shapes are chosen and how
// to reproduce and shrink a failing seed.
package difftest
