package output

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Write writes files atomically: every file goes to a temporary file in its
// directory first, and only when all are written are they renamed into
// place. Files whose bytes are already on disk are left untouched.
func Write(files []File) error {
	var todo []File
	for _, f := range files {
		if old, err := os.ReadFile(f.Path); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		todo = append(todo, f)
	}
	temps := make([]string, 0, len(todo))
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, f := range todo {
		tmp, err := writeTemp(f)
		if err != nil {
			cleanup()
			return err
		}
		temps = append(temps, tmp)
	}
	for i, f := range todo {
		if err := os.Rename(temps[i], f.Path); err != nil {
			cleanup()
			return err
		}
	}
	return nil
}

func writeTemp(f File) (string, error) {
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(f.Path)+".tmp*")
	if err != nil {
		return "", err
	}
	_, werr := tmp.Write(f.Data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr, os.Chmod(tmp.Name(), 0o644)); err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// Verify compares files with what is on disk and writes nothing. It reports
// each missing or stale file (with a unified diff), and each owned path that
// exists on disk although no file is generated for it. It returns whether
// everything was up to date.
func Verify(files []File, owned []string, w io.Writer) (bool, error) {
	ok := true
	generated := map[string]bool{}
	for _, f := range sortedFiles(files) {
		generated[f.Path] = true
		old, err := os.ReadFile(f.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			ok = false
			fmt.Fprintf(w, "missing: %s\n", f.Path)
		case err != nil:
			return false, err
		case !bytes.Equal(old, f.Data):
			ok = false
			fmt.Fprintf(w, "stale: %s\n", f.Path)
			io.WriteString(w, Diff(f.Path+" (on disk)", f.Path+" (generated)", string(old), string(f.Data)))
		}
	}
	owned = slices.Clone(owned)
	slices.Sort(owned)
	for _, p := range slices.Compact(owned) {
		if generated[p] {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			ok = false
			fmt.Fprintf(w, "extra: %s (no longer generated)\n", p)
		}
	}
	return ok, nil
}

func sortedFiles(files []File) []File {
	out := slices.Clone(files)
	slices.SortFunc(out, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return out
}
