package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"helm.sh/helm/v4/pkg/action"
	"helm.sh/helm/v4/pkg/chart/loader"
	chart "helm.sh/helm/v4/pkg/chart/v2"
	"helm.sh/helm/v4/pkg/cli"
	"helm.sh/helm/v4/pkg/cli/values"
	"helm.sh/helm/v4/pkg/getter"
	"helm.sh/helm/v4/pkg/kube"
	"helm.sh/helm/v4/pkg/registry"
	ri "helm.sh/helm/v4/pkg/release"
	release "helm.sh/helm/v4/pkg/release/v1"
	"helm.sh/helm/v4/pkg/storage/driver"
	"sigs.k8s.io/yaml"
)

// Request is one call from swiss. Values come as files, one per layer in merge order, so Helm's
// own values.Options merges them exactly as `helm -f a -f b` would.
type Request struct {
	Op              string   `json:"op"`
	Chart           ChartRef `json:"chart"`
	Release         string   `json:"release"`
	Namespace       string   `json:"namespace"`
	ValueFiles      []string `json:"valueFiles"`
	KubeConfig      string   `json:"kubeConfig"`
	CreateNamespace bool     `json:"createNamespace"`
	ForceConflicts  bool     `json:"forceConflicts"`
	MaxHistory      int      `json:"maxHistory"`
	Revision        int      `json:"revision"`
	AllValues       bool     `json:"allValues"`
	Destination     string   `json:"destination"`
	// NewRelease: the caller found no revision of the release under its lease (an install).
	NewRelease bool `json:"newRelease"`
	// APIServerSilenceMillis is how long a request to the API server may go without the start of
	// an answer before the call gives up; zero waits for ever.
	APIServerSilenceMillis int64 `json:"apiServerSilenceMillis"`
	// CallID names the call for swiss_helm_cancel; zero cannot be cancelled.
	CallID int64 `json:"callId"`
	// DeadlineMillis is how long the whole call may take before it ends as "timeout"; zero has
	// no deadline.
	DeadlineMillis int64 `json:"deadlineMillis"`
}

// ChartRef is a chart on disk (a directory or a packaged archive) or in an OCI registry. Digest,
// when set, is the sha256:<hex> an OCI chart's archive must have: the one swiss showed in a diff.
type ChartRef struct {
	Path      string `json:"path"`
	OCI       string `json:"oci"`
	Version   string `json:"version"`
	PlainHTTP bool   `json:"plainHttp"`
	Digest    string `json:"digest"`
}

// Answer carries either a result or an error.
type Answer struct {
	Result any    `json:"result,omitempty"`
	Error  *Error `json:"error,omitempty"`
}

// Outcome is what an install or upgrade left in Helm's storage.
type Outcome struct {
	Revision    int    `json:"revision"`
	Status      string `json:"status"`
	ApplyMethod string `json:"applyMethod"`
	Output      string `json:"output"`
}

func dispatch(ctx context.Context, req Request) (any, error) {
	switch req.Op {
	case "render":
		return render(req)
	case "install":
		return install(ctx, req)
	case "upgrade":
		return upgrade(ctx, req)
	case "uninstall":
		return uninstall(ctx, req)
	case "values":
		return getValues(ctx, req)
	case "package":
		return packageChart(req)
	case "memory":
		return memoryInUse()
	case "digest":
		return chartDigest(req)
	default:
		return nil, fmt.Errorf("unknown helm library operation %q", req.Op)
	}
}

// render is `helm template`: client side only, the chart's schema enforced, hooks left out.
func render(req Request) (any, error) {
	cfg := action.NewConfiguration(action.ConfigurationSetLogger(quiet()))
	client := action.NewInstall(cfg)
	client.DryRunStrategy = action.DryRunClient
	client.Replace = true
	client.ReleaseName = req.Release
	client.Namespace = req.Namespace
	ch, vals, err := chartAndValues(req, client, &client.ChartPathOptions)
	if err != nil {
		return nil, err
	}
	rel, err := client.Run(ch, vals)
	if err != nil {
		return nil, err
	}
	r, err := asRelease(rel)
	if err != nil {
		return nil, err
	}
	return Rendered{Manifest: strings.TrimSpace(r.Manifest) + "\n"}, nil
}

// serverValidates: Helm sends every write with fieldValidation=Strict, so the API server refuses
// an unknown field itself. Helm's client-side check before the write only asks the server's
// OpenAPI document whether it takes that parameter, and validates nothing when it does (every API
// server since 1.27); it parses the whole document again on each action (a new client each
// time), which was a third of an upgrade's CPU here, so it is left out.
const serverValidates = true

// install applies server-side, as Helm 4 does by default, and never waits for workloads: a model
// can take most of an hour to load, and swiss follows the rollout itself.
func install(ctx context.Context, req Request) (any, error) {
	cfg, err := configuration(ctx, req)
	if err != nil {
		return nil, err
	}
	if req.NewRelease {
		cfg.Releases.Driver = &newRelease{Driver: cfg.Releases.Driver, name: req.Release}
	}
	client := action.NewInstall(cfg)
	client.ReleaseName = req.Release
	client.Namespace = req.Namespace
	client.CreateNamespace = req.CreateNamespace
	client.ServerSideApply = true
	client.ForceConflicts = req.ForceConflicts
	client.DisableOpenAPIValidation = serverValidates
	client.WaitStrategy = kube.HookOnlyStrategy
	ch, vals, err := chartAndValues(req, client, &client.ChartPathOptions)
	if err != nil {
		return nil, err
	}
	rel, err := client.RunWithContext(ctx, ch, vals)
	if req.NewRelease && errors.Is(err, driver.ErrReleaseExists) {
		return nil, fmt.Errorf("release %s already has a revision 1, which was not there when swiss looked:"+
			" nothing was applied; look at the release again: %w", req.Release, err)
	}
	if err != nil {
		return nil, err
	}
	return outcome(rel, "installed", req.ForceConflicts)
}

// upgrade replaces the values with exactly those given (nothing reused from the last revision),
// keeps the apply method the release was installed with ("auto", Helm 4's default), never rolls
// back on its own and lets Helm prune history beyond MaxHistory.
func upgrade(ctx context.Context, req Request) (any, error) {
	cfg, err := configuration(ctx, req)
	if err != nil {
		return nil, err
	}
	client := action.NewUpgrade(cfg)
	client.Namespace = req.Namespace
	client.ResetValues = true
	client.ServerSideApply = "auto"
	client.ForceConflicts = req.ForceConflicts
	client.DisableOpenAPIValidation = serverValidates
	client.MaxHistory = req.MaxHistory
	client.WaitStrategy = kube.HookOnlyStrategy
	ch, vals, err := chartAndValues(req, client, &client.ChartPathOptions)
	if err != nil {
		return nil, err
	}
	rel, err := client.RunWithContext(ctx, req.Release, ch, vals)
	if err != nil {
		return nil, err
	}
	return outcome(rel, "upgraded", req.ForceConflicts)
}

func uninstall(ctx context.Context, req Request) (any, error) {
	cfg, err := configuration(ctx, req)
	if err != nil {
		return nil, err
	}
	client := action.NewUninstall(cfg)
	client.WaitStrategy = kube.HookOnlyStrategy
	res, err := client.Run(req.Release)
	if err != nil {
		return nil, err
	}
	output := fmt.Sprintf("release %q uninstalled", req.Release)
	if res != nil && res.Info != "" {
		output += "\n" + res.Info
	}
	return Uninstalled{Output: output}, nil
}

// getValues is `helm get values [--all] --revision N` as YAML text.
func getValues(ctx context.Context, req Request) (any, error) {
	cfg, err := configuration(ctx, req)
	if err != nil {
		return nil, err
	}
	client := action.NewGetValues(cfg)
	client.Version = req.Revision
	client.AllValues = req.AllValues
	vals, err := client.Run(req.Release)
	if err != nil {
		return nil, err
	}
	text, err := yaml.Marshal(vals)
	if err != nil {
		return nil, err
	}
	return Values{YAML: string(text)}, nil
}

// packageChart is `helm package <dir> -d <destination>`: a chart directory into a versioned archive.
func packageChart(req Request) (any, error) {
	client := action.NewPackage()
	client.Destination = req.Destination
	path, err := client.Run(req.Chart.Path, nil)
	if err != nil {
		return nil, err
	}
	return Packaged{Path: path}, nil
}

// chartAndValues loads the chart (pulling an OCI chart into Helm's cache first) and merges the
// value files with Helm's own rules.
func chartAndValues(req Request, client registryUser, opts *action.ChartPathOptions) (*chart.Chart, map[string]any, error) {
	settings := cli.New()
	name := req.Chart.Path
	if req.Chart.OCI != "" {
		rc, err := registryClient(req.Chart.PlainHTTP)
		if err != nil {
			return nil, nil, err
		}
		client.SetRegistryClient(rc)
		opts.Version = req.Chart.Version
		opts.PlainHTTP = req.Chart.PlainHTTP
		name = req.Chart.OCI
	}
	path, err := opts.LocateChart(name, settings)
	if err != nil {
		return nil, nil, err
	}
	if req.Chart.OCI != "" && req.Chart.Digest != "" {
		// Pulled by tag, which can be pushed again: only the archive that was looked at is used.
		got, err := fileDigest(path)
		if err != nil {
			return nil, nil, err
		}
		if got != req.Chart.Digest {
			return nil, nil, fmt.Errorf("chart %s %s changed since it was looked at: it had digest %s and has %s now (the version was pushed again); nothing was written", req.Chart.OCI, req.Chart.Version, req.Chart.Digest, got)
		}
	}
	loaded, err := loader.Load(path)
	if err != nil {
		return nil, nil, err
	}
	ch, ok := loaded.(*chart.Chart)
	if !ok {
		return nil, nil, fmt.Errorf("chart %s: only apiVersion v1 and v2 charts are supported", path)
	}
	if err := installable(ch); err != nil {
		return nil, nil, err
	}
	vals, err := (&values.Options{ValueFiles: req.ValueFiles}).MergeValues(getter.All(settings))
	if err != nil {
		return nil, nil, err
	}
	return ch, vals, nil
}

// chartDigest pulls an OCI chart as a render would and answers the sha256 of its archive, the
// layer a registry stores and the same form a classic repository's index lists.
func chartDigest(req Request) (any, error) {
	client := action.NewInstall(action.NewConfiguration(action.ConfigurationSetLogger(quiet())))
	rc, err := registryClient(req.Chart.PlainHTTP)
	if err != nil {
		return nil, err
	}
	client.SetRegistryClient(rc)
	client.ChartPathOptions.Version = req.Chart.Version
	client.ChartPathOptions.PlainHTTP = req.Chart.PlainHTTP
	path, err := client.ChartPathOptions.LocateChart(req.Chart.OCI, cli.New())
	if err != nil {
		return nil, err
	}
	digest, err := fileDigest(path)
	if err != nil {
		return nil, err
	}
	return Digest{Digest: digest}, nil
}

func fileDigest(path string) (string, error) {
	content, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(content)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// registryUser is an action that can pull OCI charts (install, upgrade).
type registryUser interface {
	SetRegistryClient(*registry.Client)
}

// installable refuses library charts, as `helm install` does.
func installable(ch *chart.Chart) error {
	switch ch.Metadata.Type {
	case "", "application":
		return nil
	}
	return fmt.Errorf("%s charts are not installable", ch.Metadata.Type)
}

func registryClient(plainHTTP bool) (*registry.Client, error) {
	opts := []registry.ClientOption{registry.ClientOptWriter(io.Discard)}
	if plainHTTP {
		opts = append(opts, registry.ClientOptPlainHTTP())
	}
	return registry.NewClient(opts...)
}

func asRelease(rel ri.Releaser) (*release.Release, error) {
	r, ok := rel.(*release.Release)
	if !ok {
		return nil, fmt.Errorf("helm answered a release of an unknown kind (%T)", rel)
	}
	return r, nil
}

func outcome(rel ri.Releaser, verb string, forced bool) (any, error) {
	r, err := asRelease(rel)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "Release %q has been %s.\n", r.Name, verb)
	fmt.Fprintf(&out, "NAME: %s\nNAMESPACE: %s\n", r.Name, r.Namespace)
	status := ""
	if r.Info != nil {
		status = r.Info.Status.String()
		fmt.Fprintf(&out, "LAST DEPLOYED: %s\nSTATUS: %s\n", r.Info.LastDeployed.Format("Mon Jan _2 15:04:05 2006"), status)
	}
	fmt.Fprintf(&out, "REVISION: %d\n", r.Version)
	if forced {
		// The run's output says so too, beside status.yaml's forced: true.
		fmt.Fprintf(&out, "FORCED: conflicts with other field managers were taken over\n")
	}
	return Outcome{Revision: r.Version, Status: status, ApplyMethod: r.ApplyMethod, Output: out.String()}, nil
}

// quiet drops Helm's informational logging: swiss reports outcomes itself.
func quiet() slog.Handler {
	return slog.NewTextHandler(io.Discard, nil)
}
