package main

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"helm.sh/helm/v4/pkg/storage/driver"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Error is a failure as swiss classifies it, by the error's type or by what the call saw happen,
// never by its words. Kind is one of the kind* constants.
type Error struct {
	Kind      string     `json:"kind"`
	Message   string     `json:"message"`
	Conflicts []Conflict `json:"conflicts,omitempty"`
	Refusals  []Refusal  `json:"refusals,omitempty"`
}

const (
	// kindConflict: another field manager owns a field the apply sets (Conflicts names them), or
	// a release's revision was made by someone else meanwhile.
	kindConflict = "conflict"
	// kindInvalid: the API server refused an object as invalid (a 422, or a 400 such as strict
	// field validation's unknown field); Refusals names them.
	kindInvalid = "invalid"
	// kindNotFound: no such release or revision.
	kindNotFound = "notFound"
	// kindSilent: the API server did not begin to answer a request within the silence limit.
	kindSilent = "silent"
	// kindTimeout: the call's deadline passed before it ended.
	kindTimeout = "timeout"
	// kindCancelled: swiss cancelled the call.
	kindCancelled = "cancelled"
	kindFailed    = "failed"
)

// Refusal is one object the API server refused as invalid, in its own words: the object as
// kind/name, the field its cause names (empty when it names none) and the message.
type Refusal struct {
	Object  string `json:"object"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Conflict is one field another manager owns, as server-side apply reports it.
type Conflict struct {
	Object  string `json:"object"`
	Field   string `json:"field"`
	Manager string `json:"manager"`
}

var (
	conflictManager = regexp.MustCompile(`conflict with "([^"]*)"`)
	// Helm names the object around the API server's answer to an apply, whose details may leave the
	// name empty: "conflict occurred while applying object <ns>/<name> apps/v1, Kind=Deployment: ..."
	// or "server-side apply failed for object <ns>/<name> /v1, Kind=Service: ...".
	conflictObject = regexp.MustCompile(`^(?:conflict occurred while applying|server-side apply failed for) object [^/\s]*/(\S+) \S+ Kind=(\w+):`)
)

// describe classifies a call's failure: first by how the call ended (its deadline, swiss's
// cancel, the API server's silence), since what Helm returns then is often a consequence of it.
func describe(call context.Context, err error) *Error {
	message := err.Error()
	switch {
	case errors.Is(context.Cause(call), errCancelled):
		return &Error{Kind: kindCancelled, Message: errCancelled.Error() + ": " + message}
	case errors.Is(context.Cause(call), context.DeadlineExceeded):
		return &Error{Kind: kindTimeout, Message: message}
	case silent(call, err):
		return &Error{Kind: kindSilent, Message: message}
	}
	if conflicts := fieldConflicts(err); len(conflicts) > 0 {
		return &Error{Kind: kindConflict, Message: message, Conflicts: conflicts}
	}
	if errors.Is(err, driver.ErrReleaseExists) {
		return &Error{Kind: kindConflict, Message: message}
	}
	if errors.Is(err, driver.ErrReleaseNotFound) || apierrors.IsNotFound(err) {
		return &Error{Kind: kindNotFound, Message: message}
	}
	if refusals := invalidObjects(err); len(refusals) > 0 {
		return &Error{Kind: kindInvalid, Message: message, Refusals: refusals}
	}
	return &Error{Kind: kindFailed, Message: message}
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

// invalidObjects reads the API server's refusals of objects as invalid out of an apply's error:
// one per cause, so each names its field, or one with the status' message when it gives none. A
// refusal is the request's: the same objects sent again are refused again.
func invalidObjects(err error) []Refusal {
	var refusals []Refusal
	walk(err, "", func(status apierrors.APIStatus, object string) {
		s := status.Status()
		if s.Reason != metav1.StatusReasonInvalid && s.Reason != metav1.StatusReasonBadRequest {
			return
		}
		if s.Details != nil && s.Details.Name != "" {
			object = s.Details.Kind + "/" + s.Details.Name
		}
		if s.Details == nil || len(s.Details.Causes) == 0 {
			refusals = append(refusals, Refusal{Object: object, Message: s.Message})
			return
		}
		for _, cause := range s.Details.Causes {
			refusals = append(refusals, Refusal{Object: object, Field: cause.Field, Message: cause.Message})
		}
	})
	return refusals
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
