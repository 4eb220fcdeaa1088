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
	slices.SortStableFunc(d.changes, func(a, b versiondiff.Change) int {
		return strings.Compare(a.Type+"\x00"+a.Field, b.Type+"\x00"+b.Field)
	})
	return d
}

func (d *diffPage) title() string {
	group := d.group
	if group == "" {
		group = "core"
	}
	return fmt.Sprintf("%s: %s to %s", group, d.from, d.to)
}

// where returns the section a change is about, and its anchor: in the
// newer version, or in the older for what was removed.
func (d *diffPage) where(c versiondiff.Change) (*page, string) {
	for _, pg := range []*page{d.toPg, d.fromPg} {
		for _, dt := range pg.types {
			if dt.name != c.Type {
				continue
			}
			for _, f := range dt.fields {
				if c.Field != "" && f.json == c.Field {
					return pg, dt.anchor + "-" + f.json
				}
			}
			if c.Field == "" || pg == d.fromPg {
				return pg, dt.anchor
			}
		}
	}
	return nil, ""
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
	fmt.Fprintf(&b, "# %s\n\n", d.title())
	fmt.Fprintf(&b, "What changes for a client that moves from %s to %s, as `apigen compat` would report it between two revisions.\n\n", d.from, d.to)
	if len(d.changes) == 0 {
		b.WriteString("No changes.\n")
		return []byte(b.String())
	}
	b.WriteString("| Type | Field | Change | Rule |\n| --- | --- | --- | --- |\n")
	for _, c := range d.changes {
		field := ""
		if c.Field != "" {
			field = code(c.Field)
		}
		typ := c.Type
		if pg, anchor := d.where(c); pg != nil {
			typ = "[" + c.Type + "](" + pg.file + ".md#" + strings.SplitN(anchor, "-", 2)[0] + ")"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", typ, field, strings.ReplaceAll(c.Message, "|", `\|`), code(c.Rule))
	}
	return []byte(b.String())
}
