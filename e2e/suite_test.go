package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/diff"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apimachinery/pkg/watch"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	frobbersv6 "example.com/frobbers/apis/frobbers/v6"
	applyv6 "example.com/frobbers/pkg/generated/applyconfiguration/frobbers/v6"
	"example.com/frobbers/pkg/generated/clientset/versioned"
	"example.com/frobbers/pkg/generated/clientset/versioned/fake"
	typedv6 "example.com/frobbers/pkg/generated/clientset/versioned/typed/frobbers/v6"
	"example.com/frobbers/pkg/generated/informers/externalversions"
	listersv6 "example.com/frobbers/pkg/generated/listers/frobbers/v6"
)

// The same scenarios run against a real apiextensions-apiserver
// (server_test.go) and against the generated fake clientset (fake_test.go).
// Where the fake behaves differently, the scenario says so and checks what
// the fake does instead.

// scenarioTimeout bounds every call and wait of one scenario.
const scenarioTimeout = 30 * time.Second

// backend is what a scenario runs against.
type backend struct {
	client versioned.Interface
	// fake is the generated fake clientset, or nil for the real server.
	fake *fake.Clientset
}

func (b backend) isFake() bool { return b.fake != nil }

func (b backend) frobbers(ns string) typedv6.FrobberInterface {
	return b.client.FrobbersV6().Frobbers(ns)
}

type scenario struct {
	name string
	run  func(t *testing.T, ctx context.Context, b backend, ns string)
}

var scenarios = []scenario{
	{"CreateGet", testCreateGet},
	{"ListLabelSelector", testListLabelSelector},
	{"ListChunks", testListChunks},
	{"UpdateConflict", testUpdateConflict},
	{"UpdateStatus", testUpdateStatus},
	{"MergePatch", testMergePatch},
	{"ServerSideApply", testServerSideApply},
	{"Delete", testDelete},
	{"DeleteCollection", testDeleteCollection},
	{"Watch", testWatch},
	{"Informer", testInformer},
	{"SchemaValidation", testSchemaValidation},
}

// runScenarios runs every scenario as a subtest, each in its own namespace
// and with a backend from newBackend.
func runScenarios(t *testing.T, newBackend func(t *testing.T) backend) {
	for _, s := range scenarios {
		t.Run(s.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), scenarioTimeout)
			t.Cleanup(cancel)
			s.run(t, ctx, newBackend(t), "e2e-"+strings.ToLower(s.name))
		})
	}
}

// startTime has whole seconds, which is what metav1.Time keeps on the wire.
var startTime = metav1.NewTime(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC))

// sampleFrobber returns a Frobber that sets most fields of the v6 spec,
// so that a round trip through the server checks the CRD schema and the
// generated client's encoding together. Widget stays nil: it is a Go
// interface, which JSON cannot decode into.
func sampleFrobber(ns, name string, lbls map[string]string) *frobbersv6.Frobber {
	appProto := "http"
	return &frobbersv6.Frobber{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, Labels: lbls},
		Spec: frobbersv6.FrobberSpec{
			Height:  2,
			Width:   ptr(int32(7)),
			Param:   "alpha",
			Params:  []string{"alpha", "beta"},
			Labels:  map[string]string{"color": "blue", "size": "m"},
			Aliases: map[string][]string{"alpha": {"a", "first"}},
			Weights: []*int32{ptr(int32(1)), nil, ptr(int32(3))},
			Selector: &frobbersv6.FrobberSelector{
				MatchLabels: map[string]string{"tier": "front"},
				MatchNames:  []string{"x"},
			},
			Ports: []frobbersv6.FrobberPort{
				{Name: "http", Port: 80, Protocol: "TCP", AppProtocol: &appProto},
				{Name: "dns", Port: 53, Protocol: "UDP"},
			},
			PortsByName: map[string]frobbersv6.FrobberPort{"admin": {Name: "admin", Port: 9000, Protocol: "TCP"}},
			Tags:        frobbersv6.Tags{"t1", "t2"},
			Annotations: frobbersv6.Annotations{"note": "hello"},
			StartTime:   startTime,
			Target:      intstr.FromString("http"),
		},
	}
}

func mustCreate(t *testing.T, ctx context.Context, b backend, f *frobbersv6.Frobber) *frobbersv6.Frobber {
	t.Helper()
	got, err := b.frobbers(f.Namespace).Create(ctx, f, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("Create %s/%s: %v", f.Namespace, f.Name, err)
	}
	return got
}

func mustGet(t *testing.T, ctx context.Context, b backend, ns, name string) *frobbersv6.Frobber {
	t.Helper()
	got, err := b.frobbers(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		t.Fatalf("Get %s/%s: %v", ns, name, err)
	}
	return got
}

func mustList(t *testing.T, ctx context.Context, b backend, ns string, opts metav1.ListOptions) *frobbersv6.FrobberList {
	t.Helper()
	got, err := b.frobbers(ns).List(ctx, opts)
	if err != nil {
		t.Fatalf("List %q %+v: %v", ns, opts, err)
	}
	return got
}

// names returns the sorted names of items.
func names(items []frobbersv6.Frobber) []string {
	var out []string
	for _, f := range items {
		out = append(out, f.Name)
	}
	slices.Sort(out)
	return out
}

func wantNames(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s: got %q, want %q", what, got, want)
	}
}

func wantSpec(t *testing.T, what string, got, want frobbersv6.FrobberSpec) {
	t.Helper()
	if !apiequality.Semantic.DeepEqual(got, want) {
		t.Errorf("%s: spec differs (-want +got):\n%s", what, diff.Diff(want, got))
	}
}

func wantErr(t *testing.T, what string, err error, is func(error) bool, reason string) {
	t.Helper()
	if !is(err) {
		t.Errorf("%s: got error %v, want %s", what, err, reason)
	}
}

// ---------------------------------------------------------------- scenarios

func testCreateGet(t *testing.T, ctx context.Context, b backend, ns string) {
	want := sampleFrobber(ns, "one", map[string]string{"app": "frob"})
	created := mustCreate(t, ctx, b, want.DeepCopy())
	if created.Name != "one" || created.Namespace != ns {
		t.Errorf("Create returned %s/%s", created.Namespace, created.Name)
	}
	wantSpec(t, "Create", created.Spec, want.Spec)
	if !b.isFake() {
		// The server fills in the system fields. The fake tracker stores
		// the object as sent and fills none of them.
		if created.UID == "" || created.ResourceVersion == "" || created.CreationTimestamp.IsZero() {
			t.Errorf("server left system fields empty: uid=%q rv=%q created=%v",
				created.UID, created.ResourceVersion, created.CreationTimestamp)
		}
		if created.Generation != 1 {
			t.Errorf("generation = %d, want 1", created.Generation)
		}
	}

	got := mustGet(t, ctx, b, ns, "one")
	wantSpec(t, "Get", got.Spec, want.Spec)
	if got.Labels["app"] != "frob" {
		t.Errorf("Get labels = %v", got.Labels)
	}
	if got.UID != created.UID || got.ResourceVersion != created.ResourceVersion {
		t.Errorf("Get uid/rv = %q/%q, Create gave %q/%q", got.UID, got.ResourceVersion, created.UID, created.ResourceVersion)
	}

	_, err := b.frobbers(ns).Create(ctx, want.DeepCopy(), metav1.CreateOptions{})
	wantErr(t, "second Create", err, apierrors.IsAlreadyExists, "AlreadyExists")
	_, err = b.frobbers(ns).Get(ctx, "missing", metav1.GetOptions{})
	wantErr(t, "Get of a missing object", err, apierrors.IsNotFound, "NotFound")
	_, err = b.frobbers(ns+"-elsewhere").Get(ctx, "one", metav1.GetOptions{})
	wantErr(t, "Get in another namespace", err, apierrors.IsNotFound, "NotFound")
}

func testListLabelSelector(t *testing.T, ctx context.Context, b backend, ns string) {
	// The suite label keeps cluster-wide lists to this scenario's objects.
	mk := func(ns, name, tier string) {
		mustCreate(t, ctx, b, sampleFrobber(ns, name, map[string]string{"suite": "list", "tier": tier}))
	}
	mk(ns, "a-1", "a")
	mk(ns, "a-2", "a")
	mk(ns, "a-3", "a")
	mk(ns, "b-1", "b")
	mk(ns, "b-2", "b")
	other := ns + "-other"
	mk(other, "a-4", "a")

	list := func(ns, selector string) []string {
		return names(mustList(t, ctx, b, ns, metav1.ListOptions{LabelSelector: selector}).Items)
	}
	wantNames(t, "tier=a", list(ns, "tier=a"), "a-1", "a-2", "a-3")
	wantNames(t, "tier!=a", list(ns, "tier!=a"), "b-1", "b-2")
	wantNames(t, "tier in (a,b)", list(ns, "tier in (a,b)"), "a-1", "a-2", "a-3", "b-1", "b-2")
	wantNames(t, "no such label", list(ns, "tier=c"))
	wantNames(t, "everything in the namespace", list(ns, ""), "a-1", "a-2", "a-3", "b-1", "b-2")
	wantNames(t, "other namespace", list(other, "tier=a"), "a-4")

	// All namespaces, through the same generated client.
	all := mustList(t, ctx, b, metav1.NamespaceAll, metav1.ListOptions{LabelSelector: "suite=list,tier=a"})
	wantNames(t, "all namespaces", names(all.Items), "a-1", "a-2", "a-3", "a-4")

	if !b.isFake() {
		// The server rejects a malformed selector; the fake panics on it.
		_, err := b.frobbers(ns).List(ctx, metav1.ListOptions{LabelSelector: "tier in (a"})
		wantErr(t, "List with a malformed selector", err, apierrors.IsBadRequest, "BadRequest")
	}
}

func testListChunks(t *testing.T, ctx context.Context, b backend, ns string) {
	for i := range 5 {
		parity := "even"
		if i%2 == 1 {
			parity = "odd"
		}
		mustCreate(t, ctx, b, sampleFrobber(ns, fmt.Sprintf("chunk-%d", i), map[string]string{"parity": parity}))
	}

	// pages lists with the given options page by page, following Continue.
	// afterFirst runs once the first page is in.
	pages := func(opts metav1.ListOptions, afterFirst func(*frobbersv6.FrobberList)) [][]string {
		var out [][]string
		for i := 0; ; i++ {
			if i == 10 {
				t.Fatalf("still paging after %d pages: %v", i, out)
			}
			l := mustList(t, ctx, b, ns, opts)
			out = append(out, names(l.Items))
			if i == 0 && afterFirst != nil {
				afterFirst(l)
			}
			if l.Continue == "" {
				return out
			}
			opts.Continue = l.Continue
		}
	}

	got := pages(metav1.ListOptions{Limit: 2}, func(first *frobbersv6.FrobberList) {
		if !b.isFake() {
			if first.RemainingItemCount == nil || *first.RemainingItemCount != 3 {
				t.Errorf("remainingItemCount = %v, want 3", first.RemainingItemCount)
			}
		}
		// Later pages come from the snapshot the first page was read at,
		// so they must not show this object.
		mustCreate(t, ctx, b, sampleFrobber(ns, "chunk-5", map[string]string{"parity": "odd"}))
	})
	want := [][]string{{"chunk-0", "chunk-1"}, {"chunk-2", "chunk-3"}, {"chunk-4"}}
	if b.isFake() {
		// The fake ignores Limit and Continue: one page with everything.
		want = [][]string{{"chunk-0", "chunk-1", "chunk-2", "chunk-3", "chunk-4"}}
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("pages of 2 = %q, want %q", got, want)
	}

	// With a selector the server keeps reading until a page is full.
	got = pages(metav1.ListOptions{Limit: 2, LabelSelector: "parity=even"}, nil)
	want = [][]string{{"chunk-0", "chunk-2"}, {"chunk-4"}}
	if b.isFake() {
		want = [][]string{{"chunk-0", "chunk-2", "chunk-4"}}
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("pages of 2 with parity=even = %q, want %q", got, want)
	}

	wantNames(t, "unpaged list", names(mustList(t, ctx, b, ns, metav1.ListOptions{}).Items),
		"chunk-0", "chunk-1", "chunk-2", "chunk-3", "chunk-4", "chunk-5")
}

func testUpdateConflict(t *testing.T, ctx context.Context, b backend, ns string) {
	created := mustCreate(t, ctx, b, sampleFrobber(ns, "upd", nil))
	stale := created.DeepCopy()

	fresh := created.DeepCopy()
	fresh.Spec.Height = 5
	fresh.Labels = map[string]string{"updated": "yes"}
	updated, err := b.frobbers(ns).Update(ctx, fresh, metav1.UpdateOptions{})
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	if updated.Spec.Height != 5 || updated.Labels["updated"] != "yes" {
		t.Errorf("Update returned height %d labels %v", updated.Spec.Height, updated.Labels)
	}
	if !b.isFake() {
		if updated.ResourceVersion == created.ResourceVersion {
			t.Errorf("resourceVersion did not change on update: %s", updated.ResourceVersion)
		}
		if updated.Generation != 2 {
			t.Errorf("generation after a spec change = %d, want 2", updated.Generation)
		}
	}

	stale.Spec.Height = 7
	_, err = b.frobbers(ns).Update(ctx, stale, metav1.UpdateOptions{})
	if b.isFake() {
		// The fake tracker does no optimistic concurrency: it never sets
		// resourceVersion on objects and the last write wins.
		if err != nil {
			t.Fatalf("fake Update of a stale copy: %v", err)
		}
		if h := mustGet(t, ctx, b, ns, "upd").Spec.Height; h != 7 {
			t.Errorf("fake: height after the stale write = %d, want 7", h)
		}
	} else {
		wantErr(t, "Update with a stale resourceVersion", err, apierrors.IsConflict, "Conflict")
		if h := mustGet(t, ctx, b, ns, "upd").Spec.Height; h != 5 {
			t.Errorf("height after the rejected write = %d, want 5", h)
		}
	}

	missing := sampleFrobber(ns, "never-created", nil)
	_, err = b.frobbers(ns).Update(ctx, missing, metav1.UpdateOptions{})
	wantErr(t, "Update of a missing object", err, apierrors.IsNotFound, "NotFound")
}

func testUpdateStatus(t *testing.T, ctx context.Context, b backend, ns string) {
	created := mustCreate(t, ctx, b, sampleFrobber(ns, "st", nil))

	withStatus := created.DeepCopy()
	withStatus.Status = frobbersv6.FrobberStatus{
		ObservedGeneration: 1,
		Conditions: []metav1.Condition{{
			Type:               "Ready",
			Status:             metav1.ConditionTrue,
			ObservedGeneration: 1,
			LastTransitionTime: startTime,
			Reason:             "Frobbed",
			Message:            "all frobbed",
		}},
	}
	withStatus.Spec.Height = 42 // the status subresource must ignore this
	got, err := b.frobbers(ns).UpdateStatus(ctx, withStatus, metav1.UpdateOptions{})
	if err != nil {
		t.Fatalf("UpdateStatus: %v", err)
	}
	if !apiequality.Semantic.DeepEqual(got.Status, withStatus.Status) {
		t.Errorf("UpdateStatus: status = %+v, want %+v", got.Status, withStatus.Status)
	}
	persisted := mustGet(t, ctx, b, ns, "st")
	if !apiequality.Semantic.DeepEqual(persisted.Status, withStatus.Status) {
		t.Errorf("Get after UpdateStatus: status = %+v", persisted.Status)
	}

	if b.isFake() {
		// The fake has no status subresource: UpdateStatus writes the
		// whole object, spec included, and Update writes status too.
		if persisted.Spec.Height != 42 {
			t.Errorf("fake: height after UpdateStatus = %d, want 42", persisted.Spec.Height)
		}
		u := persisted.DeepCopy()
		u.Status.ObservedGeneration = 99
		got, err = b.frobbers(ns).Update(ctx, u, metav1.UpdateOptions{})
		if err != nil {
			t.Fatalf("Update: %v", err)
		}
		if got.Status.ObservedGeneration != 99 {
			t.Errorf("fake: observedGeneration after Update = %d, want 99", got.Status.ObservedGeneration)
		}
		return
	}

	if persisted.Spec.Height != 2 {
		t.Errorf("UpdateStatus changed spec.height to %d", persisted.Spec.Height)
	}
	if persisted.Generation != 1 {
		t.Errorf("UpdateStatus changed generation to %d", persisted.Generation)
	}

	// The main resource ignores status.
	u := persisted.DeepCopy()
	u.Status.ObservedGeneration = 99
	u.Spec.Height = 3
	got, err = b.frobbers(ns).Update(ctx, u, metav1.UpdateOptions{})
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	if got.Status.ObservedGeneration != 1 || got.Spec.Height != 3 || got.Generation != 2 {
		t.Errorf("Update: observedGeneration %d height %d generation %d, want 1 3 2",
			got.Status.ObservedGeneration, got.Spec.Height, got.Generation)
	}

	// The status subresource checks resourceVersion too.
	_, err = b.frobbers(ns).UpdateStatus(ctx, withStatus, metav1.UpdateOptions{})
	wantErr(t, "UpdateStatus with a stale resourceVersion", err, apierrors.IsConflict, "Conflict")
}

func testMergePatch(t *testing.T, ctx context.Context, b backend, ns string) {
	created := mustCreate(t, ctx, b, sampleFrobber(ns, "patched", map[string]string{"app": "frob"}))
	fr := b.frobbers(ns)

	patch := `{"metadata":{"labels":{"patched":"yes"}},"spec":{"height":9,"params":["x","y"],"labels":{"color":null,"shape":"round"}}}`
	got, err := fr.Patch(ctx, "patched", types.MergePatchType, []byte(patch), metav1.PatchOptions{})
	if err != nil {
		t.Fatalf("Patch: %v", err)
	}
	want := created.Spec.DeepCopy()
	want.Height = 9
	want.Params = []string{"x", "y"}                               // lists are replaced
	want.Labels = map[string]string{"size": "m", "shape": "round"} // maps are merged, null deletes
	wantSpec(t, "merge patch", got.Spec, *want)
	if got.Labels["app"] != "frob" || got.Labels["patched"] != "yes" {
		t.Errorf("merge patch: labels = %v", got.Labels)
	}
	wantSpec(t, "Get after merge patch", mustGet(t, ctx, b, ns, "patched").Spec, *want)
	if !b.isFake() && got.Generation != 2 {
		t.Errorf("generation after a spec patch = %d, want 2", got.Generation)
	}

	_, err = fr.Patch(ctx, "missing", types.MergePatchType, []byte(`{"spec":{"height":1}}`), metav1.PatchOptions{})
	wantErr(t, "Patch of a missing object", err, apierrors.IsNotFound, "NotFound")

	if !b.isFake() {
		// A resourceVersion in the patch is a precondition. The fake
		// would just write it into the object.
		stale := fmt.Sprintf(`{"metadata":{"resourceVersion":%q},"spec":{"height":10}}`, created.ResourceVersion)
		_, err = fr.Patch(ctx, "patched", types.MergePatchType, []byte(stale), metav1.PatchOptions{})
		wantErr(t, "Patch with a stale resourceVersion", err, apierrors.IsConflict, "Conflict")
	}
}

// owns reports whether manager owns the field at path in obj's managed fields.
func owns(t *testing.T, obj *frobbersv6.Frobber, manager string, path ...any) bool {
	t.Helper()
	p := fieldpath.MakePathOrDie(path...)
	for _, mf := range obj.ManagedFields {
		if mf.Manager != manager || mf.FieldsV1 == nil {
			continue
		}
		var set fieldpath.Set
		if err := set.FromJSON(bytes.NewReader(mf.FieldsV1.Raw)); err != nil {
			t.Fatalf("managed fields of %s: %v", manager, err)
		}
		if set.Has(p) {
			return true
		}
	}
	return false
}

func testServerSideApply(t *testing.T, ctx context.Context, b backend, ns string) {
	const name = "applied"
	fr := b.frobbers(ns)
	aliceConfig := func() *applyv6.FrobberApplyConfiguration {
		return applyv6.Frobber(name, ns).
			WithLabels(map[string]string{"app": "frob"}).
			WithSpec(applyv6.FrobberSpec().
				WithHeight(3).
				WithParam("a").
				WithTags(frobbersv6.Tags{"t1"}).
				WithPorts(applyv6.FrobberPort().WithName("http").WithPort(80)))
	}
	alice := metav1.ApplyOptions{FieldManager: "alice"}

	if b.isFake() {
		// NewSimpleClientset applies by strategic merge onto an existing
		// object: it cannot create, and it tracks no field ownership.
		// NewClientset would track ownership, but for custom types it needs
		// a schema that the generated apply configurations do not carry
		// (every call fails with "no type found"); see fake_test.go.
		_, err := fr.Apply(ctx, aliceConfig(), alice)
		wantErr(t, "fake Apply of a missing object", err, apierrors.IsNotFound, "NotFound")
		mustCreate(t, ctx, b, &frobbersv6.Frobber{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}})
	}

	got, err := fr.Apply(ctx, aliceConfig(), alice)
	if err != nil {
		t.Fatalf("Apply as alice: %v", err)
	}
	if got.Spec.Height != 3 || got.Spec.Param != "a" || !slices.Equal(got.Spec.Tags, frobbersv6.Tags{"t1"}) ||
		len(got.Spec.Ports) != 1 || got.Spec.Ports[0].Port != 80 || got.Labels["app"] != "frob" {
		t.Fatalf("Apply as alice returned %+v labels %v", got.Spec, got.Labels)
	}
	if !b.isFake() && !owns(t, got, "alice", "spec", "height") {
		t.Errorf("alice does not own spec.height: %+v", got.ManagedFields)
	}

	// bob wants another height.
	bobConfig := applyv6.Frobber(name, ns).WithSpec(applyv6.FrobberSpec().WithHeight(4))
	_, err = fr.Apply(ctx, bobConfig, metav1.ApplyOptions{FieldManager: "bob"})
	if b.isFake() {
		// No ownership, so no conflict: the last apply wins.
		if err != nil {
			t.Fatalf("fake Apply as bob: %v", err)
		}
	} else {
		wantErr(t, "Apply as bob over alice's field", err, apierrors.IsConflict, "Conflict")
		found := false
		var status apierrors.APIStatus
		if errors.As(err, &status) && status.Status().Details != nil {
			for _, c := range status.Status().Details.Causes {
				if c.Type == metav1.CauseTypeFieldManagerConflict && c.Field == ".spec.height" && strings.Contains(c.Message, "alice") {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("conflict does not name alice and .spec.height: %v", err)
		}
		if h := mustGet(t, ctx, b, ns, name).Spec.Height; h != 3 {
			t.Errorf("height after the conflicting apply = %d, want 3", h)
		}
	}

	// bob forces.
	got, err = fr.Apply(ctx, bobConfig, metav1.ApplyOptions{FieldManager: "bob", Force: true})
	if err != nil {
		t.Fatalf("forced Apply as bob: %v", err)
	}
	if got.Spec.Height != 4 {
		t.Errorf("height after the forced apply = %d, want 4", got.Spec.Height)
	}
	if !b.isFake() {
		if !owns(t, got, "bob", "spec", "height") || owns(t, got, "alice", "spec", "height") {
			t.Errorf("after forcing, spec.height should belong to bob only: %+v", got.ManagedFields)
		}
	}

	// alice applies again without height and tags.
	got, err = fr.Apply(ctx, applyv6.Frobber(name, ns).
		WithLabels(map[string]string{"app": "frob"}).
		WithSpec(applyv6.FrobberSpec().WithParam("a")), alice)
	if err != nil {
		t.Fatalf("second Apply as alice: %v", err)
	}
	if got.Spec.Height != 4 {
		t.Errorf("height = %d, want bob's 4", got.Spec.Height)
	}
	if b.isFake() {
		// A merge never removes what the configuration leaves out.
		if !slices.Equal(got.Spec.Tags, frobbersv6.Tags{"t1"}) || len(got.Spec.Ports) != 1 {
			t.Errorf("fake: tags %v ports %v, want both kept", got.Spec.Tags, got.Spec.Ports)
		}
	} else if len(got.Spec.Tags) != 0 || len(got.Spec.Ports) != 0 {
		// alice alone owned them and no longer applies them.
		t.Errorf("tags %v ports %v should have been removed", got.Spec.Tags, got.Spec.Ports)
	}

	// The status subresource through ApplyStatus.
	got, err = fr.ApplyStatus(ctx, applyv6.Frobber(name, ns).
		WithStatus(applyv6.FrobberStatus().WithObservedGeneration(7)),
		metav1.ApplyOptions{FieldManager: "status-controller"})
	if err != nil {
		t.Fatalf("ApplyStatus: %v", err)
	}
	if got.Status.ObservedGeneration != 7 || got.Spec.Height != 4 {
		t.Errorf("ApplyStatus: observedGeneration %d height %d, want 7 4", got.Status.ObservedGeneration, got.Spec.Height)
	}
	if !b.isFake() && !owns(t, got, "status-controller", "status", "observedGeneration") {
		t.Errorf("status-controller does not own status.observedGeneration: %+v", got.ManagedFields)
	}
}

func testDelete(t *testing.T, ctx context.Context, b backend, ns string) {
	created := mustCreate(t, ctx, b, sampleFrobber(ns, "doomed", nil))
	mustCreate(t, ctx, b, sampleFrobber(ns, "survivor", nil))
	fr := b.frobbers(ns)

	if !b.isFake() {
		// Preconditions are checked by the server; the fake ignores them.
		wrong := types.UID("not-" + string(created.UID))
		err := fr.Delete(ctx, "doomed", metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &wrong}})
		wantErr(t, "Delete with a wrong UID precondition", err, apierrors.IsConflict, "Conflict")
		mustGet(t, ctx, b, ns, "doomed")
	}

	if err := fr.Delete(ctx, "doomed", metav1.DeleteOptions{}); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	_, err := fr.Get(ctx, "doomed", metav1.GetOptions{})
	wantErr(t, "Get after Delete", err, apierrors.IsNotFound, "NotFound")
	err = fr.Delete(ctx, "doomed", metav1.DeleteOptions{})
	wantErr(t, "second Delete", err, apierrors.IsNotFound, "NotFound")
	wantNames(t, "left after Delete", names(mustList(t, ctx, b, ns, metav1.ListOptions{}).Items), "survivor")
}

func testDeleteCollection(t *testing.T, ctx context.Context, b backend, ns string) {
	for _, n := range []string{"x-1", "x-2", "x-3"} {
		mustCreate(t, ctx, b, sampleFrobber(ns, n, map[string]string{"delete": "yes"}))
	}
	for _, n := range []string{"k-1", "k-2"} {
		mustCreate(t, ctx, b, sampleFrobber(ns, n, map[string]string{"delete": "no"}))
	}
	// Same labels in another namespace: must not be touched.
	mustCreate(t, ctx, b, sampleFrobber(ns+"-other", "x-4", map[string]string{"delete": "yes"}))

	err := b.frobbers(ns).DeleteCollection(ctx, metav1.DeleteOptions{}, metav1.ListOptions{LabelSelector: "delete=yes"})
	if err != nil {
		t.Fatalf("DeleteCollection: %v", err)
	}
	left := names(mustList(t, ctx, b, ns, metav1.ListOptions{}).Items)
	if b.isFake() {
		// The fake's object tracker has no reaction for delete-collection:
		// the call succeeds and is recorded, but deletes nothing.
		var recorded bool
		for _, a := range b.fake.Actions() {
			if dc, ok := a.(clienttesting.DeleteCollectionAction); ok && dc.GetNamespace() == ns &&
				dc.GetResource().Resource == Resource && dc.GetListRestrictions().Labels.String() == "delete=yes" {
				recorded = true
			}
		}
		if !recorded {
			t.Errorf("fake recorded no delete-collection of frobbers in %s with delete=yes: %v", ns, b.fake.Actions())
		}
		wantNames(t, "fake: left after DeleteCollection", left, "k-1", "k-2", "x-1", "x-2", "x-3")
	} else {
		wantNames(t, "left after DeleteCollection", left, "k-1", "k-2")
	}
	wantNames(t, "other namespace", names(mustList(t, ctx, b, ns+"-other", metav1.ListOptions{}).Items), "x-4")
}

// nextEvent returns the next event of w, failing the test if none comes
// before ctx ends or the watch closes.
func nextEvent(t *testing.T, ctx context.Context, w watch.Interface) watch.Event {
	t.Helper()
	select {
	case ev, ok := <-w.ResultChan():
		if !ok {
			t.Fatalf("watch closed early")
		}
		return ev
	case <-ctx.Done():
		t.Fatalf("no watch event: %v", ctx.Err())
	}
	return watch.Event{}
}

func testWatch(t *testing.T, ctx context.Context, b backend, ns string) {
	fr := b.frobbers(ns)
	// Start where a list leaves off, as an informer does.
	list := mustList(t, ctx, b, ns, metav1.ListOptions{})
	w, err := fr.Watch(ctx, metav1.ListOptions{ResourceVersion: list.ResourceVersion, LabelSelector: "watched=yes"})
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}
	defer w.Stop()

	mustCreate(t, ctx, b, sampleFrobber(ns, "unwatched", nil))
	created := mustCreate(t, ctx, b, sampleFrobber(ns, "watched", map[string]string{"watched": "yes"}))
	u := created.DeepCopy()
	u.Spec.Height = 5
	if _, err := fr.Update(ctx, u, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if err := fr.Delete(ctx, "watched", metav1.DeleteOptions{}); err != nil {
		t.Fatalf("Delete: %v", err)
	}

	var got []string
	for len(got) < 3 {
		if len(got)+1 > 10 {
			t.Fatalf("too many events: %v", got)
		}
		ev := nextEvent(t, ctx, w)
		f, ok := ev.Object.(*frobbersv6.Frobber)
		if !ok {
			t.Fatalf("event %s carries %T, want *v6.Frobber", ev.Type, ev.Object)
		}
		if f.Name != "watched" {
			if b.isFake() {
				// The fake's watch ignores the label selector.
				continue
			}
			t.Fatalf("event %s for %s, which the selector excludes", ev.Type, f.Name)
		}
		got = append(got, fmt.Sprintf("%s h=%d", ev.Type, f.Spec.Height))
	}
	want := []string{"ADDED h=2", "MODIFIED h=5", "DELETED h=5"}
	if !slices.Equal(got, want) {
		t.Errorf("events = %q, want %q", got, want)
	}
}

func testInformer(t *testing.T, ctx context.Context, b backend, ns string) {
	fr := b.frobbers(ns)
	mustCreate(t, ctx, b, sampleFrobber(ns, "before", map[string]string{"phase": "before"}))
	// In another namespace: the factory below is limited to ns.
	mustCreate(t, ctx, b, sampleFrobber(ns+"-other", "elsewhere", nil))

	factory := externalversions.NewSharedInformerFactoryWithOptions(b.client, 0, externalversions.WithNamespace(ns))
	informer := factory.Frobbers().V6().Frobbers()
	var lister listersv6.FrobberLister = informer.Lister()

	events := make(chan string, 100)
	name := func(obj any) string {
		if d, ok := obj.(cache.DeletedFinalStateUnknown); ok {
			obj = d.Obj
		}
		f, ok := obj.(*frobbersv6.Frobber)
		if !ok {
			return fmt.Sprintf("<%T>", obj)
		}
		return fmt.Sprintf("%s h=%d", f.Name, f.Spec.Height)
	}
	reg, err := informer.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj any) { events <- "add " + name(obj) },
		UpdateFunc: func(old, obj any) { events <- "update " + name(old) + " -> " + name(obj) },
		DeleteFunc: func(obj any) { events <- "delete " + name(obj) },
	})
	if err != nil {
		t.Fatalf("AddEventHandler: %v", err)
	}

	stop := make(chan struct{})
	factory.Start(stop)
	t.Cleanup(func() {
		close(stop)
		factory.Shutdown()
	})
	for typ, ok := range factory.WaitForCacheSync(ctx.Done()) {
		if !ok {
			t.Fatalf("informer for %v did not sync", typ)
		}
	}
	if err := wait.PollUntilContextCancel(ctx, pollInterval, true, func(context.Context) (bool, error) {
		return reg.HasSynced(), nil
	}); err != nil {
		t.Fatalf("handler did not sync: %v", err)
	}

	expect := func(want string) {
		t.Helper()
		select {
		case got := <-events:
			if got != want {
				t.Fatalf("handler got %q, want %q", got, want)
			}
		case <-ctx.Done():
			t.Fatalf("handler got nothing, want %q", want)
		}
	}
	expect("add before h=2")

	f, err := lister.Frobbers(ns).Get("before")
	if err != nil || f.Spec.Height != 2 {
		t.Fatalf("lister Get(before) = %v, %v", f, err)
	}

	created := mustCreate(t, ctx, b, sampleFrobber(ns, "live", map[string]string{"phase": "live"}))
	expect("add live h=2")
	// A handler runs after the cache has the change, so the lister agrees.
	if f, err := lister.Frobbers(ns).Get("live"); err != nil || f.Spec.Height != 2 {
		t.Fatalf("lister Get(live) = %v, %v", f, err)
	}

	u := created.DeepCopy()
	u.Spec.Height = 6
	if _, err := fr.Update(ctx, u, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("Update: %v", err)
	}
	expect("update live h=2 -> live h=6")
	if f, err := lister.Frobbers(ns).Get("live"); err != nil || f.Spec.Height != 6 {
		t.Fatalf("lister Get(live) after update = %v, %v", f, err)
	}

	all, err := lister.List(labels.Everything())
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, f := range all {
		listed = append(listed, f.Namespace+"/"+f.Name)
	}
	slices.Sort(listed)
	wantNames(t, "lister List", listed, ns+"/before", ns+"/live")
	sel, err := lister.Frobbers(ns).List(labels.SelectorFromSet(labels.Set{"phase": "live"}))
	if err != nil || len(sel) != 1 || sel[0].Name != "live" {
		t.Errorf("lister List(phase=live) = %v, %v", sel, err)
	}

	if err := fr.Delete(ctx, "live", metav1.DeleteOptions{}); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	expect("delete live h=6")
	if _, err := lister.Frobbers(ns).Get("live"); !apierrors.IsNotFound(err) {
		t.Errorf("lister Get(live) after delete: %v, want NotFound", err)
	}

	select {
	case extra := <-events:
		t.Errorf("unexpected handler call %q", extra)
	default:
	}
}

// wantInvalid checks that err is Invalid, names field among its causes and
// carries message.
func wantInvalid(t *testing.T, what string, err error, field, message string) {
	t.Helper()
	if !apierrors.IsInvalid(err) {
		t.Fatalf("%s: got error %v, want Invalid", what, err)
	}
	if !strings.Contains(err.Error(), message) {
		t.Errorf("%s: error does not say %q: %v", what, message, err)
	}
	var status apierrors.APIStatus
	if errors.As(err, &status) && status.Status().Details != nil {
		for _, c := range status.Status().Details.Causes {
			if c.Field == field && strings.Contains(c.Message, message) {
				return
			}
		}
	}
	t.Errorf("%s: no cause names %s with %q: %v", what, field, message, err)
}

// testSchemaValidation checks the validation that controller-gen put into
// the CRD from the markers of the v6 types: the CEL rule on FrobberSpec and
// the bounds of FrobberPort.Port. The fake validates nothing.
func testSchemaValidation(t *testing.T, ctx context.Context, b backend, ns string) {
	fr := b.frobbers(ns)
	// A deadline after the start is fine: the rule does not reject all.
	ok := sampleFrobber(ns, "in-time", nil)
	ok.Spec.Deadline = ptr(metav1.NewTime(startTime.Add(time.Hour)))
	created := mustCreate(t, ctx, b, ok.DeepCopy())
	wantSpec(t, "Create with a later deadline", created.Spec, ok.Spec)

	late := sampleFrobber(ns, "late", nil)
	late.Spec.Deadline = ptr(metav1.NewTime(startTime.Add(-time.Hour)))
	bigPort := sampleFrobber(ns, "big-port", nil)
	bigPort.Spec.Ports[1].Port = 70000
	tooEarly := created.DeepCopy()
	tooEarly.Spec.Deadline = ptr(metav1.NewTime(startTime.Add(-time.Second)))

	_, errLate := fr.Create(ctx, late, metav1.CreateOptions{})
	_, errPort := fr.Create(ctx, bigPort, metav1.CreateOptions{})
	_, errUpdate := fr.Update(ctx, tooEarly, metav1.UpdateOptions{})
	if b.isFake() {
		for what, err := range map[string]error{"Create late": errLate, "Create big-port": errPort, "Update": errUpdate} {
			if err != nil {
				t.Errorf("fake %s: %v, want no validation", what, err)
			}
		}
		return
	}
	const rule = "deadline must be after startTime"
	wantInvalid(t, "Create with a deadline before the start", errLate, "spec", rule)
	wantInvalid(t, "Create with port 70000", errPort, "spec.ports[1].port", "less than or equal to 65535")
	wantInvalid(t, "Update to a deadline before the start", errUpdate, "spec", rule)
	for _, name := range []string{"late", "big-port"} {
		_, err := fr.Get(ctx, name, metav1.GetOptions{})
		wantErr(t, "Get of the rejected "+name, err, apierrors.IsNotFound, "NotFound")
	}
	wantSpec(t, "Get after the rejected update", mustGet(t, ctx, b, ns, "in-time").Spec, ok.Spec)
}

func ptr[T any](v T) *T { return &v }
