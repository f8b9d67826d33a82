package main

import (
	"context"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// The API server speaks HTTP/2 over TLS, where the timeout is read by a transport of its own: a
// server that never answers must still be given up on within the limit.
func TestARequestToASilentServerOverHTTP2IsGivenUpWithinTheLimit(t *testing.T) {
	answer := make(chan struct{})
	protocols := make(chan int, 10)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		protocols <- r.ProtoMajor
		<-answer
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	defer close(answer) // before the server closes, which waits for its handlers

	failed := make(chan error, 1)
	go func() {
		_, err := clientsetFor(t, srv, 300*time.Millisecond).Discovery().ServerVersion()
		failed <- err
	}()

	select {
	case err := <-failed:
		if err == nil || !silent(context.Background(), err) {
			t.Fatalf("want a silence error, got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("still waiting for the silent server after 5s")
	}
	if p := <-protocols; p != 2 {
		t.Fatalf("the request went over HTTP/%d, not HTTP/2", p)
	}
}

// Over HTTP/1.1 (a proxy in front of the API server) the silence is named by its type too: net/http's
// timeout, which also says it is a deadline exceeded.
func TestARequestToASilentServerOverHTTP1IsNamedSilent(t *testing.T) {
	answer := make(chan struct{})
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-answer
	}))
	srv.StartTLS()
	defer srv.Close()
	defer close(answer)

	_, err := clientsetFor(t, srv, 300*time.Millisecond).Discovery().ServerVersion()

	if err == nil || !silent(context.Background(), err) {
		t.Fatalf("want a silence error, got %v", err)
	}
}

// Only the wait for the headers is bounded: a response that starts in time and streams for longer
// than the limit (a watch) is read to its end.
func TestAnAnswerStreamingLongerThanTheLimitIsReadToItsEnd(t *testing.T) {
	const limit = 200 * time.Millisecond
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		// The server's own slowness, not a wait for anything: the body trickles out.
		for _, part := range []string{`{"major": "1", `, `"minor": "99", `, `"gitVersion": "v1.99.0"}`} {
			time.Sleep(limit)
			w.Write([]byte(part))
			w.(http.Flusher).Flush()
		}
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()

	version, err := clientsetFor(t, srv, limit).Discovery().ServerVersion()

	if err != nil || version.GitVersion != "v1.99.0" {
		t.Fatalf("want the whole answer, got %v, %v", version, err)
	}
}

// Each Helm action builds new clients: they must share one transport, and so its connections.
func TestClientsOfOneConfigShareOneLimitedTransport(t *testing.T) {
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	defer srv.Close()
	config := configFor(srv, time.Second)

	first, err := rest.TransportFor(config)
	if err != nil {
		t.Fatal(err)
	}
	second, err := rest.TransportFor(rest.CopyConfig(config))
	if err != nil {
		t.Fatal(err)
	}

	a, b := httpTransport(first), httpTransport(second)
	if a == nil || a != b {
		t.Fatalf("two clients, two transports: %p and %p", a, b)
	}
	if a.ResponseHeaderTimeout != time.Second {
		t.Fatalf("the shared transport waits %s for headers", a.ResponseHeaderTimeout)
	}
}

func configFor(srv *httptest.Server, limit time.Duration) *rest.Config {
	ca := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	config := &rest.Config{Host: srv.URL, TLSClientConfig: rest.TLSClientConfig{CAData: ca}}
	config.Wrap(newSilenceLimit(limit).wrap)
	return config
}

func clientsetFor(t *testing.T, srv *httptest.Server, limit time.Duration) *kubernetes.Clientset {
	t.Helper()
	if !strings.HasPrefix(srv.URL, "https://") {
		t.Fatalf("not a TLS server: %s", srv.URL)
	}
	clients, err := kubernetes.NewForConfig(configFor(srv, limit))
	if err != nil {
		t.Fatal(err)
	}
	return clients
}
