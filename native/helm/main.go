// Package main is swiss's bridge to Helm 4: a C shared library that the JVM loads (through JNA)
// and calls with one JSON request per Helm action. Helm's own action package does every release
// operation; this library only translates requests, keeps one Kubernetes client per kubeconfig
// across calls, and reports errors in a form swiss can classify.
package main

/*
#include <stdlib.h>
*/
import "C"

import (
	"encoding/json"
	"fmt"
	"unsafe"

	"helm.sh/helm/v4/pkg/kube"
)

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

func call(request string) (answer []byte) {
	defer func() {
		if p := recover(); p != nil {
			answer = failure(fmt.Errorf("helm library panicked: %v", p))
		}
	}()
	var req Request
	if err := json.Unmarshal([]byte(request), &req); err != nil {
		return failure(fmt.Errorf("malformed request to the helm library: %w", err))
	}
	result, err := dispatch(req)
	if err != nil {
		return failure(err)
	}
	out, err := json.Marshal(Answer{Result: result})
	if err != nil {
		return failure(fmt.Errorf("cannot encode the helm library's answer: %w", err))
	}
	return out
}

func failure(err error) []byte {
	out, _ := json.Marshal(Answer{Error: describe(err)})
	return out
}

// Objects swiss applies are owned by the field manager "helm", as Helm's CLI names itself, so a
// release is shared with `helm upgrade` without conflicts (left to itself, Helm would take the
// host process's name: "java").
func init() {
	kube.ManagedFieldsManager = "helm"
}

func main() {}
