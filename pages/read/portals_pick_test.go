package read

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"rentwatch/listing"
)

// listingsOf makes listings of example.com whose URLs are /listing/<id>/
// for each id ("promo" makes a link without an id), with the portal's ids.
func listingsOf(ids ...string) []listing.Listing {
	out := make([]listing.Listing, 0, len(ids))
	for _, id := range ids {
		u := "https://example.com/listing/" + id + "/flat"
		if id == "promo" || strings.HasPrefix(id, "page") {
			u = "https://example.com/" + id
		}
		l := listing.Listing{ID: u, URL: u, Title: "t" + id}
		if !strings.HasPrefix(id, "p") {
			l.ID = "example.com:" + id
		}
		out = append(out, l)
	}
	return out
}

func idRange(from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprint(100000 + from + i)
	}
	return out
}

func TestPickReading(t *testing.T) {
	def := &compilePortals([]portalDef{{Name: "example.com", Sites: []string{"example.com"}, IDPattern: `/listing/(\d+)/`}})[0]
	twenty, three := idRange(0, 20), idRange(100, 3)
	tests := []struct {
		name     string
		def, gen []listing.Listing
		wantSite string
		wantIDs  []string // listing ids (the number) in order
	}{
		{"definition empty: generic", nil, listingsOf(twenty...), "generic", twenty},
		{"generic empty: definition", listingsOf(three...), nil, "example.com", three},
		{"same list: definition", listingsOf(twenty...), listingsOf(twenty...), "example.com", twenty},
		{"definition bigger: definition", listingsOf(twenty...), listingsOf(twenty[:5]...), "example.com", twenty},
		{"a rail of three vs the list: generic", listingsOf(three...), listingsOf(twenty...), "generic", twenty},
		{"superset (a featured strip above): merged, definition's name",
			listingsOf(twenty[3:]...), listingsOf(twenty...), "example.com", twenty},
		{"clearly bigger, mostly agreeing: merged", listingsOf(append(twenty[:4:4], "199999")...), listingsOf(twenty...), "example.com", twenty},
		{"bigger but not clearly, partly other: definition",
			listingsOf(twenty[:15]...), listingsOf(append(twenty[:10:10], idRange(500, 8)...)...), "example.com", twenty[:15]},
		{"generic's links are no detail URLs: definition",
			listingsOf(three...), listingsOf("page1", "page2", "page3", "page4", "page5", "page6", "page7", "page8"), "example.com", three},
		{"a full list, the generic reader joined a map list: definition",
			listingsOf(twenty[:12]...), listingsOf(append(twenty[:12:12], idRange(300, 30)...)...), "example.com", twenty[:12]},
		{"a full list, a similar block below it: definition",
			listingsOf(twenty[:16]...), listingsOf(twenty...), "example.com", twenty[:16]},
		{"a full list, a card variant in between: merged",
			listingsOf(append(twenty[:8:8], twenty[9:]...)...), listingsOf(twenty...), "example.com", twenty},
		{"promo tile among the definition's cards is dropped",
			listingsOf(append(twenty[:6:6], "promo")...), nil, "example.com", twenty[:6]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site, got := def.pickReading(tt.def, tt.gen)
			var ids []string
			for _, l := range got {
				ids = append(ids, strings.TrimPrefix(l.ID, "example.com:"))
			}
			if site != tt.wantSite || strings.Join(ids, ",") != strings.Join(tt.wantIDs, ",") {
				t.Errorf("got %s %v, want %s %v", site, ids, tt.wantSite, tt.wantIDs)
			}
		})
	}
}

// Merged listings keep the definition's fields and fill the empty ones
// from the generic reader.
func TestPickReadingMergesFields(t *testing.T) {
	def := &compilePortals([]portalDef{{Name: "example.com", IDPattern: `/listing/(\d+)/`}})[0]
	mine := listingsOf(idRange(1, 2)...)
	mine[0].Price = "€ 900"
	gen := listingsOf(idRange(0, 4)...)
	for i := range gen {
		gen[i].Title, gen[i].Price, gen[i].Image = "generic title", "€ 1", "img"
	}
	_, got := def.pickReading(mine, gen)
	if len(got) != 4 || got[1].Title != "t100001" || got[1].Price != "€ 900" || got[1].Image != "img" || got[0].Title != "generic title" {
		t.Fatalf("merged = %+v", got)
	}
}

// A listing keeps its ID whichever reader read the page: the kamernet 2024
// page is read by the generic reader (the definition matched a rail), and
// its listings still carry kamernet's own ids.
func TestGenericListingsGetPortalIDs(t *testing.T) {
	c := loadFixtures(t, "../../testdata/portals_years", "../../testdata/portals_years")
	for _, fc := range c {
		if fc.name != "kamernet_for_rent_amsterdam_2024" {
			continue
		}
		r := readWith(fc.truth.PageURL, mustRead(t, fc.html), portalDefs)
		if r.Site != "generic" || r.Portal != "kamernet.nl" || !r.Expected || len(r.Listings) == 0 {
			t.Fatalf("site=%s portal=%s expected=%v n=%d", r.Site, r.Portal, r.Expected, len(r.Listings))
		}
		for _, l := range r.Listings {
			if !strings.HasPrefix(l.ID, "kamernet.nl:") || !strings.HasSuffix(l.URL, strings.TrimPrefix(l.ID, "kamernet.nl:")) {
				t.Errorf("listing %s has id %s", l.URL, l.ID)
			}
		}
		return
	}
	t.Fatal("kamernet_for_rent_amsterdam_2024 not found")
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
