package thingsclient

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"

	thingsv1 "k8s.io/sample-apiserver/pkg/apis/things/v1"
	"k8s.io/sample-apiserver/pkg/thingsclient/versioned"
	"k8s.io/sample-apiserver/pkg/thingsclient/versioned/fake"
	typedv1 "k8s.io/sample-apiserver/pkg/thingsclient/versioned/typed/things/v1"
)

// server answers every request with an object of the kind its path asks
// for, and records the requests.
type server struct {
	mu   sync.Mutex
	seen []string
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.seen = append(s.seen, r.Method+" "+r.URL.Path)
	s.mu.Unlock()
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/apis/things.example.com/v1/"), "/")
	kind := map[string]string{"things": "Thing", "clusterz": "Cluster", "reviews": "Review", "scale": "Scale", "token": "Token"}
	var body string
	switch last := parts[len(parts)-1]; {
	case kind[last] != "" && r.Method == http.MethodGet && last != "scale":
		body = fmt.Sprintf(`{"apiVersion":"things.example.com/v1","kind":"%sList","items":[{"metadata":{"name":"x"}}]}`, kind[last])
	case kind[last] != "":
		body = fmt.Sprintf(`{"apiVersion":"things.example.com/v1","kind":"%s","metadata":{"name":"x"}}`, kind[last])
	default:
		body = fmt.Sprintf(`{"apiVersion":"things.example.com/v1","kind":"%s","metadata":{"name":"%s"}}`, kind[parts[len(parts)-2]], last)
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprint(w, body)
}

func TestRequests(t *testing.T) {
	s := &server{}
	srv := httptest.NewServer(s)
	defer srv.Close()
	cs := versioned.NewForConfigOrDie(&rest.Config{Host: srv.URL})
	ctx := context.Background()
	things := cs.ThingsV1().Things("ns")
	check := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	_, err := things.Create(ctx, &thingsv1.Thing{ObjectMeta: metav1.ObjectMeta{Name: "a"}}, metav1.CreateOptions{})
	check("create", err)
	got, err := things.Get(ctx, "a", metav1.GetOptions{})
	check("get", err)
	if err == nil && got.Name != "a" {
		t.Errorf("get returned %q", got.Name)
	}
	list, err := things.List(ctx, metav1.ListOptions{})
	check("list", err)
	if err == nil && len(list.Items) != 1 {
		t.Errorf("list returned %d items", len(list.Items))
	}
	_, err = things.UpdateStatus(ctx, &thingsv1.Thing{ObjectMeta: metav1.ObjectMeta{Name: "a"}}, metav1.UpdateOptions{})
	check("update status", err)
	_, err = things.GetScale(ctx, "a", metav1.GetOptions{})
	check("get scale", err)
	_, err = things.UpdateScale(ctx, "a", &thingsv1.Scale{Replicas: 2}, metav1.UpdateOptions{})
	check("update scale", err)
	_, err = things.CreateToken(ctx, "a", &thingsv1.Token{}, metav1.CreateOptions{})
	check("create token", err)
	_, err = things.Touch(ctx, "a", types.MergePatchType, []byte("{}"), metav1.PatchOptions{})
	check("touch", err)
	_, err = cs.ThingsV1().Clusters().Get(ctx, "c", metav1.GetOptions{})
	check("get cluster", err)
	_, err = cs.ThingsV1().Clusters().List(ctx, metav1.ListOptions{})
	check("list clusters", err)
	_, err = cs.ThingsV1().Reviews().Create(ctx, &thingsv1.Review{}, metav1.CreateOptions{})
	check("create review", err)

	const p = "/apis/things.example.com/v1/"
	want := []string{
		"POST " + p + "namespaces/ns/things",
		"GET " + p + "namespaces/ns/things/a",
		"GET " + p + "namespaces/ns/things",
		"PUT " + p + "namespaces/ns/things/a/status",
		"GET " + p + "namespaces/ns/things/a/scale",
		"PUT " + p + "namespaces/ns/things/a/scale",
		"POST " + p + "namespaces/ns/things/a/token",
		"PATCH " + p + "namespaces/ns/things/a",
		"GET " + p + "clusterz/c",
		"GET " + p + "clusterz",
		"POST " + p + "reviews",
	}
	if !slices.Equal(s.seen, want) {
		t.Errorf("requests:\n%s\nwant:\n%s", strings.Join(s.seen, "\n"), strings.Join(want, "\n"))
	}
}

// TestVerbs checks which methods the marker-trimmed clients have.
func TestVerbs(t *testing.T) {
	methods := func(iface any) []string {
		var out []string
		ty := reflect.TypeOf(iface).Elem()
		for i := range ty.NumMethod() {
			out = append(out, ty.Method(i).Name)
		}
		return out
	}
	for _, c := range []struct {
		iface any
		want  []string
	}{
		{(*typedv1.ClusterInterface)(nil), []string{"Get", "List", "Watch"}},
		{(*typedv1.ReviewInterface)(nil), []string{"Create"}},
		{(*typedv1.HiddenInterface)(nil), nil},
		{(*typedv1.ThingInterface)(nil), []string{"Create", "CreateToken", "Delete", "DeleteCollection", "Get", "GetScale",
			"List", "Patch", "Touch", "Update", "UpdateScale", "UpdateStatus", "Watch"}},
	} {
		if got := methods(c.iface); !slices.Equal(got, c.want) {
			t.Errorf("%T has methods %v, want %v", c.iface, got, c.want)
		}
	}
}

func TestFake(t *testing.T) {
	var cs versioned.Interface = fake.NewSimpleClientset(&thingsv1.Thing{ObjectMeta: metav1.ObjectMeta{Name: "a", Namespace: "ns"}})
	ctx := context.Background()
	things := cs.ThingsV1().Things("ns")
	if _, err := things.Get(ctx, "a", metav1.GetOptions{}); err != nil {
		t.Errorf("get: %v", err)
	}
	if _, err := things.Create(ctx, &thingsv1.Thing{ObjectMeta: metav1.ObjectMeta{Name: "b"}}, metav1.CreateOptions{}); err != nil {
		t.Errorf("create: %v", err)
	}
	list, err := things.List(ctx, metav1.ListOptions{})
	if err != nil || len(list.Items) != 2 {
		t.Errorf("list: %d items, %v; want 2", len(list.Items), err)
	}
	if err := things.Delete(ctx, "a", metav1.DeleteOptions{}); err != nil {
		t.Errorf("delete: %v", err)
	}
	if _, err := cs.ThingsV1().Things("other").Get(ctx, "b", metav1.GetOptions{}); err == nil {
		t.Errorf("get in another namespace found the object")
	}
	if l, err := cs.ThingsV1().Clusters().List(ctx, metav1.ListOptions{}); err != nil || len(l.Items) != 0 {
		t.Errorf("list clusters: %v, %v", l, err)
	}
}
