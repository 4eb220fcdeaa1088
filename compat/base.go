package compat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// gitWorktree checks out rev of the repository holding dir into a
// temporary worktree, and returns the directory in it that corresponds
// to dir, and a function that removes the worktree again. The user's own
// tree and index are not touched.
func gitWorktree(dir, rev string) (string, func(), error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, err
	}
	top, err := git(abs, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", nil, err
	}
	top, _ = filepath.EvalSymlinks(top)
	real, _ := filepath.EvalSymlinks(abs)
	rel, err := filepath.Rel(top, real)
	if err != nil {
		return "", nil, err
	}
	tmp, err := os.MkdirTemp("", "apigen-compat-")
	if err != nil {
		return "", nil, err
	}
	wt := filepath.Join(tmp, "base")
	cleanup := func() {
		git(top, "worktree", "remove", "--force", wt)
		os.RemoveAll(tmp)
		git(top, "worktree", "prune")
	}
	if _, err := git(top, "worktree", "add", "--detach", "--quiet", wt, rev); err != nil {
		cleanup()
		return "", nil, err
	}
	return filepath.Join(wt, rel), cleanup, nil
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// moduleCopy downloads module@version with the go command and copies it
// to a temporary directory, where it can be loaded as a main module (the
// module cache is read-only). It returns the directory and a function
// that removes it.
func moduleCopy(modVer string) (string, func(), error) {
	tmp, err := os.MkdirTemp("", "apigen-compat-mod-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(tmp) }
	// Outside any module, so that no go.mod or go.sum learns of it.
	cmd := exec.Command("go", "mod", "download", "-json", modVer)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr == nil && info.Error != "" {
		cleanup()
		return "", nil, fmt.Errorf("go mod download %s: %s", modVer, info.Error)
	}
	if err != nil || info.Dir == "" {
		cleanup()
		return "", nil, fmt.Errorf("go mod download %s: %v: %s", modVer, err, strings.TrimSpace(stderr.String()))
	}
	dst := filepath.Join(tmp, "base")
	if err := copyTree(info.Dir, dst); err != nil {
		cleanup()
		return "", nil, err
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err != nil {
		path, _, _ := strings.Cut(modVer, "@")
		if err := os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module "+path+"\n"), 0o644); err != nil {
			cleanup()
			return "", nil, err
		}
	}
	return dst, cleanup, nil
}

// copyTree copies the regular files below src to dst, writable.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}
