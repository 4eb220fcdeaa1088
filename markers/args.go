package markers

import (
	"fmt"
	"strconv"
	"strings"
	"text/scanner"
)

// ArgKind is the type of a marker argument, as controller-gen reads it.
type ArgKind int

const (
	ArgString ArgKind = iota
	ArgInt
	ArgNumber
	ArgBool
	ArgStrings // a list: {a,b} or a;b
	ArgAnyList // a list of guessed values
	ArgAny     // guessed from the text: string, number, bool, list or map
	ArgRaw     // the rest of the marker, unparsed
	argList    // only in a shape: a list of the shape's items
	argMap     // only in a shape: a map of guessed values
)

// Arg is one argument of a marker in controller-gen's syntax. An empty
// Name is the marker's single unnamed value: +name=value.
type Arg struct {
	Name     string
	Kind     ArgKind
	Optional bool
	Pointer  bool // recorded even when given the zero value
	// Whole: the value is all the rest of the marker, trimmed, read as an
	// ArgInt or ArgNumber, or kept as ArgRaw (controller-gen's Maximum,
	// Minimum and MaxItems, and their +k8s: twins).
	Whole bool
}

// Value is a marker's single unnamed argument of kind k.
func Value(k ArgKind) Arg { return Arg{Kind: k} }

// Whole is Value read from all the rest of the marker.
func Whole(k ArgKind) Arg { return Arg{Kind: k, Whole: true} }

// Named is a named argument.
func Named(name string, k ArgKind, optional bool) Arg {
	return Arg{Name: name, Kind: k, Optional: optional}
}

// ArgGrammar parses a marker in controller-gen's syntax: the whole text
// after "+", the name, then ":arg=value,..." or "=value". Parse returns
// map[string]any keyed by argument name, "" for the single unnamed value.
type ArgGrammar struct {
	Name string
	Args []Arg
}

// Parse splits text as controller-gen does: the name ends at the first
// "="; with one, the name's last ":" segment is the first argument's name
// for markers with named arguments, and is ignored for the others.
func (g ArgGrammar) Parse(text string) (any, error) {
	head, fields, hasValue := strings.Cut(strings.TrimSpace(text), "=")
	_, last, cut := cutLastSegment(head, hasValue)
	switch {
	case cut && len(g.Args) > 0 && !anonymous(g.Args):
		fields = last + "=" + fields
	case anonymous(g.Args) && g.Args[0].Whole && strings.HasPrefix(g.Name, "k8s:"):
		fields, _, _ = strings.Cut(fields, "#") // a +k8s: number may end in a comment
	}
	return ParseArgs(fields, g.Args)
}

func (g ArgGrammar) String() string {
	var parts []string
	for _, a := range g.Args {
		if a.Name == "" {
			return "value"
		}
		parts = append(parts, a.Name+"=...")
	}
	return strings.Join(parts, ",")
}

// cutLastSegment splits a marker's head (its text before the first "=")
// at its last ":", as controller-gen does when a value follows: the
// segment may be the first argument's name rather than part of the
// marker's.
func cutLastSegment(head string, hasValue bool) (name, last string, ok bool) {
	i := strings.LastIndexByte(head, ':')
	if !hasValue || i < 0 {
		return head, "", false
	}
	return head[:i], head[i+1:], true
}

// shape is the type of one value: a kind and, for a list, its items'.
type shape struct {
	kind ArgKind
	item *shape
}

func (k ArgKind) shape() shape {
	switch k {
	case ArgStrings:
		return shape{argList, &shape{kind: ArgString}}
	case ArgAnyList:
		return shape{argList, &shape{kind: ArgAny}}
	}
	return shape{kind: k}
}

// lexer wraps text/scanner with the delimiters controller-gen's grammar uses.
type lexer struct {
	s    scanner.Scanner
	src  string
	errs []string
}

func newLexer(src string) *lexer {
	l := &lexer{src: src}
	l.s.Init(strings.NewReader(src))
	l.s.Mode = scanner.ScanIdents | scanner.ScanInts | scanner.ScanFloats | scanner.ScanStrings | scanner.ScanRawStrings | scanner.SkipComments
	l.s.Error = func(_ *scanner.Scanner, msg string) { l.errs = append(l.errs, msg) }
	return l
}

func (l *lexer) fail(format string, a ...any) {
	l.errs = append(l.errs, fmt.Sprintf(format, a...))
}

func (l *lexer) failed() bool { return len(l.errs) > 0 }

// peek skips white space and returns the next rune, without taking it.
func (l *lexer) peek() rune {
	for {
		r := l.s.Peek()
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			return r
		}
		l.s.Next()
	}
}

// rest is the text not read yet.
func (l *lexer) rest() string { return l.src[l.s.Pos().Offset:] }

func (l *lexer) expect(want rune, what string) bool {
	if got := l.s.Scan(); got != want {
		l.fail("expected %s, got %q", what, l.s.TokenText())
		return false
	}
	return true
}

// read reads one value of shape sh. In a list, a guessed value is never
// itself a list of the a;b form.
func (l *lexer) read(sh shape, inList bool) any {
	switch sh.kind {
	case ArgRaw:
		rest := l.rest()
		for l.s.Scan() != scanner.EOF {
		}
		return rest
	case ArgString:
		return l.str(false)
	case ArgInt:
		return l.integer()
	case ArgNumber:
		return l.number()
	case ArgBool:
		return l.boolean()
	case argList:
		return l.list(*sh.item)
	case argMap:
		return l.mapping()
	case ArgAny:
		return l.read(l.guess(!inList), false)
	}
	return l.read(sh.kind.shape(), inList)
}

// minus takes a leading "-" right at the current position.
func (l *lexer) minus() string {
	if l.s.Peek() == '-' {
		l.s.Scan()
		return "-"
	}
	return ""
}

func (l *lexer) integer() any {
	sign := l.minus()
	if !l.expect(scanner.Int, "integer") {
		return 0
	}
	n, err := strconv.Atoi(sign + l.s.TokenText())
	if err != nil {
		l.fail("unable to parse integer: %v", err)
	}
	return n
}

func (l *lexer) number() any {
	sign := l.minus()
	if tok := l.s.Scan(); tok != scanner.Int && tok != scanner.Float {
		l.fail("expected integer or float, got %q", l.s.TokenText())
		return 0.0
	}
	f, err := strconv.ParseFloat(sign+l.s.TokenText(), 64)
	if err != nil {
		l.fail("unable to parse number: %v", err)
	}
	return f
}

func (l *lexer) boolean() any {
	if !l.expect(scanner.Ident, "true or false") {
		return false
	}
	switch l.s.TokenText() {
	case "true":
		return true
	case "false":
		return false
	}
	l.fail("expected true or false, got %q", l.s.TokenText())
	return false
}

// str reads a quoted string, or else the text of the tokens up to the next
// delimiter (always at least one token). In a map key, ":" ends it too.
// Skipping white space makes the scanner forget the last token's text, so
// bare text followed by spaces ends where its last token starts
// ("a b ," is "a "), as in controller-gen.
func (l *lexer) str(inMap bool) string {
	mode := l.s.Mode
	l.s.Mode = mode &^ scanner.ScanInts &^ scanner.ScanFloats
	defer func() { l.s.Mode = mode }()
	if tok := l.s.Scan(); tok == scanner.String || tok == scanner.RawString {
		v, err := strconv.Unquote(l.s.TokenText())
		if err != nil {
			l.fail("unable to parse string: %v", err)
		}
		return v
	}
	start := l.s.Position.Offset
	for !delimiter(l.peek(), inMap) {
		l.s.Scan()
	}
	return l.src[start : l.s.Position.Offset+len(l.s.TokenText())]
}

func delimiter(r rune, inMap bool) bool {
	switch r {
	case ',', ';', '}', scanner.EOF:
		return true
	}
	return inMap && r == ':'
}

// list reads {a,b,c} or a;b;c. An empty list is nil.
func (l *lexer) list(item shape) []any {
	if l.peek() == '{' {
		return l.braced(item)
	}
	var out []any
	for r := l.peek(); r != ',' && r != '}' && r != scanner.EOF; r = l.peek() {
		out = append(out, l.read(item, true))
		next := l.peek()
		if next == ',' || next == '}' || next == scanner.EOF {
			break
		}
		l.s.Scan()
		if next != ';' {
			l.fail("expected comma, got %q", l.s.TokenText())
			break
		}
	}
	return out
}

// braced reads {a,b,c}.
func (l *lexer) braced(item shape) []any {
	var out []any
	l.s.Scan()
	l.untilBrace(func() bool {
		out = append(out, l.read(item, true))
		return true
	})
	return out
}

// mapping reads {key: value, ...}, each value guessed.
func (l *lexer) mapping() map[string]any {
	out := map[string]any{}
	if !l.expect('{', "open curly brace") {
		return out
	}
	l.untilBrace(func() bool {
		k := l.str(true)
		if !l.expect(':', "colon") {
			return false
		}
		out[k] = l.read(shape{kind: ArgAny}, false)
		return true
	})
	return out
}

// untilBrace reads comma-separated items with item, after the "{", and
// the closing "}"; it stops, leaving the rest, where item or a comma
// fails.
func (l *lexer) untilBrace(item func() bool) {
	for r := l.peek(); r != '}' && r != scanner.EOF; r = l.peek() {
		if !item() {
			return
		}
		if l.peek() == '}' {
			break
		}
		if !l.expect(',', "comma") {
			return
		}
	}
	l.expect('}', "close curly brace")
}

// guess says what shape the value ahead has, reading nothing. With
// semicolons allowed, a ";" before any "," makes it a list of what its
// first item looks like.
func (l *lexer) guess(semicolons bool) shape {
	first := guessOne(l.rest())
	if semicolons && semicolonFirst(l.rest()) {
		return shape{argList, &first}
	}
	return first
}

// semicolonFirst reports whether text has a ";" token before any ",".
func semicolonFirst(text string) bool {
	sub := newLexer(text)
	for {
		switch sub.s.Scan() {
		case ';':
			return true
		case ',', scanner.EOF:
			return false
		}
	}
}

// guessOne guesses the shape of the value text begins with: a quoted
// string, a map or list in braces, a bool, or a number that a delimiter
// follows; anything else is a bare string.
func guessOne(text string) shape {
	sub := newLexer(text)
	switch r := sub.peek(); r {
	case '"', '\'', '`':
		return shape{kind: ArgString}
	case '{':
		return sub.guessBraced()
	case 't', 'f':
		sub.s.Scan()
		if t := sub.s.TokenText(); t == "true" || t == "false" {
			return shape{kind: ArgBool}
		}
		return shape{kind: ArgString}
	}
	tok := sub.s.Scan()
	if tok == '-' {
		tok = sub.s.Scan()
	}
	switch {
	case sub.failed() || !delimiter(sub.peek(), false):
	case tok == scanner.Int:
		return shape{kind: ArgInt}
	case tok == scanner.Float:
		return shape{kind: ArgNumber}
	}
	return shape{kind: ArgString}
}

// guessBraced tells a map from a list: a map is {} or starts with a
// string key and a colon; a list's items look like its first.
func (l *lexer) guessBraced() shape {
	l.s.Scan()
	inner := l.peek()
	item := guessOne(l.rest())
	if item.kind == ArgString {
		l.str(true)
		if l.s.Scan() == ':' || inner == '}' {
			return shape{kind: argMap}
		}
	}
	return shape{argList, &item}
}

// parseArgs reads the arguments of a marker whose definition has args,
// from fields, the text after "=" (with a named argument's name in front
// when it was written as +marker:name=value).
func ParseArgs(fields string, args []Arg) (map[string]any, error) {
	if anonymous(args) && args[0].Whole {
		return wholeNumber(fields, args[0].Kind)
	}
	out := map[string]any{}
	l := newLexer(fields)
	switch {
	case anonymous(args) && l.s.Peek() != scanner.EOF:
		out[""] = l.read(args[0].Kind.shape(), false)
	case !anonymous(args) && len(args) > 0 && l.s.Peek() != scanner.EOF:
		l.named(args, out)
	}
	if l.s.Scan() != scanner.EOF {
		l.fail("extra arguments provided: %q", fields[l.s.Position.Offset:])
	}
	for _, a := range args {
		if _, ok := out[a.Name]; !ok && !a.Optional {
			l.fail("missing argument %q", a.Name)
		}
	}
	if l.failed() {
		return out, fmt.Errorf("%s", strings.Join(l.errs, "; "))
	}
	return out, nil
}

// named reads name=value pairs separated by commas into out, stopping at
// the first problem.
func (l *lexer) named(args []Arg, out map[string]any) {
	for l.expect(scanner.Ident, "argument name") {
		name := l.s.TokenText()
		if !l.expect('=', "equals") {
			return
		}
		a, ok := findArg(args, name)
		if !ok {
			l.fail("unknown argument %q", name)
			return
		}
		out[name] = l.read(a.Kind.shape(), false)
		if l.failed() || l.s.Peek() == scanner.EOF || !l.expect(',', "comma") {
			return
		}
	}
}

// wholeNumber reads all of fields, trimmed, as one number of kind k;
// ArgRaw keeps the text as it is, for its reader to parse.
func wholeNumber(fields string, k ArgKind) (map[string]any, error) {
	text := strings.TrimSpace(fields)
	switch k {
	case ArgRaw:
		return map[string]any{"": fields}, nil
	case ArgInt:
		n, err := strconv.Atoi(text)
		return map[string]any{"": n}, err
	}
	f, err := strconv.ParseFloat(text, 64)
	return map[string]any{"": f}, err
}

func anonymous(args []Arg) bool { return len(args) == 1 && args[0].Name == "" }

// Arg returns g's argument of this name.
func (g ArgGrammar) Arg(name string) (Arg, bool) { return findArg(g.Args, name) }

func findArg(args []Arg, name string) (Arg, bool) {
	for _, a := range args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// Strings reads text as controller-gen reads a list option, such as the
// value of paths=: "a;b", "{a,b}", or one quoted or bare string.
func Strings(text string) ([]string, error) {
	out, err := ParseArgs(text, []Arg{Value(ArgStrings)})
	if err != nil {
		return nil, err
	}
	items, _ := out[""].([]any)
	list := make([]string, 0, len(items))
	for _, v := range items {
		list = append(list, fmt.Sprint(v))
	}
	return list, nil
}
