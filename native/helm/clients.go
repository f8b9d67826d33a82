package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"sync"
	"time"

	"helm.sh/helm/v4/pkg/action"
	"helm.sh/helm/v4/pkg/chart/common"
	"helm.sh/helm/v4/pkg/kube"
	"helm.sh/helm/v4/pkg/storage"
	"helm.sh/helm/v4/pkg/storage/driver"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"
	"k8s.io/client-go/tools/clientcmd"
)

// cluster is what every call against one kubeconfig shares: its REST config, and discovery and
// REST mappings cached in memory. Helm's CLI builds these per process and keeps discovery on
// disk; a server calling Helm many times builds them once, so an apply costs Helm's own requests
// and not a rediscovery of every API group.
type cluster struct {
	config    *rest.Config
	discovery discovery.CachedDiscoveryInterface
	// discoveryCtx is the same cache, asked with a call's context.
	discoveryCtx discovery.CachedDiscoveryInterfaceWithContext
	mapper       meta.RESTMapper

	capsMu sync.Mutex
	caps   *common.Capabilities
	capsAt time.Time
}

// Helm asks the API server for its version and every API group on each action (a discovery
// invalidated and refetched); a server applying many times reuses the answer for this long, so a
// CRD installed a moment ago can be missing from .Capabilities.APIVersions for up to this long.
const capabilitiesTTL = 30 * time.Second

// capabilities is what Helm's own getCapabilities computes, kept for capabilitiesTTL; its requests
// end with the call.
func (c *cluster) capabilities(ctx context.Context) (*common.Capabilities, error) {
	c.capsMu.Lock()
	defer c.capsMu.Unlock()
	if c.caps != nil && time.Since(c.capsAt) < capabilitiesTTL {
		return c.caps.Copy(), nil
	}
	c.discoveryCtx.InvalidateWithContext(ctx)
	version, err := c.discoveryCtx.ServerVersionWithContext(ctx)
	if err != nil {
		return nil, fmt.Errorf("could not get server version from Kubernetes: %w", err)
	}
	apiVersions, err := action.GetVersionSet(resourcesAsked{c.discovery, ctx, c.discoveryCtx})
	if err != nil && !discovery.IsGroupDiscoveryFailedError(err) {
		return nil, err
	}
	c.caps = &common.Capabilities{
		APIVersions: apiVersions,
		KubeVersion: common.KubeVersion{
			Version: version.GitVersion,
			Major:   version.Major,
			Minor:   version.Minor,
		},
		HelmVersion: common.DefaultCapabilities.HelmVersion,
	}
	c.capsAt = time.Now()
	return c.caps.Copy(), nil
}

// resourcesAsked is the cluster's discovery as Helm's GetVersionSet reads it, asked with a call's
// context.
type resourcesAsked struct {
	discovery.CachedDiscoveryInterface
	ctx  context.Context
	with discovery.CachedDiscoveryInterfaceWithContext
}

func (r resourcesAsked) ServerGroupsAndResources() ([]*metav1.APIGroup, []*metav1.APIResourceList, error) {
	return r.with.ServerGroupsAndResourcesWithContext(r.ctx)
}

// clusterKey names one cached cluster: a kubeconfig document and the silence limit its clients
// carry in their transport, so two limits never share one config.
type clusterKey struct {
	kubeConfig [sha256.Size]byte
	silence    time.Duration
}

// clusters are the cached clusters, the least recently used dropped past maxClusters: a server
// reaches one cluster, or a few (one kubeconfig per user is possible), and each costs its
// discovery cache and connections.
var clusters = newClusterCache(maxClusters)

const maxClusters = 16

// Requests swiss makes in a burst (an apply of a chart with many objects) are not throttled below
// what the API server's own priority and fairness allows; Helm's CLI defaults to the same burst.
const (
	clientQPS   = 50
	clientBurst = 100
)

// clusterFor is the cluster a kubeconfig reaches, its requests given up after silence without an
// answer (never, when zero).
func clusterFor(kubeConfig string, silence time.Duration) (*cluster, error) {
	key := clusterKey{kubeConfig: sha256.Sum256([]byte(kubeConfig)), silence: silence}
	if c, ok := clusters.get(key); ok {
		return c, nil
	}
	c, err := newCluster(kubeConfig, silence)
	if err != nil {
		return nil, err
	}
	return clusters.add(key, c), nil
}

func newCluster(kubeConfig string, silence time.Duration) (*cluster, error) {
	raw, err := rawConfig(kubeConfig, "")
	if err != nil {
		return nil, err
	}
	config, err := raw.ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("cannot read the kubeconfig: %w", err)
	}
	config.QPS = clientQPS
	config.Burst = clientBurst
	if silence > 0 {
		// Before discovery is built: every client of this cluster, Helm's storage included, shares
		// the limit. Not config.Timeout, which would also end a long apply or a watch.
		config.Wrap(newSilenceLimit(silence).wrap)
	}
	dc, err := discovery.NewDiscoveryClientForConfig(config)
	if err != nil {
		return nil, err
	}
	cachedCtx := memory.NewMemCacheClientWithContext(dc)
	cached, ok := cachedCtx.(discovery.CachedDiscoveryInterface)
	if !ok {
		return nil, fmt.Errorf("client-go's discovery cache (%T) no longer serves callers without a context", cachedCtx)
	}
	c := &cluster{config: config, discovery: cached, discoveryCtx: cachedCtx}
	c.mapper = refreshingMapper{
		DeferredDiscoveryRESTMapper: restmapper.NewDeferredDiscoveryRESTMapper(cached),
		cluster:                     c,
	}
	return c, nil
}

// refreshingMapper rediscovers once when asked for a kind it does not know: a CRD installed after
// the cache was filled (the deferred mapper alone never refreshes a cache it filled itself). The
// capabilities are dropped with it, so the next action sees the new API too.
type refreshingMapper struct {
	*restmapper.DeferredDiscoveryRESTMapper
	cluster *cluster
}

func (m refreshingMapper) RESTMapping(gk schema.GroupKind, versions ...string) (*meta.RESTMapping, error) {
	mapping, err := m.DeferredDiscoveryRESTMapper.RESTMapping(gk, versions...)
	if meta.IsNoMatchError(err) {
		m.refresh()
		return m.DeferredDiscoveryRESTMapper.RESTMapping(gk, versions...)
	}
	return mapping, err
}

func (m refreshingMapper) RESTMappings(gk schema.GroupKind, versions ...string) ([]*meta.RESTMapping, error) {
	mappings, err := m.DeferredDiscoveryRESTMapper.RESTMappings(gk, versions...)
	if meta.IsNoMatchError(err) {
		m.refresh()
		return m.DeferredDiscoveryRESTMapper.RESTMappings(gk, versions...)
	}
	return mappings, err
}

func (m refreshingMapper) KindFor(resource schema.GroupVersionResource) (schema.GroupVersionKind, error) {
	kind, err := m.DeferredDiscoveryRESTMapper.KindFor(resource)
	if meta.IsNoMatchError(err) {
		m.refresh()
		return m.DeferredDiscoveryRESTMapper.KindFor(resource)
	}
	return kind, err
}

func (m refreshingMapper) refresh() {
	m.Reset()
	m.cluster.capsMu.Lock()
	m.cluster.caps = nil
	m.cluster.capsMu.Unlock()
}

// rawConfig reads the given kubeconfig document, or the default locations when it is empty, with
// the namespace overridden when one is given.
func rawConfig(kubeConfig, namespace string) (clientcmd.ClientConfig, error) {
	overrides := &clientcmd.ConfigOverrides{}
	overrides.Context.Namespace = namespace
	if kubeConfig == "" {
		rules := clientcmd.NewDefaultClientConfigLoadingRules()
		return clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, overrides), nil
	}
	parsed, err := clientcmd.Load([]byte(kubeConfig))
	if err != nil {
		return nil, fmt.Errorf("cannot parse the kubeconfig: %w", err)
	}
	return clientcmd.NewDefaultClientConfig(*parsed, overrides), nil
}

// namespaceGetter is one namespace's view of a cluster for one call, in the form Helm's kube
// client asks for: its clients' requests end with the call.
type namespaceGetter struct {
	cluster   *cluster
	namespace clientcmd.ClientConfig
	call      context.Context
}

func (g namespaceGetter) ToRESTConfig() (*rest.Config, error) {
	return g.cluster.configFor(g.call), nil
}
func (g namespaceGetter) ToDiscoveryClient() (discovery.CachedDiscoveryInterface, error) {
	return g.cluster.discovery, nil
}
func (g namespaceGetter) ToRESTMapper() (meta.RESTMapper, error)        { return g.cluster.mapper, nil }
func (g namespaceGetter) ToRawKubeConfigLoader() clientcmd.ClientConfig { return g.namespace }

// configFor is the cluster's config for clients whose requests end when ctx does.
func (c *cluster) configFor(ctx context.Context) *rest.Config {
	config := rest.CopyConfig(c.config)
	config.Wrap(boundTo(ctx))
	return config
}

// storageGrace is how long Helm's storage outlives a call that ended early: long enough to write
// the release's failed status, which an upgrade writes when its context ends.
const storageGrace = 5 * time.Second

// configuration is a fresh Helm action configuration (actions are not meant to be shared) over
// the cluster's shared clients, storing releases in Secrets as Helm does by default; every request
// it sends ends with the call (ctx), its storage's a little later.
func configuration(ctx context.Context, req Request) (*action.Configuration, error) {
	c, err := clusterFor(req.KubeConfig, time.Duration(req.APIServerSilenceMillis)*time.Millisecond)
	if err != nil {
		return nil, err
	}
	ns, err := rawConfig(req.KubeConfig, req.Namespace)
	if err != nil {
		return nil, err
	}
	cfg := action.NewConfiguration(action.ConfigurationSetLogger(quiet()))
	if err := cfg.Init(namespaceGetter{cluster: c, namespace: ns, call: ctx}, req.Namespace, "secret"); err != nil {
		return nil, err
	}
	storageClients, err := kubernetes.NewForConfig(c.configFor(graced(ctx, storageGrace)))
	if err != nil {
		return nil, err
	}
	secrets := driver.NewSecrets(storageClients.CoreV1().Secrets(req.Namespace))
	secrets.SetLogger(quiet())
	cfg.Releases = storage.Init(secrets)
	if kc, ok := cfg.KubeClient.(*kube.Client); ok {
		kc.Namespace = req.Namespace
	}
	if cfg.Capabilities, err = c.capabilities(ctx); err != nil {
		return nil, err
	}
	return cfg, nil
}
