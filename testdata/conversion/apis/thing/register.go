package thing

import "k8s.io/apimachinery/pkg/runtime"

// SchemeBuilder collects the functions that register this package's types.
var SchemeBuilder = runtime.NewSchemeBuilder()
