package realworld

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// render writes the rows as the Markdown table of docs/realworld.md, with
// the median ratio of upstream's time to ours over the projects compared.
func render(rows []result) string {
	var b strings.Builder
	b.WriteString("| project | version | covers | invocations | compared | differing | missing | extra | shipped files upstream reproduces | upstream | apigen | ratio |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	var ratios []float64
	for _, r := range rows {
		p := r.p
		var steps []string
		for _, s := range p.Steps {
			steps = append(steps, "`"+s.String()+"`")
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | ", p.Name, p.Version, strings.Join(p.Covers, ", "), strings.Join(steps, "<br>"))
		switch {
		case p.Refused != "":
			fmt.Fprintf(&b, "refused: %s | | | | | | | |\n", p.Refused)
			continue
		case r.failed != "":
			fmt.Fprintf(&b, "failed: %s | | | | | %s | %s | |\n", firstLine(r.failed), secs(r.upstream), secs(r.ours))
			continue
		}
		ratio := r.upstream.Seconds() / r.ours.Seconds()
		ratios = append(ratios, ratio)
		fmt.Fprintf(&b, "%d | %d | %d | %d | %d of %d | %s | %s | %.2f× |\n", r.compared, len(r.differing), len(r.missing), len(r.extra),
			r.shippedSame, r.shipped, secs(r.upstream), secs(r.ours), ratio)
	}
	if len(ratios) > 0 {
		slices.Sort(ratios)
		fmt.Fprintf(&b, "\nMedian ratio (upstream's time over apigen's) over %d projects: %.2f×\n", len(ratios), median(ratios))
	}
	return b.String()
}

func median(s []float64) float64 {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func secs(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.ReplaceAll(line, "|", "\\|")
}
