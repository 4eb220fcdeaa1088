package protobuf

import (
	"fmt"
	"strconv"
	"strings"
)

// protoTag is what a field's protobuf:"wire,N,label,key=value,..." struct
// tag says.
type protoTag struct {
	number  int
	message *Type             // set when the wire type names a message, such as Timestamp
	name    string            // from name=
	casts   map[string]string // casttype=, castkey=, castvalue= as gogo options, values quoted
}

// wireTypes are the wire types a tag may give; any other word names the
// message the field holds.
var wireTypes = map[string]bool{"varint": true, "fixed32": true, "fixed64": true, "bytes": true, "group": true}

// parseTag reads a protobuf tag as upstream does. Only the number and the
// options from the fourth element on count; the label is not read. A
// message named without a package is one of local's, declared in file.
func parseTag(tag, local, file string) (protoTag, error) {
	parts := strings.Split(tag, ",")
	if len(parts) < 3 {
		return protoTag{}, fmt.Errorf("want wire,number,label[,key=value...], got %d elements", len(parts))
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		return protoTag{}, fmt.Errorf("field number %q is not an integer", parts[1])
	}
	t := protoTag{number: n, casts: map[string]string{}}
	if !wireTypes[parts[0]] {
		t.message = namedMessage(parts[0], local, file)
	}
	for i, kv := range parts[3:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return protoTag{}, fmt.Errorf("element %d, %q, is not key=value", i+4, kv)
		}
		switch k {
		case "name":
			t.name = v
		case "casttype", "castkey", "castvalue":
			t.casts["(gogoproto."+k+")"] = strconv.Quote(v)
		}
	}
	return t, nil
}

// namedMessage is the message a tag's wire type names: a.b.Msg is Msg of
// proto package a.b, declared (upstream supposes) in a/b.
func namedMessage(name, local, file string) *Type {
	i := strings.LastIndex(name, ".")
	if i < 0 {
		return &Type{Name: name, Package: local, Path: file}
	}
	return &Type{Name: name[i+1:], Package: name[:i], Path: strings.ReplaceAll(name[:i], ".", "/")}
}

// checkNumber reports a field number that protoc rejects.
func checkNumber(n int) error {
	switch {
	case n < 1 || n > 1<<29-1:
		return fmt.Errorf("field number %d is out of range 1 to %d", n, 1<<29-1)
	case n >= 19000 && n <= 19999:
		return fmt.Errorf("field number %d is reserved by protobuf (19000 to 19999)", n)
	}
	return nil
}
