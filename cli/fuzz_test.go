package cli

import (
	"reflect"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// FuzzPlurals feeds --plural-exceptions values, split as the flag splits
// them, to their parser. It must not panic, and must give the same result
// twice.
func FuzzPlurals(f *testing.F) {
	for _, s := range []string{"Endpoints:Endpoints", "Endpoints:Endpoints,ResourceClaimParameters:ResourceClaimParameters", "", ":", "a:b:c", "NoColon", ",,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		items := strings.Split(value, ",")
		m1, err1 := Plurals("client-", items)
		m2, err2 := Plurals("client-", items)
		if !reflect.DeepEqual(m1, m2) || !refmodtest.SameError(err1, err2) {
			t.Errorf("two parses of %q differ: %v %v; %v %v", value, m1, err1, m2, err2)
		}
	})
}
