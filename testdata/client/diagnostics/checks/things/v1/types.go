package v1

// Thing has no ThingList to list, a method that clashes with Get, and a
// method whose result is not declared.
//
// +genclient
// +genclient:method=Get,verb=get
// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
type Thing struct{}
