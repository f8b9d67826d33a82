// Command canonical prints the hash payload and the hash of a fixed plan, encoded the way the Go
// reference encodes it (encoding/json, compact). The Java tests compare against its output, kept
// beside it in expected.txt. Regenerate with: go run main.go > expected.txt
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
)

type ReleaseRef struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
}

type SourceRef struct {
	Catalog     string `json:"catalog,omitempty"`
	CatalogName string `json:"catalogName,omitempty"`
	Ref         string `json:"ref,omitempty"`
	Model       string `json:"model"`
	HF          string `json:"hf,omitempty"`
	Version     string `json:"version,omitempty"`
	Digest      string `json:"digest,omitempty"`
	Variant     string `json:"variant"`
}

type ChartRef struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Repo    string `json:"repo,omitempty"`
	Path    string `json:"path,omitempty"`
}

type payload struct {
	Release ReleaseRef     `json:"release"`
	Source  SourceRef      `json:"source"`
	Chart   ChartRef       `json:"chart"`
	Values  map[string]any `json:"values"`
}

func main() {
	p := payload{
		Release: ReleaseRef{Name: "glm-53", Namespace: "models"},
		Source: SourceRef{
			CatalogName: "prod",
			Catalog: "https://models.example.com/swiss-catalog/",
			Model:   "modelforge",
			HF:      "modelforge/Qwen3.6-35B-A3B-793303",
			Version: "1.0.0",
			Digest:  "sha256:2ddf0000000000000000000000000000000000000000000000000000000000aa",
			Variant: "sglang-tp2",
		},
		Chart: ChartRef{Name: "sglang", Version: "0.8.0", Repo: "oci://harbor.4pd.io/hardcore-tech"},
		Values: map[string]any{
			"replicaCount":            int64(2),
			"progressDeadlineSeconds": int64(7200),
			"big":                     int64(9007199254740993),
			"negative":                int64(-42),
			"model": map[string]any{
				"name":      "kimi",
				"gpus":      "8",
				"localPath": "/data/models/modelforge",
			},
			"floats": []any{
				0.85, 1e-7, 1e21, 1e20, 123456789.123, 2.5e-6, -0.000001, 100.0, 5e-324,
				math.MaxFloat64, 0.1, 1.0 / 3.0, -1.5e-10, 12345678901234567890.0,
			},
			"strings": map[string]any{
				"html":      "<a href=\"x\">&amp;</a>",
				"controls":  "tab\there\nnew\rret\bback\fform\x00nul\x1funit\x7fdel",
				"separator": "line\u2028para\u2029end",
				"unicode":   "é 日本 😀",
				"backslash": `C:\path\"quoted"`,
			},
			"keys": map[string]any{
				"z": 1, "Z": 2, "a": 3, "é": 4, "😀": 5, "\uff21": 6, "a.b": 7, "": 8,
			},
			"nulls":     map[string]any{"gone": nil},
			"flags":     map[string]any{"on": true, "off": false},
			"empty":     map[string]any{},
			"list":      []any{},
			"extraArgs": []any{"--tp", int64(2), "--mem-fraction-static", 0.85},
		},
	}
	// The reference blanks both before hashing: a catalog rename must not edit a plan, and hf is
	// what model.localPath renders from (and a server older than the field drops it on read).
	p.Source.CatalogName, p.Source.HF = "", ""
	b, err := json.Marshal(p)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sum := sha256.Sum256(b)
	fmt.Println(string(b))
	fmt.Println("sha256:" + hex.EncodeToString(sum[:]))
}
