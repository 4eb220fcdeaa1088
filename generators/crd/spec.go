package crd

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/gobuffalo/flect"
	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/markers"
)

// versionScoped are the type markers that shape one version of a CRD.
var versionScoped = map[string]bool{
	"kubebuilder:subresource:status": true, "kubebuilder:subresource:scale": true,
	"kubebuilder:printcolumn": true, "kubebuilder:selectablefield": true,
}

// applyCRD applies a type marker that shapes the CRD rather than a schema.
func applyCRD(crd *apiext.CustomResourceDefinition, version string, mk markers.Marker) error {
	args, _ := markers.ValueOf[map[string]any](mk)
	str := func(k string) string { v, _ := args[k].(string); return v }
	strs := func(k string) []string {
		var out []string
		for _, v := range args[k].([]any) {
			out = append(out, v.(string))
		}
		return out
	}
	spec := &crd.Spec
	ver := func() *apiext.CustomResourceDefinitionVersion {
		for i := range spec.Versions {
			if spec.Versions[i].Name == version {
				return &spec.Versions[i]
			}
		}
		return nil
	}
	switch strings.TrimPrefix(mk.Def.Name, "kubebuilder:") {
	case "subresource:status", "subresource:scale", "printcolumn":
		v := ver()
		if v == nil {
			return fmt.Errorf("%s applied to version %q not in CRD", mk.Def.Name, version)
		}
		if v.Subresources == nil {
			v.Subresources = &apiext.CustomResourceSubresources{}
		}
		switch mk.Def.Name {
		case "kubebuilder:subresource:status":
			v.Subresources.Status = &apiext.CustomResourceSubresourceStatus{}
		case "kubebuilder:subresource:scale":
			sc := &apiext.CustomResourceSubresourceScale{SpecReplicasPath: str("specpath"), StatusReplicasPath: str("statuspath")}
			if sel, ok := args["selectorpath"].(string); ok {
				sc.LabelSelectorPath = &sel
			}
			v.Subresources.Scale = sc
		default:
			prio, _ := args["priority"].(int)
			v.AdditionalPrinterColumns = append(v.AdditionalPrinterColumns, apiext.CustomResourceColumnDefinition{
				Name: str("name"), Type: str("type"), JSONPath: str("JSONPath"), Description: str("description"), Format: str("format"), Priority: int32(prio),
			})
		}
	case "resource":
		if p := str("path"); p != "" {
			spec.Names.Plural = p
		}
		if s := str("singular"); s != "" {
			spec.Names.Singular = s
		}
		spec.Names.ShortNames, spec.Names.Categories = nil, nil
		if _, ok := args["shortName"]; ok {
			spec.Names.ShortNames = strs("shortName")
		}
		if _, ok := args["categories"]; ok {
			spec.Names.Categories = strs("categories")
		}
		spec.Scope = apiext.NamespaceScoped
		if s := str("scope"); s != "" {
			spec.Scope = apiext.ResourceScope(s)
		}
	case "storageversion", "unservedversion", "deprecatedversion", "selectablefield":
		v := ver()
		if v == nil {
			return nil
		}
		switch mk.Def.Name {
		case "kubebuilder:storageversion":
			v.Storage = true
		case "kubebuilder:unservedversion":
			v.Served = false
		case "kubebuilder:deprecatedversion":
			v.Deprecated = true
			if w, ok := args["warning"].(string); ok {
				v.DeprecationWarning = &w
			}
		default:
			v.SelectableFields = append(v.SelectableFields, apiext.SelectableField{JSONPath: str("JSONPath")})
		}
	case "metadata":
		return applyMetadata(crd, args)
	case "skipversion":
		var kept []apiext.CustomResourceDefinitionVersion
		for _, v := range spec.Versions {
			if v.Name != version {
				kept = append(kept, v)
			}
		}
		spec.Versions = kept
	}
	return nil
}

// truncate shortens every description below s to at most max bytes,
// at a sentence end or a space when there is one; 0 removes them.
func truncate(s *schema, max int) {
	if max < 0 {
		return
	}
	if max == 0 {
		s.Description = ""
	} else if len(s.Description) > max {
		s.Description = cut(s.Description, max)
	}
	(&parser{}).children(s, func(c *schema) { truncate(c, max) })
}

func cut(d string, max int) string {
	d = d[:max]
	if n := strings.LastIndexFunc(d, func(r rune) bool { return unicode.Is(unicode.STerm, r) }); n > 0 {
		return d[:n+1]
	}
	if n := strings.LastIndexFunc(d, func(r rune) bool { return unicode.Is(unicode.White_Space, r) }); n > 0 {
		return d[:n] + "..."
	}
	return d + "..."
}

// pluralize returns the English plural of a kind name.
func pluralize(word string) string { return flect.Pluralize(word) }

// applyMetadata adds +kubebuilder:metadata annotations and labels.
func applyMetadata(crd *apiext.CustomResourceDefinition, args map[string]any) error {
	for _, key := range []string{"annotations", "labels"} {
		list, _ := args[key].([]any)
		for _, item := range list {
			k, v, ok := strings.Cut(item.(string), "=")
			if !ok && key == "annotations" {
				return fmt.Errorf("annotation %s is not in 'xxx=xxx' format", item)
			}
			m := &crd.Annotations
			if key == "labels" {
				m = &crd.Labels
			}
			if *m == nil {
				*m = map[string]string{}
			}
			(*m)[k] = v
		}
	}
	return nil
}

// setConversion writes the webhook conversion +apigen:conversion:webhook
// configures into the CRD. controller-gen has no such marker: without it,
// the CRD has no spec.conversion, as controller-gen writes it.
func setConversion(crd *apiext.CustomResourceDefinition, mk markers.Marker) error {
	w, err := hubspoke.WebhookOf(mk)
	if err != nil {
		return err
	}
	cfg := &apiext.WebhookClientConfig{}
	if w.Service != nil {
		cfg.Service = &apiext.ServiceReference{Namespace: w.Service.Namespace, Name: w.Service.Name, Port: w.Service.Port}
		if w.Service.Path != "" {
			cfg.Service.Path = &w.Service.Path
		}
	} else {
		cfg.URL = &w.URL
	}
	crd.Spec.Conversion = &apiext.CustomResourceConversion{
		Strategy: apiext.WebhookConverter,
		Webhook:  &apiext.WebhookConversion{ClientConfig: cfg, ConversionReviewVersions: w.ReviewVersions},
	}
	return nil
}
