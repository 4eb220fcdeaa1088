package e2e

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	frobbersv6 "example.com/frobbers/apis/frobbers/v6"
)

// Names of the example API as the API server serves it.
const (
	Group    = frobbersv6.GroupName
	Version  = "v6"
	Resource = "frobbers"
	Kind     = "Frobber"
	ListKind = "FrobberList"
	Singular = "frobber"
	CRDName  = Resource + "." + Group
)

// FrobberCRD returns the CustomResourceDefinition that serves the example
// API's v6 Frobber (namespaced, with the status subresource enabled).
//
// The schema is written by hand from the Go types in
// example.com/frobbers/apis/frobbers/v6. It lists every JSON field, so the
// server prunes nothing that the typed client sends. Notes on the mapping:
//
//   - The Go types carry no +listType markers, so every list is atomic (the
//     default for CRDs). Server-side apply then treats spec.ports as one
//     value; the conflict tests use the scalar spec.height instead.
//   - spec.startTime is a metav1.Time without omitempty: a zero value is sent
//     as null, so the field is nullable.
//   - spec.weights holds *int32, so its items are nullable.
//   - spec.target is an intstr.IntOrString.
//   - spec.widget is a Go interface; its content is free-form, so the schema
//     keeps whatever is sent. Objects in the tests leave it unset, since the
//     typed client could not decode it into an interface anyway.
func FrobberCRD() *apiextensionsv1.CustomResourceDefinition {
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: CRDName},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: Group,
			Names: apiextensionsv1.CustomResourceDefinitionNames{
				Plural:   Resource,
				Singular: Singular,
				Kind:     Kind,
				ListKind: ListKind,
			},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name:    Version,
				Served:  true,
				Storage: true,
				Schema: &apiextensionsv1.CustomResourceValidation{
					OpenAPIV3Schema: frobberSchema(),
				},
				Subresources: &apiextensionsv1.CustomResourceSubresources{
					Status: &apiextensionsv1.CustomResourceSubresourceStatus{},
				},
			}},
		},
	}
}

func frobberSchema() *apiextensionsv1.JSONSchemaProps {
	str := apiextensionsv1.JSONSchemaProps{Type: "string"}
	int32s := apiextensionsv1.JSONSchemaProps{Type: "integer", Format: "int32"}
	int64s := apiextensionsv1.JSONSchemaProps{Type: "integer", Format: "int64"}
	strList := arrayOf(str)
	strMap := mapOf(str)
	dateTime := apiextensionsv1.JSONSchemaProps{Type: "string", Format: "date-time", Nullable: true}
	nullableInt32 := int32s
	nullableInt32.Nullable = true
	yes := true

	port := apiextensionsv1.JSONSchemaProps{
		Type:     "object",
		Required: []string{"name", "port"},
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"name":        str,
			"port":        int32s,
			"protocol":    str,
			"appProtocol": str,
		},
	}
	condition := apiextensionsv1.JSONSchemaProps{
		Type:     "object",
		Required: []string{"type", "status"},
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"type":               str,
			"status":             str,
			"observedGeneration": int64s,
			"lastTransitionTime": dateTime,
			"reason":             str,
			"message":            str,
		},
	}
	offset := arrayOf(int32s)
	offset.MaxItems = ptr(int64(2))

	spec := apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"height":  int32s,
			"width":   int32s,
			"param":   str,
			"params":  strList,
			"labels":  strMap,
			"aliases": mapOf(strList),
			"weights": arrayOf(nullableInt32),
			"selector": {
				Type: "object",
				Properties: map[string]apiextensionsv1.JSONSchemaProps{
					"matchLabels": strMap,
					"matchNames":  strList,
				},
			},
			"ports":       arrayOf(port),
			"portsByName": mapOf(port),
			"tags":        strList,
			"annotations": strMap,
			"offset":      offset,
			"startTime":   dateTime,
			"deadline":    dateTime,
			"target":      {XIntOrString: true},
			"widget": {
				Type:                   "object",
				Nullable:               true,
				XPreserveUnknownFields: &yes,
			},
		},
	}
	status := apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"conditions":         arrayOf(condition),
			"observedGeneration": int64s,
		},
	}
	return &apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"apiVersion": str,
			"kind":       str,
			"metadata":   {Type: "object"},
			"spec":       spec,
			"status":     status,
		},
	}
}

func arrayOf(item apiextensionsv1.JSONSchemaProps) apiextensionsv1.JSONSchemaProps {
	return apiextensionsv1.JSONSchemaProps{
		Type:  "array",
		Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &item},
	}
}

func mapOf(value apiextensionsv1.JSONSchemaProps) apiextensionsv1.JSONSchemaProps {
	return apiextensionsv1.JSONSchemaProps{
		Type:                 "object",
		AdditionalProperties: &apiextensionsv1.JSONSchemaPropsOrBool{Allows: true, Schema: &value},
	}
}

func ptr[T any](v T) *T { return &v }
