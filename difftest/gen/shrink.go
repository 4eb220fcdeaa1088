package gen

import (
	"slices"
	"strings"
)

// edit is one removal from an API: a package, a type, a field, a constant
// or a comment line, by position.
type edit struct {
	level string
	i     [4]int
}

// Shrink reduces a to a smaller API for which fails still holds: it drops
// packages, then types, constants, fields and comment lines, one at a
// time, keeping each drop after which fails holds, until none does. fails
// is called on copies, never on a itself.
func Shrink(a *API, fails func(*API) bool) *API {
	for _, level := range []string{"package", "type", "const", "field", "doc"} {
		for i := 0; ; {
			edits := edits(a, level)
			if i >= len(edits) {
				break
			}
			b := a.Clone()
			apply(b, edits[i])
			if fails(b) {
				a = b // the next edit now has index i
				continue
			}
			i++
		}
	}
	return a
}

// edits lists the removals of one level that a allows.
func edits(a *API, level string) []edit {
	var out []edit
	add := func(i ...int) {
		var e edit
		e.level = level
		copy(e.i[:], i)
		out = append(out, e)
	}
	for pi, p := range a.Packages {
		switch level {
		case "package":
			add(pi)
		case "const":
			for ci := range p.Consts {
				add(pi, ci)
			}
		case "doc":
			for li := range p.Doc {
				add(pi, -1, -1, li)
			}
		}
		for ti, t := range p.Types {
			switch level {
			case "type":
				add(pi, ti)
			case "field":
				for fi := range t.Fields {
					add(pi, ti, fi)
				}
			case "doc":
				for li := range t.Doc {
					add(pi, ti, -1, li)
				}
				for fi, f := range t.Fields {
					for li := range f.Doc {
						add(pi, ti, fi, li)
					}
				}
			}
		}
	}
	return out
}

func apply(a *API, e edit) {
	p := a.Packages[e.i[0]]
	switch e.level {
	case "package":
		a.Packages = slices.Delete(a.Packages, e.i[0], e.i[0]+1)
	case "type":
		p.Types = slices.Delete(p.Types, e.i[1], e.i[1]+1)
	case "const":
		p.Consts = slices.Delete(p.Consts, e.i[1], e.i[1]+1)
	case "field":
		t := p.Types[e.i[1]]
		t.Fields = slices.Delete(t.Fields, e.i[2], e.i[2]+1)
	case "doc":
		doc := &p.Doc
		if e.i[1] >= 0 {
			doc = &p.Types[e.i[1]].Doc
			if e.i[2] >= 0 {
				doc = &p.Types[e.i[1]].Fields[e.i[2]].Doc
			}
		}
		*doc = slices.Delete(*doc, e.i[3], e.i[3]+1)
	}
}

// Source is the Go source of a's packages, each file under a header line
// naming it: how a shrunk API is printed.
func Source(a *API) string {
	files, err := Render(a)
	if err != nil {
		return err.Error()
	}
	var b strings.Builder
	for _, name := range sortedKeys(files) {
		b.WriteString("-- " + name + " --\n")
		b.Write(files[name])
	}
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// ParseSource reads an API from text in Source's form, its files moved
// below the directory root, and its import paths and group
// (<old root>.fuzz.example) renamed to match. Lines before the first file
// are its comment, returned too.
func ParseSource(root, text string) (*API, string) {
	a := &API{Root: root, Files: map[string][]byte{}}
	var comment strings.Builder
	name, old := "", ""
	for _, line := range strings.SplitAfter(text, "\n") {
		header, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "-- ")
		if ok && strings.HasSuffix(header, " --") {
			var rel string
			old, rel, _ = strings.Cut(strings.TrimSuffix(header, " --"), "/")
			name = root + "/" + rel
			a.Files[name] = []byte{}
		} else if name == "" {
			comment.WriteString(line)
		} else {
			line = strings.ReplaceAll(line, Module+"/"+old+"/", Module+"/"+root+"/")
			line = strings.ReplaceAll(line, old+"."+Module, root+"."+Module)
			a.Files[name] = append(a.Files[name], line...)
		}
	}
	return a, comment.String()
}
