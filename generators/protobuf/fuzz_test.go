package protobuf

import (
	"reflect"
	"testing"

	"github.com/apigen-dev/apigen/refmod"
)

// FuzzParseTag feeds protobuf struct tag values to the tag parser. It must
// not panic, and must give the same result twice.
func FuzzParseTag(f *testing.F) {
	for _, tag := range refmod.ReadSeeds(f, "../../testdata").StructTags {
		if v := reflect.StructTag(tag).Get("protobuf"); v != "" {
			f.Add(v)
		}
	}
	f.Fuzz(func(t *testing.T, tag string) {
		t1, err1 := parseTag(tag, "k8s.io.api.core.v1", "k8s.io/api/core/v1/generated.proto")
		t2, err2 := parseTag(tag, "k8s.io.api.core.v1", "k8s.io/api/core/v1/generated.proto")
		if !reflect.DeepEqual(t1, t2) || !refmod.SameError(err1, err2) {
			t.Errorf("two parses of %q differ: %v %v; %v %v", tag, t1, err1, t2, err2)
		}
	})
}
