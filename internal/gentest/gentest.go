// Package gentest runs apigen generate in a test's process, with every
// generator, for tests outside the generators' own packages.
package gentest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/all"
)

// Generate runs apigen generate with args, as cmd/apigen does without a
// session or a run cache, and returns its exit status and output. Flags
// that do not parse fail t.
func Generate(t testing.TB, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	cmd, code, ok := all.Specs.ParseGenerate(args, &out, &errs)
	if !ok {
		t.Fatalf("apigen generate %s: exit %d: %s", strings.Join(args, " "), code, errs.String())
	}
	code = engine.Run(cmd.Options, cmd.Generators()...)
	if code == 0 {
		code = cmd.Finish(&out, &errs)
	}
	return code, out.String(), errs.String()
}
