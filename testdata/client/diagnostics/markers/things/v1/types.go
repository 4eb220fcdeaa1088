package v1

// +genclient
// +genclient:nonNamespace
// +genclient:method=Touch,verb=patch,frob=1
type Thing struct{}

type ThingList struct{}
