package docs

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/version"

	"github.com/apigen-dev/apigen/internal/versiondiff"
	"github.com/apigen-dev/apigen/model"
)

// addDiffs compares each version of a group with the next older one, in
// the compatibility checker's words.
func (s *site) addDiffs(m *model.Model) {
	byGroup := map[string][]*page{}
	var groups []string
	for _, pg := range s.pages {
		if pg.version == "" {
			continue
		}
		if byGroup[pg.group] == nil {
			groups = append(groups, pg.group)
		}
		byGroup[pg.group] = append(byGroup[pg.group], pg)
	}
	slices.Sort(groups)
	for _, g := range groups {
		pages := byGroup[g]
		slices.SortFunc(pages, func(a, b *page) int { return version.CompareKubeAwareVersionStrings(a.version, b.version) })
		for i := 1; i < len(pages); i++ {
			s.diffs = append(s.diffs, diffOf(m, pages[i-1], pages[i]))
		}
	}
}

func diffOf(m *model.Model, from, to *page) *diffPage {
	d := &diffPage{group: to.group, from: from.version, to: to.version, fromPg: from, toPg: to,
		file: strings.TrimSuffix(to.file, "-"+to.version) + "-" + from.version + "-to-" + to.version}
	if versiondiff.Between != nil {
		d.changes = versiondiff.Between(m, from.pkgPath, to.pkgPath)
	}
	sortChanges(d.changes)
	return d
}

func (d *diffPage) title() string {
	if d.since != "" {
		return "Changes since " + d.since
	}
	group := d.group
	if group == "" {
		group = "core"
	}
	return fmt.Sprintf("%s: %s to %s", group, d.from, d.to)
}

// intro says what the page lists.
func (d *diffPage) intro() string {
	if d.since != "" {
		return fmt.Sprintf("What changed in the API versions since the git revision %s, as `apigen compat --base %s` reports it: an error breaks clients.", d.since, d.since)
	}
	return fmt.Sprintf("What changes for a client that moves from %s to %s, as `apigen compat` would report it between two revisions.", d.from, d.to)
}

// where returns the section a change is about, and its anchor: the
// field's row where there is one, else the type's section, looked for in
// the newer version first.
func (d *diffPage) where(s *site, c versiondiff.Change) (*page, string) {
	pages := []*page{d.toPg, d.fromPg}
	if d.since != "" {
		pages = nil
		for _, pg := range s.pages {
			if pg.apiVersion() == c.GroupVersion {
				pages = append(pages, pg)
			}
		}
	}
	var typePage *page
	var typeAnchor string
	for _, pg := range pages {
		for _, dt := range pg.types {
			if dt.name != c.Type {
				continue
			}
			for _, f := range dt.fields {
				if c.Field != "" && f.json == c.Field {
					return pg, dt.anchor + "-" + f.json
				}
			}
			if typePage == nil {
				typePage, typeAnchor = pg, dt.anchor
			}
		}
	}
	return typePage, typeAnchor
}

// addSince adds the page of changes since the git revision rev.
func (s *site) addSince(rev string, changes []versiondiff.Change) {
	file := "changes-since-" + strings.Map(func(r rune) rune {
		if r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, rev)
	sortChanges(changes)
	s.diffs = append(s.diffs, &diffPage{since: rev, file: file, changes: changes})
}

func sortChanges(cs []versiondiff.Change) {
	slices.SortStableFunc(cs, func(a, b versiondiff.Change) int {
		return strings.Compare(a.GroupVersion+"\x00"+a.Type+"\x00"+a.Field, b.GroupVersion+"\x00"+b.Type+"\x00"+b.Field)
	})
}

// diffsOf returns the diff pages that end at pg's version.
func (s *site) diffsOf(pg *page) []*diffPage {
	var out []*diffPage
	for _, d := range s.diffs {
		if d.group == pg.group && d.to == pg.version && pg.version != "" {
			out = append(out, d)
		}
	}
	return out
}

// markdownDiff writes a diff page as Markdown.
func (s *site) markdownDiff(d *diffPage) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", d.title(), d.intro())
	if len(d.changes) == 0 {
		b.WriteString("No changes.\n")
		return []byte(b.String())
	}
	head := []string{"Type", "Field", "Change", "Rule"}
	if d.since != "" {
		head = append([]string{"Version"}, append(head, "Severity")...)
	}
	fmt.Fprintf(&b, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat(" --- |", len(head)))
	for _, c := range d.changes {
		field := ""
		if c.Field != "" {
			field = code(c.Field)
		}
		typ := c.Type
		if pg, anchor := d.where(s, c); pg != nil {
			typ = "[" + c.Type + "](" + pg.file + ".md#" + strings.SplitN(anchor, "-", 2)[0] + ")"
		}
		row := []string{typ, field, strings.ReplaceAll(c.Message, "|", `\|`), code(c.Rule)}
		if d.since != "" {
			row = append([]string{c.GroupVersion}, append(row, c.Severity)...)
		}
		fmt.Fprintf(&b, "| %s |\n", strings.Join(row, " | "))
	}
	return []byte(b.String())
}
