package main

import (
	"fmt"
	"testing"
	"time"
)

// A server reached with many kubeconfigs (one per user) keeps only the clusters used last.
func TestTheClusterCacheKeepsOnlyTheMostRecentlyUsedClusters(t *testing.T) {
	cache := newClusterCache(3)
	key := func(i int) clusterKey { return clusterKey{kubeConfig: [32]byte{byte(i)}} }
	for i := range 3 {
		cache.add(key(i), &cluster{})
	}
	cache.get(key(0)) // used again: now the newest

	cache.add(key(3), &cluster{})

	if cache.len() != 3 {
		t.Fatalf("%d clusters kept, want 3", cache.len())
	}
	if _, ok := cache.get(key(1)); ok {
		t.Fatal("the cluster used longest ago is still kept")
	}
	for _, i := range []int{0, 2, 3} {
		if _, ok := cache.get(key(i)); !ok {
			t.Fatalf("cluster %d was dropped", i)
		}
	}
}

// clusterFor itself stays within the bound, however many kubeconfigs it is handed.
func TestClusterForKeepsNoMoreThanMaxClusters(t *testing.T) {
	for i := range maxClusters + 5 {
		if _, err := clusterFor(kubeConfigFor(fmt.Sprintf("https://127.0.0.1:%d", 10000+i)), time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if n := clusters.len(); n > maxClusters {
		t.Fatalf("%d clusters cached, the bound is %d", n, maxClusters)
	}
}

func kubeConfigFor(server string) string {
	return fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: %s
    insecure-skip-tls-verify: true
users:
- name: u
  user:
    token: t
contexts:
- name: c
  context:
    cluster: c
    user: u
current-context: c
`, server)
}
