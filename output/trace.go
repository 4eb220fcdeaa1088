package output

import (
	"bytes"
	"os"
	"path"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// tracing is APIGEN_TRACE=1, read once. Every line of generated Go then
// ends with a comment naming the line of apigen's code that wrote it, as
// in "// apigen:generators/deepcopy/emit.go:123": for the body, the
// generator's line; for the header and imports, this package's.
var tracing = os.Getenv("APIGEN_TRACE") == "1"

// Tracing reports whether APIGEN_TRACE=1 is on.
func Tracing() bool { return tracing }

// traceMark starts every trace comment.
const traceMark = " // apigen:"

// text is Go source being written and, when tracing, where each of its
// lines was begun.
type text struct {
	bytes.Buffer
	trace   bool
	origins []string // one for each line begun, when tracing
}

// mark traces the lines begun since start to the first caller outside
// this package.
func (t *text) mark(start int) { t.begin(start, true) }

// put writes s, tracing the lines it begins to the caller in this
// package.
func (t *text) put(s string) {
	start := t.Len()
	t.WriteString(s)
	t.begin(start, false)
}

// begin traces the lines begun since start, if tracing.
func (t *text) begin(start int, outside bool) {
	if !t.trace || start == t.Len() {
		return
	}
	b := t.Bytes()
	n := bytes.Count(b[start:len(b)-1], []byte("\n"))
	if start == 0 || b[start-1] == '\n' {
		n++
	}
	if n == 0 {
		return
	}
	origin := caller(outside)
	for range n {
		t.origins = append(t.origins, origin)
	}
}

// append adds u's text; its first line continues an unfinished last line.
func (t *text) append(u *text) {
	if u.Len() == 0 {
		return
	}
	o := u.origins
	if b := t.Bytes(); len(b) > 0 && b[len(b)-1] != '\n' && len(o) > 0 {
		o = o[1:]
	}
	t.Write(u.Bytes())
	t.origins = append(t.origins, o...)
}

// slice returns the text from a to b, both at the start of a line.
func (t *text) slice(a, b int) *text {
	buf := t.Bytes()
	s := &text{trace: t.trace}
	s.Write(buf[a:b])
	if t.trace && b > a {
		first := bytes.Count(buf[:a], []byte("\n"))
		n := 1 + bytes.Count(buf[a:b-1], []byte("\n"))
		s.origins = t.origins[min(first, len(t.origins)):min(first+n, len(t.origins))]
	}
	return s
}

// traced returns the text, with trace comments when tracing.
func (t *text) traced() []byte {
	if !t.trace {
		return t.Bytes()
	}
	return annotate(t.Bytes(), t.origins)
}

// annotate ends each line of src that can take one with a trace comment
// naming its origin.
func annotate(src []byte, origins []string) []byte {
	var out bytes.Buffer
	var s lineScanner
	for i := 0; len(src) > 0; i++ {
		line, rest, found := bytes.Cut(src, []byte("\n"))
		src = rest
		out.Write(line)
		if s.traceable(line) && i < len(origins) {
			out.WriteString(traceMark + origins[i])
		}
		if found {
			out.WriteByte('\n')
		}
	}
	return out.Bytes()
}

// tracedLine matches the trace comment that ends a line.
var tracedLine = regexp.MustCompile(`// apigen:\S+$`)

// fill traces the lines the formatter made: the pieces of a line it split,
// the blank lines it put into a doc comment. Each takes the trace of the
// next traced line, whose source line it was part of, or else of the last.
func fill(src []byte) []byte {
	lines := bytes.SplitAfter(src, []byte("\n"))
	origins := make([]string, len(lines))
	var untraced []int
	var s lineScanner
	for i, l := range lines {
		l = bytes.TrimSuffix(l, []byte("\n"))
		switch m := tracedLine.Find(l); {
		case !s.traceable(l):
		case m != nil:
			origins[i] = string(m[len(traceMark)-1:])
		default:
			untraced = append(untraced, i)
		}
	}
	for _, i := range slices.Backward(untraced) {
		if origins[i] = nearest(origins, i); origins[i] != "" {
			end := len(bytes.TrimSuffix(lines[i], []byte("\n")))
			lines[i] = slices.Concat(lines[i][:end], []byte(traceMark+origins[i]), lines[i][end:])
		}
	}
	return bytes.Join(lines, nil)
}

// nearest returns the first origin after i, or else the last before it.
func nearest(origins []string, i int) string {
	for _, o := range origins[i+1:] {
		if o != "" {
			return o
		}
	}
	for _, o := range slices.Backward(origins[:i]) {
		if o != "" {
			return o
		}
	}
	return ""
}

// lineScanner follows Go source line by line: whether it is inside a raw
// string or a block comment.
type lineScanner struct{ raw, block bool }

// traceable reads a line and reports whether it can end with a trace
// comment: it is not blank, it does not end inside a raw string (the
// comment would change the string), and it is no build constraint, which
// takes no trailing comment (go/build/constraint rejects it).
func (s *lineScanner) traceable(line []byte) bool {
	s.follow(line)
	t := bytes.TrimSpace(line)
	switch {
	case len(t) == 0, s.raw:
		return false
	case bytes.HasPrefix(t, []byte("//go:build")), bytes.HasPrefix(t, []byte("// +build")):
		return false
	}
	return true
}

// follow scans a line for the raw strings and block comments it opens or
// closes, skipping interpreted strings, runes and line comments.
func (s *lineScanner) follow(line []byte) {
	var quote byte // the quote of the string or rune being read, if any
	for i := 0; i < len(line); i++ {
		c := line[i]
		next := byte(0)
		if i+1 < len(line) {
			next = line[i+1]
		}
		switch {
		case s.raw:
			s.raw = c != '`'
		case s.block:
			if c == '*' && next == '/' {
				s.block = false
				i++
			}
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '`':
			s.raw = true
		case c == '/' && next == '/':
			return
		case c == '/' && next == '*':
			s.block = true
			i++
		}
	}
}

// self is this package's prefix in function names.
var self = reflect.TypeFor[GoFile]().PkgPath() + "."

// root is the repository's directory as this binary's file names spell
// it: the module directory, or the module path when built with -trimpath.
var root = func() string {
	_, file, _, _ := runtime.Caller(0)
	return path.Dir(path.Dir(file)) + "/"
}()

// caller returns the file:line, relative to root, of the first caller
// outside text's methods, or outside this package.
func caller(outside bool) string {
	var pcs [32]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs[:])])
	for {
		f, more := frames.Next()
		skip := strings.HasPrefix(f.Function, self+"(*text).") || outside && strings.HasPrefix(f.Function, self) ||
			f.File == "<autogenerated>" // a method's wrapper, for an embedded writer
		if !skip {
			return strings.TrimPrefix(f.File, root) + ":" + strconv.Itoa(f.Line)
		}
		if !more {
			return "unknown:0"
		}
	}
}
