package hubspoke

import (
	"fmt"
	"go/token"
	"slices"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// WebhookConfig is where the API server sends a CRD's ConversionReviews,
// from +apigen:conversion:webhook.
type WebhookConfig struct {
	URL            string   // or the service below
	Service        *Service // nil with URL
	ReviewVersions []string // ConversionReview versions, v1 first
	Pos            token.Position
}

// Service is an in-cluster service the API server calls.
type Service struct {
	Namespace, Name, Path string
	Port                  *int32
}

// ReviewVersionsAllowed are the ConversionReview versions the generated
// webhook serves.
var ReviewVersionsAllowed = []string{"v1", "v1beta1"}

// readWebhook returns the webhook the type markers s configure, nil when
// none does or the marker is wrong, which it reports.
func readWebhook(s markers.Set, diags *diag.List) *WebhookConfig {
	_, mk, ok := Webhook.Lookup(s)
	if !ok {
		return nil
	}
	w, err := WebhookOf(mk)
	if err != nil {
		diags.Errorf(mk.Pos, "%v", err)
	}
	return w
}

// WebhookOf reads a +apigen:conversion:webhook marker.
func WebhookOf(mk markers.Marker) (*WebhookConfig, error) {
	args, _ := Webhook.Of(mk)
	str := func(k string) string { v, _ := args[k].(string); return v }
	w := &WebhookConfig{URL: str("url"), Pos: mk.Pos}
	name, ns := str("serviceName"), str("serviceNamespace")
	switch {
	case w.URL == "" && name == "" && ns == "":
		return nil, fmt.Errorf("+%s names no client config: give url=, or serviceNamespace= and serviceName=", Webhook.Name)
	case w.URL != "" && (name != "" || ns != ""):
		return nil, fmt.Errorf("+%s gives both url= and a service; the API server takes one", Webhook.Name)
	case w.URL == "" && (name == "" || ns == ""):
		return nil, fmt.Errorf("+%s needs both serviceNamespace= and serviceName=", Webhook.Name)
	case w.URL == "":
		w.Service = &Service{Namespace: ns, Name: name, Path: str("path")}
		if p, ok := args["port"].(int); ok {
			port := int32(p)
			w.Service.Port = &port
		}
	}
	w.ReviewVersions = []string{"v1"}
	if rv, ok := args["reviewVersions"].([]any); ok && len(rv) > 0 {
		w.ReviewVersions = nil
		for _, v := range rv {
			s, _ := v.(string)
			if !slices.Contains(ReviewVersionsAllowed, s) {
				return nil, fmt.Errorf("+%s: review version %q is not one of %v", Webhook.Name, s, ReviewVersionsAllowed)
			}
			w.ReviewVersions = append(w.ReviewVersions, s)
		}
	}
	return w, nil
}

// checkWebhookPlaces reports webhook markers on types of the group's
// versions other than the hub's root kinds.
func checkWebhookPlaces(m *model.Model, g *Group, diags *diag.List) {
	for _, p := range append([]*model.Package{g.Hub}, g.Spokes...) {
		for _, t := range p.Types {
			_, mk, ok := Webhook.Lookup(m.Markers(t))
			switch {
			case !ok || !m.Declared(t):
			case !IsRootKind(m, t):
				diags.Errorf(mk.Pos, "+%s is on %s, which is not a root kind (+kubebuilder:object:root with ObjectMeta)", Webhook.Name, t.Name.Name)
			case p != g.Hub:
				diags.Errorf(mk.Pos, "+%s is on %s of version %s; it belongs on the kind in hub %s", Webhook.Name, t.Name.Name, Version(p), Version(g.Hub))
			}
		}
	}
}
