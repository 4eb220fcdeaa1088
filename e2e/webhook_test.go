package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsv1beta1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"

	"example.com/frobbers/apis/frobbers/conversion"
	frobv5 "example.com/frobbers/apis/frobbers/v5"
	frobv6 "example.com/frobbers/apis/frobbers/v6"
)

// The tests here drive the conversion webhook that crdconversion generated
// for the example (../testdata/example/apis/frobbers/conversion) directly,
// without an API server: FuzzReview checks conversion.Review's answer to any
// body, the TestWebhook* tests check the HTTP handler and server against
// oversized bodies, wrong content types and methods, slow clients, and load.

const (
	whGroup = "frobbers.example.com"
	whV5    = whGroup + "/v5"
	whV6    = whGroup + "/v6"
	whRevV1 = "apiextensions.k8s.io/v1"
	whRevB1 = "apiextensions.k8s.io/v1beta1"
	// whNamePlaceholder stands for metadata.name in the load test's
	// object templates.
	whNamePlaceholder = "@@frobber-name@@"
)

// whTime is a whole-second time, which is what metav1.Time keeps on the wire.
func whTime(sec int) metav1.Time {
	return metav1.NewTime(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC).Add(time.Duration(sec) * time.Second))
}

// whMeta is the metadata the API server keeps on a stored Frobber.
func whMeta(r *rand.Rand, ns, name, version string) metav1.ObjectMeta {
	gen := int64(1 + r.IntN(20))
	return metav1.ObjectMeta{
		Namespace:         ns,
		Name:              name,
		UID:               types.UID(fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", r.Uint32(), r.IntN(1<<16), r.IntN(1<<12), r.IntN(1<<12), r.Int64N(1<<48))),
		ResourceVersion:   fmt.Sprint(1000 + r.IntN(1_000_000)),
		Generation:        gen,
		CreationTimestamp: whTime(r.IntN(86400)),
		Labels:            map[string]string{"app.kubernetes.io/name": "frobber", "tier": []string{"front", "back", "batch"}[r.IntN(3)]},
		Annotations:       map[string]string{"example.com/owner": "team-" + fmt.Sprint(r.IntN(9))},
		Finalizers:        []string{"frobbers.example.com/cleanup"},
		ManagedFields: []metav1.ManagedFieldsEntry{{
			Manager:    "frobber-controller",
			Operation:  metav1.ManagedFieldsOperationApply,
			APIVersion: version,
			Time:       ptr(whTime(100 + r.IntN(1000))),
			FieldsType: "FieldsV1",
			FieldsV1:   &metav1.FieldsV1{Raw: []byte(`{"f:spec":{"f:param":{},"f:ports":{"k:{\"name\":\"http\"}":{".":{},"f:name":{},"f:port":{}}}}}`)},
		}},
	}
}

func whConditions(r *rand.Rand, gen int64) []metav1.Condition {
	return []metav1.Condition{
		{Type: "Ready", Status: metav1.ConditionTrue, ObservedGeneration: gen, LastTransitionTime: whTime(200 + r.IntN(1000)), Reason: "Frobbing", Message: "the frobber frobs"},
		{Type: "Degraded", Status: metav1.ConditionFalse, ObservedGeneration: gen, LastTransitionTime: whTime(300 + r.IntN(1000)), Reason: "AsExpected", Message: ""},
	}
}

// whFrobberV5 is a realistic v5 Frobber as the API server would send it.
func whFrobberV5(r *rand.Rand, ns, name string, height int32) []byte {
	meta := whMeta(r, ns, name, whV5)
	f := frobv5.Frobber{
		TypeMeta:   metav1.TypeMeta{APIVersion: whV5, Kind: "Frobber"},
		ObjectMeta: meta,
		Spec: frobv5.FrobberSpec{
			Size:   frobv5.FrobberSize{Height: height, Width: ptr(int32(1 + r.IntN(50)))},
			Param:  []string{"alpha", "beta", "gamma"}[r.IntN(3)],
			Labels: map[string]string{"color": "blue", "size": "m"},
			Selector: &frobv5.FrobberSelector{
				MatchLabels: map[string]string{"tier": "front"},
			},
			Ports: []frobv5.FrobberPort{
				{Name: "http", Port: 80, Protocol: "TCP"},
				{Name: "dns", Port: 53, Protocol: "UDP"},
			},
			StartTime: whTime(r.IntN(1000)),
			Deadline:  ptr(whTime(5000 + r.IntN(1000))),
			Target:    intstr.FromInt32(int32(r.IntN(100))),
		},
		Status: frobv5.FrobberStatus{Conditions: whConditions(r, meta.Generation), ObservedGeneration: meta.Generation},
	}
	return whMarshal(f)
}

// whFrobberV6 is a realistic v6 Frobber, with fields v5 lacks (which
// converting to v5 keeps in an annotation). Widget stays nil: it is a Go
// interface, which JSON cannot decode into.
func whFrobberV6(r *rand.Rand, ns, name string, height int32) []byte {
	meta := whMeta(r, ns, name, whV6)
	appProto := "http"
	f := frobv6.Frobber{
		TypeMeta:   metav1.TypeMeta{APIVersion: whV6, Kind: "Frobber"},
		ObjectMeta: meta,
		Spec: frobv6.FrobberSpec{
			Height:  height,
			Width:   ptr(int32(1 + r.IntN(50))),
			Param:   "alpha",
			Params:  []string{"alpha", []string{"beta", "gamma"}[r.IntN(2)]},
			Labels:  map[string]string{"color": "blue", "size": "m"},
			Aliases: map[string][]string{"alpha": {"a", "first"}},
			Weights: []*int32{ptr(int32(1)), nil, ptr(int32(r.IntN(10)))},
			Selector: &frobv6.FrobberSelector{
				MatchNames: []string{"x", "y"},
			},
			Ports: []frobv6.FrobberPort{
				{Name: "http", Port: 80, Protocol: "TCP", AppProtocol: &appProto, Hints: []string{"fast"}},
				{Name: "dns", Port: 53, Protocol: "UDP"},
			},
			PortsByName: map[string]frobv6.FrobberPort{"admin": {Name: "admin", Port: 9000, Protocol: "TCP"}},
			Tags:        frobv6.Tags{"t1", "t2"},
			Annotations: frobv6.Annotations{"note": "hello"},
			StartTime:   whTime(r.IntN(1000)),
			Deadline:    ptr(whTime(5000 + r.IntN(1000))),
			Target:      intstr.FromString("http"),
		},
		Status: frobv6.FrobberStatus{Conditions: whConditions(r, meta.Generation), ObservedGeneration: meta.Generation},
	}
	return whMarshal(f)
}

func whMarshal(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

// whReviewV1 is a v1 ConversionReview of objs to desired.
func whReviewV1(uid, desired string, objs ...[]byte) []byte {
	rev := apiextensionsv1.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: whRevV1, Kind: "ConversionReview"},
		Request:  &apiextensionsv1.ConversionRequest{UID: types.UID(uid), DesiredAPIVersion: desired, Objects: []runtime.RawExtension{}},
	}
	for _, o := range objs {
		rev.Request.Objects = append(rev.Request.Objects, runtime.RawExtension{Raw: o})
	}
	return whMarshal(rev)
}

// whReviewV1beta1 is a v1beta1 ConversionReview of objs to desired.
func whReviewV1beta1(uid, desired string, objs ...[]byte) []byte {
	rev := apiextensionsv1beta1.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: whRevB1, Kind: "ConversionReview"},
		Request:  &apiextensionsv1beta1.ConversionRequest{UID: types.UID(uid), DesiredAPIVersion: desired, Objects: []runtime.RawExtension{}},
	}
	for _, o := range objs {
		rev.Request.Objects = append(rev.Request.Objects, runtime.RawExtension{Raw: o})
	}
	return whMarshal(rev)
}

// whSeeds are FuzzReview's seed corpus: valid reviews both ways, and bodies
// that are not reviews, or not ones this webhook can answer with Success.
func whSeeds() [][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	v5a, v5b, v5c := whFrobberV5(r, "ns1", "alpha", 3), whFrobberV5(r, "ns1", "bravo", 4), whFrobberV5(r, "ns2", "charlie", 5)
	v6a, v6b, v6c := whFrobberV6(r, "ns1", "delta", 6), whFrobberV6(r, "ns1", "echo", 7), whFrobberV6(r, "ns2", "foxtrot", 8)
	// v5 with what converting a v6 object kept in the annotation, made
	// with the spoke's own ConvertFromHub rather than the webhook's.
	var hub frobv6.Frobber
	var spoke frobv5.Frobber
	if err := json.Unmarshal(v6a, &hub); err != nil {
		panic(err)
	}
	if err := spoke.ConvertFromHub(&hub); err != nil {
		panic(err)
	}
	spoke.APIVersion, spoke.Kind = whV5, "Frobber"
	v5kept := whMarshal(spoke)
	valid := whReviewV1("0b6e5f0c-1a52-4c34-9b2e-6a1c0d1e2f30", whV6, v5a, v5b, v5c)
	return [][]byte{
		// Valid reviews, each way, several objects.
		valid,
		whReviewV1("7c1d2e3f-0000-4000-8000-000000000002", whV5, v6a, v6b, v6c),
		whReviewV1("one", whV6, v5a),
		whReviewV1("kept", whV6, v5kept, v5b),
		whReviewV1("mixed", whV6, v5a, v6b, v5c, v6c),
		whReviewV1("empty-list", whV5),
		whReviewV1beta1("beta-1", whV6, v5a, v5b),
		whReviewV1beta1("beta-2", whV5, v6a, v6b, v6c),
		// Truncated, garbage, empty, null.
		valid[:len(valid)/2],
		valid[:len(valid)-1],
		{},
		[]byte("null"),
		[]byte(`{}`),
		[]byte(`[]`),
		[]byte(`"ConversionReview"`),
		[]byte("\x00\xff\xfe garbage {{{"),
		[]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":null}`),
		[]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"frobbers.example.com/v6","objects":null}}`),
		[]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"frobbers.example.com/v6","objects":[null,5,"x",[]]}}`),
		[]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"frobbers.example.com/v6","objects":{}}}`),
		// Wrong kind, wrong apiVersion.
		bytes.Replace(valid, []byte(`"kind":"ConversionReview"`), []byte(`"kind":"AdmissionReview"`), 1),
		bytes.Replace(valid, []byte(whRevV1), []byte("apiextensions.k8s.io/v2"), 1),
		bytes.Replace(valid, []byte(whRevV1), []byte("admission.k8s.io/v1"), 1),
		// Wrong desired version or group, wrong object kind or group,
		// unknown fields.
		whReviewV1("desired-v7", whGroup+"/v7beta1", v5a, v6a),
		whReviewV1("desired-other-group", "apps/v1", v5a),
		whReviewV1("desired-empty", "", v5a),
		whReviewV1("object-kind", whV6, bytes.Replace(v5a, []byte(`"kind":"Frobber"`), []byte(`"kind":"Gizmo"`), 1)),
		whReviewV1("object-group", whV6, bytes.Replace(v5a, []byte(whV5), []byte("apps/v1"), 1)),
		whReviewV1("object-unknown-field", whV6, bytes.Replace(v5a, []byte(`"spec":{`), []byte(`"spec":{"color":"red",`), 1)),
		whReviewV1("object-wrong-type", whV5, bytes.Replace(v6a, []byte(`"spec":{"height":6`), []byte(`"spec":{"height":"six"`), 1)),
		whReviewV1("object-widget", whV5, bytes.Replace(v6a, []byte(`"spec":{`), []byte(`"spec":{"widget":{"label":"g","teeth":3},`), 1)),
		whReviewV1("bad-kept", whV6, bytes.Replace(v5a, []byte(`"annotations":{`), []byte(`"annotations":{"frobbers.example.com/conversion-kept":"{not json",`), 1)),
		// Names spelled with escapes come back as the same names.
		whReviewV1("escaped-name", whV6, bytes.Replace(v5a, []byte(`"name":"alpha"`), []byte(`"name":"\u0061lph\u0061-\u00e9"`), 1)),
		// Objects whose apiVersion the API server reads as v5 (or not at
		// all), with keys that differ from "apiVersion" in case only: a
		// Success must not return them as they are, as if already at v6.
		whReviewV1("apiversion-case", whV6, bytes.Replace(v5a, []byte(`"apiVersion":"frobbers.example.com/v5"`), []byte(`"apiVersion":"frobbers.example.com/v5","APIVersion":"frobbers.example.com/v6"`), 1)),
		[]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"frobbers.example.com/v6","objects":[{"apiversion":"frobbers.example.com/v6","kind":"Frobber","metadata":{"name":"x"}}]}}`),
	}
}

// whParsedObject is what the API server reads of a converted object:
// apiVersion, kind and metadata.name, case-sensitively.
type whParsedObject struct {
	ok                     bool // a JSON object
	apiVersion, kind, name any
}

func whParseObject(raw []byte) whParsedObject {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return whParsedObject{}
	}
	p := whParsedObject{ok: true, apiVersion: m["apiVersion"], kind: m["kind"]}
	if meta, ok := m["metadata"].(map[string]any); ok {
		p.name = meta["name"]
	}
	return p
}

// whCheckReview checks out, conversion.Review's answer to in.
func whCheckReview(t *testing.T, in, out []byte) {
	t.Helper()
	var got apiextensionsv1.ConversionReview
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil || dec.More() {
		t.Fatalf("the answer is not a ConversionReview (%v): %.500q", err, out)
	}
	if got.Kind != "ConversionReview" || (got.APIVersion != whRevV1 && got.APIVersion != whRevB1) {
		t.Fatalf("the answer is a %s %s, not a ConversionReview: %s", got.APIVersion, got.Kind, out)
	}
	if got.Response == nil {
		t.Fatalf("the answer has no response: %s", out)
	}
	if got.Request != nil {
		t.Errorf("the answer has a request: %s", out)
	}
	res := got.Response
	// The input as the API server's types read it (encoding/json, as
	// the webhook does).
	var sent apiextensionsv1.ConversionReview
	parsed := json.Unmarshal(in, &sent) == nil
	if parsed && sent.Request != nil && sent.Request.UID != "" && res.UID != sent.Request.UID {
		t.Errorf("the request's uid %q is not echoed: the answer has uid %q (%s %s, result %s %q)",
			sent.Request.UID, res.UID, sent.APIVersion, sent.Kind, res.Result.Status, res.Result.Message)
	}
	switch res.Result.Status {
	case metav1.StatusFailure:
		if res.Result.Message == "" {
			t.Errorf("a Failure without a message: %s", out)
		}
		if len(res.ConvertedObjects) != 0 {
			t.Errorf("a Failure with %d converted objects: %s", len(res.ConvertedObjects), out)
		}
		return
	case metav1.StatusSuccess:
	default:
		t.Fatalf("result status %q is neither Success nor Failure: %s", res.Result.Status, out)
	}
	if !parsed || sent.Request == nil {
		t.Fatalf("Success for a body that is not a ConversionReview with a request: %q", in)
	}
	if got.APIVersion != sent.APIVersion {
		t.Errorf("Success in %s for a review in %s", got.APIVersion, sent.APIVersion)
	}
	want := sent.Request.Objects
	if len(res.ConvertedObjects) != len(want) {
		t.Fatalf("Success with %d converted objects for %d sent", len(res.ConvertedObjects), len(want))
	}
	for i, o := range res.ConvertedObjects {
		g, w := whParseObject(o.Raw), whParseObject(want[i].Raw)
		if !g.ok {
			t.Errorf("converted object %d is not a JSON object: %s", i, o.Raw)
			continue
		}
		if g.apiVersion != sent.Request.DesiredAPIVersion {
			t.Errorf("converted object %d has apiVersion %#v, not the desired %q: sent %.300s", i, g.apiVersion, sent.Request.DesiredAPIVersion, want[i].Raw)
		}
		if g.name != w.name {
			t.Errorf("converted object %d is named %#v, the one sent there %#v: order or name not kept", i, g.name, w.name)
		}
		if g.kind != w.kind {
			t.Errorf("converted object %d is of kind %#v, the one sent there %#v", i, g.kind, w.kind)
		}
	}
}

// FuzzReview checks that conversion.Review answers any body with a
// ConversionReview: Success with every object converted in order (the
// desired apiVersion and the same name at each position, read as the API
// server reads them: case-sensitively), or Failure with a message; and the
// request's uid, when the body had one, either way.
func FuzzReview(f *testing.F) {
	for _, s := range whSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		whCheckReview(t, body, conversion.Review(body))
	})
}

// TestWebhookReview checks, beyond FuzzReview's invariants, which answer
// some reviews get: the valid v1 reviews succeed, with the objects
// converted; the others fail.
func TestWebhookReview(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	v5a, v6a := whFrobberV5(r, "ns", "a", 11), whFrobberV6(r, "ns", "b", 12)
	for _, tc := range []struct {
		name, want  string
		body        []byte
		wantHeights []int32
	}{
		{"v5 to v6", metav1.StatusSuccess, whReviewV1("u1", whV6, v5a, v6a), []int32{11, 12}},
		{"v6 to v5", metav1.StatusSuccess, whReviewV1("u2", whV5, v6a, v5a), []int32{12, 11}},
		{"v1beta1, which the CRD does not list", metav1.StatusFailure, whReviewV1beta1("u3", whV6, v5a), nil},
		{"garbage", metav1.StatusFailure, []byte("{garbage"), nil},
		{"unserved version", metav1.StatusFailure, whReviewV1("u4", whGroup+"/v7beta1", v5a), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := conversion.Review(tc.body)
			whCheckReview(t, tc.body, out)
			var got apiextensionsv1.ConversionReview
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatal(err)
			}
			if got.Response.Result.Status != tc.want {
				t.Fatalf("status %s (%q), want %s", got.Response.Result.Status, got.Response.Result.Message, tc.want)
			}
			if tc.want != metav1.StatusSuccess {
				return
			}
			// The spec made it across: v6's height is v5's size.height.
			for i, o := range got.Response.ConvertedObjects {
				var obj struct {
					APIVersion string `json:"apiVersion"`
					Spec       struct {
						Height int32 `json:"height"`
						Size   struct {
							Height int32 `json:"height"`
						} `json:"size"`
					} `json:"spec"`
				}
				if err := json.Unmarshal(o.Raw, &obj); err != nil {
					t.Fatal(err)
				}
				h := obj.Spec.Height
				if obj.APIVersion == whV5 {
					h = obj.Spec.Size.Height
				}
				if h != tc.wantHeights[i] {
					t.Errorf("object %d: height %d after conversion, want %d", i, h, tc.wantHeights[i])
				}
			}
		})
	}
}

// whCountingBody yields size bytes of filler, counting what was read, and
// says when it was closed.
type whCountingBody struct {
	size   int64
	read   atomic.Int64
	closed chan struct{}
	once   sync.Once
}

func newWhCountingBody(size int64) *whCountingBody {
	return &whCountingBody{size: size, closed: make(chan struct{})}
}

func (b *whCountingBody) Read(p []byte) (int, error) {
	left := b.size - b.read.Load()
	if left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), left)
	for i := range p[:n] {
		p[i] = ' '
	}
	b.read.Add(n)
	return int(n), nil
}

func (b *whCountingBody) Close() error {
	b.once.Do(func() { close(b.closed) })
	return nil
}

// whBodyCounter counts the bytes the handler read of the request bodies.
type whBodyCounter struct {
	io.ReadCloser
	n *atomic.Int64
}

func (c whBodyCounter) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestWebhookBodyTooLarge sends 64 MiB to the handler, with and without a
// Content-Length: it must answer 413 having read at most MaxRequestBytes+1
// bytes (none when the Content-Length says the body is too large), and the
// client must not have had to send the body whole.
func TestWebhookBodyTooLarge(t *testing.T) {
	const size = 64 << 20
	var handlerRead atomic.Int64
	var lastLength atomic.Int64
	var lastChunked atomic.Bool
	h := conversion.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lastLength.Store(r.ContentLength)
		lastChunked.Store(slices.Contains(r.TransferEncoding, "chunked"))
		r2 := r.WithContext(r.Context())
		r2.Body = whBodyCounter{r.Body, &handlerRead}
		h.ServeHTTP(w, r2)
	}))
	defer ts.Close()
	client := ts.Client()
	client.Timeout = 60 * time.Second

	for _, tc := range []struct {
		name        string
		length      int64
		maxHandler  int64 // most bytes the handler may read
		wantChunked bool
	}{
		{"Content-Length", size, 0, false},
		{"chunked", -1, conversion.MaxRequestBytes + 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			handlerRead.Store(0)
			body := newWhCountingBody(size)
			req, err := http.NewRequest(http.MethodPost, ts.URL, body)
			if err != nil {
				t.Fatal(err)
			}
			req.ContentLength = tc.length
			req.Header.Set("Content-Type", "application/json")
			start := time.Now()
			resp, err := client.Do(req)
			if err != nil {
				t.Fatalf("POST of %d bytes: %v (client read %d bytes of the body)", size, err, body.read.Load())
			}
			msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
			resp.Body.Close()
			// The transport closes the body when it is done sending it,
			// which is once the server closed the connection.
			select {
			case <-body.closed:
			case <-time.After(30 * time.Second):
				t.Errorf("the client still sends the body 30 s on")
			}
			clientRead, hRead := body.read.Load(), handlerRead.Load()
			t.Logf("%s: status %d %q in %v; the client read %d bytes of the body (%.1f MiB), the handler %d",
				tc.name, resp.StatusCode, strings.TrimSpace(string(msg)), time.Since(start).Round(time.Millisecond), clientRead, float64(clientRead)/(1<<20), hRead)
			if tc.wantChunked != lastChunked.Load() || (!tc.wantChunked && lastLength.Load() != size) {
				t.Fatalf("the request reached the handler with Content-Length %d, chunked %t", lastLength.Load(), lastChunked.Load())
			}
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("status %d, want 413", resp.StatusCode)
			}
			if hRead > tc.maxHandler {
				t.Errorf("the handler read %d bytes of the body, want at most %d", hRead, tc.maxHandler)
			}
			// What the client sent beyond what the handler read sat in
			// the kernel's socket buffers: 4 to 7 MiB on loopback here.
			if clientRead > size/4 {
				t.Errorf("the client had to send %d of %d bytes", clientRead, size)
			}
		})
	}

	// Up to the limit a review is read, and answered.
	t.Run("at the limit", func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		rev := whReviewV1("at-limit", whV6, whFrobberV5(r, "ns", "a", 1))
		for _, tc := range []struct {
			size int
			want int
		}{
			{conversion.MaxRequestBytes, http.StatusOK},
			{conversion.MaxRequestBytes + 1, http.StatusRequestEntityTooLarge},
		} {
			for _, chunked := range []bool{false, true} {
				handlerRead.Store(0)
				body := append(slices.Clone(rev), bytes.Repeat([]byte(" "), tc.size-len(rev))...)
				req, err := http.NewRequest(http.MethodPost, ts.URL, bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if chunked {
					req.ContentLength = -1
					req.Body = io.NopCloser(bytes.NewReader(body))
				}
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				out, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != tc.want {
					t.Errorf("%d bytes, chunked %t: status %d, want %d: %.200s", tc.size, chunked, resp.StatusCode, tc.want, out)
					continue
				}
				if tc.want == http.StatusOK {
					whCheckReview(t, body, out)
					if !bytes.Contains(out, []byte(`"status":"Success"`)) {
						t.Errorf("%d bytes, chunked %t: %.300s", tc.size, chunked, out)
					}
				}
			}
		}
	})
}

// TestWebhookContentTypeAndMethod: only POSTs of application/json are read.
func TestWebhookContentTypeAndMethod(t *testing.T) {
	var handlerRead atomic.Int64
	h := conversion.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r2 := r.WithContext(r.Context())
		r2.Body = whBodyCounter{r.Body, &handlerRead}
		h.ServeHTTP(w, r2)
	}))
	defer ts.Close()
	r := rand.New(rand.NewPCG(7, 8))
	rev := whReviewV1("ct", whV6, whFrobberV5(r, "ns", "a", 1))
	for _, tc := range []struct {
		method, contentType string
		want                int
	}{
		{http.MethodPost, "text/plain", http.StatusUnsupportedMediaType},
		{http.MethodPost, "application/yaml", http.StatusUnsupportedMediaType},
		{http.MethodPost, "", http.StatusUnsupportedMediaType},
		{http.MethodPost, "application/json-patch+json", http.StatusUnsupportedMediaType},
		{http.MethodPost, "application/vnd.kubernetes.protobuf", http.StatusUnsupportedMediaType},
		{http.MethodPost, "application/json;;", http.StatusUnsupportedMediaType},
		{http.MethodGet, "", http.StatusMethodNotAllowed},
		{http.MethodGet, "application/json", http.StatusMethodNotAllowed},
		{http.MethodPut, "application/json", http.StatusMethodNotAllowed},
		{http.MethodPost, "application/json", http.StatusOK},
		{http.MethodPost, "application/json; charset=utf-8", http.StatusOK},
		{http.MethodPost, "Application/JSON", http.StatusOK},
	} {
		name := fmt.Sprintf("%s %q", tc.method, tc.contentType)
		handlerRead.Store(0)
		req, err := http.NewRequest(tc.method, ts.URL, bytes.NewReader(rev))
		if err != nil {
			t.Fatal(err)
		}
		if tc.contentType != "" {
			req.Header.Set("Content-Type", tc.contentType)
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s: status %d, want %d: %.200s", name, resp.StatusCode, tc.want, out)
			continue
		}
		switch tc.want {
		case http.StatusOK:
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("%s: answered with Content-Type %q", name, ct)
			}
			whCheckReview(t, rev, out)
			if !bytes.Contains(out, []byte(`"status":"Success"`)) {
				t.Errorf("%s: %.300s", name, out)
			}
		case http.StatusMethodNotAllowed:
			if allow := resp.Header.Get("Allow"); allow != http.MethodPost {
				t.Errorf("%s: Allow %q, want POST", name, allow)
			}
			fallthrough
		default:
			if n := handlerRead.Load(); n != 0 {
				t.Errorf("%s: refused, but the handler read %d bytes of the body", name, n)
			}
		}
	}
}

// TestWebhookSlowClient: conversion.NewServer's timeouts, lowered to 1 s,
// cut off a client that sends its body, or its headers, a byte at a time.
func TestWebhookSlowClient(t *testing.T) {
	const timeout = time.Second
	var calls, successes atomic.Int64
	srv := conversion.NewServer("127.0.0.1:0")
	if srv.ReadTimeout <= 0 || srv.ReadHeaderTimeout <= 0 || srv.WriteTimeout <= 0 {
		t.Errorf("NewServer's timeouts: read %v, read header %v, write %v", srv.ReadTimeout, srv.ReadHeaderTimeout, srv.WriteTimeout)
	}
	srv.ReadTimeout, srv.ReadHeaderTimeout = timeout, timeout
	h := srv.Handler
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		tee := &whTee{ResponseWriter: w}
		h.ServeHTTP(tee, r)
		if bytes.Contains(tee.body.Bytes(), []byte(`"Success"`)) {
			successes.Add(1)
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		if err := <-served; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("Serve: %v", err)
		}
	}()

	r := rand.New(rand.NewPCG(9, 10))
	rev := whReviewV1("slow", whV6, whFrobberV5(r, "ns", "a", 1))
	head := fmt.Sprintf("POST /convert HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", ln.Addr(), len(rev))

	// trickle sends fast, then slow a byte every 300 ms, and returns how
	// long the server took to close the connection and what it answered.
	trickle := func(t *testing.T, fast, slow string) (time.Duration, string) {
		conn, err := net.DialTimeout("tcp", ln.Addr().String(), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		start := time.Now()
		if _, err := io.WriteString(conn, fast); err != nil {
			t.Fatal(err)
		}
		stop := make(chan struct{})
		var sent atomic.Int64
		writerDone := make(chan struct{})
		go func() {
			defer close(writerDone)
			for i := 0; i < len(slow); i++ {
				select {
				case <-stop:
					return
				case <-time.After(300 * time.Millisecond):
				}
				if _, err := conn.Write([]byte{slow[i]}); err != nil {
					return
				}
				sent.Add(1)
			}
		}()
		defer func() { close(stop); <-writerDone }()
		if err := conn.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
			t.Fatal(err)
		}
		answer, err := io.ReadAll(conn) // until the server closes the connection
		elapsed := time.Since(start)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("the server kept the connection open for %v, %d slow bytes sent; answered %q", elapsed.Round(time.Millisecond), sent.Load(), answer)
		}
		t.Logf("the server closed the connection after %v (read error %v), %d of %d slow bytes sent; answered %q",
			elapsed.Round(time.Millisecond), err, sent.Load(), len(slow), whFirstLine(answer))
		if sent.Load() == int64(len(slow)) {
			t.Errorf("the client got to send everything")
		}
		if elapsed > 4*timeout {
			t.Errorf("the server took %v to cut off the client, with a %v timeout", elapsed, timeout)
		}
		return elapsed, string(answer)
	}

	t.Run("body", func(t *testing.T) {
		calls.Store(0)
		_, answer := trickle(t, head, string(rev))
		if strings.HasPrefix(answer, "HTTP/1.1 200") || strings.Contains(answer, `"Success"`) {
			t.Errorf("the slow client got an answer: %q", answer)
		}
		if calls.Load() != 1 {
			t.Errorf("the handler ran %d times, want once", calls.Load())
		}
	})
	t.Run("headers", func(t *testing.T) {
		calls.Store(0)
		_, answer := trickle(t, head[:20], head[20:]+string(rev))
		if strings.HasPrefix(answer, "HTTP/1.1 200") {
			t.Errorf("the slow client got an answer: %q", answer)
		}
		if calls.Load() != 0 {
			t.Errorf("the handler ran %d times, want never", calls.Load())
		}
	})
	if n := successes.Load(); n != 0 {
		t.Errorf("the handler answered a slow client with Success %d times", n)
	}

	// The server still serves a client that is not slow.
	resp, err := http.Post("http://"+ln.Addr().String()+"/convert", "application/json", bytes.NewReader(rev))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Contains(out, []byte(`"Success"`)) {
		t.Errorf("a prompt client: status %d, %.300s", resp.StatusCode, out)
	}
}

// whTee is a ResponseWriter that keeps a copy of the body.
type whTee struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (t *whTee) Write(p []byte) (int, error) {
	t.body.Write(p)
	return t.ResponseWriter.Write(p)
}

func whFirstLine(b []byte) string {
	line, _, _ := strings.Cut(string(b), "\r\n")
	return line
}

// whTemplate is a Frobber's JSON cut at its name.
type whTemplate struct {
	before, after []byte
	height        int32
	from, to      string
}

// TestWebhookLoad sends 10,000 reviews of 1 to 100 objects from 32 clients
// over keep-alive TLS connections, and checks every answer.
func TestWebhookLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	const (
		reviews    = 10_000
		clients    = 32
		maxObjects = 100
		templates  = 16
	)
	r := rand.New(rand.NewPCG(11, 12))
	var tmpl [2][]whTemplate // [0]: v5 to v6, [1]: v6 to v5
	for i := range templates {
		h := int32(1 + i)
		for d, raw := range [][]byte{whFrobberV5(r, "load", whNamePlaceholder, h), whFrobberV6(r, "load", whNamePlaceholder, h)} {
			before, after, ok := bytes.Cut(raw, []byte(`"name":"`+whNamePlaceholder+`"`))
			if !ok || bytes.Contains(after, []byte(whNamePlaceholder)) {
				t.Fatalf("template %s", raw)
			}
			to := []string{whV6, whV5}[d]
			tmpl[d] = append(tmpl[d], whTemplate{before: before, after: after, height: h, from: []string{whV5, whV6}[d], to: to})
		}
	}
	type job struct {
		dir   int
		objs  []int // template of each object
		uid   string
		bytes int
	}
	jobs := make([]job, reviews)
	totalObjects := 0
	for i := range jobs {
		n := 1 + r.IntN(maxObjects)
		j := job{dir: r.IntN(2), objs: make([]int, n), uid: fmt.Sprintf("load-%05d-%08x", i, r.Uint32())}
		for k := range j.objs {
			j.objs[k] = r.IntN(templates)
		}
		jobs[i] = j
		totalObjects += n
	}

	var conns atomic.Int64
	ts := httptest.NewUnstartedServer(conversion.Handler())
	ts.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	ts.StartTLS()
	defer ts.Close()
	tr := ts.Client().Transport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = clients
	tr.MaxConnsPerHost = clients
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	defer tr.CloseIdleConnections()

	latencies := make([]time.Duration, reviews)
	var next, failures, bodyBytes atomic.Int64
	fail := func(format string, args ...any) {
		if failures.Add(1) <= 10 {
			t.Errorf(format, args...)
		}
	}
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Go(func() {
			var buf bytes.Buffer
			for {
				i := int(next.Add(1) - 1)
				if i >= reviews || failures.Load() > 10 {
					return
				}
				j := jobs[i]
				desired := tmpl[j.dir][0].to
				buf.Reset()
				fmt.Fprintf(&buf, `{"apiVersion":%q,"kind":"ConversionReview","request":{"uid":%q,"desiredAPIVersion":%q,"objects":[`, whRevV1, j.uid, desired)
				for k, ti := range j.objs {
					if k > 0 {
						buf.WriteByte(',')
					}
					tp := tmpl[j.dir][ti]
					buf.Write(tp.before)
					fmt.Fprintf(&buf, `"name":"r%d-o%d"`, i, k)
					buf.Write(tp.after)
				}
				buf.WriteString("]}}")
				bodyBytes.Add(int64(buf.Len()))
				t0 := time.Now()
				resp, err := client.Post(ts.URL+"/convert", "application/json", bytes.NewReader(buf.Bytes()))
				if err != nil {
					fail("review %d: %v", i, err)
					return
				}
				out, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				latencies[i] = time.Since(t0)
				if err != nil || resp.StatusCode != http.StatusOK {
					fail("review %d: status %d, %v: %.300s", i, resp.StatusCode, err, out)
					continue
				}
				var got struct {
					APIVersion string `json:"apiVersion"`
					Kind       string `json:"kind"`
					Response   struct {
						UID              string `json:"uid"`
						ConvertedObjects []struct {
							APIVersion string `json:"apiVersion"`
							Kind       string `json:"kind"`
							Metadata   struct {
								Name string `json:"name"`
							} `json:"metadata"`
							Spec struct {
								Height int32 `json:"height"`
								Size   struct {
									Height int32 `json:"height"`
								} `json:"size"`
							} `json:"spec"`
						} `json:"convertedObjects"`
						Result metav1.Status `json:"result"`
					} `json:"response"`
				}
				if err := json.Unmarshal(out, &got); err != nil {
					fail("review %d: %v: %.300s", i, err, out)
					continue
				}
				res := got.Response
				switch {
				case got.APIVersion != whRevV1 || got.Kind != "ConversionReview":
					fail("review %d: answered with a %s %s", i, got.APIVersion, got.Kind)
				case res.Result.Status != metav1.StatusSuccess:
					fail("review %d: %s: %s", i, res.Result.Status, res.Result.Message)
				case res.UID != j.uid:
					fail("review %d: uid %q, sent %q", i, res.UID, j.uid)
				case len(res.ConvertedObjects) != len(j.objs):
					fail("review %d: %d objects converted of %d", i, len(res.ConvertedObjects), len(j.objs))
				default:
					for k, o := range res.ConvertedObjects {
						tp := tmpl[j.dir][j.objs[k]]
						h := o.Spec.Height
						if desired == whV5 {
							h = o.Spec.Size.Height
						}
						if want := fmt.Sprintf("r%d-o%d", i, k); o.Metadata.Name != want || o.APIVersion != desired || o.Kind != "Frobber" || h != tp.height {
							fail("review %d, object %d: %s %s %q height %d, want %s Frobber %q height %d", i, k, o.APIVersion, o.Kind, o.Metadata.Name, h, desired, want, tp.height)
							break
						}
					}
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if n := failures.Load(); n > 0 {
		t.Fatalf("%d failures (the first 10 above)", n)
	}
	if n := next.Load(); n < reviews {
		t.Fatalf("only %d reviews sent", n)
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		return latencies[int(p*float64(reviews-1))].Round(10 * time.Microsecond)
	}
	t.Logf("%d reviews of %d objects (%.1f MiB sent) from %d clients over %d TLS connections in %v: "+
		"latency per review p50 %v, p90 %v, p99 %v, max %v; %.0f objects/s, %.0f reviews/s",
		reviews, totalObjects, float64(bodyBytes.Load())/(1<<20), clients, conns.Load(), elapsed.Round(time.Millisecond),
		pct(0.50), pct(0.90), pct(0.99), latencies[reviews-1].Round(10*time.Microsecond),
		float64(totalObjects)/elapsed.Seconds(), float64(reviews)/elapsed.Seconds())
	if n := conns.Load(); n > clients {
		t.Errorf("%d connections for %d keep-alive clients", n, clients)
	}
}
