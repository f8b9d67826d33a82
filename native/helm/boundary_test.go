package main

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// boundary.txt is what swiss's Java twins are checked against (BoundaryTwinsTest): one line per
// field that crosses the boundary, "<struct> <json name> <json type>".
const boundaryFile = "boundary.txt"

// A field renamed, added or retyped in a boundary struct must be renamed in boundary.txt too, which
// then fails the Java test until its twin record follows. SWISS_UPDATE_BOUNDARY=1 rewrites it.
func TestBoundaryTxtDescribesEveryStructThatCrossesTheBoundary(t *testing.T) {
	described := describeBoundary()
	if os.Getenv("SWISS_UPDATE_BOUNDARY") == "1" {
		if err := os.WriteFile(boundaryFile, []byte(described), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkedIn, err := os.ReadFile(boundaryFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(checkedIn) != described {
		t.Fatalf("%s is not what the boundary structs say; bump protocolVersion, rerun with"+
			" SWISS_UPDATE_BOUNDARY=1 and change the Java twins to match.\nwant:\n%s\nhave:\n%s",
			boundaryFile, described, checkedIn)
	}
}

func describeBoundary() string {
	var out strings.Builder
	fmt.Fprintf(&out, "# protocol %d: <struct> <json field> <json type>; written by boundary_test.go\n", protocolVersion)
	for _, s := range boundaryStructs {
		st := reflect.TypeOf(s)
		for i := 0; i < st.NumField(); i++ {
			f := st.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				panic(fmt.Sprintf("%s.%s crosses the boundary without a json name", st.Name(), f.Name))
			}
			fmt.Fprintf(&out, "%s %s %s\n", st.Name(), name, jsonType(f.Type))
		}
	}
	return out.String()
}

// jsonType is a field's type as JSON carries it, naming the struct for an object of one.
func jsonType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return jsonType(t.Elem())
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Slice:
		return "array:" + jsonType(t.Elem())
	case reflect.Struct:
		return t.Name()
	case reflect.Interface:
		return "any"
	}
	panic("no JSON type for " + t.String())
}
