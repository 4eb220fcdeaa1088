package cli

import (
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionText(t *testing.T) {
	const upstreams = "reproduces the output of:\n" +
		"  k8s.io/code-generator v0.37.2\n" +
		"  k8s.io/kube-openapi v0.0.0-20260721132016-d427ff9ee9ad\n" +
		"  sigs.k8s.io/controller-tools v0.23.0\n"
	for _, c := range []struct {
		name, cmd string
		info      *debug.BuildInfo
		want      string
	}{
		{"checkout", "apigen", &debug.BuildInfo{Main: debug.Module{Path: ModulePath, Version: "(devel)"}},
			"apigen (devel)\n"},
		{"revision", "deepcopy-gen", &debug.BuildInfo{
			Main:     debug.Module{Path: ModulePath, Version: "v0.0.0-20260722101500-de06c29d1c2e+dirty"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "de06c29d1c2e"}, {Key: "vcs.modified", Value: "true"}},
		}, "deepcopy-gen of apigen v0.0.0-20260722101500-de06c29d1c2e+dirty, revision de06c29d1c2e (modified)\n"},
		{"installed", "apigen", &debug.BuildInfo{Main: debug.Module{Path: ModulePath, Version: "v1.2.3"}},
			"apigen v1.2.3\n"},
		{"go tool", "apigen", &debug.BuildInfo{
			Main: debug.Module{Path: "example.com/tooldemo", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "k8s.io/api", Version: "v0.37.2"}, {Path: ModulePath, Version: "v1.2.3"}},
		}, "apigen v1.2.3\n"},
		{"go tool, replaced by a checkout", "apigen", &debug.BuildInfo{
			Main: debug.Module{Path: "example.com/tooldemo"},
			Deps: []*debug.Module{{Path: ModulePath, Version: "v0.0.0", Replace: &debug.Module{Path: "../apigen"}}},
		}, "apigen (devel)\n"},
		{"no build info", "apigen", nil, "apigen (unknown)\n"},
	} {
		if got := versionText(c.cmd, c.info); got != c.want+upstreams {
			t.Errorf("%s: got\n%s\nwant\n%s%s", c.name, got, c.want, upstreams)
		}
	}
}

// TestVersionTextOfTestBinary checks the version this binary's own build
// info gives: go test builds from the checkout.
func TestVersionTextOfTestBinary(t *testing.T) {
	if got := VersionText("apigen"); !strings.HasPrefix(got, "apigen (devel)") {
		t.Errorf("got %q, want apigen (devel)", got)
	}
}

func TestVersionAsked(t *testing.T) {
	for args, want := range map[string]bool{
		"--version":                    true,
		"--go-header-file h --version": true,
		"--version=true":               true,
		"--version=1":                  true,
		"--version=false":              false,
		"./... -- --version":           false,
		"-version":                     false,
		"--versions":                   false,
		"":                             false,
	} {
		if got := VersionAsked(strings.Fields(args)); got != want {
			t.Errorf("%q: %v, want %v", args, got, want)
		}
	}
}

// TestReproducedVersionsMatchGoMod checks that the versions --version
// names are the ones go.mod requires, for the modules it requires.
func TestReproducedVersionsMatchGoMod(t *testing.T) {
	data, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	// go.mod's requirements, "path version" a line, in or out of blocks.
	required := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "require "))
		if len(f) >= 2 && strings.HasPrefix(f[1], "v") {
			required[f[0]] = f[1]
		}
	}
	for _, m := range Reproduced {
		path, version, _ := strings.Cut(m, "@")
		if v, ok := required[path]; ok && v != version {
			t.Errorf("--version names %s %s; go.mod requires %s", path, version, v)
		}
	}
	for _, path := range []string{"k8s.io/kube-openapi", "sigs.k8s.io/controller-tools"} {
		if _, ok := required[path]; !ok {
			t.Errorf("go.mod no longer requires %s; check the version --version names", path)
		}
	}
}
