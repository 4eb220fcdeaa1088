package model

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Select returns a view of m whose Packages are those of m.Packages that
// in accepts; Named still lists them all. It returns m itself when in
// accepts every package.
func (m *Model) Select(in func(*Package) bool) *Model {
	kept := slices.DeleteFunc(slices.Clone(m.Packages), func(p *Package) bool { return !in(p) })
	if len(kept) == len(m.Packages) {
		return m
	}
	view := *m
	view.Packages = kept
	return &view
}

// Only returns a view of m in which generators write the files of the
// packages in dirs (by directory) only. The other packages stay inputs,
// read and looked up as before: a partial run regenerates the packages a
// change reaches and keeps the files of those they read.
func (m *Model) Only(dirs map[string]bool) *Model {
	view := *m
	view.emit = dirs
	return &view
}

// Emits reports whether a generator writes p's files in this run (see
// Only). A generator may skip making the files of a package it does not.
func (m *Model) Emits(p *Package) bool { return m.emit == nil || m.emit[filepath.Clean(p.Dir)] }

// Covered returns the packages whose generated files a generator answers
// for when verifying: its inputs, and the named packages of the main
// module that a selection left out, where a file from an earlier run is
// no longer generated.
func (m *Model) Covered() []*Package {
	out := slices.Clone(m.Packages)
	for _, p := range m.Named {
		if p.Local() && !slices.Contains(m.Packages, p) {
			out = append(out, p)
		}
	}
	return out
}

// Tagged reports whether a line comment of p's files starts with +tag,
// blanks aside. That is how upstream's scripts choose the packages they
// give a tool: they grep a tree for '^\s*//\s*+<tag>' in .go files and
// take the directories of the files that match. It differs from grep only
// where the load differs from the directory: test files, files of other
// platforms and generated files carrying the build tag are not read, nor
// are comments inside function bodies. A trailing comment counts, where
// grep wants the comment first on its line.
func (p *Package) Tagged(tag string) bool {
	p.tagsOnce.Do(p.readTags)
	return slices.ContainsFunc(p.tags, func(t string) bool { return strings.HasPrefix(t, tag) })
}

// Tag returns what follows prefix on the first tag line of p that starts
// with it (see Tagged), such as "groupName=" in a kubebuilder
// groupversion_info.go, whose markers doc.go's do not include.
func (p *Package) Tag(prefix string) (string, bool) {
	p.tagsOnce.Do(p.readTags)
	for _, t := range p.tags {
		if v, ok := strings.CutPrefix(t, prefix); ok {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// readTags keeps the text after the "+" of every line comment of p's
// files that starts with one.
func (p *Package) readTags() {
	if p.Source == nil {
		return
	}
	for _, f := range p.Source.Syntax {
		for _, g := range f.Comments {
			for _, c := range g.List {
				text, ok := strings.CutPrefix(c.Text, "//")
				if !ok {
					continue
				}
				if text, ok = strings.CutPrefix(strings.TrimLeft(text, " \t\v\f\r"), "+"); ok {
					p.tags = append(p.tags, text)
				}
			}
		}
	}
}

// Local reports whether p belongs to a main module, the tree that
// upstream's scripts grep. A package of another module (the module cache)
// reaches a tool there only when a script names it.
func (p *Package) Local() bool {
	return p.Source == nil || p.Source.Module == nil || p.Source.Module.Main
}

// Fixed reports whether p's files cannot change: it belongs to a module of
// the module cache, neither main nor replaced by a directory nor vendored.
func (p *Package) Fixed() bool {
	if p.Source == nil || p.Source.Module == nil {
		return false
	}
	mod := p.Source.Module
	return !mod.Main && mod.Dir != "" && (mod.Replace == nil || mod.Replace.Version != "")
}

// versionName matches the package names of API versions: v1, v2beta1,
// v1alpha.
var versionName = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]*)?$`)

// IsVersion reports whether p's name is an API version's.
func (p *Package) IsVersion() bool { return versionName.MatchString(p.Name) }
