package pages

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"rentwatch/internal/testkit"
	"rentwatch/pages/read"
)

// TestLoadPick: a Load asked for the lists (a preview) gets every list on
// the page, whole; one asked for a pick reads that list on every load, the
// server's HTML read early or the rendered page after it settled; after
// the site's new layout the pick is lost, which is a soft block, not a
// page with nothing new.
func TestLoadPick(t *testing.T) {
	site := testkit.StartPickSite(t, "127.0.0.31", 6)
	results := 6
	for _, early := range []bool{true, false} {
		name := "read early"
		if !early {
			name = "read after the page settled"
		}
		t.Run(name, func(t *testing.T) {
			b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
			b.tune.noEarly = !early
			ctx := context.Background()

			plain, err := b.Load(ctx, site.URL)
			if err != nil {
				t.Fatal(err)
			}
			if len(plain.Listings) != testkit.PickOthers || plain.Lists != nil {
				t.Fatalf("a plain Load read %d listings with lists %v; the page is made for the readers to take the %d other searches",
					len(plain.Listings), plain.Lists, testkit.PickOthers)
			}
			preview, err := b.Load(WithAsk(ctx, Ask{Lists: true}), site.URL)
			if err != nil {
				t.Fatal(err)
			}
			key := ""
			for _, l := range preview.Lists {
				if l.Count == results && len(l.Listings) == results && strings.Contains(l.Listings[0].URL, "/expose/") {
					key = l.Key
				}
			}
			if key == "" || len(preview.Lists) < 2 || preview.Early != early {
				t.Fatalf("lists %s (early %v): want the %d results, whole, among them", shownLists(preview.Lists), preview.Early, results)
			}

			results++
			site.Post(testkit.PickCard{ID: 7100 + results, Title: "Neu: Altbau mit Balkon", Rent: 720})
			picked, err := b.Load(WithAsk(ctx, Ask{Pick: key}), site.URL)
			if err != nil {
				t.Fatal(err)
			}
			if len(picked.Listings) != results || picked.Listings[0].Title != "Neu: Altbau mit Balkon" || picked.Listings[0].Price != "720 €" ||
				picked.PickLost || picked.SoftBlock || picked.Early != early {
				t.Errorf("the picked Load: %d listings, first %+v, lost %v, soft block %v, early %v; want the %d results, the new one first",
					len(picked.Listings), picked.Listings[:min(1, len(picked.Listings))], picked.PickLost, picked.SoftBlock, picked.Early, results)
			}
		})
	}
	t.Run("a new layout loses the pick", func(t *testing.T) {
		b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
		ctx := context.Background()
		preview, err := b.Load(WithAsk(ctx, Ask{Lists: true}), site.URL)
		if err != nil || len(preview.Lists) < 2 {
			t.Fatalf("lists %s, %v", shownLists(preview.Lists), err)
		}
		key := preview.Lists[len(preview.Lists)-1].Key // the results: the shorter list
		site.Relayout()
		lost, err := b.Load(WithAsk(ctx, Ask{Pick: key}), site.URL)
		if err != nil {
			t.Fatal(err)
		}
		if !lost.PickLost || !lost.SoftBlock || lost.Verdict.Kind != "ok" || lost.Early {
			t.Errorf("after the new layout: lost %v, soft block %v, verdict %s, early %v; want the pick lost, a soft block, read after settling",
				lost.PickLost, lost.SoftBlock, lost.Verdict.Kind, lost.Early)
		}
	})
}

// shownLists is lists in short, for a failure's message.
func shownLists(lists []read.Candidate) string {
	var b strings.Builder
	for _, l := range lists {
		fmt.Fprintf(&b, "[%s: %d listings, first %q] ", l.Key, l.Count, l.Listings[0].URL)
	}
	return b.String()
}
