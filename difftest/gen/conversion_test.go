package gen

import (
	"strings"
	"testing"
)

// TestHubProps makes the property commands of the defaulter and
// conversion dialects: they must be Go, check some subjects, and leave out
// the versioned structs that a round trip loses values of.
func TestHubProps(t *testing.T) {
	var conv, def []*API
	generated := map[string]bool{}
	for seed := range int64(30) {
		root := "s" + string(rune('a'+seed))
		conv = append(conv, Generate(Conversion, seed, root))
		d := Generate(Defaulter, seed, root+"d")
		for _, p := range d.Packages {
			generated[d.Dir(p)] = true
		}
		def = append(def, d)
	}
	files, err := ConversionProps(conv...)
	if err != nil {
		t.Fatal(err)
	}
	src := string(files[PropsDir+"/subjects.go"])
	if !strings.Contains(src, "AddToScheme") {
		t.Errorf("no conversion subjects in:\n%s", src)
	}
	for _, a := range conv {
		for _, p := range a.Packages {
			for _, ty := range p.Types {
				if name := a.Dir(p) + "." + ty.Name; ty.Lossy && strings.Contains(src, `"`+name+`"`) {
					t.Errorf("%s loses values in a round trip, and is a subject", name)
				}
			}
		}
	}
	files, err = DefaulterProps(generated, def...)
	if err != nil {
		t.Fatal(err)
	}
	if src := string(files[PropsDir+"/subjects.go"]); !strings.Contains(src, "RegisterDefaults") || !strings.Contains(src, "sentinel:") {
		t.Errorf("no defaulter subjects or sentinels in:\n%s", src)
	}
}
