package load

// blankBodies returns a copy of Go source in which the bodies of top-level
// functions are blanked: every byte between a body's braces becomes a space,
// except newlines. Offsets and line numbers stay as they were, and the parser
// no longer spends most of its time on statements generators never read.
//
// It recognises gofmt-style declarations, with "func" at the start of a line.
// It returns nil when it meets anything it does not understand; the caller
// then parses the original.
func blankBodies(src []byte) []byte {
	out := make([]byte, len(src))
	copy(out, src)
	s := scanner{src: src}
	for s.i < len(src) {
		if s.atLineStart() && s.hasWord("func") {
			s.i += len("func")
			open := s.findBody()
			if open < 0 {
				if s.failed {
					return nil
				}
				continue
			}
			s.i = open + 1
			if !s.skipBlock() {
				return nil
			}
			for k := open + 1; k < s.i-1; k++ {
				if out[k] != '\n' {
					out[k] = ' '
				}
			}
			continue
		}
		if !s.skipToken() {
			return nil
		}
	}
	return out
}

type scanner struct {
	src    []byte
	i      int
	failed bool
}

func (s *scanner) atLineStart() bool { return s.i == 0 || s.src[s.i-1] == '\n' }

func (s *scanner) hasWord(w string) bool {
	end := s.i + len(w)
	if end > len(s.src) || string(s.src[s.i:end]) != w {
		return false
	}
	return end == len(s.src) || !isIdentByte(s.src[end])
}

// findBody scans a function's signature and returns the offset of the brace
// that opens its body, or -1 for a declaration without a body.
func (s *scanner) findBody() int {
	depth := 0 // of parentheses and brackets
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '\n' && depth == 0:
			return -1
		case c == '{' && depth == 0 && !s.afterTypeKeyword():
			return s.i
		case c == '{':
			s.i++
			if !s.skipBlock() {
				s.failed = true
				return -1
			}
			continue
		}
		if !s.skipToken() {
			s.failed = true
			return -1
		}
	}
	return -1
}

// afterTypeKeyword reports whether the brace at s.i opens a struct or
// interface type literal rather than a body.
func (s *scanner) afterTypeKeyword() bool {
	j := s.i
	for j > 0 && (s.src[j-1] == ' ' || s.src[j-1] == '\t') {
		j--
	}
	k := j
	for k > 0 && isIdentByte(s.src[k-1]) {
		k--
	}
	w := string(s.src[k:j])
	return w == "struct" || w == "interface"
}

// skipBlock moves past the brace that closes the block whose opening brace
// is just before s.i.
func (s *scanner) skipBlock() bool {
	depth := 1
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				s.i++
				return true
			}
		}
		if !s.skipToken() {
			return false
		}
	}
	return false
}

// skipToken moves past one byte, or past a whole comment, string or rune
// literal starting at s.i. It reports false for an unterminated one.
func (s *scanner) skipToken() bool {
	src, i := s.src, s.i
	switch {
	case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
		for i < len(src) && src[i] != '\n' {
			i++
		}
	case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
		end := indexFrom(src, i+2, "*/")
		if end < 0 {
			return false
		}
		i = end + 2
	case src[i] == '`':
		end := indexFrom(src, i+1, "`")
		if end < 0 {
			return false
		}
		i = end + 1
	case src[i] == '"' || src[i] == '\'':
		q := src[i]
		for i++; i < len(src) && src[i] != q; i++ {
			if src[i] == '\\' {
				i++
			} else if src[i] == '\n' {
				return false
			}
		}
		if i >= len(src) {
			return false
		}
		i++
	default:
		i++
	}
	s.i = i
	return true
}

func indexFrom(b []byte, from int, sep string) int {
	for i := from; i+len(sep) <= len(b); i++ {
		if string(b[i:i+len(sep)]) == sep {
			return i
		}
	}
	return -1
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
