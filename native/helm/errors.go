package main

import (
	"errors"
	"regexp"
	"strings"

	"helm.sh/helm/v4/pkg/storage/driver"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Error is a failure as swiss classifies it: "conflict" (another field manager owns a field the
// apply sets), "notFound" (no such release or revision), "silent" (the API server did not begin to
// answer a request within the call's silence limit), or "failed".
type Error struct {
	Kind      string     `json:"kind"`
	Message   string     `json:"message"`
	Conflicts []Conflict `json:"conflicts,omitempty"`
}

// Conflict is one field another manager owns, as server-side apply reports it.
type Conflict struct {
	Object  string `json:"object"`
	Field   string `json:"field"`
	Manager string `json:"manager"`
}

var (
	conflictManager = regexp.MustCompile(`conflict with "([^"]*)"`)
	// Helm names the object around the API server's conflict, which leaves its details' name empty:
	// "conflict occurred while applying object <ns>/<name> apps/v1, Kind=Deployment: ...".
	conflictObject = regexp.MustCompile(`^conflict occurred while applying object [^/\s]*/(\S+) \S+ Kind=(\w+):`)
)

func describe(err error) *Error {
	if conflicts := fieldConflicts(err); len(conflicts) > 0 {
		return &Error{Kind: "conflict", Message: err.Error(), Conflicts: conflicts}
	}
	if silent(err) {
		return &Error{Kind: "silent", Message: err.Error()}
	}
	if errors.Is(err, driver.ErrReleaseNotFound) || apierrors.IsNotFound(err) {
		return &Error{Kind: "notFound", Message: err.Error()}
	}
	return &Error{Kind: "failed", Message: err.Error()}
}

// fieldConflicts reads the causes of a server-side apply's 409: each names a field and, in its
// message, the manager that owns it; Helm's wrapping of the error names the object.
func fieldConflicts(err error) []Conflict {
	var conflicts []Conflict
	walk(err, "", func(status apierrors.APIStatus, object string) {
		details := status.Status().Details
		if status.Status().Reason != metav1.StatusReasonConflict || details == nil {
			return
		}
		if object == "" && details.Name != "" {
			object = strings.ToLower(details.Kind) + "/" + details.Name
		}
		for _, cause := range details.Causes {
			if cause.Type != metav1.CauseTypeFieldManagerConflict {
				continue
			}
			manager := ""
			if m := conflictManager.FindStringSubmatch(cause.Message); m != nil {
				manager = m[1]
			}
			conflicts = append(conflicts, Conflict{Object: object, Field: cause.Field, Manager: manager})
		}
	})
	return conflicts
}

// walk visits every API status error in err's tree (Helm joins the failures of the objects of one
// apply into one error) with the object the nearest wrapping names, as kind/name.
func walk(err error, object string, visit func(apierrors.APIStatus, string)) {
	if err == nil {
		return
	}
	if m := conflictObject.FindStringSubmatch(err.Error()); m != nil {
		object = strings.ToLower(m[2]) + "/" + m[1]
	}
	if s, ok := err.(apierrors.APIStatus); ok {
		visit(s, object)
	}
	switch u := err.(type) {
	case interface{ Unwrap() []error }:
		for _, inner := range u.Unwrap() {
			walk(inner, object, visit)
		}
	case interface{ Unwrap() error }:
		walk(u.Unwrap(), object, visit)
	}
}
