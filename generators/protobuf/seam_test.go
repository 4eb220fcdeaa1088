package protobuf_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/protobuf"
)

// TestGoCode shows what the generated.pb.go half gets through GoCode and
// where its files go; with --only-idl it is not called.
func TestGoCode(t *testing.T) {
	const path = fixtureModule + "/tags/generated.proto"
	for _, onlyIDL := range []bool{false, true} {
		_, module := gopathCopy(t)
		g := fixtureGenerator("tags")
		g.Header, g.Conditional, g.OnlyIDL = []byte("// header\n"), "proto", onlyIDL
		var got *protobuf.IDL
		g.GoCode = func(idl *protobuf.IDL) (map[string][]byte, error) {
			got = idl
			return map[string][]byte{path: []byte("package tags\n")}, nil
		}
		var stderr bytes.Buffer
		if code := engine.Run(engine.Options{Dir: module, Patterns: g.Packages, Stdout: io.Discard, Stderr: &stderr}, g.Engine()); code != 0 {
			t.Fatalf("exit status %d:\n%s", code, stderr.String())
		}
		pbgo := filepath.Join(module, "tags/generated.pb.go")
		if onlyIDL {
			if _, err := os.Stat(pbgo); got != nil || err == nil {
				t.Error("--only-idl ran GoCode or wrote generated.pb.go")
			}
			continue
		}
		if string(readFile(t, pbgo)) != "package tags\n" {
			t.Errorf("generated.pb.go is not what GoCode returned")
		}
		if string(got.Boilerplate) != "// header\n\n" || got.Conditional != "proto" {
			t.Errorf("boilerplate %q, conditional %q", got.Boilerplate, got.Conditional)
		}
		if !got.Optional[path]["ExtraValue"] || len(got.Optional[path]) != 1 {
			t.Errorf("optional messages %v, want ExtraValue alone", got.Optional[path])
		}
		if !bytes.Contains(got.PassOne[path], []byte(`import "github.com/gogo/protobuf/gogoproto/gogo.proto";`)) {
			t.Errorf("the IDL given is not pass one:\n%s", got.PassOne[path])
		}
	}
}
