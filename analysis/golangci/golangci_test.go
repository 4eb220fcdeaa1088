package golangci_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/analysis"
	"github.com/apigen-dev/apigen/analysis/golangci"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// gclVersion is the golangci-lint the plugin is built into.
const gclVersion = "v2.15.0"

// TestNewSettings checks that New takes args into the apigen analyzer's
// flag and refuses settings it does not know.
func TestNewSettings(t *testing.T) {
	t.Cleanup(func() { analysis.Apigen.Flags.Set("args", "") })
	if _, err := golangci.New(nil); err != nil {
		t.Errorf("no settings: %v", err)
	}
	if _, err := golangci.New(map[string]any{"args": "--generators deepcopy"}); err != nil {
		t.Errorf("args: %v", err)
	}
	if got := analysis.Apigen.Flags.Lookup("args").Value.String(); got != "--generators deepcopy" {
		t.Errorf("after New, the apigen analyzer's args are %q", got)
	}
	if _, err := golangci.New(map[string]any{"arg": "x"}); err == nil {
		t.Error("an unknown setting was accepted")
	}
}

// TestGolangciLint builds golangci-lint with the plugin as a user would,
// through `golangci-lint custom` and a .custom-gcl.yml naming this
// checkout, runs it on testdata/diagnostics, and requires exactly the
// findings apigen vet reports there: same positions, analyzers and
// messages. It does so with the default settings and with args, which
// must change what is found.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint twice (minutes); skipped with -short")
	}
	if os.Getenv("APIGEN_SKIP_GOLANGCI_BUILD") != "" {
		// .ci/run sets it: the two builds cost about two minutes of both
		// cores, which its 30-minute budget does not have.
		t.Skip("APIGEN_SKIP_GOLANGCI_BUILD is set")
	}
	root := repoRoot(t)
	bin := buildCustom(t, root)
	var defaults []string
	for _, args := range []string{"", "--generators register"} {
		t.Run(fmt.Sprintf("args=%q", args), func(t *testing.T) {
			fixture := refmodtest.CopyDir(t, filepath.Join(root, "testdata", "diagnostics"))
			want := vet(t, fixture, args)
			got := lint(t, bin, fixture, args)
			if len(want) == 0 {
				t.Fatal("apigen vet found nothing in the fixture; the comparison would prove nothing")
			}
			if d := diff(want, got); d != "" {
				t.Fatalf("golangci-lint's findings (+) differ from apigen vet's (-):\n%s", d)
			}
			t.Logf("%d findings, the same in both", len(got))
			if args == "" {
				defaults = got
			} else if defaults != nil && slices.Equal(got, defaults) {
				t.Errorf("args %q found what the defaults found: the setting did not reach the analyzers", args)
			}
		})
	}
}

// buildCustom installs golangci-lint and runs its custom command, which
// builds a golangci-lint with the plugin from this checkout, and returns
// the custom binary.
func buildCustom(t *testing.T, root string) string {
	src := refmodtest.Download(t, "github.com/golangci/golangci-lint/v2@"+gclVersion)
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")

	began := time.Now()
	install := exec.Command("go", "install", "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@"+gclVersion)
	install.Dir = tmp
	install.Env = append(os.Environ(), "GOBIN="+bin)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install golangci-lint@%s: %v\n%s", gclVersion, err, out)
	}
	t.Logf("installed golangci-lint %s in %s", gclVersion, time.Since(began).Round(time.Second))

	work := filepath.Join(tmp, "work")
	writeFile(t, filepath.Join(work, ".custom-gcl.yml"), fmt.Sprintf(`version: %s
name: custom-gcl
destination: %s
plugins:
  - module: github.com/apigen-dev/apigen
    import: github.com/apigen-dev/apigen/analysis/golangci
    path: %s
`, gclVersion, bin, root))

	shim := filepath.Join(tmp, "shim")
	writeGitShim(t, shim, src)
	custom := exec.Command(filepath.Join(bin, "golangci-lint"), "custom", "-v")
	custom.Dir = work
	custom.Env = append(os.Environ(),
		"PATH="+shim+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TMPDIR="+t.TempDir(), // where custom clones and builds
	)
	began = time.Now()
	out, err := custom.CombinedOutput()
	if err != nil {
		t.Fatalf("golangci-lint custom: %v\n%s", err, out)
	}
	t.Logf("golangci-lint custom built golangci-lint %s with the plugin in %s", gclVersion, time.Since(began).Round(time.Second))
	return filepath.Join(bin, "custom-gcl")
}

// writeGitShim writes, as dir/git, a stand-in for git for the custom
// command, which is put first on its PATH.
//
// `golangci-lint custom` starts by running
//
//	git clone --branch v2.15.0 --single-branch --depth 1 ... https://github.com/golangci/golangci-lint.git
//
// in a new directory, and then edits and builds that clone with the go
// command (go mod edit -replace, go mod tidy, go build). This machine
// reaches the Go module proxy but not GitHub, so the shim replaces that
// one clone: it copies golangci-lint's source at the same tag, as the
// module proxy serves it (go mod download), to where git would have
// cloned it, and makes it writable, as a clone is. The module's files
// are the repository's at that tag but for what module zips leave out
// (nested modules, VCS files); the build needs none of that. Any other
// git command, or a clone of another repository or tag, goes to the real
// git or, without one, fails.
func writeGitShim(t *testing.T, dir, src string) {
	real, err := exec.LookPath("git")
	if err != nil {
		real = ""
	}
	script := fmt.Sprintf(`#!/bin/sh
# A test's stand-in for git clone of golangci-lint; see writeGitShim in
# analysis/golangci/golangci_test.go.
src=%s
version=%s
real=%s
if [ "$1" = clone ]; then
	branch= url= dest=
	shift
	while [ $# -gt 0 ]; do
		case "$1" in
		--branch|-b) branch=$2; shift ;;
		--depth|-c) shift ;;
		-*) ;;
		*) if [ -z "$url" ]; then url=$1; else dest=$1; fi ;;
		esac
		shift
	done
	if [ "$url" = https://github.com/golangci/golangci-lint.git ] && [ "$branch" = "$version" ]; then
		dest=${dest:-golangci-lint}
		cp -R "$src" "$dest" && chmod -R u+w "$dest"
		exit
	fi
	echo "git shim: clone of $url at $branch, not golangci-lint at $version" >&2
	exit 1
fi
if [ -z "$real" ]; then
	echo "git shim: no git for: git $*" >&2
	exit 1
fi
exec "$real" "$@"
`, shellQuote(src), shellQuote(gclVersion), shellQuote(real))
	writeFile(t, filepath.Join(dir, "git"), script)
	if err := os.Chmod(filepath.Join(dir, "git"), 0o755); err != nil {
		t.Fatal(err)
	}
}

// lint runs the custom golangci-lint with only the apigen linter on dir
// and returns its findings.
func lint(t *testing.T, bin, dir, args string) []string {
	writeFile(t, filepath.Join(dir, ".golangci.yml"), fmt.Sprintf(`version: "2"
linters:
  default: none
  enable:
    - apigen
  settings:
    custom:
      apigen:
        type: module
        settings:
          args: %q
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`, args))
	cmd := exec.Command(bin, "run", "--output.json.path=stdout", "--show-stats=false", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 { // 1: issues found
		t.Fatalf("custom golangci-lint run: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	var res struct {
		Issues []struct {
			FromLinter, Text string
			Pos              struct {
				Filename     string
				Line, Column int
			}
		}
		Report struct {
			Warnings []struct{ Tag, Text string }
			Linters  []struct {
				Name    string
				Enabled bool
			}
			Error string
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("custom golangci-lint's output: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	if res.Report.Error != "" || len(res.Report.Warnings) > 0 {
		t.Errorf("custom golangci-lint reported error %q, warnings %v\n%s", res.Report.Error, res.Report.Warnings, stderr.String())
	}
	if !slices.ContainsFunc(res.Report.Linters, func(l struct {
		Name    string
		Enabled bool
	}) bool {
		return l.Name == "apigen" && l.Enabled
	}) {
		t.Fatalf("custom golangci-lint did not enable apigen: %+v", res.Report.Linters)
	}
	var out []string
	for _, is := range res.Issues {
		if is.FromLinter != "apigen" {
			t.Errorf("an issue of linter %s: %s", is.FromLinter, is.Text)
			continue
		}
		// More than one analyzer: golangci-lint puts the analyzer's name
		// before the message.
		analyzer, msg, _ := strings.Cut(is.Text, ": ")
		out = append(out, finding(t, dir, is.Pos.Filename, is.Pos.Line, is.Pos.Column, analyzer, msg))
	}
	slices.Sort(out)
	return out
}

// vet runs apigen vet in this process on dir and returns its findings.
func vet(t *testing.T, dir, args string) []string {
	var stdout, stderr bytes.Buffer
	if code := analysis.Vet(append(append([]string{"-json", "-C", dir}, strings.Fields(args)...), "./..."), &stdout, &stderr); code > 1 {
		t.Fatalf("apigen vet: exit %d\n%s", code, stderr.String())
	}
	var byPkg map[string]map[string]json.RawMessage
	if err := json.Unmarshal(stdout.Bytes(), &byPkg); err != nil {
		t.Fatalf("apigen vet -json: %v\n%s", err, stdout.String())
	}
	var out []string
	for pkg, byAnalyzer := range byPkg {
		for analyzer, raw := range byAnalyzer {
			var diags []struct{ Posn, Message string }
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("apigen vet: %s: %s: %s", pkg, analyzer, raw)
			}
			for _, d := range diags {
				var line, col int
				file := d.Posn
				for _, p := range []*int{&col, &line} {
					i := strings.LastIndexByte(file, ':')
					if _, err := fmt.Sscan(file[i+1:], p); i < 0 || err != nil {
						t.Fatalf("apigen vet: position %q", d.Posn)
					}
					file = file[:i]
				}
				out = append(out, finding(t, dir, file, line, col, analyzer, d.Message))
			}
		}
	}
	slices.Sort(out)
	return out
}

// finding is one finding as the test compares them: file (relative to
// dir):line:col: analyzer: message.
func finding(t *testing.T, dir, file string, line, col int, analyzer, msg string) string {
	if filepath.IsAbs(file) {
		rel, err := filepath.Rel(dir, file)
		if err != nil {
			t.Fatal(err)
		}
		file = rel
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", filepath.ToSlash(file), line, col, analyzer, msg)
}

// diff lists the findings want has more often than got (-) and those
// got has more often than want (+), or is "" when they are the same.
func diff(want, got []string) string {
	count := map[string]int{}
	for _, w := range want {
		count[w]++
	}
	for _, g := range got {
		count[g]--
	}
	var b strings.Builder
	for _, f := range slices.Sorted(maps.Keys(count)) {
		for n := count[f]; n > 0; n-- {
			fmt.Fprintf(&b, "- %s\n", f)
		}
		for n := count[f]; n < 0; n++ {
			fmt.Fprintf(&b, "+ %s\n", f)
		}
	}
	return b.String()
}

// repoRoot is the directory of this module's go.mod, above the test's.
func repoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if f, err := os.Open(filepath.Join(dir, "go.mod")); err == nil {
			s := bufio.NewScanner(f)
			first := s.Scan() && s.Text() == "module github.com/apigen-dev/apigen"
			f.Close()
			if first {
				return dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod of github.com/apigen-dev/apigen above the test's directory")
		}
		dir = parent
	}
}

func writeFile(t *testing.T, name, data string) {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
