package realworld

import (
	"bytes"
	"fmt"
	"github.com/apigen-dev/apigen/internal/upstream"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
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
		src, err := upstream.ModuleDir(m.Path + "@" + v)
		if err != nil {
			return err
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
		if err := r.apply(dir); err != nil {
			return err
		}
	}
	if err := commit(dir); err != nil {
		return err
	}
	for _, m := range p.Modules {
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = filepath.Join(dir, m.Dir)
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
		cmd.Run() // what fails here fails again, with its message, in the run
	}
	return nil
}

// commit makes dir a git repository holding the assembled tree, as a
// clone would be: build steps ask git for the top level and versions.
func commit(dir string) error {
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "--no-gpg-sign", "-m", "shipped"}} {
		// No automatic gc: one in the background races the tree's copy.
		cmd := exec.Command("git", append([]string{"-c", "gc.auto=0", "-c", "maintenance.auto=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=realworld", "GIT_AUTHOR_EMAIL=realworld@example.invalid",
			"GIT_COMMITTER_NAME=realworld", "GIT_COMMITTER_EMAIL=realworld@example.invalid")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v\n%s", args[0], err, out)
		}
	}
	return nil
}

// apply makes the rewrite in the tree dir; it fails if no file changes.
func (r Rewrite) apply(dir string) error {
	from := regexp.MustCompile(regexp.QuoteMeta(r.From))
	to := strings.ReplaceAll(r.To, "$", "$$")
	if r.Regexp {
		from, to = regexp.MustCompile(r.From), r.To
	}
	files := []string{filepath.Join(dir, filepath.FromSlash(r.File))}
	if base, ok := strings.CutPrefix(r.File, "**/"); ok {
		files = nil
		walkFiles(dir, func(rel string, _ fs.FileInfo) {
			if ok, _ := path.Match(base, path.Base(rel)); ok {
				files = append(files, filepath.Join(dir, rel))
			}
		})
	}
	changed := false
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if out := from.ReplaceAll(b, []byte(to)); !bytes.Equal(out, b) {
			changed = true
			info, _ := os.Stat(f)
			if err := os.WriteFile(f, out, info.Mode()); err != nil {
				return err
			}
		}
	}
	if !changed {
		return fmt.Errorf("rewrite: nothing in %s matches %q", r.File, r.From)
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
