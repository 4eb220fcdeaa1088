package model

import (
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// FuzzCheckTag feeds struct tags to the model's tag check. It must not
// panic, and must give the same verdict twice.
func FuzzCheckTag(f *testing.F) {
	for _, tag := range refmodtest.ReadSeeds(f, "../testdata").StructTags {
		f.Add(tag)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		err1, err2 := checkTag(tag), checkTag(tag)
		if !refmodtest.SameError(err1, err2) {
			t.Errorf("two checks of %q differ: %v; %v", tag, err1, err2)
		}
	})
}
