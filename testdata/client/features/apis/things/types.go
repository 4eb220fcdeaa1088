package things

// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
type Thing struct {
	Status string
}

type ThingList struct{ Items []Thing }

// +genclient
// +genclient:nonNamespaced
type Cluster struct{}

type ClusterList struct{ Items []Cluster }

type Scale struct{}
