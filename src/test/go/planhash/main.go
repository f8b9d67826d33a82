// Command planhash reads and writes plan documents (plan.swiss/v1) the way the Go reference does,
// so the Java tests can check that each side accepts the other's plans.
//
//	planhash verify DIR        for each DIR/*.json: "<name> <hash>" as the reference computes it;
//	                           exit 1 when a plan's stored hash is not that hash
//	planhash rewrite IN OUT    for each IN/*.json: the plan with an edit layer added, hashed
//	                           by this program, written to OUT/<name>.json
//
// Plans are decoded as the reference decodes them: encoding/json into its structs, unknown fields
// ignored, every number a float64. The hash is the reference's: sha256 over the compact JSON of
// release, source (catalogName and hf blanked), chart and the merged layers.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
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

type Plan struct {
	APIVersion      string                    `json:"apiVersion"`
	Release         ReleaseRef                `json:"release"`
	Source          SourceRef                 `json:"source"`
	Chart           ChartRef                  `json:"chart"`
	Engine          string                    `json:"engine"`
	Profile         string                    `json:"profile"`
	Layers          map[string]map[string]any `json:"layers,omitempty"`
	CreateNamespace bool                      `json:"createNamespace,omitempty"`
	Helmfile        string                    `json:"helmfile,omitempty"`
	Hash            string                    `json:"hash"`
}

var layerOrder = []string{"catalog", "site", "derived", "form", "edit"}

// values merges the layers in order with helm's values-file rules: a map over a map recurses, a
// map over anything else is copied in, and anything else (lists, scalars, null) replaces.
func (p Plan) values() map[string]any {
	out := map[string]any{}
	for _, name := range layerOrder {
		if layer, ok := p.Layers[name]; ok {
			merge(out, layer)
		}
	}
	return out
}

func merge(dst, src map[string]any) {
	for k, v := range src {
		sub, isMap := v.(map[string]any)
		if !isMap {
			dst[k] = v
			continue
		}
		if existing, ok := dst[k].(map[string]any); ok {
			merge(existing, sub)
			continue
		}
		fresh := map[string]any{}
		merge(fresh, sub)
		dst[k] = fresh
	}
}

func (p Plan) hash() (string, error) {
	src := p.Source
	src.CatalogName, src.HF = "", ""
	payload := struct {
		Release ReleaseRef     `json:"release"`
		Source  SourceRef      `json:"source"`
		Chart   ChartRef       `json:"chart"`
		Values  map[string]any `json:"values"`
	}{p.Release, src, p.Chart, p.values()}
	b, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

func readPlans(dir string) (map[string]Plan, []string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, nil, err
	}
	plans := map[string]Plan{}
	var names []string
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		var p Plan
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f, err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		plans[name] = p
		names = append(names, name)
	}
	sort.Strings(names)
	return plans, names, nil
}

func verify(dir string) error {
	plans, names, err := readPlans(dir)
	if err != nil {
		return err
	}
	var mismatched []string
	for _, name := range names {
		h, err := plans[name].hash()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Println(name, h)
		if h != plans[name].Hash {
			mismatched = append(mismatched, fmt.Sprintf("%s: stored %s", name, plans[name].Hash))
		}
	}
	if len(mismatched) > 0 {
		return fmt.Errorf("hash mismatch: the plan was edited after it was composed:\n%s", strings.Join(mismatched, "\n"))
	}
	return nil
}

// rewrite writes each plan back with a change only a writer that hashes can make valid: an edit
// layer on top, then the hash this program computes.
func rewrite(in, out string) error {
	plans, names, err := readPlans(in)
	if err != nil {
		return err
	}
	for _, name := range names {
		p := plans[name]
		if p.Layers == nil {
			p.Layers = map[string]map[string]any{}
		}
		p.Layers["edit"] = map[string]any{
			"replicaCount": 7,
			"podLabels":    map[string]any{"written-by": "go-reference"},
			"ratio":        0.25,
		}
		if p.Hash, err = p.hash(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		b, err := json.MarshalIndent(p, "", "  ")
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(out, name+".json"), append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	var err error
	switch {
	case len(os.Args) == 3 && os.Args[1] == "verify":
		err = verify(os.Args[2])
	case len(os.Args) == 4 && os.Args[1] == "rewrite":
		err = rewrite(os.Args[2], os.Args[3])
	default:
		err = fmt.Errorf("usage: planhash verify DIR | planhash rewrite IN OUT")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "planhash:", err)
		os.Exit(1)
	}
}
