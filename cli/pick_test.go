package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rentwatch/internal/testkit"
)

// TestInspectPick: inspect names a saved page's lists with their keys,
// reads the one --pick names, says when the page does not hold it, and
// keeps its JSON shape, the lists an extra field.
func TestInspectPick(t *testing.T) {
	site := testkit.StartPickSite(t, "127.0.0.34", 6)
	saved := func(name string) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, site.Page(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	page := saved("leipzig.html")
	type report struct {
		Verdict    string
		Listings   []struct{ Title, URL string }
		Candidates []struct {
			Key      string
			Count    int
			Listings []struct{ Title, URL string }
		}
	}
	inspect := func(args ...string) (report, string, int) {
		t.Helper()
		code, out, errs := runInspect(t, append(args, "--json", "--url", site.URL)...)
		var r report
		if code == 0 {
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
		}
		return r, errs, code
	}

	plain, errs, code := inspect(page)
	if code != 0 || errs != "" || len(plain.Listings) != testkit.PickOthers || len(plain.Candidates) != 2 {
		t.Fatalf("inspect: exit %d %q, %d listings, candidates %+v", code, errs, len(plain.Listings), plain.Candidates)
	}
	results := plain.Candidates[1]
	if results.Count != 6 || len(results.Listings) != 3 || !strings.HasPrefix(results.Listings[0].URL, "http://127.0.0.34:") {
		t.Errorf("the results' candidate %+v, want 6 items, its first three with absolute URLs", results)
	}
	picked, errs, code := inspect(page, "--pick", results.Key)
	if code != 0 || errs != "" || len(picked.Listings) != 6 || picked.Listings[0].Title != "Helle 2-Zimmer-Wohnung Nr. 6" {
		t.Errorf("inspect --pick: exit %d %q, listings %+v", code, errs, picked.Listings)
	}
	_, out, _ := runInspect(t, page, "--url", site.URL, "--pick", results.Key)
	if !strings.Contains(out, "(generic, 6 listings)") || !strings.Contains(out, results.Key+"    6 items  first: Helle 2-Zimmer-Wohnung Nr. 6 | 660 €  (read)") {
		t.Errorf("the human form with --pick:\n%s", out)
	}

	site.Relayout()
	lost, errs, code := inspect(saved("leipzig-new.html"), "--pick", results.Key)
	if code != 0 || !strings.Contains(errs, "the list "+results.Key+" is not on this page (any more)") || len(lost.Listings) != 0 ||
		len(lost.Candidates) != 2 {
		t.Errorf("a lost pick: exit %d %q, %d listings, %d candidates", code, errs, len(lost.Listings), len(lost.Candidates))
	}
	if code, _, errs := runInspect(t, page, "--url", site.URL, "--pick", "8B61"); code != 2 || !strings.Contains(errs, "is not the key of a list") {
		t.Errorf("a bad --pick: exit %d %q", code, errs)
	}
}
