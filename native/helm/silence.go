package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"time"
	"weak"

	utilnet "k8s.io/apimachinery/pkg/util/net"
)

// silenceLimit makes every request of one cluster's clients give up when the API server has not
// begun to answer it within the limit: Helm's own requests have no deadline, so an API server that
// stops answering (paused, partitioned) would otherwise hold a write, and the lease and record
// around it, for as long as it stays silent. Only the wait for the response headers is bounded: a
// slow apply of many objects, or a watch streaming for an hour, is left alone.
//
// The limit is the transport's ResponseHeaderTimeout, on a clone of the transport client-go built.
// client-go builds transports per TLS configuration and reuses them across clients; every Helm
// action makes new clients, so each underlying transport is cloned once and the clone kept as long
// as that transport lives, or connections would not be reused between actions.
type silenceLimit struct {
	limit  time.Duration
	mu     sync.Mutex
	clones map[weak.Pointer[http.Transport]]*http.Transport
}

func newSilenceLimit(limit time.Duration) *silenceLimit {
	return &silenceLimit{limit: limit, clones: map[weak.Pointer[http.Transport]]*http.Transport{}}
}

// wrap is a rest.Config's WrapTransport: it is handed the transport client-go built for a client.
func (s *silenceLimit) wrap(rt http.RoundTripper) http.RoundTripper {
	base := httpTransport(rt)
	if base == nil {
		// Not built by client-go from a kubeconfig (each of those ends in an *http.Transport).
		return rt
	}
	return limitedTransport{clone: s.cloneOf(base), built: rt, limit: s.limit}
}

func (s *silenceLimit) cloneOf(base *http.Transport) *http.Transport {
	key := weak.Make(base)
	s.mu.Lock()
	defer s.mu.Unlock()
	if clone, ok := s.clones[key]; ok {
		return clone
	}
	clone := base.Clone()
	clone.ResponseHeaderTimeout = s.limit
	// The clone would hand its HTTP/2 connections to the base's HTTP/2 transport, which reads the
	// timeout from the base: it gets one of its own, configured as client-go configures the base's.
	clone.TLSNextProto = nil
	utilnet.SetTransportDefaults(clone)
	s.clones[key] = clone
	// A transport client-go no longer holds (one per client for a config it cannot cache) takes its
	// clone with it.
	runtime.AddCleanup(base, func(key weak.Pointer[http.Transport]) {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.clones, key)
	}, key)
	return clone
}

// httpTransport is the *http.Transport at the bottom of client-go's wrappers (its cache's entry, a
// CA file's reloader), nil when there is none.
func httpTransport(rt http.RoundTripper) *http.Transport {
	for {
		switch t := rt.(type) {
		case *http.Transport:
			return t
		case utilnet.RoundTripperWrapper:
			rt = t.WrappedRoundTripper()
		default:
			return nil
		}
	}
}

// limitedTransport sends through the clone and holds on to what client-go built, whose cache
// keeps a transport only while some client does: a transport dropped would be built anew, and
// cloned anew, for the next action.
type limitedTransport struct {
	clone *http.Transport
	built http.RoundTripper
	limit time.Duration
}

// RoundTrip names a timeout of a request whose own context is still running as the API server's
// silence, where its type is known (net/http's and its HTTP/2 transport's timeouts say Timeout()),
// and tells the call it belongs to, should Helm keep only the error's text.
func (t limitedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.clone.RoundTrip(req)
	if err == nil || req.Context().Err() != nil || !isTimeout(err) {
		return resp, err
	}
	if state := stateOf(req.Context()); state != nil {
		state.silent.Store(true)
	}
	return nil, &apiServerSilence{limit: t.limit, err: err}
}

func (t limitedTransport) WrappedRoundTripper() http.RoundTripper { return t.clone }

// isTimeout: the request's own context is running (the caller checked), so a timeout is the
// transport's. net/http's also answers errors.Is(context.DeadlineExceeded), which tells nothing here.
func isTimeout(err error) bool {
	var timeout interface{ Timeout() bool }
	return errors.As(err, &timeout) && timeout.Timeout()
}

// apiServerSilence is a request the API server did not begin to answer within the limit.
type apiServerSilence struct {
	limit time.Duration
	err   error
}

func (e *apiServerSilence) Error() string {
	return fmt.Sprintf("the API server did not begin to answer within %s: %v", e.limit, e.err)
}

func (e *apiServerSilence) Unwrap() error { return e.err }

// silent tells whether a call failed for the API server's silence: its transport said so, or the
// error still carries the type.
func silent(ctx context.Context, err error) bool {
	if state := stateOf(ctx); state != nil && state.silent.Load() {
		return true
	}
	var s *apiServerSilence
	return errors.As(err, &s)
}
