package v2

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of the package's kinds.
var SchemeGroupVersion = schema.GroupVersion{Group: "alpha.example.com", Version: "v2"}
