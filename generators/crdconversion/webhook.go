package crdconversion

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/output"
)

// webhookPackages are the packages the webhook's fixed code refers to, by
// the placeholder it spells them with.
var webhookPackages = map[string]string{
	"«http»":     "net/http",
	"«json»":     "encoding/json",
	"«strict»":   "sigs.k8s.io/json",
	"«metav1»":   metav1Pkg,
	"«runtime»":  "k8s.io/apimachinery/pkg/runtime",
	"«schema»":   "k8s.io/apimachinery/pkg/runtime/schema",
	"«fmt»":      "fmt",
	"«errors»":   "errors",
	"«io»":       "io",
	"«mime»":     "mime",
	"«time»":     "time",
	"«equality»": equalityPkg,
	"«types»":    "k8s.io/apimachinery/pkg/types",
}

// qualifier spells the placeholders of text as f imports their packages.
func qualifier(f *output.GoFile) *strings.Replacer {
	var pairs []string
	for _, k := range slices.Sorted(maps.Keys(webhookPackages)) {
		pairs = append(pairs, k, strings.TrimSuffix(f.Qual(webhookPackages[k], "X"), "X"))
	}
	return strings.NewReplacer(pairs...)
}

// writeWebhook writes the package that serves the group's ConversionReviews.
func writeWebhook(f *output.GoFile, g *hubspoke.Group) {
	q := qualifier(f)
	// v1 always: the API server sends it unless a CRD lists v1beta1 alone.
	var reviews []string
	for _, v := range hubspoke.ReviewVersionsAllowed {
		for _, k := range g.Kinds {
			if k.Webhook != nil && slices.Contains(k.Webhook.ReviewVersions, v) || v == "v1" {
				reviews = append(reviews, fmt.Sprintf("%q", "apiextensions.k8s.io/"+v))
				break
			}
		}
	}
	f.P("// group is the API group whose objects this webhook converts.")
	f.P("const group = %q\n", g.Name)
	f.P("// reviewVersions are the ConversionReview versions served.")
	f.P("var reviewVersions = []string{%s}\n", strings.Join(reviews, ", "))
	f.Print(q.Replace(webhookCode))
	f.P("// convertKind converts one object of a kind of the group, through hub %s.", hubspoke.Version(g.Hub))
	f.P("func convertKind(kind string, raw []byte, from, to string) ([]byte, error) {\nswitch kind {")
	for _, k := range g.Kinds {
		f.P("case %q:\nreturn convert%s(raw, from, to)", k.Name, k.Name)
	}
	f.P("}\nreturn nil, %s(\"kind %%q is not a kind of group %%s\", kind, group)\n}\n", f.Qual("fmt", "Errorf"))
	for _, k := range g.Kinds {
		writeKindConversion(f, q, g, k)
	}
}

// writeKindConversion writes convert<Kind>: decode in the source version,
// up to the hub, down to the desired version, check the metadata, encode.
func writeKindConversion(f *output.GoFile, q *strings.Replacer, g *hubspoke.Group, k *hubspoke.Kind) {
	hub := f.Name(k.Hub)
	hubV := hubspoke.Version(g.Hub)
	f.P("func convert%s(raw []byte, from, to string) ([]byte, error) {", k.Name)
	f.P("var hub %s\nvar src %s", hub, q.Replace("«metav1»ObjectMeta"))
	f.P("switch from {\ncase %q:", hubV)
	f.P("if err := decode(raw, &hub); err != nil {\nreturn nil, err\n}\nsrc = hub.ObjectMeta")
	for i, s := range g.Spokes {
		if k.Spokes[i] == nil {
			continue
		}
		f.P("case %q:\nvar in %s", hubspoke.Version(s), f.Name(k.Spokes[i]))
		f.P("if err := decode(raw, &in); err != nil {\nreturn nil, err\n}\nsrc = in.ObjectMeta")
		f.P("if err := in.ConvertToHub(&hub); err != nil {\nreturn nil, err\n}")
	}
	f.P("default:\nreturn nil, unservedVersion(from)\n}")
	f.P("var out any\nvar meta *%s", q.Replace("«metav1»ObjectMeta"))
	f.P("switch to {\ncase %q:", hubV)
	f.P("hub.APIVersion, hub.Kind = group+\"/%s\", %q\nout, meta = &hub, &hub.ObjectMeta", hubV, k.Name)
	for i, s := range g.Spokes {
		if k.Spokes[i] == nil {
			continue
		}
		f.P("case %q:\nvar o %s", hubspoke.Version(s), f.Name(k.Spokes[i]))
		f.P("if err := o.ConvertFromHub(&hub); err != nil {\nreturn nil, err\n}")
		f.P("o.APIVersion, o.Kind = group+\"/%s\", %q\nout, meta = &o, &o.ObjectMeta", hubspoke.Version(s), k.Name)
	}
	f.P("default:\nreturn nil, unservedVersion(to)\n}")
	f.P("if err := sameMetadata(&src, meta); err != nil {\nreturn nil, err\n}")
	f.P("return %s(out)\n}\n", q.Replace("«json»Marshal"))
}

// webhookCode is the part of the webhook that no type changes.
const webhookCode = `// MaxRequestBytes is the largest ConversionReview read: the API server's
// limit on a request body.
const MaxRequestBytes = 3 << 20

// Handler returns the handler of the API server's ConversionReviews.
func Handler() «http»Handler { return «http»HandlerFunc(serve) }

// NewServer returns a server of Handler on addr whose timeouts cut slow
// clients off. Serve it with TLS: the API server calls webhooks over HTTPS.
func NewServer(addr string) *«http»Server {
	return &«http»Server{
		Addr:              addr,
		Handler:           Handler(),
		ReadHeaderTimeout: 10 * «time»Second,
		ReadTimeout:       30 * «time»Second,
		WriteTimeout:      30 * «time»Second,
		IdleTimeout:       2 * «time»Minute,
		MaxHeaderBytes:    1 << 20,
	}
}

func serve(w «http»ResponseWriter, r *«http»Request) {
	if r.Method != «http»MethodPost {
		w.Header().Set("Allow", «http»MethodPost)
		«http»Error(w, "a ConversionReview is POSTed", «http»StatusMethodNotAllowed)
		return
	}
	if mt, _, err := «mime»ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		«http»Error(w, "a ConversionReview is application/json", «http»StatusUnsupportedMediaType)
		return
	}
	if r.ContentLength > MaxRequestBytes {
		«http»Error(w, "the ConversionReview is larger than the API server sends", «http»StatusRequestEntityTooLarge)
		return
	}
	body, err := «io»ReadAll(«http»MaxBytesReader(w, r.Body, MaxRequestBytes))
	if err != nil {
		status := «http»StatusBadRequest
		var tooLarge *«http»MaxBytesError
		if «errors»As(err, &tooLarge) {
			status = «http»StatusRequestEntityTooLarge
		}
		«http»Error(w, err.Error(), status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(Review(body))
}

// review is a ConversionReview of apiextensions.k8s.io v1 or v1beta1,
// which have the same fields.
type review struct {
	APIVersion string    ` + "`json:\"apiVersion\"`" + `
	Kind       string    ` + "`json:\"kind\"`" + `
	Request    *request  ` + "`json:\"request,omitempty\"`" + `
	Response   *response ` + "`json:\"response,omitempty\"`" + `
}

type request struct {
	UID               «types»UID               ` + "`json:\"uid\"`" + `
	DesiredAPIVersion string                 ` + "`json:\"desiredAPIVersion\"`" + `
	Objects           []«runtime»RawExtension ` + "`json:\"objects\"`" + `
}

type response struct {
	UID              «types»UID               ` + "`json:\"uid\"`" + `
	ConvertedObjects []«runtime»RawExtension ` + "`json:\"convertedObjects\"`" + `
	Result           «metav1»Status           ` + "`json:\"result\"`" + `
}

// Review answers a ConversionReview body with a review of the same version
// and uid: the objects converted, in order, or a Failure whose message
// says what went wrong.
func Review(body []byte) []byte {
	var in review
	out := review{APIVersion: reviewVersions[0], Kind: "ConversionReview", Response: &response{}}
	converted, err := answer(body, &in, &out)
	if err != nil {
		out.Response.ConvertedObjects = nil
		out.Response.Result = «metav1»Status{Status: «metav1»StatusFailure, Message: err.Error()}
	} else {
		out.Response.ConvertedObjects = converted
		out.Response.Result = «metav1»Status{Status: «metav1»StatusSuccess}
	}
	data, err := «json»Marshal(out)
	if err != nil { // a bug: every part of a review marshals
		return []byte(` + "`" + `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","response":{"uid":"","result":{"status":"Failure","message":"encoding the response failed"}}}` + "`" + `)
	}
	return data
}

// answer reads the review into in, sets out's version and uid, and converts
// the objects; a panic is an error, not a crash.
func answer(body []byte, in, out *review) (converted []«runtime»RawExtension, err error) {
	defer func() {
		if r := recover(); r != nil {
			converted, err = nil, «fmt»Errorf("conversion failed: %v", r)
		}
	}()
	if err := «json»Unmarshal(body, in); err != nil {
		return nil, «fmt»Errorf("reading the ConversionReview: %w", err)
	}
	if in.Request != nil {
		out.Response.UID = in.Request.UID
	}
	for _, v := range reviewVersions {
		if in.APIVersion == v {
			out.APIVersion = v
		}
	}
	switch {
	case out.APIVersion != in.APIVersion:
		return nil, «fmt»Errorf("ConversionReview version %q is not one of %v", in.APIVersion, reviewVersions)
	case in.Kind != "ConversionReview":
		return nil, «fmt»Errorf("kind %q is not ConversionReview", in.Kind)
	case in.Request == nil:
		return nil, «errors»New("the ConversionReview has no request")
	}
	to, err := «schema»ParseGroupVersion(in.Request.DesiredAPIVersion)
	if err != nil || to.Group != group {
		return nil, «fmt»Errorf("desired version %q is not a version of group %s", in.Request.DesiredAPIVersion, group)
	}
	converted = make([]«runtime»RawExtension, len(in.Request.Objects))
	for i, obj := range in.Request.Objects {
		raw, err := convertObject(obj.Raw, to.Version)
		if err != nil {
			return nil, «fmt»Errorf("object %d of %d: %w", i+1, len(in.Request.Objects), err)
		}
		converted[i] = «runtime»RawExtension{Raw: raw}
	}
	return converted, nil
}

// convertObject converts one object to version to of the group. An object
// already of that version is decoded and encoded all the same, so that it is
// checked as every other is.
func convertObject(raw []byte, to string) ([]byte, error) {
	var meta struct {
		«metav1»TypeMeta ` + "`json:\",inline\"`" + `
		Metadata struct {
			Namespace string ` + "`json:\"namespace\"`" + `
			Name      string ` + "`json:\"name\"`" + `
		} ` + "`json:\"metadata\"`" + `
	}
	if err := «strict»UnmarshalCaseSensitivePreserveInts(raw, &meta); err != nil {
		return nil, «fmt»Errorf("reading the object's kind: %w", err)
	}
	from, err := «schema»ParseGroupVersion(meta.APIVersion)
	if err != nil || from.Group != group {
		return nil, «fmt»Errorf("apiVersion %q is not a version of group %s", meta.APIVersion, group)
	}
	out, err := convertKind(meta.Kind, raw, from.Version, to)
	if err != nil {
		name := meta.Metadata.Name
		if meta.Metadata.Namespace != "" {
			name = meta.Metadata.Namespace + "/" + name
		}
		return nil, «fmt»Errorf("converting %s %s from %s to %s: %w", meta.Kind, name, from.Version, to, err)
	}
	return out, nil
}

// decode reads raw into obj as the API server does: case-sensitive, and
// failing on fields obj does not have, which would otherwise be lost.
func decode(raw []byte, obj any) error {
	strictErrs, err := «strict»UnmarshalStrict(raw, obj, «strict»DisallowUnknownFields)
	if err != nil {
		return err
	}
	return «errors»Join(strictErrs...)
}

// sameMetadata fails when a conversion changed metadata other than the
// labels and annotations, which the API server forbids.
func sameMetadata(before, after *«metav1»ObjectMeta) error {
	a, b := *before, *after
	a.Labels, a.Annotations, b.Labels, b.Annotations = nil, nil, nil, nil
	if !«equality»Semantic.DeepEqual(a, b) {
		return «errors»New("the conversion changed metadata other than labels and annotations")
	}
	return nil
}

func unservedVersion(v string) error {
	return «fmt»Errorf("version %q of group %s has no conversion here", v, group)
}

`
