package e2e

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/diff"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/watch"

	"example.com/frobbers/apis/frobbers/conversion"
	frobbersv5 "example.com/frobbers/apis/frobbers/v5"
	frobbersv6 "example.com/frobbers/apis/frobbers/v6"
	"example.com/frobbers/pkg/generated/clientset/versioned"
	typedv5 "example.com/frobbers/pkg/generated/clientset/versioned/typed/frobbers/v5"
	typedv6 "example.com/frobbers/pkg/generated/clientset/versioned/typed/frobbers/v6"
)

// keptAnnotation is where the generated v5 conversion keeps what v5 cannot
// hold of a v6 object.
const keptAnnotation = "frobbers.example.com/conversion-kept"

// watchEventTimeout bounds the wait for a watch event.
const watchEventTimeout = 10 * time.Second

// TestConversion installs the two-version Frobber CRD with its conversion
// webhook pointed at the generated conversion.Handler, served by the test
// over TLS on 127.0.0.1, and checks that the real apiextensions-apiserver
// converts between v5 and the storage version v6 through it: reads, writes,
// lists and watches in either version, and a conversion the webhook
// refuses. One server is shared; each subtest works in its own namespace.
func TestConversion(t *testing.T) {
	if testing.Short() {
		t.Skip("starts etcd and an API server")
	}
	start := time.Now()
	wh := startConversionWebhook(t)

	crd, err := FrobberCRD(CRDFile)
	if err != nil {
		t.Fatalf("reading the generated CRD: %v", err)
	}
	if crd.Spec.Conversion == nil || crd.Spec.Conversion.Strategy != apiextensionsv1.WebhookConverter || crd.Spec.Conversion.Webhook == nil {
		t.Fatalf("the generated CRD has conversion %+v, want a webhook", crd.Spec.Conversion)
	}
	var versions []string
	for _, v := range crd.Spec.Versions {
		versions = append(versions, v.Name)
	}
	if !slices.Contains(versions, "v5") || !slices.Contains(versions, "v6") {
		t.Fatalf("the generated CRD has versions %v, want v5 and v6", versions)
	}
	crd.Spec.Conversion.Webhook.ClientConfig = &apiextensionsv1.WebhookClientConfig{
		URL:      &wh.url,
		CABundle: wh.caPEM,
	}

	cfg := startAPIServer(t, startEtcd(t))
	installCRDObject(t, cfg, crd)
	t.Logf("webhook at %s, etcd, apiextensions-apiserver and CRD ready in %v", wh.url, time.Since(start).Round(time.Millisecond))

	client, err := versioned.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		name string
		run  func(t *testing.T, ctx context.Context, c convClients)
	}{
		{"CreateV5ReadV6", testConvCreateV5ReadV6},
		{"CreateV6ReadV5", testConvCreateV6ReadV5},
		{"UpdateThroughV5", testConvUpdateThroughV5},
		{"ListBothVersions", testConvList},
		{"WatchV5SeesV6Create", testConvWatch},
		{"FailedConversion", testConvFailure},
	} {
		t.Run(s.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), scenarioTimeout)
			t.Cleanup(cancel)
			ns := "conv-" + strings.ToLower(s.name)
			before := wh.calls.Load()
			s.run(t, ctx, convClients{
				v5: client.FrobbersV5().Frobbers(ns),
				v6: client.FrobbersV6().Frobbers(ns),
				ns: ns,
			})
			// Every scenario reads or writes v5, which is not the storage
			// version: the API server cannot have done it without the webhook.
			if after := wh.calls.Load(); after == before {
				t.Errorf("the API server did not call the conversion webhook")
			}
		})
	}
	n := wh.calls.Load()
	t.Logf("the API server sent the conversion webhook %d ConversionReview(s)", n)
	if n == 0 {
		t.Errorf("the conversion webhook was never called")
	}
}

// convClients are the typed clients of both versions in one namespace.
type convClients struct {
	v5 typedv5.FrobberInterface
	v6 typedv6.FrobberInterface
	ns string
}

// ------------------------------------------------------------- the webhook

// conversionWebhook is the generated conversion handler, served over TLS on
// 127.0.0.1 with a certificate of the test's own CA.
type conversionWebhook struct {
	url   string
	caPEM []byte
	// calls counts the requests that reached the handler.
	calls atomic.Int64
}

// startConversionWebhook makes a CA and a serving certificate for
// 127.0.0.1, serves conversion.NewServer's handler at /convert on a free
// port, and shuts it down in t.Cleanup.
func startConversionWebhook(t *testing.T) *conversionWebhook {
	t.Helper()
	caPEM, cert, err := newServingCert()
	if err != nil {
		t.Fatalf("making the webhook's certificates: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	wh := &conversionWebhook{url: "https://" + l.Addr().String() + "/convert", caPEM: caPEM}

	srv := conversion.NewServer(l.Addr().String())
	handler := srv.Handler
	mux := http.NewServeMux()
	mux.Handle("/convert", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		wh.calls.Add(1)
		handler.ServeHTTP(w, r)
	}))
	srv.Handler = mux
	srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}

	done := make(chan error, 1)
	go func() { done <- srv.ServeTLS(l, "", "") }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			srv.Close()
		}
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("serving the conversion webhook: %v", err)
		}
	})
	return wh
}

// newServingCert returns the PEM of a new CA and a certificate it signed
// for serving on 127.0.0.1. Both are ECDSA P-256 and valid for an hour.
func newServingCert() (caPEM []byte, cert tls.Certificate, err error) {
	now := time.Now()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, cert, err
	}
	caTemplate := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "apigen e2e conversion webhook CA"},
		NotBefore:             now.Add(-time.Minute),
		NotAfter:              now.Add(time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTemplate, caTemplate, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, cert, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, cert, err
	}

	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, cert, err
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    now.Add(-time.Minute),
		NotAfter:     now.Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, ca, &key.PublicKey, caKey)
	if err != nil {
		return nil, cert, err
	}
	caPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER})
	return caPEM, tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, nil
}

// ----------------------------------------------------------------- objects

// deadline is after startTime, as v6's CRD validation requires.
var deadline = metav1.NewTime(time.Date(2024, 6, 7, 8, 9, 10, 0, time.UTC))

// spokeFrobber returns a v5 Frobber that sets every field v5 has.
func spokeFrobber(ns, name string, height int32) *frobbersv5.Frobber {
	return &frobbersv5.Frobber{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, Annotations: map[string]string{"owner": "e2e"}},
		Spec: frobbersv5.FrobberSpec{
			Size:   frobbersv5.FrobberSize{Height: height, Width: ptr(int32(4))},
			Param:  "alpha",
			Labels: map[string]string{"color": "blue"},
			Selector: &frobbersv5.FrobberSelector{
				MatchLabels: map[string]string{"tier": "front"},
			},
			Ports:     []frobbersv5.FrobberPort{{Name: "http", Port: 80, Protocol: "TCP"}},
			StartTime: startTime,
			Deadline:  &deadline,
			Target:    intstr.FromInt32(8080),
		},
	}
}

// hubOfSpoke is what v6 must read of spokeFrobber's spec.
func hubOfSpoke(height int32) frobbersv6.FrobberSpec {
	return frobbersv6.FrobberSpec{
		Height:    height,
		Width:     ptr(int32(4)),
		Param:     "alpha",
		Labels:    map[string]string{"color": "blue"},
		Selector:  &frobbersv6.FrobberSelector{MatchLabels: map[string]string{"tier": "front"}},
		Ports:     []frobbersv6.FrobberPort{{Name: "http", Port: 80, Protocol: "TCP"}},
		StartTime: startTime,
		Deadline:  &deadline,
		Target:    intstr.FromInt32(8080),
	}
}

// hubFrobber returns a v6 Frobber that sets fields v5 lacks: params,
// aliases, weights, portsByName, tags, annotations, and a port's
// appProtocol and hints. Widget stays nil (see sampleFrobber).
func hubFrobber(ns, name string, height int32) *frobbersv6.Frobber {
	return &frobbersv6.Frobber{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, Annotations: map[string]string{"owner": "e2e"}},
		Spec: frobbersv6.FrobberSpec{
			Height:  height,
			Width:   ptr(int32(7)),
			Param:   "alpha",
			Params:  []string{"alpha", "beta"},
			Labels:  map[string]string{"color": "red"},
			Aliases: map[string][]string{"alpha": {"a", "first"}},
			Weights: []*int32{ptr(int32(1)), nil, ptr(int32(3))},
			Selector: &frobbersv6.FrobberSelector{
				MatchNames: []string{"x"},
			},
			Ports: []frobbersv6.FrobberPort{
				{Name: "http", Port: 80, Protocol: "TCP", AppProtocol: ptr("http"), Hints: []string{"local", "zonal"}},
				{Name: "dns", Port: 53, Protocol: "UDP"},
			},
			PortsByName: map[string]frobbersv6.FrobberPort{"admin": {Name: "admin", Port: 9000, Protocol: "TCP"}},
			Tags:        frobbersv6.Tags{"t1", "t2"},
			Annotations: frobbersv6.Annotations{"note": "hello"},
			StartTime:   startTime,
			Deadline:    &deadline,
			Target:      intstr.FromString("http"),
		},
	}
}

// spokeOfHub is what v5 must read of hubFrobber's spec.
func spokeOfHub(height int32) frobbersv5.FrobberSpec {
	return frobbersv5.FrobberSpec{
		Size:     frobbersv5.FrobberSize{Height: height, Width: ptr(int32(7))},
		Param:    "alpha",
		Labels:   map[string]string{"color": "red"},
		Selector: &frobbersv5.FrobberSelector{MatchNames: []string{"x"}},
		Ports: []frobbersv5.FrobberPort{
			{Name: "http", Port: 80, Protocol: "TCP"},
			{Name: "dns", Port: 53, Protocol: "UDP"},
		},
		StartTime: startTime,
		Deadline:  &deadline,
		Target:    intstr.FromString("http"),
	}
}

// keptSpec is what the conversion-kept annotation must hold of hubFrobber:
// the v6 fields v5 has no place for, by their v6 JSON names, each as its
// value and the value a trip through v5 gave it (none: v5 lacks them).
// Ports are kept by their names; only "http" has fields v5 lacks.
type keptSpec struct {
	Params  *kept[[]string]            `json:"params"`
	Aliases *kept[map[string][]string] `json:"aliases"`
	Weights *kept[[]*int32]            `json:"weights"`
	Ports   map[string]*keptPort       `json:"ports"` // by the JSON of the port's keys, its name

	PortsByName *kept[map[string]frobbersv6.FrobberPort] `json:"portsByName"`
	Tags        *kept[[]string]                          `json:"tags"`
	Annotations *kept[map[string]string]                 `json:"annotations"`
}

type kept[T any] struct {
	Value T `json:"value"`
	Trip  T `json:"trip"`
}

type keptPort struct {
	AppProtocol *kept[*string]  `json:"appProtocol"`
	Hints       *kept[[]string] `json:"hints"`
}

// wantKept checks that v5's annotations are the user's plus the
// conversion-kept annotation, which holds exactly the v6-only fields of
// hubFrobber.
func wantKept(t *testing.T, what string, f *frobbersv5.Frobber) {
	t.Helper()
	data, ok := f.Annotations[keptAnnotation]
	if !ok {
		t.Errorf("%s: no annotation %s; annotations %v", what, keptAnnotation, f.Annotations)
		return
	}
	others := map[string]string{}
	for k, v := range f.Annotations {
		if k != keptAnnotation {
			others[k] = v
		}
	}
	if want := map[string]string{"owner": "e2e"}; !apiequality.Semantic.DeepEqual(others, want) {
		t.Errorf("%s: other annotations %v, want %v", what, others, want)
	}

	// Only fields v5 cannot hold: not height or width, which v5 has as size.
	var fields struct {
		Spec map[string]json.RawMessage `json:"spec"`
	}
	if err := json.Unmarshal([]byte(data), &fields); err != nil {
		t.Errorf("%s: annotation %s = %q: %v", what, keptAnnotation, data, err)
		return
	}
	var keys []string
	for k := range fields.Spec {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"aliases", "annotations", "params", "ports", "portsByName", "tags", "weights"}; !slices.Equal(keys, want) {
		t.Errorf("%s: annotation keeps spec fields %q, want %q; it is %s", what, keys, want, data)
	}

	var got struct {
		Spec keptSpec `json:"spec"`
	}
	if err := json.Unmarshal([]byte(data), &got); err != nil {
		t.Errorf("%s: annotation %s = %q: %v", what, keptAnnotation, data, err)
		return
	}
	hub := hubFrobber("", "", 0).Spec
	want := keptSpec{
		Params:      &kept[[]string]{Value: hub.Params},
		Aliases:     &kept[map[string][]string]{Value: hub.Aliases},
		Weights:     &kept[[]*int32]{Value: hub.Weights},
		Ports:       map[string]*keptPort{`["http"]`: {AppProtocol: &kept[*string]{Value: hub.Ports[0].AppProtocol}, Hints: &kept[[]string]{Value: hub.Ports[0].Hints}}},
		PortsByName: &kept[map[string]frobbersv6.FrobberPort]{Value: hub.PortsByName},
		Tags:        &kept[[]string]{Value: hub.Tags},
		Annotations: &kept[map[string]string]{Value: hub.Annotations},
	}
	if !apiequality.Semantic.DeepEqual(got.Spec, want) {
		t.Errorf("%s: annotation %s differs (-want +got):\n%s\nit is %s", what, keptAnnotation, diff.Diff(want, got.Spec), data)
	}
}

func wantSpokeSpec(t *testing.T, what string, got, want frobbersv5.FrobberSpec) {
	t.Helper()
	if !apiequality.Semantic.DeepEqual(got, want) {
		t.Errorf("%s: v5 spec differs (-want +got):\n%s", what, diff.Diff(want, got))
	}
}

// wantAnnotations checks that the annotations are exactly want: where a
// test wants no conversion-kept annotation, which is for v5 only.
func wantAnnotations(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	if !apiequality.Semantic.DeepEqual(got, want) {
		t.Errorf("%s: annotations %v, want %v", what, got, want)
	}
}

// ---------------------------------------------------------------- scenarios

func testConvCreateV5ReadV6(t *testing.T, ctx context.Context, c convClients) {
	created, err := c.v5.Create(ctx, spokeFrobber(c.ns, "old", 3), metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("Create in v5: %v", err)
	}
	// The server stored v6 and answered in v5: a round trip.
	wantSpokeSpec(t, "v5 Create's answer", created.Spec, spokeFrobber(c.ns, "old", 3).Spec)
	wantAnnotations(t, "v5 Create's answer", created.Annotations, map[string]string{"owner": "e2e"})

	got, err := c.v6.Get(ctx, "old", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("Get in v6: %v", err)
	}
	wantSpec(t, "v6 Get", got.Spec, hubOfSpoke(3))
	wantAnnotations(t, "v6 Get", got.Annotations, map[string]string{"owner": "e2e"})
	if got.UID != created.UID || got.ResourceVersion != created.ResourceVersion {
		t.Errorf("v6 Get: uid %s rv %s, want the v5 object's %s %s", got.UID, got.ResourceVersion, created.UID, created.ResourceVersion)
	}

	again, err := c.v5.Get(ctx, "old", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("Get in v5: %v", err)
	}
	wantSpokeSpec(t, "v5 Get", again.Spec, spokeFrobber(c.ns, "old", 3).Spec)
}

func testConvCreateV6ReadV5(t *testing.T, ctx context.Context, c convClients) {
	created, err := c.v6.Create(ctx, hubFrobber(c.ns, "new", 2), metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("Create in v6: %v", err)
	}
	wantSpec(t, "v6 Create's answer", created.Spec, hubFrobber(c.ns, "new", 2).Spec)

	got, err := c.v5.Get(ctx, "new", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("Get in v5: %v", err)
	}
	wantSpokeSpec(t, "v5 Get", got.Spec, spokeOfHub(2))
	wantKept(t, "v5 Get", got)

	hub, err := c.v6.Get(ctx, "new", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("Get in v6: %v", err)
	}
	wantSpec(t, "v6 Get", hub.Spec, hubFrobber(c.ns, "new", 2).Spec)
	wantAnnotations(t, "v6 Get", hub.Annotations, map[string]string{"owner": "e2e"})
}

func testConvUpdateThroughV5(t *testing.T, ctx context.Context, c convClients) {
	if _, err := c.v6.Create(ctx, hubFrobber(c.ns, "upd", 2), metav1.CreateOptions{}); err != nil {
		t.Fatalf("Create in v6: %v", err)
	}
	old, err := c.v5.Get(ctx, "upd", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("Get in v5: %v", err)
	}
	wantKept(t, "v5 Get", old)

	// A v5 client changes the fields it knows and sends back the rest,
	// annotation included, as it got them.
	old.Spec.Param = "gamma"
	old.Spec.Size.Height = 9
	old.Labels = map[string]string{"updated": "yes"}
	updated, err := c.v5.Update(ctx, old, metav1.UpdateOptions{})
	if err != nil {
		t.Fatalf("Update in v5: %v", err)
	}
	wantSpoke := spokeOfHub(9)
	wantSpoke.Param = "gamma"
	wantSpokeSpec(t, "v5 Update's answer", updated.Spec, wantSpoke)
	wantKept(t, "v5 Update's answer", updated)

	got, err := c.v6.Get(ctx, "upd", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("Get in v6: %v", err)
	}
	want := hubFrobber(c.ns, "upd", 9).Spec
	want.Param = "gamma"
	wantSpec(t, "v6 Get after the v5 Update", got.Spec, want)
	wantAnnotations(t, "v6 Get after the v5 Update", got.Annotations, map[string]string{"owner": "e2e"})
	if got.Labels["updated"] != "yes" {
		t.Errorf("v6 Get after the v5 Update: labels %v, want updated=yes", got.Labels)
	}
	if got.Generation != 2 {
		t.Errorf("v6 Get after the v5 Update: generation %d, want 2", got.Generation)
	}
}

func testConvList(t *testing.T, ctx context.Context, c convClients) {
	heights := map[string]int32{"a": 1, "b": 2, "c": 3}
	for _, name := range []string{"a", "b"} {
		if _, err := c.v5.Create(ctx, spokeFrobber(c.ns, name, heights[name]), metav1.CreateOptions{}); err != nil {
			t.Fatalf("Create %s in v5: %v", name, err)
		}
	}
	if _, err := c.v6.Create(ctx, hubFrobber(c.ns, "c", heights["c"]), metav1.CreateOptions{}); err != nil {
		t.Fatalf("Create c in v6: %v", err)
	}

	l5, err := c.v5.List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatalf("List in v5: %v", err)
	}
	l6, err := c.v6.List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatalf("List in v6: %v", err)
	}
	var n5 []string
	for _, f := range l5.Items {
		n5 = append(n5, f.Name)
		switch f.Name {
		case "a", "b":
			wantSpokeSpec(t, "v5 List item "+f.Name, f.Spec, spokeFrobber(c.ns, f.Name, heights[f.Name]).Spec)
			wantAnnotations(t, "v5 List item "+f.Name, f.Annotations, map[string]string{"owner": "e2e"})
		case "c":
			wantSpokeSpec(t, "v5 List item c", f.Spec, spokeOfHub(heights["c"]))
			wantKept(t, "v5 List item c", &f)
		}
	}
	slices.Sort(n5)
	wantNames(t, "v5 List", n5, "a", "b", "c")
	wantNames(t, "v6 List", names(l6.Items), "a", "b", "c")
	for _, f := range l6.Items {
		switch f.Name {
		case "a", "b":
			wantSpec(t, "v6 List item "+f.Name, f.Spec, hubOfSpoke(heights[f.Name]))
		case "c":
			wantSpec(t, "v6 List item c", f.Spec, hubFrobber(c.ns, "c", heights["c"]).Spec)
		}
		wantAnnotations(t, "v6 List item "+f.Name, f.Annotations, map[string]string{"owner": "e2e"})
	}
}

func testConvWatch(t *testing.T, ctx context.Context, c convClients) {
	list, err := c.v5.List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatalf("List in v5: %v", err)
	}
	w, err := c.v5.Watch(ctx, metav1.ListOptions{ResourceVersion: list.ResourceVersion})
	if err != nil {
		t.Fatalf("Watch in v5: %v", err)
	}
	defer w.Stop()

	if _, err := c.v6.Create(ctx, hubFrobber(c.ns, "watched", 4), metav1.CreateOptions{}); err != nil {
		t.Fatalf("Create in v6: %v", err)
	}
	// An event comes within milliseconds; a broken conversion makes none.
	evCtx, cancel := context.WithTimeout(ctx, watchEventTimeout)
	defer cancel()
	ev := nextEvent(t, evCtx, w)
	if ev.Type != watch.Added {
		t.Fatalf("event %s %v, want ADDED", ev.Type, ev.Object)
	}
	f, ok := ev.Object.(*frobbersv5.Frobber)
	if !ok {
		t.Fatalf("event %s carries %T, want *v5.Frobber", ev.Type, ev.Object)
	}
	if f.Name != "watched" {
		t.Fatalf("event %s for %s, want watched", ev.Type, f.Name)
	}
	wantSpokeSpec(t, "v5 watch event", f.Spec, spokeOfHub(4))
	wantKept(t, "v5 watch event", f)
}

func testConvFailure(t *testing.T, ctx context.Context, c convClients) {
	bad := spokeFrobber(c.ns, "broken", 1)
	bad.Annotations[keptAnnotation] = "{not json"
	_, err := c.v5.Create(ctx, bad, metav1.CreateOptions{})
	if err == nil {
		t.Fatalf("Create in v5 with annotation %s = %q succeeded, want the webhook's failure", keptAnnotation, bad.Annotations[keptAnnotation])
	}
	var status apierrors.APIStatus
	if !errors.As(err, &status) {
		t.Errorf("Create in v5: got %T %v, want the API server's Status", err, err)
	} else {
		t.Logf("Create in v5 failed as it should: %d %s: %s", status.Status().Code, status.Status().Reason, status.Status().Message)
	}
	if !strings.Contains(err.Error(), keptAnnotation) {
		t.Errorf("Create in v5: error %q does not mention the annotation %s", err, keptAnnotation)
	}

	_, err = c.v5.Get(ctx, "broken", metav1.GetOptions{})
	wantErr(t, "Get in v5", err, apierrors.IsNotFound, "NotFound")
	_, err = c.v6.Get(ctx, "broken", metav1.GetOptions{})
	wantErr(t, "Get in v6", err, apierrors.IsNotFound, "NotFound")
}

// TestKeptPortsFollowTheirNames reorders and drops ports of a v5 object, as
// an old client may: the v6-only fields kept for each port come back on
// the port of the same name, which is what +listMapKey=name says.
func TestKeptPortsFollowTheirNames(t *testing.T) {
	hub := hubFrobber("ns", "ports", 3)
	hub.Spec.Ports = append(hub.Spec.Ports, frobbersv6.FrobberPort{Name: "grpc", Port: 9090, AppProtocol: ptr("h2"), Hints: []string{"zonal"}})
	var spoke frobbersv5.Frobber
	if err := spoke.ConvertFromHub(hub); err != nil {
		t.Fatal(err)
	}
	// An old client reverses the ports and removes "dns".
	spoke.Spec.Ports = []frobbersv5.FrobberPort{spoke.Spec.Ports[2], spoke.Spec.Ports[0]}
	var back frobbersv6.Frobber
	if err := spoke.ConvertToHub(&back); err != nil {
		t.Fatal(err)
	}
	want := []frobbersv6.FrobberPort{hub.Spec.Ports[2], hub.Spec.Ports[0]}
	if !apiequality.Semantic.DeepEqual(back.Spec.Ports, want) {
		t.Errorf("ports after a v5 client reordered them (- want, + got):\n%s", diff.Diff(want, back.Spec.Ports))
	}
}

// TestKeptDataOverTheLimit converts to v5 a v6 object whose v6-only data
// would push v5's annotations over the API server's 256 KiB limit: the
// conversion fails, naming the annotation, instead of losing the data.
func TestKeptDataOverTheLimit(t *testing.T) {
	hub := hubFrobber("ns", "big", 3)
	hub.Spec.Params = []string{strings.Repeat("p", 200<<10), strings.Repeat("q", 100<<10)}
	var spoke frobbersv5.Frobber
	err := spoke.ConvertFromHub(hub)
	if err == nil || !strings.Contains(err.Error(), "frobbers.example.com/conversion-kept") || !strings.Contains(err.Error(), "262144") {
		t.Fatalf("converting %d KiB of v6-only params to v5: got %v, want an error naming the annotation and the limit", 300, err)
	}
	hub.Spec.Params = []string{strings.Repeat("p", 200<<10)}
	if err := spoke.ConvertFromHub(hub); err != nil {
		t.Fatalf("200 KiB of kept params, under the limit: %v", err)
	}
}
