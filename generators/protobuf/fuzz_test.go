package protobuf

import (
	"reflect"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// FuzzParseTag feeds protobuf struct tag values to the tag parser. It must
// not panic, and must give the same result twice.
func FuzzParseTag(f *testing.F) {
	for _, tag := range refmodtest.ReadSeeds(f, "../../testdata").StructTags {
		if v := reflect.StructTag(tag).Get("protobuf"); v != "" {
			f.Add(v)
		}
	}
	f.Fuzz(func(t *testing.T, tag string) {
		t1, err1 := parseTag(tag, "k8s.io.api.core.v1", "k8s.io/api/core/v1/generated.proto")
		t2, err2 := parseTag(tag, "k8s.io.api.core.v1", "k8s.io/api/core/v1/generated.proto")
		if !reflect.DeepEqual(t1, t2) || !refmodtest.SameError(err1, err2) {
			t.Errorf("two parses of %q differ: %v %v; %v %v", tag, t1, err1, t2, err2)
		}
	})
}

// FuzzPackagesEntry feeds entries of --packages and
// --apimachinery-packages, as [+|-]import/path[=proto.package], to their
// parser. It must not panic, must give the same result twice, and an
// entry it accepts names a package and a proto package.
func FuzzPackagesEntry(f *testing.F) {
	for _, s := range append(DefaultAPIMachineryPackages, "+k8s.io/api/core/v1", "k8s.io/api/apps/v1=k8s.io.api.apps.v1", "-k8s.io/apimachinery/pkg/util/intstr", "=", "+", "-=x") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e1, err1 := parseEntry(s, "--packages")
		e2, err2 := parseEntry(s, "--packages")
		if !reflect.DeepEqual(e1, e2) || !refmodtest.SameError(err1, err2) {
			t.Errorf("two parses of %q differ: %+v %v; %+v %v", s, e1, err1, e2, err2)
		}
		if err1 == nil && (e1.path == "" || e1.proto == "") {
			t.Errorf("%q was accepted without a package or proto package: %+v", s, e1)
		}
	})
}
