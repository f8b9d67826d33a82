package main

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"helm.sh/helm/v4/pkg/storage/driver"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Error is a failure as swiss classifies it: "conflict" (another field manager owns a field the
// apply sets), "notFound" (no such release or revision), or "failed".
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

var conflictManager = regexp.MustCompile(`conflict with "([^"]*)"`)

func describe(err error) *Error {
	if conflicts := fieldConflicts(err); len(conflicts) > 0 {
		return &Error{Kind: "conflict", Message: err.Error(), Conflicts: conflicts}
	}
	if errors.Is(err, driver.ErrReleaseNotFound) || apierrors.IsNotFound(err) {
		return &Error{Kind: "notFound", Message: err.Error()}
	}
	return &Error{Kind: "failed", Message: err.Error()}
}

// fieldConflicts reads the causes of a server-side apply's 409: each names a field and, in its
// message, the manager that owns it; the status details name the object.
func fieldConflicts(err error) []Conflict {
	var conflicts []Conflict
	for _, status := range apiStatuses(err) {
		details := status.Status().Details
		if status.Status().Reason != metav1.StatusReasonConflict || details == nil {
			continue
		}
		object := details.Name
		if details.Kind != "" {
			object = fmt.Sprintf("%s/%s", strings.ToLower(details.Kind), details.Name)
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
	}
	return conflicts
}

// apiStatuses finds every API status error in err's tree: Helm joins the failures of the objects
// of one apply into one error.
func apiStatuses(err error) []apierrors.APIStatus {
	var found []apierrors.APIStatus
	var walk func(error)
	walk = func(e error) {
		if e == nil {
			return
		}
		if s, ok := e.(apierrors.APIStatus); ok {
			found = append(found, s)
		}
		switch u := e.(type) {
		case interface{ Unwrap() []error }:
			for _, inner := range u.Unwrap() {
				walk(inner)
			}
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		}
	}
	walk(err)
	return found
}
