package model

import (
	"fmt"
	"strconv"
	"strings"
)

// checkTag reports a struct tag that does not follow the conventional
// `key:"value" key:"value"` form, which reflect.StructTag.Get would silently
// misread.
func checkTag(tag string) error {
	for rest := tag; rest != ""; {
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			break
		}
		i := 0
		for i < len(rest) && rest[i] > ' ' && rest[i] != ':' && rest[i] != '"' && rest[i] != 0x7f {
			i++
		}
		if i == 0 {
			return fmt.Errorf("expected a key at %q", rest)
		}
		key := rest[:i]
		if i+1 >= len(rest) || rest[i] != ':' || rest[i+1] != '"' {
			return fmt.Errorf("key %q must be followed by a colon and a quoted value", key)
		}
		rest = rest[i+1:]
		end := 1
		for end < len(rest) && rest[end] != '"' {
			if rest[end] == '\\' {
				end++
			}
			end++
		}
		if end >= len(rest) {
			return fmt.Errorf("value of key %q is not terminated", key)
		}
		if _, err := strconv.Unquote(rest[:end+1]); err != nil {
			return fmt.Errorf("value of key %q is not a valid quoted string", key)
		}
		rest = rest[end+1:]
		if rest != "" && rest[0] != ' ' {
			return fmt.Errorf("expected a space after the value of key %q", key)
		}
	}
	return nil
}
