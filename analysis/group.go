package analysis

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// siblings returns the directories beside p's that hold other versions of
// its API group, when p declares CRD root kinds: the CRD and
// hub-and-spoke generators read a group's versions together, and those
// need not import each other. Versions are directories named like v1,
// v2beta1, each declaring the group.
func siblings(m *model.Model, p *model.Package) []string {
	if !versionDir.MatchString(filepath.Base(p.Dir)) {
		return nil
	}
	root := false
	for _, t := range p.Types {
		root = root || markers.IsObjectRoot(m.Markers(t))
	}
	group, ok := hubspoke.GroupName(p)
	if !root || !ok {
		return nil
	}
	parent := filepath.Dir(p.Dir)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil
	}
	var dirs []string
	for _, e := range entries {
		dir := filepath.Join(parent, e.Name())
		if e.IsDir() && dir != p.Dir && versionDir.MatchString(e.Name()) && declaresGroup(dir, group) {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

var versionDir = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)

// declaresGroup reports whether a Go file of dir has the comment line
// "+groupName=group".
func declaresGroup(dir, group string) bool {
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(src), "\n") {
			line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "//"))
			if v, ok := strings.CutPrefix(line, "+"+markers.GroupName.Name+"="); ok && strings.TrimSpace(v) == group {
				return true
			}
		}
	}
	return false
}
