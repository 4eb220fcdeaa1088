package compat

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/all"
)

// generateArgs is the whole-module run of k8s.io/api that
// docs/guide-kubernetes-apis.md documents (cmd/apigen/wholemodule runs the same).
var generateArgs = []string{
	"--generators", "deepcopy,prerelease-lifecycle,protobuf,model-name,validation,swaggerdoc",
	"--model-name-output-file", "zz_generated.model_name.go",
}

// BenchmarkCompat times `apigen compat --base-module k8s.io/api@v0.36.2
// ./...` in a copy of k8s.io/api@v0.37.2 against one `apigen generate`
// over the same packages, both in this process, and reports their ratio:
// the bar is compat < 2x generate.
func BenchmarkCompat(b *testing.B) {
	head := moduleDir(b, historyHead)
	gen := moduleDir(b, historyHead)
	// The packages of kubernetes' validation run that reach resource/v1.
	if err := os.CopyFS(filepath.Join(gen, "zzstandin"), os.DirFS("../testdata/kubeapi/zzstandin")); err != nil {
		b.Fatal(err)
	}
	header := filepath.Join(b.TempDir(), "boilerplate.go.txt")
	if err := os.WriteFile(header, []byte("// Benchmark output.\n\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	registry() // outside the timings: generation builds its registry once too
	var compatTook, genTook time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if code := Main([]string{"-C", head, "--base-module", historyBase, "./..."}, registry(), io.Discard, io.Discard); code == 2 {
			b.Fatalf("apigen compat: exit %d", code)
		}
		compatTook += time.Since(start)

		start = time.Now()
		args := append(append([]string{"-C", gen, "--go-header-file", header}, generateArgs...), "./...")
		cmd, code, ok := all.Specs.ParseGenerate(args, io.Discard, io.Discard)
		if !ok {
			b.Fatalf("apigen generate: parse: exit %d", code)
		}
		if code := engine.Run(cmd.Options, cmd.Generators()...); code != 0 {
			b.Fatalf("apigen generate: exit %d", code)
		}
		genTook += time.Since(start)
	}
	b.ReportMetric(compatTook.Seconds()/float64(b.N), "compat-s/op")
	b.ReportMetric(genTook.Seconds()/float64(b.N), "generate-s/op")
	b.ReportMetric(float64(compatTook)/float64(genTook), "compat/generate")
}
