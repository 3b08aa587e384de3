package engine

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/listing"
	"rentwatch/pages"
)

// pickPage is a search page with several lists on it: the readers read
// lists[""], a pick reads its own list, and a pick the page does not hold
// is lost (as pages.Browser says after a new layout). It records what
// each load was asked.
type pickPage struct {
	mu    sync.Mutex
	lists map[string][]string // listing ids, by pick key; "": the readers' choice
	asks  map[string][]pages.Ask
}

func newPickPage() *pickPage {
	return &pickPage{lists: map[string][]string{}, asks: map[string][]pages.Ask{}}
}

func (p *pickPage) Load(ctx context.Context, url string) (pages.Result, error) {
	if !sleep(ctx, time.Second) {
		return pages.Result{}, ctx.Err()
	}
	ask := pages.AskOf(ctx)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asks[url] = append(p.asks[url], ask)
	res := pages.Result{URL: url, Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK}}
	ids, ok := p.lists[ask.Pick]
	if !ok {
		ids, res.PickLost, res.SoftBlock = p.lists[""], true, true
	}
	for _, id := range ids {
		res.Listings = append(res.Listings, listing.Listing{ID: id, URL: url + "/" + id, Title: "Room " + id, Price: "€ 700"})
	}
	return res, nil
}

func (p *pickPage) set(key string, ids ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ids == nil {
		delete(p.lists, key)
		return
	}
	p.lists[key] = ids
}

func (p *pickPage) asked(url string) []pages.Ask {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.asks[url])
}

const (
	pickedSearch = "https://wohnen.test/wohnung-mieten/leipzig"
	plainSearch  = "https://wohnen.test/wohnung-mieten/halle"
)

// TestEveryCheckReadsItsPick: the load of a search with a pick is asked
// for that list, one without for the readers' choice, and a preview for
// every list on the page; the picked list is what the search alerts from.
func TestEveryCheckReadsItsPick(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		page := newPickPage()
		page.set("", "city-1", "city-2", "city-3")
		page.set("8b618849", "r1", "r2")
		list := searches(pickedSearch, plainSearch)
		list[0].Pick = "8b618849"
		r := newRig(openStore(t), newPortal(), list, 41)
		r.e.d.Loader = page
		running(t, r.e)
		time.Sleep(20 * time.Second) // the first cycle: baselines
		page.set("8b618849", "r0", "r1", "r2")
		r.e.CheckNow()
		time.Sleep(20 * time.Second)
		if got := r.mail.told(); !slices.Equal(got, []string{"r0"}) {
			t.Errorf("alerted %v, want the new listing of the picked list", got)
		}
		if _, err := r.e.Preview(context.Background(), "https://wohnen.test/wohnung-mieten/dresden"); err != nil {
			t.Fatal(err)
		}
		for url, want := range map[string]pages.Ask{pickedSearch: {Pick: "8b618849"}, plainSearch: {},
			"https://wohnen.test/wohnung-mieten/dresden": {Lists: true}} {
			asks := page.asked(url)
			if len(asks) == 0 || slices.ContainsFunc(asks, func(a pages.Ask) bool { return a != want }) {
				t.Errorf("the loads of %s were asked %+v, want %+v each", url, asks, want)
			}
		}
	})
}

// TestALostPickIsSaid: a page without the picked list any more is a soft
// block the search says, in words naming the pick, with nothing alerted
// from the readers' own list; once the user picks again, the search is
// well, and the newly picked list is a new baseline, not news.
func TestALostPickIsSaid(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		page := newPickPage()
		page.set("", "city-1", "city-2", "city-3")
		page.set("8b618849", "r1", "r2")
		list := searches(pickedSearch)
		list[0].Pick = "8b618849"
		r := newRig(openStore(t), newPortal(), list, 42)
		r.e.d.Loader = page
		running(t, r.e)
		time.Sleep(20 * time.Second) // the baseline

		page.set("8b618849") // the site's new layout
		page.set("5832f069", "r1", "r2", "r3", "r4")
		page.set("", "city-1", "city-2", "city-3", "city-4")
		r.e.CheckNow()
		time.Sleep(20 * time.Second)
		v := r.e.Snapshot().Searches[0]
		if v.Status != SoftBlock || !v.PickLost || !strings.Contains(v.LastError, "the list picked in the preview is not on it any more") {
			t.Errorf("after the new layout: %+v, want a soft block saying the pick is gone", v)
		}
		if !slices.ContainsFunc(r.e.Activity(50), func(ev Event) bool {
			return ev.Kind == EventFailure && strings.Contains(ev.Text, "Pick its list again")
		}) {
			t.Errorf("the activity does not say the pick is gone: %+v", r.e.Activity(50))
		}

		list = slices.Clone(list)
		list[0].Pick = "5832f069" // picked again in the preview
		r.e.SetSettings(Settings{Interval: 30 * time.Second, Searches: list})
		r.e.CheckNow()
		time.Sleep(20 * time.Second)
		if v := r.e.Snapshot().Searches[0]; v.Status != Idle || v.PickLost || v.Listings != 4 {
			t.Errorf("after picking again: %+v, want the search watching its 4 listings", v)
		}
		page.set("5832f069", "r5", "r1", "r2", "r3", "r4")
		r.e.CheckNow()
		time.Sleep(20 * time.Second)
		if got := r.mail.told(); !slices.Equal(got, []string{"r5"}) {
			t.Errorf("alerted %v, want only the listing new on the picked list (r3, r4 were there when it was picked; no city link ever)", got)
		}
	})
}
