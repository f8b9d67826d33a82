package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// The Go runtime in the JVM's process sizes its heap by GOGC alone unless told a limit, and the
// JVM's own heap and the container's limit are invisible to it. A soft limit keeps it collecting
// before it grows past what a render or an upgrade needs (a release's manifests and Helm's
// storage reads: tens of MiB); GOMEMLIMIT in the environment (the chart's setting) wins.
const defaultMemoryLimit = 192 << 20

func init() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
}

// Memory is what the Go runtime holds, for swiss's /metrics: all memory it has mapped from the
// operating system, the part of it that is live heap objects, and its soft limit.
type Memory struct {
	MappedBytes uint64 `json:"mappedBytes"`
	HeapBytes   uint64 `json:"heapBytes"`
	LimitBytes  uint64 `json:"limitBytes"`
}

func memoryInUse() (Memory, error) {
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/gomemlimit:bytes"},
	}
	metrics.Read(samples)
	return Memory{
		MappedBytes: samples[0].Value.Uint64(),
		HeapBytes:   samples[1].Value.Uint64(),
		LimitBytes:  samples[2].Value.Uint64(),
	}, nil
}
