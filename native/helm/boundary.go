package main

// protocolVersion is the version of the boundary between swiss and this library: the exported
// functions and the JSON of every struct in boundaryStructs. swiss refuses to use a library that
// speaks another version (it would read fields that are not there as zero), so any change to the
// boundary bumps it, together with its twin in HelmLibrary.java and boundary.txt.
const protocolVersion = 2

// Rendered is a render's answer: every object of the chart as one multi-document YAML string.
type Rendered struct {
	Manifest string `json:"manifest"`
}

// Uninstalled is an uninstall's answer: Helm's own words about it.
type Uninstalled struct {
	Output string `json:"output"`
}

// Values is one revision's values as YAML text, as `helm get values` prints them.
type Values struct {
	YAML string `json:"yaml"`
}

// Packaged is where `helm package` wrote the chart's archive.
type Packaged struct {
	Path string `json:"path"`
}

// Digest is the sha256:<hex> of a pulled chart's archive.
type Digest struct {
	Digest string `json:"digest"`
}

// boundaryStructs are every struct that crosses the C boundary as JSON, each with a twin record in
// swiss's Java (BoundaryTwinsTest names them). boundary.txt describes them; a test keeps it true.
var boundaryStructs = []any{
	Request{}, ChartRef{}, Answer{}, Error{}, Conflict{}, Refusal{},
	Outcome{}, Rendered{}, Uninstalled{}, Values{}, Packaged{}, Digest{}, Memory{},
}
