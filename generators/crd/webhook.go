package crd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	admv1 "k8s.io/api/admissionregistration/v1"
	metav1api "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	kjson "sigs.k8s.io/json"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// WebhookGenerator is controller-gen's webhook generator: the
// package-level +kubebuilder:webhook markers become a mutating and a
// validating webhook configuration in manifests.yaml.
type WebhookGenerator struct {
	OutputDir string
	Header    string // YEAR already replaced
}

func (*WebhookGenerator) Name() string { return "controller-gen webhook" }

func (*WebhookGenerator) Define(reg *markers.Registry) { (&Generator{}).Define(reg) }

// Generate writes manifests.yaml, or nothing without webhooks.
func (g *WebhookGenerator) Generate(m *model.Model, diags *diag.List) engine.Output {
	out := engine.Output{Roots: []string{g.OutputDir}, NoPrune: true}
	var mutating []admv1.MutatingWebhook
	var validating []admv1.ValidatingWebhook
	mutName, valName := "mutating-webhook-configuration", "validating-webhook-configuration"
	for _, pi := range packageMarkers(m) {
		var seenMut, seenVal bool
		for mk, v := range webhookConfig.Each(pi.marks) {
			name, _ := v["name"].(string)
			seen, what, target := &seenVal, "validating", &valName
			if v["mutating"] == true {
				seen, what, target = &seenMut, "mutating", &mutName
			}
			if *seen {
				diags.Errorf(mk.Pos, "duplicate %s kubebuilder:webhookconfiguration with name %s", what, name)
				continue
			}
			*seen = true
			if name != "" {
				*target = name
			}
		}
		var hooks []markers.Marker
		for mk := range webhook.Each(pi.marks) {
			hooks = append(hooks, mk)
		}
		args := func(mk markers.Marker) map[string]any { v, _ := webhook.Of(mk); return v }
		slices.SortStableFunc(hooks, func(a, b markers.Marker) int {
			return strings.Compare(str(args(a)["name"]), str(args(b)["name"]))
		})
		for _, mk := range hooks {
			if err := addWebhook(args(mk), &mutating, &validating); err != nil {
				diags.Errorf(mk.Pos, "+kubebuilder:webhook: %v", err)
			}
		}
	}
	var objs []any
	if len(mutating) > 0 {
		slices.SortFunc(mutating, func(a, b admv1.MutatingWebhook) int { return strings.Compare(a.Name, b.Name) })
		for _, w := range mutating {
			checkWebhook(diags, w.SideEffects, w.TimeoutSeconds, w.AdmissionReviewVersions)
		}
		objs = append(objs, &admv1.MutatingWebhookConfiguration{
			TypeMeta:   metav1api.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1", Kind: "MutatingWebhookConfiguration"},
			ObjectMeta: metav1api.ObjectMeta{Name: mutName}, Webhooks: mutating,
		})
	}
	if len(validating) > 0 {
		slices.SortFunc(validating, func(a, b admv1.ValidatingWebhook) int { return strings.Compare(a.Name, b.Name) })
		for _, w := range validating {
			checkWebhook(diags, w.SideEffects, w.TimeoutSeconds, w.AdmissionReviewVersions)
		}
		objs = append(objs, &admv1.ValidatingWebhookConfiguration{
			TypeMeta:   metav1api.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1", Kind: "ValidatingWebhookConfiguration"},
			ObjectMeta: metav1api.ObjectMeta{Name: valName}, Webhooks: validating,
		})
	}
	if len(objs) > 0 {
		addYAML(&out, diags, filepath.Join(g.OutputDir, "manifests.yaml"), g.Header, objs)
	}
	return out
}

// checkWebhook applies the rules of admissionregistration/v1 that
// controller-gen checks.
func checkWebhook(diags *diag.List, se *admv1.SideEffectClass, timeout *int32, reviews []string) {
	switch {
	case se == nil:
		diags.Errorf(noPos, "SideEffects is required for creating v1 {Mutating,Validating}WebhookConfiguration")
	case *se == admv1.SideEffectClassUnknown || *se == admv1.SideEffectClassSome:
		diags.Errorf(noPos, "SideEffects should not be set to `Some` or `Unknown` for v1 {Mutating,Validating}WebhookConfiguration")
	}
	if timeout != nil && (*timeout < 1 || *timeout > 30) {
		diags.Errorf(noPos, "TimeoutSeconds must be between 1 and 30 seconds")
	}
	if len(reviews) == 0 {
		diags.Errorf(noPos, "AdmissionReviewVersions is mandatory for v1 {Mutating,Validating}WebhookConfiguration")
	}
}

// addWebhook turns one marker into a webhook of the right kind.
func addWebhook(v map[string]any, mutating *[]admv1.MutatingWebhook, validating *[]admv1.ValidatingWebhook) error {
	for _, wv := range strs(v["webhookVersions"]) {
		if wv != "v1" {
			return fmt.Errorf("unsupported webhook version: %s", wv)
		}
	}
	name := str(v["name"])
	cc, err := clientConfig(v)
	if err != nil {
		return err
	}
	mp := str(v["matchPolicy"])
	match := pick(mp, admv1.Exact, admv1.Equivalent)
	if match == nil && mp != "" {
		return fmt.Errorf("unknown value %q for matchPolicy", mp)
	}
	rule := admv1.RuleWithOperations{Rule: admv1.Rule{APIGroups: strs(v["groups"]), APIVersions: strs(v["versions"]), Resources: strs(v["resources"])}}
	for i, grp := range rule.APIGroups {
		if grp == "core" {
			rule.APIGroups[i] = ""
		}
	}
	rule.Operations = []admv1.OperationType{}
	for _, verb := range strs(v["verbs"]) {
		rule.Operations = append(rule.Operations, *pickOr(verb, admv1.Create, admv1.Update, admv1.Delete, admv1.Connect, admv1.OperationAll))
	}
	fp := pickOr(str(v["failurePolicy"]), admv1.Ignore, admv1.Fail)
	se := pick(str(v["sideEffects"]), admv1.SideEffectClassNone, admv1.SideEffectClassNoneOnDryRun, admv1.SideEffectClassSome)
	var timeout *int32
	if t, _ := v["timeoutSeconds"].(int); t != 0 {
		t32 := int32(t)
		timeout = &t32
	}
	reviews := strs(v["admissionReviewVersions"])
	rules := []admv1.RuleWithOperations{rule}
	if v["mutating"] != true {
		w := admv1.ValidatingWebhook{Name: name, Rules: rules, FailurePolicy: fp, MatchPolicy: match, ClientConfig: cc, SideEffects: se, TimeoutSeconds: timeout, AdmissionReviewVersions: reviews}
		if err := patchWebhook(&w, str(v["patch"])); err != nil {
			return err
		}
		*validating = append(*validating, w)
		return nil
	}
	w := admv1.MutatingWebhook{Name: name, Rules: rules, FailurePolicy: fp, MatchPolicy: match, ClientConfig: cc, SideEffects: se, TimeoutSeconds: timeout, AdmissionReviewVersions: reviews}
	w.ReinvocationPolicy = pick(str(v["reinvocationPolicy"]), admv1.NeverReinvocationPolicy, admv1.IfNeededReinvocationPolicy)
	if err := patchWebhook(&w, str(v["patch"])); err != nil {
		return err
	}
	*mutating = append(*mutating, w)
	return nil
}

// pick returns the known value that s spells, ignoring case, or nil.
func pick[T ~string](s string, known ...T) *T {
	for _, k := range known {
		if strings.EqualFold(s, string(k)) {
			return &k
		}
	}
	return nil
}

// pickOr is pick, keeping an unknown s as written.
func pickOr[T ~string](s string, known ...T) *T {
	if k := pick(s, known...); k != nil {
		return k
	}
	v := T(s)
	return &v
}

// clientConfig reads the webhook's address: a path on a service, or a URL.
func clientConfig(v map[string]any) (admv1.WebhookClientConfig, error) {
	path, url := str(v["path"]), str(v["url"])
	if (path == "") == (url == "") {
		return admv1.WebhookClientConfig{}, fmt.Errorf("`url` or `path` markers are required and mutually exclusive")
	}
	if url != "" {
		return admv1.WebhookClientConfig{URL: &url}, nil
	}
	svc := &admv1.ServiceReference{Name: str(v["serviceName"]), Namespace: str(v["serviceNamespace"]), Path: &path}
	if svc.Name == "" {
		svc.Name = "webhook-service"
	}
	if svc.Namespace == "" {
		svc.Namespace = "system"
	}
	if p, ok := v["servicePort"].(int); ok {
		p32 := int32(p)
		svc.Port = &p32
	}
	return admv1.WebhookClientConfig{Service: svc}, nil
}

// patchWebhook applies a strategic merge patch, given as JSON, to w.
func patchWebhook[T any](w *T, patch string) error {
	if patch == "" {
		return nil
	}
	if errs, err := kjson.UnmarshalStrict([]byte(patch), new(T)); err != nil || len(errs) > 0 {
		return fmt.Errorf("invalid patch: %v", errors(err, errs))
	}
	orig, err := json.Marshal(w)
	if err != nil {
		return err
	}
	patched, err := strategicpatch.StrategicMergePatch(orig, []byte(patch), w)
	if err != nil {
		return fmt.Errorf("failed to apply strategic merge patch: %w", err)
	}
	var out T
	if errs, err := kjson.UnmarshalStrict(patched, &out); err != nil || len(errs) > 0 {
		return fmt.Errorf("invalid patch: %v", errors(err, errs))
	}
	*w = out
	return nil
}

func errors(err error, errs []error) error {
	if err != nil {
		return err
	}
	return errs[0]
}
