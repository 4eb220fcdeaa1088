package engine

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// stalePaths lists the existing files of out.Remove, and the files below
// trees that out answers for but does not generate: owned paths, and files
// named like out's package files. The latter are what a script that deletes
// generated files before generating would have deleted. A successful run
// removes them all.
func stalePaths(out Output, trees []string) ([]string, error) {
	var stale []string
	for _, p := range out.Remove {
		if _, err := os.Lstat(p); err == nil {
			stale = append(stale, p)
		}
	}
	if len(trees) == 0 {
		return stale, nil
	}
	var real realPaths
	trees = slices.Clone(trees)
	for i, t := range trees {
		if r, err := filepath.EvalSymlinks(t); err == nil {
			trees[i] = r
		}
	}
	generated := map[string]bool{}
	for _, f := range out.Files {
		generated[real.of(f.Path)] = true
	}
	add := func(p string) {
		if r := real.of(p); !generated[r] && below(r, trees) {
			stale = append(stale, p)
		}
	}
	for _, p := range out.prunable {
		if _, err := os.Lstat(p); err == nil {
			add(p)
		}
	}
	if len(out.PackageFiles) > 0 {
		for _, tree := range trees {
			err := filepath.WalkDir(tree, func(p string, d fs.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() && slices.Contains(out.PackageFiles, d.Name()) {
					add(p)
				}
				return err
			})
			if err != nil && !os.IsNotExist(err) {
				return nil, err
			}
		}
	}
	slices.Sort(stale)
	return slices.Compact(stale), nil
}

// below reports whether path p is inside one of the directories.
func below(p string, dirs []string) bool {
	return slices.ContainsFunc(dirs, func(d string) bool {
		rel, err := filepath.Rel(d, p)
		return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
	})
}

// realPaths resolves symbolic links in the directory part of paths, so
// that a tree named through a link still contains the files below it.
type realPaths map[string]string

func (r *realPaths) of(p string) string {
	if *r == nil {
		*r = realPaths{}
	}
	dir, base := filepath.Split(filepath.Clean(p))
	real, ok := (*r)[dir]
	if !ok {
		var err error
		if real, err = filepath.EvalSymlinks(dir); err != nil {
			real = filepath.Clean(dir)
		}
		(*r)[dir] = real
	}
	return filepath.Join(real, base)
}
