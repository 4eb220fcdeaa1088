package validators

import "testing"

func TestOpaqueType(t *testing.T) {
	v, err := evalTag(t, Config{}, fieldContext(tStruct), "k8s:opaqueType")
	if err != nil || !v.OpaqueType || v.HasEmitable() {
		t.Errorf("got %#v, %v", v, err)
	}
	wantError(t, Context{Scope: ScopeConst, Type: tNamedString}, "k8s:opaqueType", "cannot be specified on constant values")
}
