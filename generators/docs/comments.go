package docs

import (
	"go/doc/comment"
	"go/token"
	"path"
	"regexp"
	"strings"

	"k8s.io/gengo/v2/types"
)

// prepare turns comment lines into a doc comment's text as upstream's
// tools read it: markers and TODO lines dropped, and everything from a
// line of "---" on cut.
func prepare(lines []string) string {
	var out []string
	for _, l := range lines {
		trimmed := strings.TrimSpace(l)
		if trimmed == "---" {
			break
		}
		if strings.HasPrefix(trimmed, "+") || strings.HasPrefix(trimmed, "TODO") {
			continue
		}
		out = append(out, strings.TrimPrefix(l, " "))
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// isDeprecated reports whether a comment says its subject is deprecated,
// in a paragraph of its own as Go's convention has it, or as Kubernetes'
// comments often say it.
func isDeprecated(doc string) bool {
	for _, l := range strings.Split(doc, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "Deprecated:") || strings.HasPrefix(l, "DEPRECATED") || strings.HasPrefix(l, "Deprecated.") {
			return true
		}
	}
	return false
}

// linker resolves doc links ([Name], [Type.Field], [pkg.Name]) among the
// site's types and writes their addresses for one output format.
type linker struct {
	site *site
	from *page
	ext  string // ".md" or ".html"
}

// resolve returns the address of what a doc link names, a type or a
// field of one, on the site or off it; ok is false when it names nothing.
func (l linker) resolve(importPath, recv, name string) (url string, ok bool) {
	typeName, fieldName := name, ""
	if recv != "" {
		typeName, fieldName = recv, name
	}
	if importPath == "" {
		importPath = l.from.pkgPath
	}
	p := l.site.universe[importPath]
	if p == nil || p.Types[typeName] == nil {
		return "", false
	}
	t := p.Types[typeName]
	if dt := l.site.byType[t]; dt != nil {
		if fieldName == "" {
			return l.typeURL(dt), true
		}
		for _, f := range dt.fields {
			if f.goName == fieldName || f.json == fieldName {
				return l.typeURL(dt) + "-" + f.json, true
			}
		}
		return "", false
	}
	if fieldName != "" && !hasMember(t, fieldName) {
		return "", false
	}
	if url := kubeAnchor(t, l.site.kube); url != "" {
		return url, true
	}
	return "https://pkg.go.dev/" + importPath + "#" + typeName, true
}

func hasMember(t *types.Type, name string) bool {
	for t.Kind == types.Alias && t.Underlying != nil {
		t = t.Underlying
	}
	for _, m := range t.Members {
		if m.Name == name {
			return true
		}
	}
	_, ok := t.Methods[name]
	return ok
}

// lookupPackage resolves the package of a doc link: a page's package by
// its name, or a package the page's package imports.
func (l linker) lookupPackage(name string) (string, bool) {
	for _, pg := range l.site.pages {
		if path.Base(pg.pkgPath) == name {
			return pg.pkgPath, true
		}
	}
	p, ok := l.from.imports[name]
	return p, ok
}

func (l linker) parser() *comment.Parser {
	return &comment.Parser{
		LookupPackage: l.lookupPackage,
		LookupSym: func(recv, name string) bool {
			_, ok := l.resolve("", recv, name)
			return ok
		},
	}
}

// url is where a link goes from l.from.
func (l linker) url(link *comment.DocLink) string {
	url, _ := l.resolve(link.ImportPath, link.Recv, link.Name)
	return url
}

func (l linker) typeURL(dt *docType) string {
	if dt.page == l.from {
		return "#" + dt.anchor
	}
	return dt.page.file + l.ext + "#" + dt.anchor
}

// refURL is where a type reference links, or "".
func (l linker) refURL(r typeRef) string {
	if r.target != nil {
		return l.typeURL(r.target)
	}
	return r.url
}

func (l linker) printer() *comment.Printer {
	return &comment.Printer{DocLinkURL: l.url, HeadingLevel: 4}
}

// markdown renders a doc comment as Markdown blocks.
func (l linker) markdown(text string) string {
	if text == "" {
		return ""
	}
	return strings.TrimSpace(string(l.printer().Markdown(l.parser().Parse(text))))
}

// cell renders a doc comment as Markdown for one table cell: paragraphs
// joined by line breaks, and pipes escaped.
func (l linker) cell(text string) string {
	md := l.markdown(text)
	paras := strings.Split(md, "\n\n")
	for i, p := range paras {
		paras[i] = strings.Join(strings.Fields(p), " ")
	}
	return strings.ReplaceAll(strings.Join(paras, "<br><br>"), "|", `\|`)
}

// html renders a doc comment as HTML.
func (l linker) html(text string) string {
	if text == "" {
		return ""
	}
	return string(l.printer().HTML(l.parser().Parse(text)))
}

// linkLike matches text in brackets that names a Go identifier, possibly
// qualified: a doc link, when it resolves.
var linkLike = regexp.MustCompile(`\[([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*){0,2})\]([^(:]|$)`)

// mixedCaps matches an exported name made of several words, FrobberSpec,
// which is what a doc link names rather than a bracketed word.
var mixedCaps = regexp.MustCompile(`^[A-Z][a-z0-9]+[A-Z]`)

// brokenLink is a doc link that names nothing, and where in its text.
type brokenLink struct {
	name   string
	offset int
}

// brokenLinks returns the doc links of text that name nothing the docs
// know of: qualified names, and unqualified names of several words.
func (l linker) brokenLinks(text string) []brokenLink {
	var out []brokenLink
	for _, m := range linkLike.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		parts := strings.Split(name, ".")
		if len(parts) == 1 && !mixedCaps.MatchString(name) {
			continue
		}
		if !l.resolves(parts) {
			out = append(out, brokenLink{"[" + name + "]", m[0]})
		}
	}
	return out
}

func (l linker) resolves(parts []string) bool {
	ok := func(importPath, recv, name string) bool {
		_, ok := l.resolve(importPath, recv, name)
		return ok
	}
	switch len(parts) {
	case 1:
		return ok("", "", parts[0])
	case 2:
		if ok("", parts[0], parts[1]) {
			return true
		}
		pkg, found := l.lookupPackage(parts[0])
		return found && ok(pkg, "", parts[1])
	default:
		pkg, found := l.lookupPackage(parts[0])
		return found && ok(pkg, parts[1], parts[2])
	}
}

// checkLinks warns of the broken doc links of every comment on the site,
// at the comment line that has each.
func (s *site) checkLinks(warn func(pos token.Position, format string, args ...any)) {
	for _, pg := range s.pages {
		l := linker{site: s, from: pg}
		// A type's comment starts a line; a field's is indented as it is.
		report := func(lines []string, pos token.Position, what string) {
			for i, line := range lines {
				for _, b := range l.brokenLinks(line) {
					at := pos
					if pos.Line > len(lines) {
						// The comment ends on the line above the declaration.
						at.Line = pos.Line - len(lines) + i
						at.Column = pos.Column + len("// ") + b.offset
					}
					warn(at, "the doc comment of %s links to %s, which names no type or field the docs know of: they show it as plain text", what, b.name)
				}
			}
		}
		report(pg.docLines, pg.docPos, "package "+pg.pkgPath)
		for _, dt := range pg.types {
			typePos := dt.pos
			typePos.Column = 1
			report(dt.docLines, typePos, dt.name)
			for _, f := range dt.fields {
				if f.from == nil {
					report(f.docLines, f.pos, dt.name+"."+f.json)
				}
			}
		}
	}
}
