package applyconfig

import (
	"reflect"
	"strings"

	"k8s.io/gengo/v2/types"
)

// jsonTag is what a field's json struct tag tells the apply configuration.
type jsonTag struct {
	name      string // the field's name when the tag gives none
	inline    bool   // an embedded field with no name: its fields are the parent's
	omitempty bool
}

// String is the tag the apply configuration's field gets: no name for
// inlined fields.
func (j jsonTag) String() string {
	s := ""
	if !j.inline {
		s = j.name
	}
	if j.omitempty {
		s += ",omitempty"
	}
	return s
}

// jsonTagOf reads m's json tag. Fields without one, or tagged "-", are not
// serialized and get no apply configuration.
func jsonTagOf(m types.Member) (jsonTag, bool) {
	tag, ok := reflect.StructTag(m.Tags).Lookup("json")
	if !ok || tag == "-" {
		return jsonTag{}, false
	}
	name, opts, _ := strings.Cut(tag, ",")
	j := jsonTag{name: name, inline: m.Embedded && name == ""}
	if name == "" {
		j.name = m.Name
	}
	for _, o := range strings.Split(opts, ",") {
		if o == "omitempty" {
			j.omitempty = true
		}
	}
	return j, true
}
