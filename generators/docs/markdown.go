package docs

import (
	"fmt"
	"strings"
)

// markdownPage writes one page as Markdown, for GitHub and site
// generators. Types are level-3 headings, whose anchors are their names in
// lower case, and fields are table rows.
func (s *site) markdownPage(pg *page) []byte {
	l := linker{site: s, from: pg, ext: ".md"}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", pg.title)
	fmt.Fprintf(&b, "Go package [`%s`](https://pkg.go.dev/%s)\n\n", pg.pkgPath, pg.pkgPath)
	if doc := l.markdown(pg.doc); doc != "" {
		b.WriteString(doc + "\n\n")
	}
	if pg.version == "" {
		b.WriteString("Types that API versions use, from a package of no API version.\n\n")
	}
	b.WriteString("## Types\n\n")
	for _, dt := range pg.types {
		fmt.Fprintf(&b, "- [%s](#%s)\n", dt.name, dt.anchor)
	}
	for _, d := range s.diffsOf(pg) {
		fmt.Fprintf(&b, "\nChanges from %s: [%s](%s.md)\n", d.from, d.title(), d.file)
	}
	for _, dt := range pg.types {
		b.WriteString("\n")
		l.markdownType(&b, dt)
	}
	return []byte(b.String())
}

func (l linker) markdownType(b *strings.Builder, dt *docType) {
	fmt.Fprintf(b, "### %s\n\n", dt.name)
	if doc := l.markdown(dt.doc); doc != "" {
		b.WriteString(doc + "\n\n")
	}
	var facts []string
	if dt.under.name != "" {
		facts = append(facts, "**Type:** "+l.markdownRef(dt.under))
	}
	for _, f := range append(facts, dt.factLines()...) {
		b.WriteString(f + "\n\n")
	}
	if len(dt.fields) == 0 {
		return
	}
	b.WriteString("| Field | Type | Description |\n| --- | --- | --- |\n")
	for _, f := range dt.fields {
		desc := []string{}
		if f.required {
			desc = append(desc, "**Required.**")
		}
		if f.value != "" {
			desc = append(desc, code(f.value))
		}
		if doc := l.cell(f.doc); doc != "" {
			desc = append(desc, doc)
		}
		lines := factLines(f.facts, f.deprecated, f.gates)
		if f.from != nil {
			lines = append(lines, "_Embedded from_ "+l.markdownRef(*f.from))
		}
		text := strings.Join(desc, " ")
		for _, line := range lines {
			text += "<br>" + strings.ReplaceAll(line, "|", `\|`)
		}
		text = strings.TrimPrefix(text, "<br>")
		fmt.Fprintf(b, "| %s | %s | %s |\n", code(f.json), strings.ReplaceAll(l.markdownRef(f.typ), "|", `\|`), text)
	}
}

// markdownRef writes a type, its name linked.
func (l linker) markdownRef(r typeRef) string {
	if url := l.refURL(r); url != "" {
		return escapeMarkdown(r.prefix) + "[" + r.name + "](" + url + ")"
	}
	return escapeMarkdown(r.text())
}

func escapeMarkdown(s string) string {
	return strings.NewReplacer("[", `\[`, "]", `\]`, "*", `\*`, "_", `\_`).Replace(s)
}

// factLines are a type's own facts as Markdown lines: what it is, its
// lifecycle and what its schema enforces.
func (dt *docType) factLines() []string {
	var out []string
	if dt.kind {
		out = append(out, "**Kind** of "+code(dt.page.title)+".")
	}
	if dt.life != "" {
		out = append(out, "**Lifecycle:** "+dt.life+".")
	}
	return append(out, factLines(dt.facts, dt.deprecated, nil)...)
}

// factLines are the facts as Markdown lines, each with its label.
func factLines(f facts, deprecated bool, gates []string) []string {
	var out []string
	if f.def != "" {
		out = append(out, "**Default:** "+code(f.def))
	}
	if len(f.enum) > 0 {
		values := make([]string, len(f.enum))
		for i, v := range f.enum {
			values[i] = code(v.value)
			if len(v.gates) > 0 {
				values[i] += " (gate " + codeList(v.gates) + ")"
			}
		}
		out = append(out, "**Enum:** "+strings.Join(values, ", "))
	}
	if len(f.validation) > 0 {
		out = append(out, "**Validation:** "+strings.Join(f.validation, "; "))
	}
	for _, r := range f.rules {
		line := "**Rule:** " + code(r.rule)
		if r.message != "" {
			line += ": " + r.message
		}
		out = append(out, line)
	}
	if f.list != "" {
		out = append(out, "**List:** "+f.list)
	}
	if f.mapType != "" {
		out = append(out, "**Map:** "+f.mapType)
	}
	if f.immutable {
		out = append(out, "**Immutable.**")
	}
	if len(gates) > 0 {
		out = append(out, "**Feature gate:** "+codeList(gates))
	}
	if deprecated {
		out = append(out, "**Deprecated.**")
	}
	return out
}
