package window

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/pages"
	"rentwatch/pages/read"
)

// A search page whose readers took the wrong list: the 40 links to other
// searches beside its 6 results.
const (
	leipzig     = "https://www.wohnen.example/wohnung-mieten/leipzig"
	resultsKey  = "8b618849"
	citiesKey   = "5832f069"
	similarKey  = "0000aaaa"
	lostPickKey = "deadbeef"
)

func cityLinks(n int) []listing.Listing {
	var out []listing.Listing
	for i := range n {
		out = append(out, listing.Listing{ID: fmt.Sprint("c", i), URL: fmt.Sprintf("https://www.wohnen.example/wohnung-mieten/stadt-%d/%d", i, 900+i),
			Title: fmt.Sprintf("Wohnung mieten in Stadt %d", i)})
	}
	return out
}

func leipzigPreview(loaded time.Time) engine.PreviewResult {
	results, cities := rooms("www.wohnen.example", 6), cityLinks(40)
	return engine.PreviewResult{LoadedAt: loaded, Page: pages.Result{URL: leipzig, Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK},
		Reading: read.Reading{Site: "generic", Listings: cities},
		Lists:   []read.Candidate{{Key: citiesKey, Count: 40, Listings: cities}, {Key: resultsKey, Count: 6, Listings: results}}}}
}

// TestPreviewOffersTheLists: the preview of a page whose readers took the
// wrong list says so and offers every list (its size, its first three);
// the one picked is shown from the same load; it is saved with the
// search, changed and removed through the API, and a saved pick the page
// no longer holds is said, with the lists offered again.
func TestPreviewOffersTheLists(t *testing.T) {
	r := startRig(t, emptySettings)
	r.watcher.setPreview(leipzig, leipzigPreview(r.now.Add(-time.Minute)))

	code, got := r.api("POST", "/api/preview", map[string]any{"url": leipzig})
	if code != 200 {
		t.Fatalf("%d %v", code, got)
	}
	cands, _ := got["candidates"].([]any)
	if len(cands) != 2 || got["pick"] != "" || got["pick_advised"] != true || int(got["read"].(float64)) != 40 {
		t.Fatalf("preview: candidates %v, pick %v, advised %v, read %v; want both lists offered, the readers' list shown and doubted",
			cands, got["pick"], got["pick_advised"], got["read"])
	}
	first, second := cands[0].(map[string]any), cands[1].(map[string]any)
	firstThree := second["listings"].([]any)
	if first["key"] != citiesKey || first["chosen"] != true || int(first["count"].(float64)) != 40 || second["key"] != resultsKey ||
		second["chosen"] != false || int(second["count"].(float64)) != 6 || len(firstThree) != 3 ||
		firstThree[0].(map[string]any)["title"] != "Room 0, Kinkerstraat" || firstThree[0].(map[string]any)["price"] != "€ 800,-" {
		t.Errorf("candidates %v", cands)
	}
	if w := fmt.Sprint(got["warnings"]); !strings.Contains(w, "This may not be the list to watch: its items show no rent, and another list's do") {
		t.Errorf("warnings %s", w)
	}

	code, got = r.api("POST", "/api/preview", map[string]any{"url": leipzig, "pick": resultsKey})
	if code != 200 || got["pick"] != resultsKey || int(got["read"].(float64)) != 6 || got["pick_advised"] != false ||
		!strings.Contains(got["words"].(string), "the list picked for this search has 6 listings") {
		t.Fatalf("the picked list: %d %v", code, got)
	}
	if cands := got["candidates"].([]any); cands[1].(map[string]any)["chosen"] != true {
		t.Errorf("the picked list is not marked chosen: %v", cands)
	}
	if n := len(r.watcher.previewLoads()); n != 1 {
		t.Errorf("the page was loaded %d times, want once: a pick is shown from the same load", n)
	}
	code, html := r.do("GET", "/part/preview/"+got["id"].(string)+"?pick="+resultsKey, nil, map[string]string{"X-API-Key": r.srv.apiKey()})
	if code != 200 || !strings.Contains(string(html), `name="pick" value="`+resultsKey+`"`) ||
		!strings.Contains(string(html), `data-pick="`+citiesKey+`"`) || strings.Contains(string(html), `data-pick="`+resultsKey+`"`) {
		t.Errorf("the part for the pick: %d %s", code, html)
	}

	// Saved with the search; a key that is not one is refused.
	if code, got := r.api("POST", "/api/searches", map[string]any{"url": leipzig, "pick": "the results"}); code != 400 ||
		!strings.Contains(fmt.Sprint(got["error"]), "is not the key of a list") {
		t.Errorf("a bad pick: %d %v", code, got)
	}
	code, got = r.api("POST", "/api/searches", map[string]any{"url": leipzig, "name": "Leipzig", "pick": resultsKey})
	if code != 201 || got["pick"] != resultsKey {
		t.Fatalf("save: %d %v", code, got)
	}
	if f := r.file(); !strings.Contains(f, `pick = "`+resultsKey+`"`) || r.settings().Searches[0].Pick != resultsKey {
		t.Errorf("the settings file after saving:\n%s", f)
	}
	id := got["id"].(string)
	if code, got := r.api("PATCH", "/api/searches/"+id, map[string]any{"pick": similarKey}); code != 200 || got["pick"] != similarKey {
		t.Errorf("PATCH pick: %d %v", code, got)
	}
	if code, got := r.api("PATCH", "/api/searches/"+id, map[string]any{"pick": ""}); code != 200 || got["pick"] != nil ||
		strings.Contains(r.file(), "pick =") {
		t.Errorf("PATCH pick \"\": %d %v\n%s", code, got, r.file())
	}

	// A saved pick the page no longer holds: said, and the lists offered.
	r.api("PATCH", "/api/searches/"+id, map[string]any{"pick": lostPickKey})
	code, got = r.api("POST", "/api/preview", map[string]any{"url": leipzig})
	if code != 200 || got["pick_lost"] != true || got["pick_advised"] != true || got["saved_id"] != id || len(got["candidates"].([]any)) != 2 ||
		!strings.Contains(fmt.Sprint(got["warnings"]), "The list picked for this search is not on this page any more") {
		t.Errorf("a lost pick's preview: %d %v", code, got)
	}
}

// TestDoubtfulList: when the preview asks the user to pick the list.
func TestDoubtfulList(t *testing.T) {
	priced, bare := rooms("x.example", 6), cityLinks(40)
	lists := func(ls ...[]listing.Listing) []read.Candidate {
		var out []read.Candidate
		for i, l := range ls {
			out = append(out, read.Candidate{Key: fmt.Sprintf("%08x", i), Count: len(l), Listings: l})
		}
		return out
	}
	tests := []struct {
		name  string
		shown shownList
		lists []read.Candidate
		want  string // part of the reason; "" for none
	}{
		{"nothing read", shownList{}, lists(priced), "read no listings"},
		{"two items", shownList{listings: priced[:2], key: "00000000"}, lists(priced[:2], bare), "only 2 items"},
		{"links without rents beside priced results", shownList{listings: bare, key: "00000000"}, lists(bare, priced), "show no rent"},
		{"a much longer priced list", shownList{listings: priced[:3], key: "00000000"}, lists(priced[:3], rooms("x.example", 12)), "much longer (12 items)"},
		{"priced results beside links: right", shownList{listings: priced, key: "00000000"}, lists(priced, bare), ""},
		{"a priced list not twice as long: right", shownList{listings: priced, key: "00000000"}, lists(priced, rooms("x.example", 11)), ""},
		{"one list, without rents: nothing to pick", shownList{listings: bare, key: "00000000"}, lists(bare), ""},
	}
	for _, tt := range tests {
		if got := doubtful(tt.shown, tt.lists); (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
