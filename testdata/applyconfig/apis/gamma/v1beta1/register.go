package v1beta1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of the package's kinds.
var SchemeGroupVersion = schema.GroupVersion{Group: "gamma.other.io", Version: "v1beta1"}
