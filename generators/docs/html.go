package docs

import (
	"bytes"
	"embed"
	"encoding/json"
	"html"
	"html/template"
	"strconv"
	"strings"
)

//go:embed assets/style.css assets/search.js
var assets embed.FS

// layout is every page of the HTML site: the search box on top, and no
// request but for the site's own files.
var layout = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="style.css">
</head>
<body>
<header>
<a class="home" href="index.html">API reference</a>
<div class="search">
<input id="search" type="search" placeholder="Search types and fields" aria-label="Search types and fields" autocomplete="off">
<ul id="search-results"></ul>
</div>
</header>
<main>
<h1>{{.Title}}</h1>
{{.Body}}
</main>
<script src="search-index.js"></script>
<script src="search.js"></script>
</body>
</html>
`))

// htmlFiles returns the HTML site: its file names and contents.
func (s *site) htmlFiles() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, name := range []string{"style.css", "search.js"} {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return nil, err
		}
		out[name] = b
	}
	index, err := s.searchIndex()
	if err != nil {
		return nil, err
	}
	out["search-index.js"] = index
	add := func(name, title string, body string) error {
		var b bytes.Buffer
		if err := layout.Execute(&b, struct {
			Title string
			Body  template.HTML
		}{title, template.HTML(body)}); err != nil {
			return err
		}
		out[name] = b.Bytes()
		return nil
	}
	if err := add("index.html", "API reference", s.htmlIndex()); err != nil {
		return nil, err
	}
	for _, pg := range s.pages {
		if err := add(pg.file+".html", pg.title, s.htmlPage(pg)); err != nil {
			return nil, err
		}
	}
	for _, d := range s.diffs {
		if err := add(d.file+".html", d.title(), s.htmlDiff(d)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *site) htmlIndex() string {
	var b strings.Builder
	b.WriteString("<h2>API versions</h2>\n<ul>\n")
	for _, pg := range s.pages {
		if pg.version != "" {
			b.WriteString(`<li><a href="` + html.EscapeString(pg.file) + `.html">` + html.EscapeString(pg.title) + "</a> <span class=\"muted\">" + plural(len(pg.types), "type") + "</span></li>\n")
		}
	}
	b.WriteString("</ul>\n")
	var shared, diffs []string
	for _, pg := range s.pages {
		if pg.version == "" {
			shared = append(shared, `<li><a href="`+html.EscapeString(pg.file)+`.html">`+html.EscapeString(pg.title)+"</a></li>\n")
		}
	}
	for _, d := range s.diffs {
		diffs = append(diffs, `<li><a href="`+html.EscapeString(d.file)+`.html">`+html.EscapeString(d.title())+"</a> <span class=\"muted\">"+plural(len(d.changes), "change")+"</span></li>\n")
	}
	if len(shared) > 0 {
		b.WriteString("<h2>Shared types</h2>\n<ul>\n" + strings.Join(shared, "") + "</ul>\n")
	}
	if len(diffs) > 0 {
		b.WriteString("<h2>Changes between versions</h2>\n<ul>\n" + strings.Join(diffs, "") + "</ul>\n")
	}
	return b.String()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func (s *site) htmlPage(pg *page) string {
	l := linker{site: s, from: pg, ext: ".html"}
	var b strings.Builder
	b.WriteString(`<p class="muted">Go package <a href="https://pkg.go.dev/` + html.EscapeString(pg.pkgPath) + `"><code>` + html.EscapeString(pg.pkgPath) + "</code></a></p>\n")
	b.WriteString(l.html(pg.doc))
	if pg.version == "" {
		b.WriteString("<p>Types that API versions use, from a package of no API version.</p>\n")
	}
	for _, d := range s.diffsOf(pg) {
		b.WriteString(`<p>Changes from ` + html.EscapeString(d.from) + `: <a href="` + html.EscapeString(d.file) + `.html">` + html.EscapeString(d.title()) + "</a></p>\n")
	}
	b.WriteString("<ul class=\"toc\">\n")
	for _, dt := range pg.types {
		b.WriteString(`<li><a href="#` + html.EscapeString(dt.anchor) + `">` + html.EscapeString(dt.name) + "</a></li>\n")
	}
	b.WriteString("</ul>\n")
	for _, dt := range pg.types {
		l.htmlType(&b, dt)
	}
	return b.String()
}

func (l linker) htmlType(b *strings.Builder, dt *docType) {
	b.WriteString(`<section id="` + html.EscapeString(dt.anchor) + `">` + "\n<h2>" + html.EscapeString(dt.name) + "</h2>\n")
	b.WriteString(l.html(dt.doc))
	facts := dt.factLines()
	if dt.under.name != "" || len(facts) > 0 {
		b.WriteString("<ul class=\"facts\">\n")
		if dt.under.name != "" {
			b.WriteString("<li><strong>Type:</strong> " + l.htmlRef(dt.under) + "</li>\n")
		}
		for _, f := range facts {
			b.WriteString("<li>" + inlineHTML(f) + "</li>\n")
		}
		b.WriteString("</ul>\n")
	}
	if len(dt.fields) > 0 {
		b.WriteString("<table class=\"fields\">\n<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>\n<tbody>\n")
		for _, f := range dt.fields {
			l.htmlField(b, dt, f)
		}
		b.WriteString("</tbody>\n</table>\n")
	}
	b.WriteString("</section>\n")
}

func (l linker) htmlField(b *strings.Builder, dt *docType, f *field) {
	b.WriteString(`<tr id="` + html.EscapeString(dt.anchor+"-"+f.json) + `"><td><code>` + html.EscapeString(f.json) + "</code>")
	if f.required {
		b.WriteString(`<span class="req">required</span>`)
	}
	b.WriteString("</td><td>" + l.htmlRef(f.typ) + "</td><td>")
	if f.value != "" {
		b.WriteString("<code>" + html.EscapeString(f.value) + "</code>")
	}
	b.WriteString(l.html(f.doc))
	for _, line := range factLines(f.facts, f.deprecated, f.gates) {
		b.WriteString(`<span class="fact">` + inlineHTML(line) + "</span>")
	}
	if f.from != nil {
		b.WriteString(`<span class="fact"><em>Embedded from</em> ` + l.htmlRef(*f.from) + "</span>")
	}
	b.WriteString("</td></tr>\n")
}

// htmlRef writes a type, its name linked.
func (l linker) htmlRef(r typeRef) string {
	if url := l.refURL(r); url != "" {
		return "<code>" + html.EscapeString(r.prefix) + `<a href="` + html.EscapeString(url) + `">` + html.EscapeString(r.name) + "</a></code>"
	}
	return "<code>" + html.EscapeString(r.text()) + "</code>"
}

// inlineHTML turns a fact line's Markdown, bold and code spans, into
// HTML.
func inlineHTML(md string) string {
	var b strings.Builder
	for md != "" {
		switch {
		case strings.HasPrefix(md, "**"):
			if end := strings.Index(md[2:], "**"); end >= 0 {
				b.WriteString("<strong>" + html.EscapeString(md[2:2+end]) + "</strong>")
				md = md[4+end:]
				continue
			}
		case md[0] == '`':
			fence := md[:len(md)-len(strings.TrimLeft(md, "`"))]
			if end := strings.Index(md[len(fence):], fence); end >= 0 {
				text := md[len(fence) : len(fence)+end]
				if len(fence) > 1 {
					text = strings.TrimSuffix(strings.TrimPrefix(text, " "), " ")
				}
				b.WriteString("<code>" + html.EscapeString(text) + "</code>")
				md = md[2*len(fence)+end:]
				continue
			}
		}
		n := strings.IndexAny(md[1:], "*`") + 1
		if n == 0 {
			n = len(md)
		}
		b.WriteString(html.EscapeString(md[:n]))
		md = md[n:]
	}
	return b.String()
}

func (s *site) htmlDiff(d *diffPage) string {
	var b strings.Builder
	b.WriteString("<p>" + inlineHTML(d.intro()) + "</p>\n")
	if len(d.changes) == 0 {
		b.WriteString("<p>No changes.</p>\n")
		return b.String()
	}
	head := []string{"Type", "Field", "Change", "Rule"}
	if d.since != "" {
		head = append([]string{"Version"}, append(head, "Severity")...)
	}
	b.WriteString("<table>\n<thead><tr><th>" + strings.Join(head, "</th><th>") + "</th></tr></thead>\n<tbody>\n")
	for _, c := range d.changes {
		pg, anchor := d.where(s, c)
		typ, field := html.EscapeString(c.Type), ""
		if c.Field != "" {
			field = "<code>" + html.EscapeString(c.Field) + "</code>"
		}
		if pg != nil {
			url := html.EscapeString(pg.file + ".html#")
			typ = `<a href="` + url + html.EscapeString(strings.SplitN(anchor, "-", 2)[0]) + `">` + typ + "</a>"
			if field != "" && strings.Contains(anchor, "-") {
				field = `<a href="` + url + html.EscapeString(anchor) + `">` + field + "</a>"
			}
		}
		row := []string{typ, field, html.EscapeString(c.Message), "<code>" + html.EscapeString(c.Rule) + "</code>"}
		if d.since != "" {
			row = append([]string{html.EscapeString(c.GroupVersion)}, append(row, html.EscapeString(c.Severity))...)
		}
		b.WriteString("<tr><td>" + strings.Join(row, "</td><td>") + "</td></tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	return b.String()
}

// searchIndex is search-index.js: every type and field, with its address
// and page.
func (s *site) searchIndex() ([]byte, error) {
	var entries [][3]string
	for _, pg := range s.pages {
		for _, dt := range pg.types {
			entries = append(entries, [3]string{dt.name, pg.file + ".html#" + dt.anchor, pg.title})
			for _, f := range dt.fields {
				entries = append(entries, [3]string{dt.name + "." + f.json, pg.file + ".html#" + dt.anchor + "-" + f.json, pg.title})
			}
		}
	}
	b, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	return append(append([]byte("window.apigenIndex = "), b...), ";\n"...), nil
}
