package v1

// +genclient
// +genclient:method=UpdateEphemeralContainers,verb=update,subresource=ephemeralcontainers
type Pod struct {
	Status string
}

type PodList struct{ Items []Pod }

// +genclient
// +genclient:nonNamespaced
type Namespace struct{}

type NamespaceList struct{ Items []Namespace }
