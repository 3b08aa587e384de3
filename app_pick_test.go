package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
	"rentwatch/pages/read"
)

// The pick, end to end: the real app (--no-tray) on a private session bus
// with a pop-up recorder, its Chromium loading a page made for it (6
// results beside 40 links to other searches, where the readers take the
// links), and a second Chromium driving the window as the user does.

// resultsKey is the key of the page's list of results as it stands: the
// list whose first item is a result.
func resultsKey(t *testing.T, site *testkit.PickSite) string {
	t.Helper()
	for _, l := range read.Lists(site.URL, site.Page()) {
		if strings.Contains(l.Listings[0].URL, "/expose/") {
			return l.Key
		}
	}
	t.Fatalf("no list of results on the page")
	return ""
}

// pickState is GET /api/state's searches as the test reads them.
type pickState struct {
	Searches []struct {
		ID        string     `json:"id"`
		Status    string     `json:"status"`
		Words     string     `json:"words"`
		Pick      string     `json:"pick"`
		PickLost  bool       `json:"pick_lost"`
		Listings  int        `json:"listings"`
		LastCheck *time.Time `json:"last_check"`
	} `json:"searches"`
}

func TestAppPick(t *testing.T) {
	bin := testkit.AppBinary(t)
	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	pops := testkit.RecordNotifications(t, bus)
	site := testkit.StartPickSite(t, "127.0.0.32", 6)
	if got := read.Read(site.URL, site.Page()).Listings; len(got) != testkit.PickOthers {
		t.Fatalf("the readers take %d listings on the page made for the pick, want its %d links to other searches", len(got), testkit.PickOthers)
	}
	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppFile(t, cfg, ownNotes+"version = 1\ninterval = \"10s\"\n")
	env := testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address)
	app := testkit.StartApp(t, bin, data, env, "run", "--no-tray", "--config", cfg, "--data", data)
	r := &windowRig{bin: bin, cfg: cfg, data: data, env: env, app: app, addr: testkit.ReadWindowURL(t, data)}
	m := testkit.WindowURLRe.FindStringSubmatch(r.addr)
	r.port, _ = strconv.Atoi(m[1])
	r.base = "http://127.0.0.1:" + m[1]
	r.token = strings.TrimPrefix(r.addr, r.base+"/?token=")
	key := resultsKey(t, site)

	ctx, _ := appTab(t)
	t.Run("the preview offers the lists; the results are picked with one click and saved", func(t *testing.T) {
		run(t, ctx, chromedp.Navigate(r.link(t)), chromedp.WaitVisible(chromedp.CSS("#preview-form #add-url")),
			chromedp.SendKeys(chromedp.CSS("#add-url"), site.URL), chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
		pageSays(t, ctx, "#pv-lists", "Pick the list to watch")
		pageSays(t, ctx, "#pv-warnings", "This may not be the list to watch: its items show no rent")
		pageSays(t, ctx, "#pv-listings", "Wohnung mieten in Stadt 0") // the readers' list, shown until the pick
		pageSays(t, ctx, "#pv-lists li.candidate[data-key=\""+key+"\"]", "Helle 2-Zimmer-Wohnung Nr. 6 · 660 €")
		pageSays(t, ctx, "#pv-lists li.candidate[data-key=\""+key+"\"] .count", "6 items")
		run(t, ctx, chromedp.Click(chromedp.CSS(`#pv-lists button[data-pick="`+key+`"]`)))
		pageSays(t, ctx, "#pv-verdict", "the list picked for this search has 6 listings")
		pageSays(t, ctx, "#pv-listings", "Helle 2-Zimmer-Wohnung Nr. 1")
		pageSays(t, ctx, "#pv-lists [data-result]", "Save the search to watch this list")
		if n := site.Loads(); n != 1 {
			t.Errorf("the page was loaded %d times for the preview and the pick, want once", n)
		}
		run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("pv-name").value = ""`),
			chromedp.SendKeys(chromedp.ID("pv-name"), "Leipzig"),
			chromedp.Click(chromedp.CSS("form[data-save-search] button[type=submit]")))
		pageSays(t, ctx, "#preview-form [data-result]", "Saved")
		b, _ := os.ReadFile(cfg)
		if !strings.HasPrefix(string(b), ownNotes) || !strings.Contains(string(b), `pick = "`+key+`"`) {
			t.Fatalf("the settings file after saving:\n%s\nwant the user's notes kept and pick = %q", b, key)
		}
	})
	t.Run("the engine's next check alerts a new card of the picked list", func(t *testing.T) {
		waitSearch(t, r, "the engine's baseline of the picked list", func(s pickState) bool {
			return len(s.Searches) == 1 && s.Searches[0].LastCheck != nil && s.Searches[0].Listings == 6
		})
		site.Post(testkit.PickCard{ID: 7100, Title: "Neu: Altbau mit Balkon", Rent: 720})
		if code, msg := r.call(t, "POST", "/api/check-now", "", map[string]string{"X-API-Key": r.token}); code != 202 {
			t.Fatalf("check now: %d %s", code, msg)
		}
		testkit.Eventually(t, "the new card is alerted", testkit.Patience, func() error {
			var l struct {
				Listings []struct{ Title, Price string }
			}
			r.get(t, "/api/listings", &l)
			if len(l.Listings) != 1 || l.Listings[0].Title != "Neu: Altbau mit Balkon" || l.Listings[0].Price != "720 €" {
				return fmt.Errorf("alerted %+v", l.Listings)
			}
			return nil
		})
		var popped []string
		for _, n := range pops.All() {
			popped = append(popped, n.Summary+": "+n.Body)
		}
		if !strings.Contains(strings.Join(popped, "\n"), "Neu: Altbau mit Balkon") || strings.Contains(strings.Join(popped, "\n"), "Stadt") {
			t.Errorf("pop-ups %q, want the new card and no link to another search", popped)
		}
	})
	t.Run("the site's new layout: the search says its pick is gone, and its list is picked again", func(t *testing.T) {
		site.Relayout()
		newKey := resultsKey(t, site)
		if newKey == key {
			t.Fatalf("the new layout keeps the list's key %s", key)
		}
		r.call(t, "POST", "/api/check-now", "", map[string]string{"X-API-Key": r.token})
		waitSearch(t, r, "the search says its pick is gone", func(s pickState) bool {
			return len(s.Searches) == 1 && s.Searches[0].Status == "soft_block" && s.Searches[0].PickLost &&
				strings.Contains(s.Searches[0].Words, "The list picked for this search is not on the page any more")
		})
		var acts struct{ Events []struct{ Kind, Text string } }
		r.get(t, "/api/activity", &acts)
		if !strings.Contains(fmt.Sprint(acts.Events), "the list picked in the preview is not on it any more") {
			t.Errorf("the activity does not say the pick is gone: %+v", acts.Events)
		}
		run(t, ctx, chromedp.Navigate(r.base+"/"))
		pageSays(t, ctx, "#searches", "Pick its list again")
		run(t, ctx, chromedp.Click(chromedp.CSS("button[data-pick-again]")))
		pageSays(t, ctx, "#pv-warnings", "The list picked for this search is not on this page any more")
		run(t, ctx, chromedp.Click(chromedp.CSS(`#pv-lists button[data-pick="`+newKey+`"]`)))
		pageSays(t, ctx, "#pv-lists [data-result]", "Saved: rentwatch watches this list")
		b, _ := os.ReadFile(cfg)
		if !strings.Contains(string(b), `pick = "`+newKey+`"`) {
			t.Fatalf("the settings file after picking again:\n%s", b)
		}
		r.call(t, "POST", "/api/check-now", "", map[string]string{"X-API-Key": r.token})
		waitSearch(t, r, "the search watches its list again", func(s pickState) bool {
			return len(s.Searches) == 1 && s.Searches[0].Status != "soft_block" && !s.Searches[0].PickLost && s.Searches[0].Listings == 7
		})
		var l struct{ Listings []struct{ Title string } }
		r.get(t, "/api/listings", &l)
		if len(l.Listings) != 1 {
			t.Errorf("alerted %+v after picking again, want still only the one new card (the list picked again is a baseline)", l.Listings)
		}
	})
	app.Signal(t, syscall.SIGTERM)
	if code := app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
	testkit.CheckNoChrome(t, data)
}

func waitSearch(t *testing.T, r *windowRig, what string, ok func(pickState) bool) {
	t.Helper()
	testkit.Eventually(t, what, testkit.Patience, func() error {
		var s pickState
		r.get(t, "/api/state", &s)
		if !ok(s) {
			return fmt.Errorf("state %+v", s)
		}
		return nil
	})
}

// TestAppCheckPick: `rentwatch check URL` names the page's lists with
// their keys; `--pick KEY` reads that list, in words and in JSON (one
// shape, the lists as an extra field); a key the page lost is said.
func TestAppCheckPick(t *testing.T) {
	bin := testkit.AppBinary(t)
	site := testkit.StartPickSite(t, "127.0.0.33", 6)
	key := resultsKey(t, site)
	check := func(args ...string) (string, string, int) {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"check", "--data", t.TempDir()}, args...)...)
		cmd.Env = testkit.AppEnv(t)
		var out, errs strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errs
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errs.String(), code
	}

	out, errs, code := check(site.URL)
	if code != 0 || !strings.Contains(out, "lists:    2 on the page; read another with --pick KEY") ||
		!strings.Contains(out, key+"    6 items  first: Helle 2-Zimmer-Wohnung Nr. 6 | 660 €\n") ||
		!strings.Contains(out, fmt.Sprintf("listings: %d", testkit.PickOthers)) {
		t.Errorf("check URL: exit %d, stderr %q\n%s\nwant the two lists with their keys", code, errs, out)
	}
	out, errs, code = check(site.URL, "--pick", key)
	if code != 0 || !strings.Contains(out, "listings: 6\n  Helle 2-Zimmer-Wohnung Nr. 6 | 660 € | "+strings.TrimSuffix(site.URL, "/wohnung-mieten/leipzig")+"/expose/7006") ||
		!strings.Contains(out, key+"    6 items  first: Helle 2-Zimmer-Wohnung Nr. 6 | 660 €  (read)") {
		t.Errorf("check URL --pick %s: exit %d, stderr %q\n%s", key, code, errs, out)
	}
	out, errs, code = check(site.URL, "--pick", key, "--json")
	var got struct {
		Verdict    string `json:"verdict"`
		SoftBlock  bool   `json:"soft_block"`
		Listings   []struct{ Title, Price, URL string }
		Candidates []struct {
			Key      string
			Count    int
			Listings []struct{ Title string }
		}
	}
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("check --json: exit %d, %v, stderr %q\n%s", code, err, errs, out)
	}
	if got.Verdict != "ok" || got.SoftBlock || len(got.Listings) != 6 || got.Listings[0].Price != "660 €" ||
		len(got.Candidates) != 2 || len(got.Candidates[1].Listings) != 3 {
		t.Errorf("check --pick --json: %+v", got)
	}
	site.Relayout()
	out, errs, code = check(site.URL, "--pick", key)
	if code != 0 || !strings.Contains(out, "warning:  the list "+key+" is not on this page (any more)") || !strings.Contains(out, "listings: 0") {
		t.Errorf("check with a lost pick: exit %d, stderr %q\n%s", code, errs, out)
	}
	if _, errs, code = check(site.URL, "--pick", "results"); code != 2 || !strings.Contains(errs, `--pick "results" is not the key of a list`) {
		t.Errorf("check --pick results: exit %d, %q", code, errs)
	}
}
