package v1

// +genclient
// +genclient:method=GetScale,subresource=scale,result=Scale
type Thing struct{}

type ThingList struct{}

type Scale struct{}
