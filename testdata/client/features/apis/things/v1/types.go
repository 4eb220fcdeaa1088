package v1

// Thing is namespaced, has a status, and carries one method of each kind.
//
// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
// +genclient:method=CreateToken,verb=create,subresource=token,input=client.example/features/apis/other/v1alpha1.Token,result=client.example/features/apis/other/v1alpha1.Token
// +genclient:method=ListHistory,verb=list,subresource=history,result=Revision
// +genclient:method=Touch,verb=patch
// +genclient:method=PatchStatus,verb=patch,subresource=status
// +genclient:method=Adopt,verb=create,input=Gizmo
// +genclient:method=Fetch,verb=get,result=Gizmo
// +genclient:method=Replace,verb=update,result=Gizmo
// +genclient:method=ApplyGizmo,verb=apply,input=Gizmo,result=Gizmo
// +genclient:method=ListGizmos,verb=list,result=Gizmo
type Thing struct {
	Spec   string
	Status string
}

type ThingList struct{ Items []Thing }

// +genclient
// +genclient:nonNamespaced
// +genclient:noStatus
// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
// +genclient:method=CreateToken,verb=create,subresource=token,input=client.example/features/apis/other/v1alpha1.Token,result=client.example/features/apis/other/v1alpha1.Token
// +genclient:method=ListHistory,verb=list,subresource=history,result=Revision
// +genclient:method=Touch,verb=patch
// +genclient:method=Adopt,verb=create,input=Gizmo
// +genclient:method=Fetch,verb=get,result=Gizmo
// +genclient:method=Replace,verb=update,result=Gizmo
// +genclient:method=ApplyGizmo,verb=apply,input=Gizmo,result=Gizmo
// +genclient:method=ListGizmos,verb=list,result=Gizmo

// Cluster is cluster-scoped; its status is not a subresource.
type Cluster struct {
	Spec   string
	Status string
}

type ClusterList struct{ Items []Cluster }

// ReadOnly can only be read.
//
// +genclient
// +genclient:readonly
type ReadOnly struct{}

type ReadOnlyList struct{ Items []ReadOnly }

// Creator can be created and read back.
//
// +genclient
// +genclient:onlyVerbs=create,get
type Creator struct{ Status string }

// Skipper cannot be watched, patched or applied.
//
// +genclient
// +genclient:skipVerbs=watch,patch,apply,applyStatus
type Skipper struct{ Status string }

type SkipperList struct{ Items []Skipper }

// NoVerb has a client with no methods.
//
// +genclient
// +genclient:noVerbs
// +genclient:nonNamespaced
type NoVerb struct{}

// Renamed is served under another resource name.
//
// +genclient
// +resourceName=renamedthings
type Renamed struct{}

type RenamedList struct{ Items []Renamed }

// Endpoints is its own plural.
//
// +genclient
type Endpoints struct{}

type EndpointsList struct{ Items []Endpoints }

// +genclient
type Policy struct{}

type PolicyList struct{ Items []Policy }

// Scale, Gizmo and Revision are inputs and results of methods only.
type Scale struct{}

type Gizmo struct{}

type GizmoList struct{ Items []Gizmo }

type Revision struct{}

type RevisionList struct{ Items []Revision }
