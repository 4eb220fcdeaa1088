package apigen_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/scratch"
)

// TestREADME clones the repository, as a new user would, and runs each line
// of the README's first fenced block exactly as written from the clone's
// root. Afterwards the clone must be unchanged: regenerating reproduces the
// committed files.
//
// The clone carries this checkout's uncommitted changes, so that the lines
// are tested against the code being tested. The block's last line is the
// test command that is running this test; inside the clone it runs with
// GOFLAGS=-run=^$, so it builds and vets every test package and must exit 0
// without running the tests a second time (or this test recursively).
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("clones the repository and builds it; skipped with -short")
	}
	dir := outliving(t)
	clone := cloneWorkingTree(t, dir)
	lines := firstFencedBlock(t, filepath.Join(clone, "README.md"))
	if len(lines) == 0 {
		t.Fatal("README.md has no fenced block with commands")
	}
	env := freshEnv(t, dir)
	for _, line := range lines {
		cmd := exec.Command("bash", "-c", line)
		cmd.Dir = clone
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("README line %q, run from the clone's root: %v\n%s", line, err, out)
		}
	}
	if status := git(t, clone, "status", "--porcelain", "--untracked-files=all"); status != "" {
		t.Fatalf("running the README's lines changed the clone:\n%s\n%s", status, git(t, clone, "diff", "--stat"))
	}
	readme.clone, readme.env = clone, env
}

// TestDocs keeps every other shell command of the README and the guides
// working: each is run in TestREADME's clone (runIn), exempted with a
// reason (exempt), or checked against its command's help (docs_test.go).
// It is here, after TestREADME, because tests run in the order of their
// files, and it goes on in TestREADME's clone when that passed.
func TestDocs(t *testing.T) { testDocs(t) }

// readme is TestREADME's clone and environment once it has passed, which
// TestDocs goes on with: the example is generated, and the packages are
// compiled in the build cache for that directory.
var readme struct {
	clone string
	env   []string
}

func TestMain(m *testing.M) { scratch.Main(m) }

// outliving returns a new directory that lasts until the package's tests
// end, so that TestDocs can use what TestREADME made.
func outliving(t *testing.T) string {
	t.Helper()
	dir, err := scratch.Dir("apigen-readme")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// cloneWorkingTree clones this repository into dir/apigen and commits
// this checkout's uncommitted changes there.
func cloneWorkingTree(t *testing.T, dir string) string {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(dir, "apigen")
	git(t, "", "clone", "--quiet", "--no-hardlinks", root, clone)
	changed := git(t, root, "ls-files", "-z", "--modified", "--others", "--exclude-standard")
	for _, f := range strings.Split(changed, "\x00") {
		if f == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, f))
		switch {
		case os.IsNotExist(err): // deleted here
			os.Remove(filepath.Join(clone, f))
		case err != nil:
			t.Fatal(err)
		default:
			copyFile(t, filepath.Join(clone, f), data)
		}
	}
	git(t, clone, "add", "--all")
	git(t, clone, "-c", "user.name=readme-test", "-c", "user.email=readme-test@localhost",
		"commit", "--quiet", "--allow-empty", "-m", "uncommitted changes of the checkout under test")
	return clone
}

func copyFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// firstFencedBlock returns the non-empty lines of the first ``` block.
func firstFencedBlock(t *testing.T, readme string) []string {
	t.Helper()
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	in := false
	for s := bufio.NewScanner(f); s.Scan(); {
		line := strings.TrimSpace(s.Text())
		switch {
		case strings.HasPrefix(line, "```") && in:
			return lines
		case strings.HasPrefix(line, "```"):
			in = true
		case in && line != "":
			lines = append(lines, line)
		}
	}
	return nil
}

// freshEnv is the environment of a new user: PATH and the Go toolchain's
// settings, with an empty home (below dir), so no apigen build is cached.
// The module and build caches are shared with this process, as they hold
// only what the module proxy serves and what the toolchain can rebuild.
func freshEnv(t *testing.T, dir string) []string {
	t.Helper()
	home, tmp := filepath.Join(dir, "home"), filepath.Join(dir, "tmp")
	for _, d := range []string{home, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TMPDIR=" + tmp}
	for _, v := range []string{"GOMODCACHE", "GOCACHE", "GOPROXY", "GOSUMDB", "GONOSUMDB", "GOPRIVATE", "GOTOOLCHAIN"} {
		out, err := exec.Command("go", "env", v).Output()
		if err != nil {
			t.Fatal(err)
		}
		env = append(env, v+"="+strings.TrimSpace(string(out)))
	}
	flags, err := exec.Command("go", "env", "GOFLAGS").Output()
	if err != nil {
		t.Fatal(err)
	}
	// The tests compile without running, and without go test's vet,
	// which go vet ./... runs in full in CI.
	return append(env, "GOFLAGS="+strings.TrimSpace(strings.TrimSpace(string(flags))+" -run=^$ -vet=off"))
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}
