package main

import (
	"encoding/json"
	"fmt"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"
)

// silentAPIServer accepts connections and never answers on them: a hung API server.
func silentAPIServer(t *testing.T) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var held []net.Conn
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			held = append(held, conn)
		}
	}()
	t.Cleanup(func() {
		listener.Close()
		for _, c := range held {
			c.Close()
		}
	})
	return "https://" + listener.Addr().String()
}

func answerTo(t *testing.T, req Request) Answer {
	t.Helper()
	text, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var answer Answer
	if err := json.Unmarshal(call(string(text)), &answer); err != nil {
		t.Fatal(err)
	}
	return answer
}

// A call under a 1 s deadline against an API server that never answers ends within 2 s as a
// timeout, and leaves no goroutine of its own behind.
func TestACallPastItsDeadlineEndsAsATimeoutAndLeavesNoGoroutine(t *testing.T) {
	req := Request{Op: "values", Release: "r", Namespace: "ns", Revision: 1,
		KubeConfig: kubeConfigFor(silentAPIServer(t)), DeadlineMillis: 1000, CallID: 7}

	started := time.Now()
	answer := answerTo(t, req)
	took := time.Since(started)

	if answer.Error == nil || answer.Error.Kind != kindTimeout {
		t.Fatalf("want a timeout, got %+v", answer)
	}
	if took > 2*time.Second {
		t.Fatalf("the call took %s", took)
	}
	waitForNoGoroutineIn(t, "main.dispatch")
}

// swiss's cancel ends a running call at once, as "cancelled".
func TestACancelledCallEndsAtOnceAsCancelled(t *testing.T) {
	req := Request{Op: "values", Release: "r", Namespace: "ns", Revision: 1,
		KubeConfig: kubeConfigFor(silentAPIServer(t)), CallID: 8}
	time.AfterFunc(300*time.Millisecond, func() { running.cancel(8) })

	started := time.Now()
	answer := answerTo(t, req)

	if answer.Error == nil || answer.Error.Kind != kindCancelled {
		t.Fatalf("want cancelled, got %+v", answer)
	}
	if took := time.Since(started); took > 2*time.Second {
		t.Fatalf("the cancelled call took %s", took)
	}
	waitForNoGoroutineIn(t, "main.dispatch")
}

func waitForNoGoroutineIn(t *testing.T, function string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		stacks := make([]byte, 1<<20)
		stacks = stacks[:runtime.Stack(stacks, true)]
		if !strings.Contains(string(stacks), function) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal(fmt.Sprintf("a goroutine still runs %s:\n%s", function, stacks))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
