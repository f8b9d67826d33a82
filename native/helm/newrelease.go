package main

import (
	"sync/atomic"

	ri "helm.sh/helm/v4/pkg/release"
	"helm.sh/helm/v4/pkg/storage/driver"
)

// newRelease is Helm's storage for an install whose caller has already looked, under the
// release's lease, and found no revision. Helm's install asks for the release's whole history only
// to refuse a name in use: a LIST of the release's Secrets, on every install, that a server
// answering from its watches would otherwise send. Until the first revision is stored, that
// history is answered from the caller's look. A wrong look costs nothing: the revision-1 Secret
// then exists, Helm's Create of it fails, and nothing is applied.
type newRelease struct {
	driver.Driver
	name    string
	written atomic.Bool
}

func (d *newRelease) Query(labels map[string]string) ([]ri.Releaser, error) {
	if labels["name"] == d.name && !d.written.Load() {
		return nil, driver.ErrReleaseNotFound
	}
	return d.Driver.Query(labels)
}

func (d *newRelease) Create(key string, rls ri.Releaser) error {
	d.written.Store(true)
	return d.Driver.Create(key, rls)
}
