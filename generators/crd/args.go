package crd

import (
	"fmt"
	"strconv"
	"strings"
	"text/scanner"
)

// kind is the type of a marker argument, as controller-gen reads it.
type kind int

const (
	kString kind = iota
	kInt
	kNumber
	kBool
	kStrings // a list: {a,b} or a;b
	kAnyList // a list of guessed values
	kAny     // guessed from the text: string, number, bool, list or map
	kRaw     // the rest of the marker, unparsed
)

// arg is one argument of a marker. An empty name is the marker's single
// unnamed value: +name=value.
type arg struct {
	name     string
	kind     kind
	optional bool
	pointer  bool // recorded even when given the zero value
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

// peek returns the next rune that is not white space, without taking it.
func (l *lexer) peek() rune {
	for {
		r := l.s.Peek()
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			return r
		}
		l.s.Next()
	}
}

func (l *lexer) expect(want rune, what string) bool {
	if got := l.s.Scan(); got != want {
		l.fail("expected %s, got %q", what, l.s.TokenText())
		return false
	}
	return true
}

// value reads one value of kind k.
func (l *lexer) value(k kind, inList bool) any {
	switch k {
	case kRaw:
		rest := l.src[l.s.Pos().Offset:]
		for l.s.Scan() != scanner.EOF {
		}
		return rest
	case kString:
		return l.str(false)
	case kInt:
		neg := l.s.Peek() == '-'
		if neg {
			l.s.Scan()
		}
		if !l.expect(scanner.Int, "integer") {
			return 0
		}
		n, err := strconv.Atoi(sign(neg) + l.s.TokenText())
		if err != nil {
			l.fail("unable to parse integer: %v", err)
		}
		return n
	case kNumber:
		neg := l.s.Peek() == '-'
		if neg {
			l.s.Scan()
		}
		if tok := l.s.Scan(); tok != scanner.Int && tok != scanner.Float {
			l.fail("expected integer or float, got %q", l.s.TokenText())
			return 0.0
		}
		f, err := strconv.ParseFloat(sign(neg)+l.s.TokenText(), 64)
		if err != nil {
			l.fail("unable to parse number: %v", err)
		}
		return f
	case kBool:
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
	case kStrings:
		return l.list(kString)
	case kAnyList:
		return l.list(kAny)
	}
	return l.any(inList)
}

func sign(neg bool) string {
	if neg {
		return "-"
	}
	return ""
}

// str reads a quoted string, or bare text up to the next delimiter.
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
	stop := func(r rune) bool {
		return r == ',' || r == ';' || r == '}' || r == scanner.EOF || (inMap && r == ':')
	}
	start := l.s.Position.Offset
	for !stop(l.peek()) {
		l.s.Scan()
	}
	end := l.s.Position.Offset + len(l.s.TokenText())
	if start < 0 || end < start || end > len(l.src) {
		return ""
	}
	return l.src[start:end]
}

// list reads {a,b,c} or a;b;c.
func (l *lexer) list(item kind) []any {
	out := []any{}
	if l.peek() == '{' {
		l.s.Scan()
		for r := l.peek(); r != '}' && r != scanner.EOF; r = l.peek() {
			out = append(out, l.value(item, true))
			if l.peek() == '}' {
				break
			}
			if !l.expect(',', "comma") {
				return out
			}
		}
		l.expect('}', "close curly brace")
		return out
	}
	for r := l.peek(); r != ',' && r != '}' && r != scanner.EOF; r = l.peek() {
		out = append(out, l.value(item, true))
		next := l.peek()
		if next == ',' || next == '}' || next == scanner.EOF {
			break
		}
		l.s.Scan()
		if next != ';' {
			l.fail("expected comma, got %q", l.s.TokenText())
			return out
		}
	}
	return out
}

// mapping reads {key: value, ...}.
func (l *lexer) mapping() map[string]any {
	out := map[string]any{}
	if !l.expect('{', "open curly brace") {
		return out
	}
	for r := l.peek(); r != '}' && r != scanner.EOF; r = l.peek() {
		k := l.str(true)
		if !l.expect(':', "colon") {
			return out
		}
		out[k] = l.value(kAny, false)
		if l.peek() == '}' {
			break
		}
		if !l.expect(',', "comma") {
			return out
		}
	}
	l.expect('}', "close curly brace")
	return out
}

// any guesses the kind of the value ahead and reads it.
func (l *lexer) any(inList bool) any {
	k, item := l.guess(l.src[l.s.Pos().Offset:], !inList)
	switch k {
	case kStrings:
		return l.list(item)
	case -1:
		return l.mapping()
	}
	return l.value(k, inList)
}

// guess looks at text, the unread rest, and says what kind of value it
// starts with; for lists it also gives the kind of the items. A map is -1.
func (l *lexer) guess(text string, listOK bool) (kind, kind) {
	if listOK {
		first, _ := l.guess(text, false)
		sub := newLexer(text)
		tok := sub.s.Scan()
		for tok != ',' && tok != scanner.EOF && tok != ';' {
			tok = sub.s.Scan()
		}
		if tok == ';' {
			return kStrings, first
		}
		return first, 0
	}
	sub := newLexer(text)
	switch hint := sub.peek(); {
	case hint == '"' || hint == '\'' || hint == '`':
		return kString, 0
	case hint == '{':
		sub.s.Scan()
		inner := sub.peek()
		first, _ := sub.guess(text[sub.s.Pos().Offset:], false)
		if first == kString {
			sub.str(true)
			if sub.s.Scan() == ':' || inner == '}' {
				return -1, kAny
			}
		}
		return kStrings, first
	case hint == 't' || hint == 'f':
		if sub.s.Scan() == scanner.Ident {
			if t := sub.s.TokenText(); t == "true" || t == "false" {
				return kBool, 0
			}
			return kString, 0
		}
		return kString, 0
	}
	tok := sub.s.Scan()
	if tok == '-' {
		tok = sub.s.Scan()
	}
	if len(sub.errs) == 0 && (tok == scanner.Int || tok == scanner.Float) {
		if f := sub.peek(); f == ',' || f == ';' || f == scanner.EOF || f == '}' {
			if tok == scanner.Int {
				return kInt, 0
			}
			return kNumber, 0
		}
	}
	return kString, 0
}

// parseArgs reads the arguments of a marker whose definition has args,
// from fields, the text after "=". Named arguments come as name=value
// pairs separated by commas.
func parseArgs(fields string, args []arg) (map[string]any, error) {
	out := map[string]any{}
	l := newLexer(fields)
	if len(args) == 1 && args[0].name == "" {
		switch {
		case l.s.Peek() != scanner.EOF:
			out[""] = l.value(args[0].kind, false)
		case args[0].kind == kBool:
			out[""] = true // a bare flag marker means true
		}
	} else if len(args) > 0 && l.s.Peek() != scanner.EOF {
		for l.expect(scanner.Ident, "argument name") {
			name := l.s.TokenText()
			if !l.expect('=', "equals") {
				break
			}
			a, ok := findArg(args, name)
			if !ok {
				l.fail("unknown argument %q", name)
				break
			}
			out[name] = l.value(a.kind, false)
			if len(l.errs) > 0 || l.s.Peek() == scanner.EOF {
				break
			}
			if !l.expect(',', "comma") {
				break
			}
		}
	}
	if l.s.Scan() != scanner.EOF {
		l.fail("extra arguments provided: %q", fields[min(len(fields), max(0, l.s.Position.Offset)):])
	}
	for _, a := range args {
		if _, ok := out[a.name]; !ok && !a.optional {
			l.fail("missing argument %q", a.name)
		}
	}
	if len(l.errs) > 0 {
		return out, fmt.Errorf("%s", strings.Join(l.errs, "; "))
	}
	return out, nil
}

func findArg(args []arg, name string) (arg, bool) {
	for _, a := range args {
		if a.name == name {
			return a, true
		}
	}
	return arg{}, false
}
