package engine

import (
	"os"
	"testing"
)

func TestZZSeeds(t *testing.T) {
	if os.Getenv("ZZS") == "" {
		t.Skip()
	}
	for _, m := range wallModels {
		for s := uint64(0); s <= 6; s++ {
			seed := uint64(20261130) + s
			r := simulateEngine(t, seed, m)
			o := simulateOld(t, seed, m)
			t.Logf("%s seed %d: %s ratio %.1f", m.name, seed, r, float64(quantile(o.during, .95))/float64(quantile(r.during, .95)))
		}
	}
}
