package v1

// Webhooks for widgets, as kubebuilder scaffolds them: markers in the
// comment block above a function belong to the package.

// +kubebuilder:webhook:path=/mutate-shop-features-example-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=shop.features.example,resources=widgets,verbs=create;update,versions=v1,name=mwidget.kb.io,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/validate-shop-features-example-v1-widget,mutating=false,failurePolicy=Ignore,sideEffects=NoneOnDryRun,groups=shop.features.example,resources=widgets;widgets/status,verbs=Create;UPDATE;delete;connect;*,versions=v1,name=vwidget.kb.io,admissionReviewVersions=v1;v1beta1,timeoutSeconds=10,matchPolicy=Equivalent

// Default fills in defaults. Markers in a function's own doc comment are
// read by no generator:
// +kubebuilder:webhook:path=/ignored,mutating=true,failurePolicy=fail,sideEffects=None,groups=x,resources=y,verbs=create,versions=v1,name=ignored.kb.io,admissionReviewVersions=v1
func (w *Widget) Default() {}

// +kubebuilder:webhook:url=https://hooks.example.com/gadget,mutating=true,failurePolicy=ignore,sideEffects=none,groups=core;shop.features.example,resources=gadgets,verbs=create,versions=v1;v2,name=agadget.kb.io,admissionReviewVersions=v1,reinvocationPolicy=IfNeeded
// +kubebuilder:webhook:path=/validate-gadget,mutating=false,failurePolicy=fail,sideEffects=None,groups=shop.features.example,resources=gadgets,verbs=update,versions=v1,name=vgadget.kb.io,admissionReviewVersions=v1,serviceName=gadget-hooks,serviceNamespace=shop,servicePort=8443
var _ = 0

// +kubebuilder:webhookconfiguration:mutating=true,name=shop-mutating

// +kubebuilder:webhook:path=/mutate-port,mutating=true,failurePolicy=fail,sideEffects=None,groups=shop.features.example,resources=widgets,verbs=create,versions=v1,name=mport.kb.io,admissionReviewVersions=v1,patch=`{"namespaceSelector":{"matchLabels":{"shop":"on"}},"timeoutSeconds":5}`
