package validation

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// readOnlyPackages returns the import paths of the packages --readonly-pkg
// names. As with go list, which upstream asks, an entry may be a pattern:
// "..." matches any string, and a trailing "/..." matches the directory
// itself too; an entry that is a directory (./x, ../x or absolute) names
// packages by where they are.
func (g *Generator) readOnlyPackages(m *model.Model, diags *diag.List) []string {
	var out []string
	for _, p := range g.readOnly() {
		if !strings.Contains(p, "...") && !isDirPattern(p) {
			if m.Package(p) == nil {
				diags.Errorf(invalidPos, "--readonly-pkg names package %s, which was not loaded", p)
				continue
			}
			out = append(out, p)
			continue
		}
		found := matchLoaded(m, p)
		if len(found) == 0 {
			diags.Warnf(invalidPos, "--readonly-pkg %s matches no package", p)
		}
		out = append(out, found...)
	}
	return out
}

// isDirPattern reports whether a --readonly-pkg entry is a directory.
func isDirPattern(p string) bool {
	return filepath.IsAbs(p) || p == "." || p == ".." ||
		strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")
}

// matchLoaded returns the loaded packages that pattern names, sorted.
func matchLoaded(m *model.Model, pattern string) []string {
	byDir := isDirPattern(pattern)
	if byDir {
		pattern = filepath.ToSlash(filepath.Clean(pattern))
	}
	re := patternRegexp(pattern)
	var out []string
	for path := range m.Universe {
		p := m.Package(path)
		if p == nil {
			continue
		}
		subject := path
		if byDir {
			subject = filepath.ToSlash(p.Dir)
		}
		if re.MatchString(subject) {
			out = append(out, path)
		}
	}
	slices.Sort(out)
	return out
}

// patternRegexp turns a go list pattern into a regular expression.
func patternRegexp(pattern string) *regexp.Regexp {
	re := regexp.QuoteMeta(pattern)
	if strings.HasSuffix(re, `/\.\.\.`) {
		re = strings.TrimSuffix(re, `/\.\.\.`) + `(/\.\.\.)?`
	}
	return regexp.MustCompile("^" + strings.ReplaceAll(re, `\.\.\.`, `.*`) + "$")
}
