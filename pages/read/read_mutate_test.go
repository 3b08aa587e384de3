package read

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

// TestReadMutatedPagesStayFast reads randomly damaged copies of a real
// page (bytes flipped, cut, repeated) and fails on any read slower than a
// generous bound: a hang or a quadratic blow-up, not a speed claim.
func TestReadMutatedPagesStayFast(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/real/listings/wg_gesucht_berlin_2023.html")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 40
	if testing.Short() {
		n = 10
	}
	for i := 0; i < n; i++ {
		page := mutate(raw[:20000+rng.IntN(len(raw)-20000)], rng)
		start := time.Now()
		r := Read("https://www.wg-gesucht.de/search.html", page)
		if d := time.Since(start); d > time.Minute { // a hang, not a slow read: reads take milliseconds
			os.WriteFile(t.TempDir()+"/slow.html", page, 0o644)
			t.Fatalf("mutation %d took %v", i, d)
		}
		checkReading(t, r)
	}
}

func mutate(b []byte, rng *rand.Rand) []byte {
	out := append([]byte(nil), b...)
	for k := 0; k < 1+rng.IntN(20); k++ {
		i := rng.IntN(len(out))
		switch rng.IntN(3) {
		case 0:
			out[i] = byte(rng.IntN(256))
		case 1:
			j := min(len(out), i+rng.IntN(500))
			out = append(out[:i], out[j:]...)
		default:
			j := min(len(out), i+rng.IntN(500))
			out = append(out[:j], append(append([]byte(nil), out[i:j]...), out[j:]...)...)
		}
		if len(out) == 0 {
			out = []byte("<p>")
		}
	}
	return out
}
