package cli_test

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/all"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// fakeSpec is a generator the way a new one is declared: it writes where
// its --<prefix>output-dir says, names a package of its own, and reports
// after the run. Its generators record their directory in dirs.
func fakeSpec(finished *bool, dirs *[]string) *cli.Spec {
	return &cli.Spec{
		Name:    "fake",
		Command: "fake-gen",
		Markers: func(reg *markers.Registry) { reg.Define(fakeMarker) },
		Flags: func(fs *pflag.FlagSet, prefix string) cli.Build {
			var dir string
			fs.StringVar(&dir, prefix+"output-dir", "", "where the fake writes")
			return func(*cli.Common, []byte, []string) (*engine.Generator, error) {
				switch {
				case dir == "" && !cli.Own(prefix):
					return nil, nil
				case dir == "" || dir == "bad":
					return nil, fmt.Errorf("--%soutput-dir is bad", prefix)
				}
				*dirs = append(*dirs, dir)
				return &engine.Generator{
					Generate: func(*model.Model, *diag.List) engine.Output { return engine.Output{} },
					Inputs:   []string{"fake.example/input"},
					Finish:   func(io.Writer, io.Writer) int { *finished = true; return 0 },
				}, nil
			}
		},
	}
}

var fakeMarker = &markers.Definition{Name: "k8s:fake-gen", Place: markers.Package, Value: markers.OneOf{"true"}, Help: "a fake"}

// withFake is apigen generate's specs and the fake, as a new generator's
// entry in generators/all would make them.
func withFake(finished *bool, dirs *[]string) cli.Specs {
	return append(slices.Clone(all.Specs), fakeSpec(finished, dirs))
}

// TestNewToolComposes shows that apigen generate picks up a new tool with
// no code of its own: its prefixed flags, its generator, its name in
// --generators, its markers, its inputs and its after-run work.
func TestNewToolComposes(t *testing.T) {
	var finished bool
	var dirs []string
	tools := withFake(&finished, &dirs)
	var help bytes.Buffer
	tools.ParseGenerate([]string{"--help"}, io.Discard, &help)
	for _, want := range []string{"--fake-output-dir", "," + all.Specs[len(all.Specs)-1].Name + ",fake"} {
		if !strings.Contains(help.String(), want) {
			t.Errorf("apigen generate --help lacks %q:\n%s", want, help.String())
		}
	}

	cmd, code, ok := tools.ParseGenerate([]string{"--generators", "deepcopy,fake", "--fake-output-dir", "out", "./..."}, io.Discard, io.Discard)
	if !ok {
		t.Fatalf("parse failed with exit %d", code)
	}
	gens := cmd.Generators()
	if len(gens) != 2 || gens[0].Name != "deepcopy" || gens[1].Name != "fake" || !slices.Equal(dirs, []string{"out"}) {
		t.Errorf("generators %v, want deepcopy-gen and the fake writing to out", gens)
	}
	if want := []string{"./...", "fake.example/input"}; !slices.Equal(cmd.Options.Patterns, want) {
		t.Errorf("patterns %q, want %q", cmd.Options.Patterns, want)
	}
	if !slices.Contains(cmd.Options.Registry.Definitions(), fakeMarker) {
		t.Error("the run's registry lacks the fake's marker")
	}
	if cmd.Finish(io.Discard, io.Discard); !finished {
		t.Error("Finish did not run the fake's after-run work")
	}
}

// TestNewToolNotAsked checks that a tool that writes only where told is
// left out until told, and that its flag problems are reported with every
// other tool's.
func TestNewToolNotAsked(t *testing.T) {
	tools := withFake(new(bool), new([]string))
	cmd, _, ok := tools.ParseGenerate([]string{"./..."}, io.Discard, io.Discard)
	if !ok || slices.ContainsFunc(cmd.Generators(), func(g *engine.Generator) bool { return g.Name == "fake" }) {
		t.Errorf("the fake ran (parse ok %v) without its output flag", ok)
	}
	for args, want := range map[string]string{
		"--generators fake":                           `apigen generate: generator "fake" needs its output flags`,
		"--fake-output-dir bad --lister-output-dir l": "apigen generate: --lister-output-pkg must be specified\napigen generate: --fake-output-dir is bad\n",
	} {
		var stderr bytes.Buffer
		_, code, ok := tools.ParseGenerate(append(strings.Fields(args), "./..."), io.Discard, &stderr)
		if ok || code != 2 || !strings.Contains(stderr.String(), want) {
			t.Errorf("%s: ok %v, exit %d, stderr %q; want exit 2 and %q", args, ok, code, stderr.String(), want)
		}
	}
}

// TestCommandUnprefixed checks that a tool's own command takes its flags
// without a prefix, and reports its problems under the command's name.
func TestCommandUnprefixed(t *testing.T) {
	var stderr bytes.Buffer
	code := cli.Command([]string{"--output-dir", "bad", "./..."}, io.Discard, &stderr, fakeSpec(new(bool), new([]string)))
	if want := "fake-gen: --output-dir is bad\n"; code != 2 || stderr.String() != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
}

// generic are apigen generate's own flags and the common ones; every other
// flag is a tool's and must carry the tool's name.
var generic = []string{"go-header-file", "verify-only", "strict", "chdir", "v", "lint-rules", "generators", "session", "preload", "prune-tree"}

// TestToolFlagsPrefixed checks every flag of apigen generate: each is
// generic, or belongs to a tool and starts with its name.
func TestToolFlagsPrefixed(t *testing.T) {
	var help bytes.Buffer
	all.Specs.ParseGenerate([]string{"--help"}, io.Discard, &help)
	names := all.Specs.Names()
	flags := 0
	for _, line := range strings.Split(help.String(), "\n") {
		fields := strings.Fields(strings.ReplaceAll(line, ",", " "))
		i := slices.IndexFunc(fields, func(f string) bool { return strings.HasPrefix(f, "--") })
		if i < 0 {
			continue
		}
		flags++
		name := strings.TrimPrefix(fields[i], "--")
		if slices.Contains(generic, name) {
			continue
		}
		if !slices.ContainsFunc(names, func(tool string) bool { return strings.HasPrefix(name, tool+"-") }) {
			t.Errorf("--%s is neither generic nor a tool's flag with the tool's name in front", name)
		}
		if i > 0 {
			t.Errorf("--%s has a shorthand, %s; only a tool's own command has those", name, fields[0])
		}
	}
	if flags < len(generic)+len(names) {
		t.Fatalf("read %d flags from apigen generate --help:\n%s", flags, help.String())
	}
}

// TestOptIn checks which generators apigen generate runs only when
// --generators names them: those that write outside the packages or
// rewrite the sources, as the README says.
func TestOptIn(t *testing.T) {
	var optIn []string
	for _, s := range all.Specs {
		if s.OptIn {
			optIn = append(optIn, s.Name)
		}
	}
	if want := []string{"swaggerdoc", "protobuf", "crd", "rbac", "webhook", "crdconversion", "docs"}; !slices.Equal(optIn, want) {
		t.Errorf("opt-in generators %q, want %q", optIn, want)
	}
}
