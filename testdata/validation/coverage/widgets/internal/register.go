package widgets

import "k8s.io/apimachinery/pkg/runtime"

// GroupName is the API group of the package.
const GroupName = "internal.widgets.example.com"

var localSchemeBuilder runtime.SchemeBuilder
