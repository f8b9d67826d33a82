// Command floats prints doubles as encoding/json writes them, one per line as
// "<IEEE-754 bits in hex> <json>", for a fixed set: powers of ten around the plain/exponent
// boundaries, the smallest subnormals, and seeded random bit patterns. The Java tests compare
// CanonicalJson.formatFloat against the kept output, floats.txt.
// Regenerate with: go run main.go > floats.txt
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
)

func main() {
	var values []float64
	for e := -30; e <= 30; e++ {
		p := math.Pow(10, float64(e))
		values = append(values, p, -p, 1.5*p, 123456789*p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)))
	}
	for i := 1; i <= 200; i++ {
		values = append(values, float64(i)*math.SmallestNonzeroFloat64)
	}
	r := rand.New(rand.NewSource(20261130))
	for len(values) < 3000 {
		f := math.Float64frombits(r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		values = append(values, f)
	}
	for i := 0; i < 500; i++ {
		// Short decimals like the ones people write in values files.
		values = append(values, float64(r.Intn(100000))/math.Pow(10, float64(r.Intn(8))))
	}
	for _, f := range values {
		b, err := json.Marshal(f)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%016x %s\n", math.Float64bits(f), b)
	}
}
