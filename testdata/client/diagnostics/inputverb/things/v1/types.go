package v1

// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,input=Scale,result=Scale
type Thing struct{}

type ThingList struct{}

type Scale struct{}
