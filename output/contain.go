package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Contained checks that every path the run writes or removes lies below
// one of roots, the directories it was told to write in, both as written
// and with symlinks resolved: a symlink in a generated tree cannot lead a
// run outside it.
func Contained(roots []string, files []File, paths ...[]string) error {
	resolved := make([]string, 0, len(roots))
	for _, r := range roots {
		if r == "" {
			continue
		}
		abs, err := filepath.Abs(r)
		if err != nil {
			return err
		}
		real, err := resolve(abs)
		if err != nil {
			return err
		}
		resolved = append(resolved, abs, real)
	}
	check := func(p string) error {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		if !below(abs, resolved) {
			return fmt.Errorf("refusing to write %s: it is outside the package and output directories of this run", p)
		}
		real, err := resolve(abs)
		if err != nil {
			return err
		}
		if !below(real, resolved) {
			return fmt.Errorf("refusing to write %s: a symlink leads it to %s, outside the package and output directories of this run", p, real)
		}
		return nil
	}
	for _, f := range files {
		if err := check(f.Path); err != nil {
			return err
		}
	}
	for _, ps := range paths {
		for _, p := range ps {
			if err := check(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// resolve returns p with the symlinks of its existing directories
// resolved; the parts that do not exist yet are kept as they are. The
// last element is a file: a symlink there is replaced, not followed.
func resolve(p string) (string, error) {
	dir, rest := filepath.Dir(p), filepath.Base(p)
	for {
		real, err := filepath.EvalSymlinks(dir)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return p, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// below reports whether p is one of dirs or lies below one.
func below(p string, dirs []string) bool {
	for _, d := range dirs {
		if p == d || strings.HasPrefix(p, d+string(os.PathSeparator)) || d == string(os.PathSeparator) {
			return true
		}
	}
	return false
}
