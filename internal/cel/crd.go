package cel

import (
	"context"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/apigen-dev/apigen/internal/servercheck"
)

// Importing this package makes the binary run the API server's checks in
// process; without it, servercheck runs them in cmd/apigen-check.
func init() {
	servercheck.Link(servercheck.Impl{CEL: Check, CRD: ValidateCRD})
}

// ValidateCRD is what the API server says when crd is created: the
// defaults it sets, the storage version it records, then its create-time
// validation of the internal form.
func ValidateCRD(crd *apiextv1.CustomResourceDefinition) field.ErrorList {
	in := crd.DeepCopy()
	apiextv1.SetObjectDefaults_CustomResourceDefinition(in)
	for _, v := range in.Spec.Versions {
		if v.Storage {
			in.Status.StoredVersions = append(in.Status.StoredVersions, v.Name)
		}
	}
	var internal apiextensions.CustomResourceDefinition
	if err := apiextv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(in, &internal, nil); err != nil {
		return field.ErrorList{field.InternalError(nil, err)}
	}
	return validation.ValidateCustomResourceDefinition(context.Background(), &internal)
}
