package output

import (
	"fmt"
	"strings"
)

// Diff returns a unified diff, with three lines of context, that turns a
// into b. It returns "" when they are equal.
func Diff(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitKeep(a), splitKeep(b)
	ops := editScript(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	for _, h := range hunks(ops, 3) {
		writeHunk(&out, ops[h[0]:h[1]])
	}
	return out.String()
}

type op struct {
	kind byte // ' ', '-', '+'
	text string
	i, j int // line numbers (0-based) in a and b before this op
}

func splitKeep(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// editScript finds a shortest edit script by dynamic programming over the
// part that differs, after trimming the common prefix and suffix. Past a
// size that would take too much memory, the middle is shown as replaced.
func editScript(x, y []string) []op {
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]
	var ops []op
	for k := 0; k < pre; k++ {
		ops = append(ops, op{' ', x[k], k, k})
	}
	ops = append(ops, middle(mx, my, pre)...)
	for k := 0; k < suf; k++ {
		i, j := len(x)-suf+k, len(y)-suf+k
		ops = append(ops, op{' ', x[i], i, j})
	}
	return ops
}

func middle(x, y []string, off int) []op {
	var ops []op
	if len(x)*len(y) > 4_000_000 {
		for k, l := range x {
			ops = append(ops, op{'-', l, off + k, off})
		}
		for k, l := range y {
			ops = append(ops, op{'+', l, off + len(x), off + k})
		}
		return ops
	}
	// lcs[i][j] is the length of the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int32, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			ops = append(ops, op{' ', x[i], off + i, off + j})
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', x[i], off + i, off + j})
			i++
		default:
			ops = append(ops, op{'+', y[j], off + i, off + j})
			j++
		}
	}
	return ops
}

// hunks returns [start, end) ranges of ops around changes, with ctx lines
// of context, merging ranges that touch.
func hunks(ops []op, ctx int) [][2]int {
	var out [][2]int
	for k, o := range ops {
		if o.kind == ' ' {
			continue
		}
		lo, hi := max(0, k-ctx), min(len(ops), k+ctx+1)
		if n := len(out); n > 0 && lo <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], hi)
		} else {
			out = append(out, [2]int{lo, hi})
		}
	}
	return out
}

func writeHunk(out *strings.Builder, ops []op) {
	var na, nb int
	for _, o := range ops {
		if o.kind != '+' {
			na++
		}
		if o.kind != '-' {
			nb++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", span(ops[0].i, na), span(ops[0].j, nb))
	for _, o := range ops {
		out.WriteByte(o.kind)
		out.WriteString(o.text)
		if !strings.HasSuffix(o.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func span(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
