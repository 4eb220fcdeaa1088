package realworld

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// assemble puts every module of p where the repository has it, below dir,
// writable, with scripts executable again (module zips keep no modes),
// applies p's rewrites, and fetches the modules' dependencies.
func assemble(p Project, dir string) error {
	for _, m := range p.Modules {
		v := m.Version
		if v == "" {
			v = p.Version
		}
		src, failed := moduleDir(m.Path + "@" + v)
		if failed != "" {
			return fmt.Errorf("%s", failed)
		}
		dst := filepath.Join(dir, m.Dir)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
			return err
		}
	}
	if err := restoreModes(dir); err != nil {
		return err
	}
	for _, r := range p.Rewrites {
		file := filepath.Join(dir, r.File)
		b, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		if !bytes.Contains(b, []byte(r.From)) {
			return fmt.Errorf("rewrite: %s does not contain %q", r.File, r.From)
		}
		if err := os.WriteFile(file, bytes.ReplaceAll(b, []byte(r.From), []byte(r.To)), 0o755); err != nil {
			return err
		}
	}
	for _, m := range p.Modules {
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = filepath.Join(dir, m.Dir)
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
		cmd.Run() // what fails here fails again, with its message, in the run
	}
	return nil
}

// restoreModes makes every file below dir writable, and executable where
// it starts with "#!".
func restoreModes(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.Chmod(p, 0o755)
		}
		mode := os.FileMode(0o644)
		if f, err := os.Open(p); err == nil {
			head := make([]byte, 2)
			n, _ := f.Read(head)
			f.Close()
			if string(head[:n]) == "#!" {
				mode = 0o755
			}
		}
		return os.Chmod(p, mode)
	})
}

// stamp is what a file was before a run: a run touched it if it is gone
// or its modification time changed.
type stamp map[string]time.Time

// stampTree records every file below dir but .git, by slash path.
func stampTree(dir string) (stamp, error) {
	s := stamp{}
	err := walkFiles(dir, func(rel string, info fs.FileInfo) {
		s[rel] = info.ModTime()
	})
	return s, err
}

// touched returns the files below dir that a run since s wrote, made or
// removed.
func (s stamp) touched(dir string) (map[string]bool, error) {
	out := map[string]bool{}
	seen := map[string]bool{}
	err := walkFiles(dir, func(rel string, info fs.FileInfo) {
		seen[rel] = true
		if t, ok := s[rel]; !ok || !t.Equal(info.ModTime()) {
			out[rel] = true
		}
	})
	for rel := range s {
		if !seen[rel] {
			out[rel] = true
		}
	}
	return out, err
}

// walkFiles calls f for every regular file below dir, skipping .git.
func walkFiles(dir string, f func(rel string, info fs.FileInfo)) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		f(filepath.ToSlash(rel), info)
		return nil
	})
}

// copyTree copies the tree src to dst, keeping modes and times.
func copyTree(src, dst string) error {
	out, err := exec.Command("cp", "-a", src, dst).CombinedOutput()
	if err != nil {
		return fmt.Errorf("cp -a %s %s: %v\n%s", src, dst, err, out)
	}
	return nil
}

// ignored reports whether rel lies below one of the prefixes.
func ignored(rel string, prefixes []string) bool {
	for _, p := range prefixes {
		if rel == p || strings.HasPrefix(rel, strings.TrimSuffix(p, "/")+"/") {
			return true
		}
	}
	return false
}
