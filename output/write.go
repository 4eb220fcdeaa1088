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
	"strconv"
	"strings"
)

// Write puts files on disk and removes the stale paths, as one step. Every
// changed file goes to a temporary file in its directory first; only when
// all are written are they renamed into place, and only then are the stale
// paths removed. A failure before the renames leaves every file as it was.
// Files whose bytes are already on disk are left untouched.
//
// Temporary files that an interrupted earlier run left in the directories
// this run writes to are removed first, and log says so: such a run may
// have left old and new files side by side, which this run repairs.
func Write(files []File, stale []string, log io.Writer) error {
	if left := leftovers(files, stale); len(left) > 0 {
		fmt.Fprintf(log, "apigen: an earlier run was interrupted while writing; removing its %d temporary files and rewriting what it left unfinished\n", len(left))
		for _, p := range left {
			if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
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
			return fmt.Errorf("%v (%d of %d changed files were already replaced; run again to finish)", err, i, len(todo))
		}
		temps[i] = ""
		afterRename(i)
	}
	for _, p := range stale {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// afterRename is called after each rename; tests use it to stop a run
// part-way.
var afterRename = func(int) {}

// tempMark is in the name of every temporary file Write makes, with the
// process id after it: ".<name>.apigen-<pid>-<random>.tmp".
const tempMark = ".apigen-"

func writeTemp(f File) (string, error) {
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(f.Path)+tempMark+strconv.Itoa(os.Getpid())+"-*.tmp")
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

// leftovers lists the temporary files of runs that ended without cleaning
// up, in the directories of files and stale. A file of a process that is
// still running belongs to a run in progress and is not listed.
func leftovers(files []File, stale []string) []string {
	dirs := map[string]bool{}
	for _, f := range files {
		dirs[filepath.Dir(f.Path)] = true
	}
	for _, p := range stale {
		dirs[filepath.Dir(p)] = true
	}
	var left []string
	for dir := range dirs {
		matches, _ := filepath.Glob(filepath.Join(dir, ".*"+tempMark+"*.tmp"))
		for _, m := range matches {
			if pid, ok := tempOwner(filepath.Base(m)); ok && !running(pid) {
				left = append(left, m)
			}
		}
	}
	slices.Sort(left)
	return left
}

// tempOwner reads the process id out of a temporary file's name.
func tempOwner(name string) (int, bool) {
	_, rest, ok := strings.Cut(name, tempMark)
	if !ok {
		return 0, false
	}
	digits, _, ok := strings.Cut(rest, "-")
	pid, err := strconv.Atoi(digits)
	return pid, ok && err == nil
}

// Verify compares files with what is on disk and writes nothing. It reports
// each missing or stale file (with a unified diff), each owned path that
// exists on disk although no file is generated for it, and the temporary
// files of an interrupted run. It returns whether everything was up to date.
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
	for _, p := range leftovers(files, owned) {
		ok = false
		fmt.Fprintf(w, "interrupted: %s (a temporary file of an apigen run that did not finish; generate again to repair)\n", p)
	}
	return ok, nil
}

func sortedFiles(files []File) []File {
	out := slices.Clone(files)
	slices.SortFunc(out, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return out
}
