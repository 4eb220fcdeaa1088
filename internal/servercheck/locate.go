package servercheck

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/apigen-dev/apigen/cache/blob"
)

// The checker binary, cmd/apigen-check, is found in this order:
//
//  1. $APIGEN_CHECK, a path;
//  2. apigen-check beside the running executable (go build -o bin/ ./cmd/...);
//  3. a build kept in the cache directory (cache/blob.Home()), under the
//     running executable's path, size and modification time, made once
//     from apigen's own source: the module directory this package was
//     compiled from (a checkout or the module cache), or, when the binary
//     does not record it (-trimpath), go install of apigen's version.
//
// With no cache directory (APIGEN_CACHE=off) the build goes into a
// temporary directory and is removed once started: every run builds.

const modulePath = "github.com/apigen-dev/apigen"

// keepBuilds is how many cached checkers are kept: those used last.
const keepBuilds = 4

// locate returns the checker's path, and a directory to remove once it
// has started ("" for none).
func locate() (path, temp string, err error) {
	if p := os.Getenv("APIGEN_CHECK"); p != "" {
		return p, "", nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", "", fmt.Errorf("no $APIGEN_CHECK, and the running executable is unknown: %v", err)
	}
	if beside := filepath.Join(filepath.Dir(exe), exeName("apigen-check")); usable(beside) {
		return beside, "", nil
	}
	return cached(exe)
}

// cached returns the cache's checker for exe, building it if needed.
func cached(exe string) (path, temp string, err error) {
	build, err := builder()
	if err != nil {
		return "", "", err
	}
	root := blob.Home()
	if root == "" {
		dir, err := os.MkdirTemp("", "apigen-check-")
		if err != nil {
			return "", "", err
		}
		announce("for this run (no cache directory, so nothing is kept)")
		path := filepath.Join(dir, exeName("apigen-check"))
		if err := build(path); err != nil {
			os.RemoveAll(dir)
			return "", "", err
		}
		return path, dir, nil
	}
	key, err := identity(exe)
	if err != nil {
		return "", "", err
	}
	dir := filepath.Join(root, "checker")
	path = filepath.Join(dir, exeName("apigen-check-"+key))
	if usable(path) {
		now := time.Now()
		os.Chtimes(path, now, now) // marks it used, for pruning
		return path, "", nil
	}
	announce("once for this apigen; later runs reuse it")
	return path, "", buildInto(dir, path, build)
}

// buildInto builds the checker at path, through a temporary name in dir,
// so that a concurrent run sees it whole or not at all.
func buildInto(dir, path string, build func(out string) error) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(dir, ".build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	built := filepath.Join(tmp, exeName("apigen-check"))
	if err := build(built); err != nil {
		return err
	}
	if err := os.Rename(built, path); err != nil {
		return err
	}
	prune(dir)
	return nil
}

// identity names the running executable: its path, size and modification
// time, so a rebuilt apigen gets a checker built again.
func identity(exe string) (string, error) {
	fi, err := os.Stat(exe)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%d", exe, fi.Size(), fi.ModTime().UnixNano()))
	return hex.EncodeToString(sum[:8]), nil
}

// prune keeps the keepBuilds checkers of dir used last.
func prune(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, "apigen-check-*"))
	type built struct {
		path string
		used time.Time
	}
	var all []built
	for _, n := range names {
		if fi, err := os.Stat(n); err == nil {
			all = append(all, built{n, fi.ModTime()})
		}
	}
	slices.SortFunc(all, func(a, b built) int { return b.used.Compare(a.used) })
	for _, b := range all[min(keepBuilds, len(all)):] {
		os.Remove(b.path)
	}
}

var announceOnce sync.Once

// announce says on stderr, once per process, that the checker is being built.
func announce(how string) {
	announceOnce.Do(func() {
		fmt.Fprintf(os.Stderr, "apigen: building the API server's checks (cmd/apigen-check) %s\n", how)
	})
}

// builder returns how to build cmd/apigen-check: from apigen's source
// when it is on this machine, else with go install of apigen's release.
func builder() (func(out string) error, error) {
	if src, ok := sourceDir(); ok {
		return func(out string) error {
			return goCommand(src, nil, "build", "-o", out, "./cmd/apigen-check")
		}, nil
	}
	info, _ := debug.ReadBuildInfo()
	version, ok := releaseVersion(info)
	if !ok {
		return nil, errors.New("no checker beside apigen, apigen's source is not where it was built (-trimpath?), and its version is no release to install; set APIGEN_CHECK to a build of cmd/apigen-check")
	}
	return func(out string) error {
		bin := filepath.Dir(out)
		return goCommand(bin, []string{"GOBIN=" + bin}, "install", modulePath+"/cmd/apigen-check@"+version)
	}, nil
}

// goCommand runs the go command in dir for the machine apigen runs on,
// outside any workspace and the caller's GOFLAGS.
func goCommand(dir string, env []string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, bytes.TrimSpace(tail(out, 2000)))
	}
	return nil
}

func tail(b []byte, n int) []byte {
	return b[max(0, len(b)-n):]
}

// sourceDir returns the root of apigen's module as this package was
// compiled from it: the directory above this file whose go.mod declares
// apigen's module and holds cmd/apigen-check.
func sourceDir() (string, bool) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", false // built with -trimpath
	}
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			_, err := os.Stat(filepath.Join(dir, "cmd", "apigen-check", "main.go"))
			return dir, moduleLine(data) == modulePath && err == nil
		}
		if filepath.Dir(dir) == dir {
			return "", false
		}
	}
}

// moduleLine returns the module path a go.mod declares.
func moduleLine(gomod []byte) string {
	for line := range strings.Lines(string(gomod)) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok {
			rest, _, _ = strings.Cut(rest, "//")
			return strings.Trim(strings.TrimSpace(rest), `"`+"`")
		}
	}
	return ""
}

// releaseVersion returns apigen's module version in info when go install
// can fetch it: not a checkout's, not a replacement's, not a modified tree's.
func releaseVersion(info *debug.BuildInfo) (string, bool) {
	if info == nil {
		return "", false
	}
	mod := &info.Main
	if mod.Path != modulePath {
		i := slices.IndexFunc(info.Deps, func(m *debug.Module) bool { return m.Path == modulePath })
		if i < 0 {
			return "", false
		}
		mod = info.Deps[i]
	}
	v := mod.Version
	if mod.Replace != nil || v == "" || v == "(devel)" || strings.Contains(v, "+dirty") {
		return "", false
	}
	return v, true
}

func exeName(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

// usable reports whether path is an executable file.
func usable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode()&0o111 != 0)
}
