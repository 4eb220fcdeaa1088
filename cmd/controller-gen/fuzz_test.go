package main

import (
	"reflect"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// FuzzArgs feeds controller-gen's argument grammars, the options after a
// generator's name (crd:crdVersions=v1,maxDescLen=0) and the output rules
// (output:crd:artifacts:config=DIR), to their parsers. They must not
// panic, and must give the same result twice.
func FuzzArgs(f *testing.F) {
	for _, s := range []string{"", "crdVersions=v1", "allowDangerousTypes=true,maxDescLen=0", "generateEmbeddedObjectMeta=true",
		"headerFile=\"hack/boilerplate.go.txt\",year=2026", "roleName=manager-role", "dir=config/crd", "artifacts:config=config/crd/bases",
		"artifacts:config=a,code=b", "stdout", "none", "crdVersions={v1}", "maxDescLen=-1", "ignoreUnexportedFields=true", "=,", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range generatorNames {
			_, err1 := newGenerator(name, s)
			_, err2 := newGenerator(name, s)
			if !refmodtest.SameError(err1, err2) {
				t.Errorf("%s:%s: two parses differ: %v; %v", name, s, err1, err2)
			}
		}
		r1, err1 := parseRule(s)
		r2, err2 := parseRule(s)
		if !reflect.DeepEqual(r1, r2) || !refmodtest.SameError(err1, err2) {
			t.Errorf("output rule %q: two parses differ: %+v %v; %+v %v", s, r1, err1, r2, err2)
		}
	})
}
