package main

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// errCancelled is why a call ends when swiss cancels it (its server stopping).
var errCancelled = errors.New("swiss cancelled the call (its server is stopping)")

// callState is what a call learns about its own failure while it runs, where the error's type is
// still known: Helm keeps only the text of some errors it joins, so a fact read off the error it
// finally returns could be lost.
type callState struct {
	silent atomic.Bool
}

type callStateKey struct{}

func withCallState(ctx context.Context) context.Context {
	return context.WithValue(ctx, callStateKey{}, &callState{})
}

// stateOf is the state of the call ctx belongs to; nil outside a call.
func stateOf(ctx context.Context) *callState {
	s, _ := ctx.Value(callStateKey{}).(*callState)
	return s
}

// running is every call in flight by the id swiss gave it, so swiss can cancel one.
var running = runningCalls{cancels: map[int64]context.CancelCauseFunc{}}

type runningCalls struct {
	mu      sync.Mutex
	cancels map[int64]context.CancelCauseFunc
}

// start is the context of one call: ended by its deadline (none when zero) or by cancel(id); the
// caller calls the returned end when the call is over.
func (r *runningCalls) start(id int64, deadline time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(withCallState(context.Background()))
	stopTimer := func() {}
	if deadline > 0 {
		var timed context.Context
		var cancelTimer context.CancelFunc
		timed, cancelTimer = context.WithTimeout(ctx, deadline)
		ctx, stopTimer = timed, cancelTimer
	}
	if id != 0 {
		r.mu.Lock()
		r.cancels[id] = cancel
		r.mu.Unlock()
	}
	return ctx, func() {
		if id != 0 {
			r.mu.Lock()
			delete(r.cancels, id)
			r.mu.Unlock()
		}
		stopTimer()
		cancel(context.Canceled)
	}
}

func (r *runningCalls) cancel(id int64) {
	r.mu.Lock()
	cancel, ok := r.cancels[id]
	r.mu.Unlock()
	if ok {
		cancel(errCancelled)
	}
}

// boundTo makes every request of a client part of a call: each is cancelled when the call ends
// (its deadline, swiss's cancel, or its answer), so no goroutine Helm leaves behind keeps talking
// to the API server. Helm's kube client sends its requests without a context of its own; this is
// where the call's reaches them. It sits above client-go's shared transport, which keeps its
// connections.
func boundTo(call context.Context) func(http.RoundTripper) http.RoundTripper {
	return func(rt http.RoundTripper) http.RoundTripper {
		return boundTransport{call: call, next: rt}
	}
}

type boundTransport struct {
	call context.Context
	next http.RoundTripper
}

func (t boundTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return t.next.RoundTrip(req.WithContext(joined(req.Context(), t.call)))
}

func (t boundTransport) WrappedRoundTripper() http.RoundTripper { return t.next }

// joined is the request's context, also ended when the call ends, and carrying the call's state.
// Not cancelled when the round trip returns: the body is read after it.
func joined(request, call context.Context) context.Context {
	ctx, cancel := context.WithCancelCause(context.WithValue(request, callStateKey{}, stateOf(call)))
	// Fires at the latest when the call ends, which releases it.
	context.AfterFunc(call, func() { cancel(context.Cause(call)) })
	return ctx
}

// graced is a context that ends grace after call does: for Helm's storage, so that an action
// ended by its deadline or by swiss still records its release as failed, not pending for ever.
func graced(call context.Context, grace time.Duration) context.Context {
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(call))
	context.AfterFunc(call, func() {
		time.AfterFunc(grace, func() { cancel(context.Cause(call)) })
	})
	return ctx
}
