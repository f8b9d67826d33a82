package main

import (
	"context"
	"errors"
	"fmt"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// An object the API server refuses as invalid, inside helm's wrapping and its join of an apply's
// failures, is described as "invalid" with the object and the field the API server named.
func TestAnInvalidObjectIsDescribedAsInvalidWithItsObjectAndField(t *testing.T) {
	name := "p-granite-3.3-8b-vllm"
	refused := apierrors.NewInvalid(
		schema.GroupKind{Kind: "Service"},
		name,
		field.ErrorList{field.Invalid(field.NewPath("metadata", "name"), name, "a DNS-1035 label must consist of lower case alphanumeric characters or '-'")})
	err := errors.Join(fmt.Errorf("server-side apply failed for object models/%s /v1, Kind=Service: %w", name, refused))

	described := describe(context.Background(), err)

	if described.Kind != "invalid" {
		t.Fatalf("kind %q, want invalid: %s", described.Kind, described.Message)
	}
	if len(described.Refusals) != 1 {
		t.Fatalf("refusals %v, want one", described.Refusals)
	}
	got := described.Refusals[0]
	if got.Object != "Service/"+name || got.Field != "metadata.name" {
		t.Fatalf("refusal %+v, want Service/%s at metadata.name", got, name)
	}
}

// A failure that is not the API server's refusal of an object stays "failed".
func TestAFailureThatIsNoRefusalStaysFailed(t *testing.T) {
	if kind := describe(context.Background(), errors.New("context deadline exceeded")).Kind; kind != "failed" {
		t.Fatalf("kind %q, want failed", kind)
	}
}
