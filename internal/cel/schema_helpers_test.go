package cel

import (
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// Builders for the schemas the openapi generator produces from Go types: one spec.Schema
// per named type, fields referring to named types by $ref.

func typed(t string) spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{t}}}
}

func str() spec.Schema     { return typed("string") }
func integer() spec.Schema { return typed("integer") }

func strFormat(format string) spec.Schema {
	s := str()
	s.Format = format
	return s
}

func maxLen(s spec.Schema, n int64) spec.Schema {
	s.MaxLength = &n
	return s
}

func maxItems(s spec.Schema, n int64) spec.Schema {
	s.MaxItems = &n
	return s
}

func maxProps(s spec.Schema, n int64) spec.Schema {
	s.MaxProperties = &n
	return s
}

// obj is a struct; required lists its non-omitempty fields.
func obj(props map[string]spec.Schema, required ...string) spec.Schema {
	s := typed("object")
	s.Properties = props
	s.Required = required
	return s
}

// list is a slice; listType, if given, is its +listType and the rest its +listMapKey.
func list(items spec.Schema, listType ...string) spec.Schema {
	s := typed("array")
	s.Items = &spec.SchemaOrArray{Schema: &items}
	if len(listType) > 0 {
		s = ext(s, extListType, listType[0])
		if len(listType) > 1 {
			keys := make([]any, 0, len(listType)-1)
			for _, k := range listType[1:] {
				keys = append(keys, k)
			}
			s = ext(s, extListMapKeys, keys)
		}
	}
	return s
}

// mapOf is map[string]V.
func mapOf(v spec.Schema) spec.Schema {
	s := typed("object")
	s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &v}
	return s
}

// intOrString is intstr.IntOrString as the generator writes it.
func intOrString() spec.Schema {
	s := spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}, Format: "int-or-string"}}
	return ext(s, extIntOrString, true)
}

func ref(name string) spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Ref: spec.MustCreateRef(refDefinitions + escapePointer(name))}}
}

func ext(s spec.Schema, key string, v any) spec.Schema {
	exts := spec.Extensions{}
	for k, x := range s.Extensions {
		exts[k] = x
	}
	exts.Add(key, v)
	s.Extensions = exts
	return s
}

// r is one +k8s:validation:cel / XValidation marker: a rule, then optional
// key/value pairs (messageExpression, reason, fieldPath, message, optionalOldSelf).
func r(rule string, kv ...string) map[string]any {
	m := map[string]any{"rule": rule}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// rules puts the rules on s, after any already there, as generated data ([]any of maps).
func rules(s spec.Schema, rs ...map[string]any) spec.Schema {
	var list []any
	if old, ok := s.Extensions[extValidations].([]any); ok {
		list = append(list, old...)
	}
	for _, x := range rs {
		list = append(list, x)
	}
	return ext(s, extValidations, list)
}

// objectMeta is a cut-down metav1.ObjectMeta, enough to show it is replaced at a
// resource's root.
func objectMeta() spec.Schema {
	return obj(map[string]spec.Schema{
		"name":         str(),
		"generateName": str(),
		"namespace":    str(),
		"labels":       mapOf(str()),
		"finalizers":   list(str()),
	})
}

const metaDef = "k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta"

// kind is the schema of a top-level API type: TypeMeta inlined, ObjectMeta, and fields.
func kind(props map[string]spec.Schema, required ...string) spec.Schema {
	all := map[string]spec.Schema{
		"apiVersion": str(),
		"kind":       str(),
		"metadata":   ref(metaDef),
	}
	for k, v := range props {
		all[k] = v
	}
	return obj(all, required...)
}
