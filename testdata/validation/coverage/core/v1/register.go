package v1

import "k8s.io/apimachinery/pkg/runtime"

// GroupName is the legacy API group.
const GroupName = ""

var localSchemeBuilder runtime.SchemeBuilder
