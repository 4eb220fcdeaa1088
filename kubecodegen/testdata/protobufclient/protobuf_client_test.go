package generated_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/rest"

	v6 "example.com/frobbers/apis/frobbers/v6"
	"example.com/frobbers/pkg/generated/clientset/versioned"
)

// TestProtobufClientset drives the clientset generated with
// --prefers-protobuf against a server that speaks only protobuf, decoding
// and encoding with the generated code: a create sends a protobuf body and
// reads a protobuf answer, and so does a get.
func TestProtobufClientset(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := v6.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	codecs := serializer.NewCodecFactory(scheme).WithoutConversion()
	info, _ := runtime.SerializerInfoForMediaType(codecs.SupportedMediaTypes(), runtime.ContentTypeProtobuf)
	codec := runtime.NewCodec(codecs.EncoderForVersion(info.Serializer, v6.SchemeGroupVersion), codecs.DecoderToVersion(info.Serializer, v6.SchemeGroupVersion))

	var mu sync.Mutex
	stored := map[string]*v6.Frobber{}
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.Header.Get("Accept"), runtime.ContentTypeProtobuf) {
			t.Errorf("%s %s: Accept %q does not ask for protobuf first", r.Method, r.URL.Path, r.Header.Get("Accept"))
		}
		mu.Lock()
		defer mu.Unlock()
		var reply *v6.Frobber
		switch r.Method {
		case http.MethodPost:
			if ct := r.Header.Get("Content-Type"); ct != runtime.ContentTypeProtobuf {
				t.Errorf("POST sent %q, not protobuf", ct)
			}
			body, _ := io.ReadAll(r.Body)
			obj, err := runtime.Decode(codec, body)
			if err != nil {
				t.Errorf("decoding the POST body: %v", err)
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			reply = obj.(*v6.Frobber)
			reply.ResourceVersion = "1"
			stored[reply.Name] = reply
		case http.MethodGet:
			reply = stored[r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]]
		}
		data, err := runtime.Encode(codec, reply)
		if err != nil {
			t.Errorf("encoding the reply: %v", err)
		}
		w.Header().Set("Content-Type", runtime.ContentTypeProtobuf)
		w.WriteHeader(http.StatusOK)
		w.Write(data)
	}))
	defer server.Close()

	client, err := versioned.NewForConfig(&rest.Config{Host: server.URL})
	if err != nil {
		t.Fatal(err)
	}
	width := int32(3)
	sent := &v6.Frobber{
		ObjectMeta: metav1.ObjectMeta{Name: "gizmo", Namespace: "ns", Labels: map[string]string{"a": "b"}},
		Spec: v6.FrobberSpec{
			Height: 7, Width: &width, Param: "p", Params: []string{"p", "q"},
			Ports:  []v6.FrobberPort{{Name: "http", Port: 80, Protocol: "TCP"}},
			Target: intstr.FromString("http"),
		},
	}
	ctx := context.Background()
	created, err := client.FrobbersV6().Frobbers("ns").Create(ctx, sent, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := client.FrobbersV6().Frobbers("ns").Get(ctx, "gizmo", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := sent.DeepCopy()
	want.ResourceVersion = "1"
	for _, obj := range []*v6.Frobber{created, got} {
		obj.TypeMeta = metav1.TypeMeta{}
		if !apiequality.Semantic.DeepEqual(obj, want) {
			t.Errorf("the client read\n%#v\nwant\n%#v", obj, want)
		}
	}
}
