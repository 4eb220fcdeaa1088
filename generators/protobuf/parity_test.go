package protobuf_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bufbuild/protocompile"
	"github.com/bufbuild/protocompile/reporter"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/protobuf"
	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/output"
)

// workspace is Kubernetes' protobuf packages, their generated.proto files
// taken out.
type workspace struct{ *paritytest.ProtobufWorkspace }

func newWorkspace(t *testing.T) *workspace {
	return &workspace{paritytest.NewProtobufWorkspace(t, "generated.proto")}
}

// generator is go-to-protobuf as Kubernetes runs it over ws.
func (ws *workspace) generator(t *testing.T) *protobuf.Generator {
	t.Helper()
	header, err := output.ReadHeader(ws.Header)
	if err != nil {
		t.Fatal(err)
	}
	g := protobuf.New()
	g.Packages, g.Header = ws.Packages, header
	return g
}

func (ws *workspace) options(stderr io.Writer) engine.Options {
	return engine.Options{Dir: ws.Root, Patterns: ws.Packages, Stdout: io.Discard, Stderr: stderr}
}

// TestParityKubernetes runs go-to-protobuf over the 80 packages of
// Kubernetes v1.37.2 as its hack/_update-generated-protobuf-dockerized.sh
// does, in one run: every generated.proto must be as shipped, no Go file
// may change, every file must compile, and pass one must be what
// upstream's --only-idl writes.
func TestParityKubernetes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds upstream's tool from the module proxy")
	}
	ws := newWorkspace(t)
	if len(ws.Shipped) != 80 || len(ws.Packages) != 73 {
		t.Fatalf("%d generated.proto files shipped and %d tagged packages; expected 80 and 73", len(ws.Shipped), len(ws.Packages))
	}
	t.Run("final", func(t *testing.T) { testFinal(t, ws) })
	t.Run("valid", func(t *testing.T) { testValid(t, ws) })
	t.Run("passOne", func(t *testing.T) { testPassOne(t, ws) })
}

// testFinal writes the files and compares them with those shipped.
func testFinal(t *testing.T, ws *workspace) {
	before := goFiles(t, ws.Dirs)
	var stderr bytes.Buffer
	if code := engine.Run(ws.options(&stderr), ws.generator(t).Engine()); code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	for _, dir := range ws.Dirs {
		refmodtest.Compare(t, dir, "generated.proto", ws.Shipped)
	}
	same := 0
	for p, want := range ws.Shipped {
		if got, err := os.ReadFile(p); err == nil && bytes.Equal(got, want) {
			same++
		}
	}
	t.Logf("final: %d of %d files identical to those shipped", same, len(ws.Shipped))
	after := goFiles(t, ws.Dirs)
	for p := range after {
		if before[p] != after[p] {
			t.Errorf("%s changed", p)
		}
	}
}

// goFiles hashes every Go file below dirs.
func goFiles(t *testing.T, dirs []string) map[string][sha256.Size]byte {
	t.Helper()
	out := map[string][sha256.Size]byte{}
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
				return err
			}
			data, err := os.ReadFile(p)
			out[p] = sha256.Sum256(data)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// testValid compiles every file, final and pass one, with protocompile,
// imports resolved among them in memory.
func testValid(t *testing.T, ws *workspace) {
	idl := idlOf(t, ws)
	gogo, err := os.ReadFile(filepath.Join(refmodtest.Download(t, "github.com/gogo/protobuf@v1.3.2"), "gogoproto/gogo.proto"))
	if err != nil {
		t.Fatal(err)
	}
	final := map[string]string{}
	passOne := map[string]string{"github.com/gogo/protobuf/gogoproto/gogo.proto": string(gogo)}
	for _, f := range idl.Files {
		final[f.Path()] = string(f.Render(nil, false))
		passOne[f.Path()] = string(idl.PassOne[f.Path()])
	}
	for name, files := range map[string]map[string]string{"final": final, "pass one": passOne} {
		if err := compile(files, idl); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// compile compiles the IDL's files among files, and returns every error.
func compile(files map[string]string, idl *protobuf.IDL) error {
	var errs []error
	rep := reporter.NewReporter(func(err reporter.ErrorWithPos) error {
		errs = append(errs, err)
		return nil
	}, nil)
	c := protocompile.Compiler{
		Resolver: protocompile.WithStandardImports(&protocompile.SourceResolver{Accessor: protocompile.SourceAccessorFromMap(files)}),
		Reporter: rep,
	}
	var names []string
	for _, f := range idl.Files {
		names = append(names, f.Path())
	}
	compiled, err := c.Compile(context.Background(), names...)
	if len(errs) == 0 && err != nil {
		errs = append(errs, err)
	}
	if len(errs) == 0 && len(compiled) != len(names) {
		errs = append(errs, fmt.Errorf("compiled %d files of %d", len(compiled), len(names)))
	}
	return errors.Join(errs...)
}

// idlOf builds the IDL of ws, as the generated.pb.go half gets it.
func idlOf(t *testing.T, ws *workspace) *protobuf.IDL {
	t.Helper()
	g := ws.generator(t)
	var stderr bytes.Buffer
	_, m, diags := engine.Open(ws.options(&stderr), g.Engine())
	if m == nil || diags.HasErrors() {
		diags.Print(&stderr)
		t.Fatalf("loading:\n%s", stderr.String())
	}
	idl := g.IDL(m, diags)
	if diags.Len() > 0 {
		diags.Print(&stderr)
		t.Fatalf("diagnostics:\n%s", stderr.String())
	}
	return idl
}

// testPassOne compares IDL's pass one with what upstream's --only-idl
// writes into the package directories (--output-dir is where protoc would
// write; it stays empty).
func testPassOne(t *testing.T, ws *workspace) {
	refmodtest.RunUpstream(t, "go-to-protobuf", ws.Root, "--only-idl",
		"--go-header-file", ws.Header, "--output-dir", t.TempDir(),
		"--packages", strings.Join(ws.Packages, ","))
	upstream := map[string][]byte{}
	for _, dir := range ws.Dirs {
		for p, b := range refmodtest.Take(t, dir, "generated.proto") {
			upstream[p] = b
		}
	}
	if len(upstream) != 80 {
		t.Errorf("upstream wrote %d files, expected 80", len(upstream))
	}
	idl := idlOf(t, ws)
	same := 0
	for _, f := range idl.Files {
		p := filepath.Join(f.Dir, "generated.proto")
		want, ok := upstream[p]
		switch got := idl.PassOne[f.Path()]; {
		case !ok:
			t.Errorf("%s: upstream writes no such file", p)
		case !bytes.Equal(got, want):
			t.Errorf("%s differs from upstream's pass one:\n%s", p, refmodtest.FirstLines(got, want))
		default:
			same++
		}
	}
	t.Logf("pass one: %d of %d files identical to upstream's", same, len(upstream))
}
