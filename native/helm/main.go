// Package main is swiss's bridge to Helm 4: a C shared library that the JVM loads (through JNA)
// and calls with one JSON request per Helm action. Helm's own action package does every release
// operation; this library only translates requests, keeps one Kubernetes client per kubeconfig
// across calls, bounds each call by its deadline and swiss's cancel, and reports errors classified
// by their type.
package main

/*
#include <stdlib.h>
*/
import "C"

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
	"unsafe"

	"helm.sh/helm/v4/pkg/kube"
)

// swiss_helm_protocol is the version of the boundary this library speaks (protocolVersion).
//
//export swiss_helm_protocol
func swiss_helm_protocol() C.int {
	return C.int(protocolVersion)
}

// swiss_helm_call runs one request (a JSON document) and answers a JSON document the caller
// frees with swiss_helm_free. It never panics across the C boundary: a panic is an error answer.
//
//export swiss_helm_call
func swiss_helm_call(request *C.char) *C.char {
	answer := call(C.GoString(request))
	return C.CString(string(answer))
}

//export swiss_helm_free
func swiss_helm_free(answer *C.char) {
	C.free(unsafe.Pointer(answer))
}

// swiss_helm_cancel ends the running call swiss gave the id, which answers "cancelled" at once;
// an id no call runs under is ignored (the call ended meanwhile).
//
//export swiss_helm_cancel
func swiss_helm_cancel(id C.longlong) {
	running.cancel(int64(id))
}

func call(request string) (answer []byte) {
	defer func() {
		if p := recover(); p != nil {
			answer = failure(context.Background(), fmt.Errorf("helm library panicked: %v", p))
		}
	}()
	var req Request
	if err := json.Unmarshal([]byte(request), &req); err != nil {
		return failure(context.Background(), fmt.Errorf("malformed request to the helm library: %w", err))
	}
	ctx, end := running.start(req.CallID, time.Duration(req.DeadlineMillis)*time.Millisecond)
	defer end()
	result, err := runUntilDone(ctx, req)
	if err != nil {
		return failure(ctx, err)
	}
	out, err := json.Marshal(Answer{Result: result})
	if err != nil {
		return failure(ctx, fmt.Errorf("cannot encode the helm library's answer: %w", err))
	}
	return out
}

// runUntilDone answers when the request is done or its call ends, whichever is first: parts of
// Helm take no context (a chart pull, a render), and the caller is not kept waiting for them. The
// call's end cancels every request to the cluster it still sends, so what runs on stops soon.
func runUntilDone(ctx context.Context, req Request) (any, error) {
	type done struct {
		result any
		err    error
	}
	finished := make(chan done, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				finished <- done{err: fmt.Errorf("helm library panicked: %v", p)}
			}
		}()
		result, err := dispatch(ctx, req)
		finished <- done{result, err}
	}()
	select {
	case d := <-finished:
		return d.result, d.err
	case <-ctx.Done():
		return nil, fmt.Errorf("helm %s of %s/%s ended: %w", req.Op, req.Namespace, req.Release, context.Cause(ctx))
	}
}

func failure(ctx context.Context, err error) []byte {
	out, _ := json.Marshal(Answer{Error: describe(ctx, err)})
	return out
}

// Objects swiss applies are owned by the field manager "helm", as Helm's CLI names itself, so a
// release is shared with `helm upgrade` without conflicts (left to itself, Helm would take the
// host process's name: "java").
func init() {
	kube.ManagedFieldsManager = "helm"
}

func main() {}
