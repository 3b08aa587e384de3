package read

import (
	"bytes"
	"os"
	"testing"
)

// The reader must stay roughly linear in the page size: compare ns/op of
// the 600 KB funda page, a 10 MB page and 5,000 cards.
func BenchmarkReadFunda600KB(b *testing.B) {
	raw, err := os.ReadFile("../../testdata/real/listings/funda_nl_huur_amsterdam_2022.html")
	if err != nil {
		b.Fatal(err)
	}
	benchRead(b, "https://www.funda.nl/huur/amsterdam/", raw, portalDefs)
}

func BenchmarkReadFunda600KBGeneric(b *testing.B) {
	raw, err := os.ReadFile("../../testdata/real/listings/funda_nl_huur_amsterdam_2022.html")
	if err != nil {
		b.Fatal(err)
	}
	benchRead(b, "https://www.funda.nl/huur/amsterdam/", raw, nil)
}

// 10 MB: the funda page repeated (16 copies of its body).
func BenchmarkRead10MB(b *testing.B) {
	raw, err := os.ReadFile("../../testdata/real/listings/funda_nl_huur_amsterdam_2022.html")
	if err != nil {
		b.Fatal(err)
	}
	big := bytes.Repeat(raw, (10<<20)/len(raw)+1)
	benchRead(b, "https://www.funda.nl/huur/amsterdam/", big, nil)
}

func BenchmarkRead5000Cards(b *testing.B) {
	benchRead(b, "https://example.com/search", cardsPage(5000, "card"), nil)
}

func benchRead(b *testing.B, pageURL string, raw []byte, defs []portalDef) {
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(readWith(pageURL, raw, defs).Listings)
	}
	b.ReportMetric(float64(n), "listings")
}

// A search with a pick reads its list on every check: ReadPick against
// Read on the same page (the funda page's results picked).
func BenchmarkReadPickFunda600KB(b *testing.B) {
	raw, err := os.ReadFile("../../testdata/real/listings/funda_nl_huur_amsterdam_2022.html")
	if err != nil {
		b.Fatal(err)
	}
	const u = "https://www.funda.nl/huur/amsterdam/"
	cands := Candidates(u, raw)
	if len(cands) == 0 {
		b.Fatal("no list on the funda page")
	}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		r, ok := ReadPick(u, raw, cands[0].Key)
		if !ok {
			b.Fatal("the pick was lost")
		}
		n = len(r.Listings)
	}
	b.ReportMetric(float64(n), "listings")
}
