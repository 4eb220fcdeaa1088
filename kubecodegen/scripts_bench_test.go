package kubecodegen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/benchtest"
	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// BenchmarkUpdateCodegen times the scriptModules' own hack/update-codegen.sh
// with upstream's kube_codegen.sh (code-generator v0.37.2) and with ours,
// alternating, one round per iteration. Both build their tools before the
// first round, into caches that later rounds reuse, as a developer's
// machine does. Ours runs three times over: "first" with the run cache
// emptied before every round, so every round loads and generates (a first
// run in a checkout, or a run after an edit), with the type cache the
// warm-up filled; "cold" with every cache of ours off, so the standard
// library is parsed and checked each round too; "noop" with the caches
// on, so every round after the warm-up finds nothing changed. After every
// run of ours the module must be as shipped. It reports the medians of the
// rounds:
//
//	go test ./kubecodegen -run '^$' -bench UpdateCodegen -benchtime 5x
func BenchmarkUpdateCodegen(b *testing.B) {
	root, _ := filepath.Abs("..")
	codegen := refmodtest.Download(b, "k8s.io/code-generator@v0.37.2")
	for _, sm := range scriptModules {
		for _, mode := range []string{"first", "cold", "noop"} {
			b.Run(filepath.Base(sm.module)+"/"+mode, func(b *testing.B) {
				ours, theirs := refmodtest.Copy(b, sm.module), refmodtest.Copy(b, sm.module)
				shipped := paritytest.Snapshot(b, ours)
				cacheDir := b.TempDir()
				// One report directory per copy, as a project keeps its
				// api-rules directory from run to run.
				oursEnv := []string{"APIGEN_CACHE=" + cacheDir, "API_KNOWN_VIOLATIONS_DIR=" + b.TempDir()}
				if mode == "cold" {
					oursEnv = []string{"APIGEN_CACHE=off", "XDG_CACHE_HOME=" + b.TempDir(), "API_KNOWN_VIOLATIONS_DIR=" + b.TempDir()}
				}
				theirsEnv := []string{"GOBIN=" + b.TempDir(), "GOFLAGS=", "GOWORK=off", "API_KNOWN_VIOLATIONS_DIR=" + b.TempDir()}
				updateCodegen(b, theirs, codegen, theirsEnv) // builds upstream's tools
				updateCodegen(b, ours, root, oursEnv)        // builds ours
				var r benchtest.Rounds
				for b.Loop() {
					u := benchtest.Timed(func() { updateCodegen(b, theirs, codegen, theirsEnv) })
					if mode == "first" {
						os.RemoveAll(filepath.Join(cacheDir, "runs"))
					}
					o := benchtest.Timed(func() { updateCodegen(b, ours, root, oursEnv) })
					assertSame(b, shipped, paritytest.Snapshot(b, ours))
					r.Add(b, u, o)
				}
				r.Report(b)
			})
		}
	}
}
