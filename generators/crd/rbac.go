package crd

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	rbacv1 "k8s.io/api/rbac/v1"
	metav1api "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// RBACGenerator is controller-gen's rbac generator: the package-level
// +kubebuilder:rbac markers become a ClusterRole, and a Role per namespace.
type RBACGenerator struct {
	OutputDir string
	RoleName  string
	FileName  string // "" is role.yaml
	Header    string // YEAR already replaced
}

func (*RBACGenerator) Name() string { return "controller-gen rbac" }

func (*RBACGenerator) Define(reg *markers.Registry) { (&Generator{}).Define(reg) }

// rule is one +kubebuilder:rbac marker, or a merge of several.
type rule struct {
	groups, resources, names, verbs, urls []string
}

// Generate writes one file holding every role, or nothing without rules.
func (g *RBACGenerator) Generate(m *model.Model, diags *diag.List) engine.Output {
	out := engine.Output{Roots: []string{g.OutputDir}, NoPrune: true}
	type roleKey struct{ ns, name string }
	byRole := map[roleKey][]*rule{}
	for _, pi := range packageMarkers(m) {
		for mk, v := range rbacRule.Each(pi.marks) {
			checkVerbs(diags, mk, strs(v["verbs"]))
			key := roleKey{str(v["namespace"]), str(v["roleName"])}
			if key.name == "" {
				key.name = g.RoleName
			}
			base := rule{groups: strs(v["groups"]), names: strs(v["resourceNames"]), verbs: strs(v["verbs"]), urls: strs(v["urls"])}
			res := strs(v["resources"])
			if len(res) == 0 {
				r := base
				byRole[key] = append(byRole[key], &r)
			}
			for _, one := range res {
				r := base
				r.groups = slices.Clone(base.groups)
				r.resources = []string{one}
				byRole[key] = append(byRole[key], &r)
			}
		}
	}
	keys := make([]roleKey, 0, len(byRole))
	for k := range byRole {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b roleKey) int {
		if c := strings.Compare(a.ns, b.ns); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	var objs []any
	for _, k := range keys {
		rules := mergeRules(byRole[k])
		meta := metav1api.ObjectMeta{Name: k.name, Namespace: k.ns}
		if k.ns == "" {
			objs = append(objs, rbacv1.ClusterRole{TypeMeta: metav1api.TypeMeta{Kind: "ClusterRole", APIVersion: "rbac.authorization.k8s.io/v1"}, ObjectMeta: meta, Rules: rules})
		} else {
			objs = append(objs, rbacv1.Role{TypeMeta: metav1api.TypeMeta{Kind: "Role", APIVersion: "rbac.authorization.k8s.io/v1"}, ObjectMeta: meta, Rules: rules})
		}
	}
	if len(objs) == 0 {
		return out
	}
	name := g.FileName
	if name == "" {
		name = "role.yaml"
	}
	addYAML(&out, diags, filepath.Join(g.OutputDir, name), g.Header, objs)
	return out
}

// addYAML renders objs as a stream of YAML documents after header and adds
// the file to out.
func addYAML(out *engine.Output, diags *diag.List, path, header string, objs []any) {
	data := []byte(header)
	for _, o := range objs {
		y, err := toYAML(o)
		if err != nil {
			diags.Errorf(noPos, "%v", err)
			return
		}
		data = append(append(data, "---\n"...), y...)
	}
	out.Files = append(out.Files, output.File{Path: path, Data: data})
	out.Owned = append(out.Owned, path)
}

// toYAML marshals o as controller-gen does, through JSON and without
// metadata.creationTimestamp.
func toYAML(o any) ([]byte, error) {
	j, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	var obj map[string]any
	if err := json.Unmarshal(j, &obj); err != nil {
		return nil, err
	}
	if md, ok := obj["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
	}
	return yaml.Marshal(obj)
}

// mergeRules combines the rules of one role as controller-gen does: rules
// for the same things pool their verbs, then rules that differ only in
// resources, then only in groups, then only in URLs, are joined.
func mergeRules(rules []*rule) []rbacv1.PolicyRule {
	for _, r := range rules {
		for i, grp := range r.groups {
			if grp == "core" {
				r.groups[i] = ""
			}
		}
	}
	merged := mergeBy(rules, func(r *rule) string { return r.key() }, func(into, r *rule) { into.verbs = append(into.verbs, r.verbs...) })
	merged = mergeBy(merged, func(r *rule) string { return join(r.groups, r.names, r.urls, r.verbs) }, func(into, r *rule) { into.resources = append(into.resources, r.resources...) })
	merged = mergeBy(merged, func(r *rule) string { return join(r.resources, r.names, r.urls, r.verbs) }, func(into, r *rule) { into.groups = append(into.groups, r.groups...) })
	merged = mergeBy(merged, func(r *rule) string { return join(r.groups, r.resources, r.names, r.verbs) }, func(into, r *rule) { into.urls = append(into.urls, r.urls...) })
	for _, r := range merged {
		r.normalize()
	}
	slices.SortStableFunc(merged, func(a, b *rule) int { return strings.Compare(a.key(), b.key()) })
	var out []rbacv1.PolicyRule
	for _, r := range merged {
		if slices.Contains(r.verbs, "*") {
			r.verbs = []string{"*"}
		}
		out = append(out, rbacv1.PolicyRule{APIGroups: r.groups, Resources: r.resources, ResourceNames: r.names, NonResourceURLs: r.urls, Verbs: r.verbs})
	}
	return out
}

// mergeBy folds the rules with equal keys into the first of them, keeping
// one rule per key, and the rules' normalized forms.
func mergeBy(rules []*rule, key func(*rule) string, fold func(into, r *rule)) []*rule {
	first := map[string]*rule{}
	var out []*rule
	for _, r := range rules {
		r.normalize()
		k := key(r)
		if f, ok := first[k]; ok {
			fold(f, r)
			continue
		}
		first[k] = r
		out = append(out, r)
	}
	// Rules merged into one may now share a key with another.
	seen := map[string]*rule{}
	var dedup []*rule
	for _, r := range out {
		r.normalize()
		if f, ok := seen[r.key()]; ok {
			f.verbs = sortedSet(append(f.verbs, r.verbs...))
			continue
		}
		seen[r.key()] = r
		dedup = append(dedup, r)
	}
	return dedup
}

func (r *rule) normalize() {
	r.groups, r.resources, r.names = sortedSet(r.groups), sortedSet(r.resources), sortedSet(r.names)
	r.verbs, r.urls = sortedSet(r.verbs), sortedSet(r.urls)
}

// key names what a rule applies to, and orders the rules in the output.
func (r *rule) key() string { return join(r.groups, r.resources, r.names, r.urls) }

func join(parts ...[]string) string {
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = strings.Join(p, "&")
	}
	return strings.Join(s, " + ")
}

// sortedSet returns the distinct strings of s, sorted; nil when empty.
func sortedSet(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	out := slices.Clone(s)
	slices.Sort(out)
	return slices.Compact(out)
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func strs(v any) []string {
	l, _ := v.([]any)
	out := make([]string, 0, len(l))
	for _, x := range l {
		out = append(out, str(x))
	}
	return out
}

// packageMarkers reads the packages of m as controller-gen's other
// generators see them, leaving diagnostics to the crd generator.
func packageMarkers(m *model.Model) []*pkgInfo {
	c := &collector{fset: m.Fset, reg: privateRegistry()}
	var out []*pkgInfo
	for _, mp := range m.Packages {
		if mp.Source != nil {
			out = append(out, c.readOnce(m, mp.Source, nil))
		}
	}
	return out
}

// knownVerbs are the verbs Kubernetes' authorizers check: the API verbs,
// the subresource-like ones, and the special ones of RBAC, pod security,
// impersonation, certificates and trust bundles.
var knownVerbs = []string{
	"*", "get", "list", "watch", "create", "update", "patch", "delete", "deletecollection",
	"proxy", "use", "bind", "escalate", "impersonate", "approve", "sign", "attest",
}

// checkVerbs reports verbs of an rbac marker that no authorizer checks,
// with the nearest known verb.
func checkVerbs(diags *diag.List, mk markers.Marker, verbs []string) {
	for _, v := range verbs {
		if slices.Contains(knownVerbs, strings.ToLower(v)) {
			continue
		}
		best, dist := "", 3
		for _, k := range knownVerbs[1:] {
			if d := editDistance(strings.ToLower(v), k); d < dist {
				best, dist = k, d
			}
		}
		// controller-gen writes it, and the API server takes any verb.
		if best != "" {
			diags.Warnf(mk.Pos, "+kubebuilder:rbac: unknown verb %q; did you mean %q?", v, best)
		} else {
			diags.Warnf(mk.Pos, "+kubebuilder:rbac: unknown verb %q; known verbs are %s", v, strings.Join(knownVerbs, ", "))
		}
	}
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
