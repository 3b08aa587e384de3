package engine

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"rentwatch/config"
	"rentwatch/internal/testkit"
	"rentwatch/listing"
	"rentwatch/pages"
	"rentwatch/seen"
)

// registerContactRecipe registers the recipe for a testkit.ContactSite on host.
func registerContactRecipe(t *testing.T, host string) {
	t.Helper()
	remove, err := pages.RegisterRecipe(pages.Recipe{
		Name: "fixture", Sites: []string{host},
		Open:    []pages.Target{{CSS: "button, a", Text: []string{"reageer"}}},
		Message: []string{`textarea[name="message"]`}, FullName: []string{`input[name="name"]`},
		Email: []string{`input[name="email"]`}, Phone: []string{`input[name="phone"]`},
		Submit: []pages.Target{{CSS: `form button[type="submit"]`}},
		Sent:   pages.Sign{Text: []string{"je bericht is verstuurd"}},
		Wait:   pages.DefaultRecipeWait, // a busy machine's page is slow; the stale step waits this out once
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(remove)
}

func TestReplier(t *testing.T) {
	chrome := testkit.Chromium(t)
	const host = "127.0.0.8"
	site := testkit.StartContactSite(t, host, filepath.Join("..", "testdata", "replysite"))
	registerContactRecipe(t, host)
	store, err := seen.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	b := pages.NewBrowser(pages.BrowserOptions{Chrome: chrome, ProfileDir: t.TempDir(), PageTimeout: time.Minute}) // generous: a busy machine
	t.Cleanup(func() { b.Close() })

	on := config.Search{Name: "On", URL: site.URL + "/search?on", Enabled: true, Reply: true}
	off := config.Search{Name: "Off", URL: site.URL + "/search?off", Enabled: true}
	settings := config.Settings{Reply: &config.Reply{Name: "Sam Jansen", Email: "sam@example.com",
		Message: "Hallo, ik ben {name}. Is {title} ({price}) nog vrij?"}, Searches: []config.Search{on, off}}
	r := NewReplier(b, store, func() config.Settings { return settings })
	alert := func(s config.Search, id, variant string) listing.Alert {
		return listing.Alert{Listing: listing.Listing{ID: id, URL: site.URL + "/listing/" + variant, Title: "Room on\r\nDamrak", Price: "€ 750"},
			SearchURL: s.URL, SearchName: s.Name, FoundAt: time.Now()}
	}

	steps := []struct {
		name    string
		alert   listing.Alert
		wantErr error // errors.Is; nil: success
		posts   int   // messages received so far
		replied bool  // the listing is marked replied afterwards
	}{
		{"reply off", alert(off, "L1", "plain"), ErrNoReply, 0, false},
		{"search gone from the settings", listing.Alert{Listing: listing.Listing{ID: "L1", URL: site.URL + "/listing/plain"},
			SearchURL: "https://gone.example/"},
			ErrNoReply, 0, false},
		{"stale recipe leaves the listing unmarked", alert(on, "L2", "changed"), pages.ErrRecipeStale, 0, false},
		{"portal without a recipe", listing.Alert{Listing: listing.Listing{ID: "L3", URL: "http://127.0.0.9:9/listing/x"}, SearchURL: on.URL},
			pages.ErrNoRecipe, 0, false},
		{"reply on", alert(on, "L1", "plain"), nil, 1, true},
		{"the same listing again", alert(on, "L1", "plain"), ErrNoReply, 1, true},
	}
	for _, st := range steps {
		err := r.Reply(context.Background(), st.alert)
		if st.wantErr == nil && err != nil || st.wantErr != nil && !errors.Is(err, st.wantErr) {
			t.Fatalf("step %q: Reply = %v, want %v", st.name, err, st.wantErr)
		}
		if n := len(site.Posts()); n != st.posts {
			t.Fatalf("step %q: the site received %d messages, want %d", st.name, n, st.posts)
		}
		if got, err := store.Replied(st.alert.ID); err != nil || got != st.replied {
			t.Fatalf("step %q: Replied(%s) = %v, %v; want %v", st.name, st.alert.ID, got, err, st.replied)
		}
	}
	got := site.Posts()[0]
	want := "Hallo, ik ben Sam Jansen. Is Room on Damrak (€ 750) nog vrij?"
	if got.Get("message") != want || got.Get("name") != "Sam Jansen" || got.Get("email") != "sam@example.com" {
		t.Errorf("the site received %v, want message %q from Sam Jansen", got, want)
	}
}
