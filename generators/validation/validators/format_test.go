package validators

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

func TestFormat(t *testing.T) {
	for format, fn := range map[string]string{
		"k8s-long-name":          "LongName",
		"k8s-uuid":               "UUID",
		"k8s-label-key":          "LabelKey",
		"k8s-path-segment-name":  "PathSegmentName",
		"k8s-resource-pool-name": "ResourcePoolName",
	} {
		text := `k8s:format="` + format + `"`
		want := []FunctionGen{Function(tnFormat, DefaultFlags, stdFn(fn)).
			WithEmits(emitting(field.ErrorTypeInvalid, "format="+format))}
		checkFunctions(t, text, mustFunctions(t, fieldContext(types.PointerTo(tNamedString)), text), want)
	}
	wantError(t, fieldContext(types.String), `k8s:format="k8s-ip"`, `unsupported validation format "k8s-ip"`)
	wantError(t, fieldContext(types.Int), `k8s:format="k8s-uuid"`, "can only be used on string types (int)")
	wantError(t, fieldContext(types.String), `k8s:format=3`, "tag value has wrong type")
	if d := (formatTag{}).Docs(); len(d.Payloads) != len(formatFuncs)+1 || len(d.Scopes) != 5 || !d.PayloadsRequired {
		t.Errorf("bad docs %#v", d)
	}
}
