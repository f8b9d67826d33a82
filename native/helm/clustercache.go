package main

import (
	"container/list"
	"sync"
)

// clusterCache keeps at most size clusters, dropping the one used longest ago.
type clusterCache struct {
	mu    sync.Mutex
	size  int
	order *list.List // of *cachedCluster, the most recently used first
	byKey map[clusterKey]*list.Element
}

type cachedCluster struct {
	key     clusterKey
	cluster *cluster
}

func newClusterCache(size int) *clusterCache {
	return &clusterCache{size: size, order: list.New(), byKey: map[clusterKey]*list.Element{}}
}

func (c *clusterCache) get(key clusterKey) (*cluster, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cachedCluster).cluster, true
}

// add keeps cl under key and answers the cluster kept there: one another call added meanwhile
// wins, so calls share its cache.
func (c *clusterCache) add(key clusterKey, cl *cluster) *cluster {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*cachedCluster).cluster
	}
	c.byKey[key] = c.order.PushFront(&cachedCluster{key: key, cluster: cl})
	for c.order.Len() > c.size {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.byKey, oldest.Value.(*cachedCluster).key)
	}
	return cl
}

func (c *clusterCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
