package e2e

import (
	"fmt"
	"os"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

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

// CRDFile is the Frobber CRD that the example's hack/update-codegen.sh has
// apigen's controller-gen write from the +kubebuilder markers of
// example.com/frobbers/apis/frobbers/v6. The path is relative to this
// module's root, where go test runs the package; go.mod's replace of
// example.com/frobbers points at the same tree.
//
// Where the markers depart from what the Go types alone would give:
//
//   - spec.startTime and spec.target have no omitempty but are +optional,
//     so that an apply configuration may leave them out.
//   - spec.weights holds *int32 and the tests send null entries. A CRD
//     schema can make list items nullable, but controller-gen has no marker
//     for it, so the field is schemaless and keeps whatever is sent.
//   - spec.widget is a Go interface: schemaless too, a nullable object that
//     keeps unknown fields. Objects in the tests leave it unset, since the
//     typed client could not decode it into an interface anyway.
const CRDFile = "../testdata/example/config/crd/frobbers.example.com_frobbers.yaml"

// FrobberCRD reads the CustomResourceDefinition in file and checks that it
// serves the names the tests use.
func FrobberCRD(file string) (*apiextensionsv1.CustomResourceDefinition, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &crd); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if err := checkNames(&crd); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return &crd, nil
}

// checkNames reports the first way crd differs from the names above.
func checkNames(crd *apiextensionsv1.CustomResourceDefinition) error {
	want := apiextensionsv1.CustomResourceDefinitionNames{Plural: Resource, Singular: Singular, Kind: Kind, ListKind: ListKind}
	switch {
	case crd.APIVersion != apiextensionsv1.SchemeGroupVersion.String() || crd.Kind != "CustomResourceDefinition":
		return fmt.Errorf("holds a %s %s, want a CustomResourceDefinition", crd.APIVersion, crd.Kind)
	case crd.Name != CRDName || crd.Spec.Group != Group:
		return fmt.Errorf("defines %s in group %s, want %s in %s", crd.Name, crd.Spec.Group, CRDName, Group)
	case crd.Spec.Names.Plural != want.Plural || crd.Spec.Names.Singular != want.Singular ||
		crd.Spec.Names.Kind != want.Kind || crd.Spec.Names.ListKind != want.ListKind:
		return fmt.Errorf("names %+v, want %+v", crd.Spec.Names, want)
	}
	for _, v := range crd.Spec.Versions {
		if v.Name == Version {
			if !v.Served || !v.Storage {
				return fmt.Errorf("version %s is served %t and stored %t, want both", Version, v.Served, v.Storage)
			}
			return nil
		}
	}
	return fmt.Errorf("has no version %s", Version)
}
