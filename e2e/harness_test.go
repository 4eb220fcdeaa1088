package e2e

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	extensionsapiserver "k8s.io/apiextensions-apiserver/pkg/apiserver"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	servertesting "k8s.io/apiextensions-apiserver/pkg/cmd/server/testing"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"

	apiextensionsv1beta1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
)

// Time limits of the harness. Each is far above what a 2-core machine
// needs, and bounds every wait so a broken server fails the test instead of
// hanging it.
const (
	etcdStartTimeout = 30 * time.Second
	crdReadyTimeout  = 30 * time.Second
	pollInterval     = 50 * time.Millisecond
)

// startServer starts embedded etcd and an apiextensions-apiserver on top of
// it, both on 127.0.0.1 only, installs the Frobber CRD and waits until the
// server serves frobbers.example.com/v6. Everything is stopped and removed
// by t.Cleanup. It returns a client config with full rights.
func startServer(t *testing.T) *rest.Config {
	t.Helper()
	start := time.Now()
	etcdURL := startEtcd(t)
	cfg := startAPIServer(t, etcdURL)
	installCRD(t, cfg)
	t.Logf("etcd, apiextensions-apiserver and CRD ready in %v", time.Since(start).Round(time.Millisecond))
	return cfg
}

// freeLoopbackPorts returns n ports that were free on 127.0.0.1 a moment
// ago. embed.StartEtcd binds by URL, so the ports are released before etcd
// binds them; startEtcd retries if another process took one meanwhile.
func freeLoopbackPorts(n int) ([]int, error) {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// startEtcd runs a single-member etcd in process, with its data in a test
// temp dir, and returns its client URL.
func startEtcd(t *testing.T) string {
	t.Helper()
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		ports, err := freeLoopbackPorts(2)
		if err != nil {
			t.Fatalf("picking etcd ports: %v", err)
		}
		clientURL := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0]))}
		peerURL := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[1]))}

		cfg := embed.NewConfig()
		cfg.Name = "e2e"
		cfg.Dir = filepath.Join(t.TempDir(), "etcd")
		cfg.ListenClientUrls = []url.URL{clientURL}
		cfg.AdvertiseClientUrls = []url.URL{clientURL}
		cfg.ListenPeerUrls = []url.URL{peerURL}
		cfg.AdvertisePeerUrls = []url.URL{peerURL}
		cfg.ListenMetricsUrls = nil
		cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
		// A throw-away single member: skipping fsync is safe and much faster.
		cfg.UnsafeNoFsync = true
		// Errors only, and none at all once the test closes etcd: closing
		// the listeners logs errors that mean nothing here.
		level := zap.NewAtomicLevelAt(zapcore.ErrorLevel)
		cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.New(zapcore.NewCore(
			zapcore.NewConsoleEncoder(zap.NewDevelopmentEncoderConfig()),
			zapcore.Lock(os.Stderr), level)))

		e, err := embed.StartEtcd(cfg)
		if err != nil {
			lastErr = err
			t.Logf("etcd attempt %d: %v", attempt+1, err)
			continue
		}
		t.Cleanup(func() {
			level.SetLevel(zapcore.FatalLevel)
			e.Close()
		})
		select {
		case <-e.Server.ReadyNotify():
		case err := <-e.Err():
			t.Fatalf("etcd failed while starting: %v", err)
		case <-time.After(etcdStartTimeout):
			e.Server.Stop()
			t.Fatalf("etcd not ready after %v", etcdStartTimeout)
		}
		return clientURL.String()
	}
	t.Fatalf("starting etcd: %v", lastErr)
	return ""
}

// startAPIServer starts k8s.io/apiextensions-apiserver in process through its
// own test helper, storing in the etcd at etcdURL.
//
// Standalone, the server has no kube-apiserver to delegate authentication,
// authorization and namespace checks to. The kubeconfig it must be given
// points at a local sink that accepts and drops connections, so nothing
// leaves the loopback interface (only the server's Service informer, kept
// for conversion webhooks, keeps knocking there); the admission plugins and
// the priority and fairness filter that would need a kube-apiserver are
// turned off. The returned loopback config is in system:masters, so
// authorization never asks the sink.
func startAPIServer(t *testing.T, etcdURL string) *rest.Config {
	t.Helper()
	sink := startSink(t)

	dir := t.TempDir()
	kubeconfig := filepath.Join(dir, "kubeconfig")
	if err := os.WriteFile(kubeconfig, []byte(fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: sink
  cluster:
    server: http://%s
contexts:
- name: sink
  context:
    cluster: sink
    user: nobody
current-context: sink
users:
- name: nobody
  user:
    token: none
`, sink)), 0o600); err != nil {
		t.Fatal(err)
	}

	storage := storagebackend.NewDefaultConfig(
		"/registry/frobbers-e2e",
		extensionsapiserver.Codecs.LegacyCodec(apiextensionsv1beta1.SchemeGroupVersion, apiextensionsv1.SchemeGroupVersion),
	)
	storage.Type = storagebackend.StorageTypeETCD3
	storage.Transport.ServerList = []string{etcdURL}

	flags := []string{
		"--authentication-skip-lookup",
		"--authentication-kubeconfig", kubeconfig,
		"--authorization-kubeconfig", kubeconfig,
		"--kubeconfig", kubeconfig,
		"--enable-priority-and-fairness=false",
		"--disable-admission-plugins", "NamespaceLifecycle,MutatingAdmissionWebhook,ValidatingAdmissionWebhook,ValidatingAdmissionPolicy,MutatingAdmissionPolicy",
	}
	server, err := servertesting.StartTestServer(t, nil, flags, storage)
	if err != nil {
		t.Fatalf("starting apiextensions-apiserver: %v", err)
	}
	t.Cleanup(server.TearDownFn)

	cfg := rest.CopyConfig(server.ClientConfig)
	// The loopback config allows thousands of QPS already; be explicit so a
	// client-side throttle never shows up as a slow test.
	cfg.QPS, cfg.Burst = 1000, 2000
	cfg.Timeout = 30 * time.Second
	return cfg
}

// startSink listens on 127.0.0.1 and closes every connection at once. It
// stands in for the kube-apiserver that a standalone apiextensions-apiserver
// is configured to delegate to.
func startSink(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var accepted atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		<-done
		if n := accepted.Load(); n > 0 {
			t.Logf("the delegation sink dropped %d connection(s)", n)
		}
	})
	return l.Addr().String()
}

// installCRD creates the Frobber CRD that controller-gen generated into
// CRDFile and waits until it is established and its resource is in
// discovery.
//
// The server itself holds back any create that comes within 2 s of a CRD
// becoming established (so that other servers of an HA setup see it too);
// the first scenario's first Create pays that once.
func installCRD(t *testing.T, cfg *rest.Config) {
	t.Helper()
	crd, err := FrobberCRD(CRDFile)
	if err != nil {
		t.Fatalf("reading the generated CRD: %v", err)
	}
	installCRDObject(t, cfg, crd)
}

// installCRDObject is installCRD for a CRD the caller has read and perhaps
// changed, such as one whose conversion webhook it serves itself. It waits
// until every served version of the resource is in discovery.
func installCRDObject(t *testing.T, cfg *rest.Config, crd *apiextensionsv1.CustomResourceDefinition) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), crdReadyTimeout)
	defer cancel()

	client, err := apiextensionsclient.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var served []string
	for _, v := range crd.Spec.Versions {
		if v.Served {
			served = append(served, v.Name)
		}
	}
	crds := client.ApiextensionsV1().CustomResourceDefinitions()
	if _, err := crds.Create(ctx, crd, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating CRD: %v", err)
	}

	err = wait.PollUntilContextTimeout(ctx, pollInterval, crdReadyTimeout, true, func(ctx context.Context) (bool, error) {
		crd, err := crds.Get(ctx, CRDName, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		for _, c := range crd.Status.Conditions {
			if c.Type == apiextensionsv1.NamesAccepted && c.Status == apiextensionsv1.ConditionFalse {
				return false, fmt.Errorf("CRD names not accepted: %s", c.Message)
			}
		}
		for _, c := range crd.Status.Conditions {
			if c.Type == apiextensionsv1.Established && c.Status == apiextensionsv1.ConditionTrue {
				return true, nil
			}
		}
		return false, nil
	})
	if err != nil {
		t.Fatalf("waiting for CRD %s to be established: %v", CRDName, err)
	}

	disco, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range served {
		err = wait.PollUntilContextTimeout(ctx, pollInterval, crdReadyTimeout, true, func(ctx context.Context) (bool, error) {
			list, err := disco.ServerResourcesForGroupVersion(Group + "/" + version)
			if apierrors.IsNotFound(err) {
				return false, nil
			}
			if err != nil {
				return false, err
			}
			for _, r := range list.APIResources {
				if r.Name == Resource {
					return true, nil
				}
			}
			return false, nil
		})
		if err != nil {
			t.Fatalf("waiting for %s/%s %s in discovery: %v", Group, version, Resource, err)
		}
	}
}
