package pages

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"net/url"
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
)

func TestReply(t *testing.T) {
	const host = "127.0.0.7"
	site := newReplySite(t, host)
	remove, err := RegisterRecipe(replySiteRecipe(host))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(remove)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: 10 * time.Second, ChallengeWait: -1})
	msg := "Hallo,\n\nIk ben Sam. Is de kamer nog vrij?"
	full := Reply{Message: msg, Name: "Sam Jansen", Email: "sam@example.com", Phone: "+31 6 12345678"}
	wantPost := url.Values{"message": {msg}, "name": {"Sam Jansen"}, "email": {"sam@example.com"},
		"phone": {"+31 6 12345678"}, "website": {""}}

	tests := []struct {
		name     string
		variant  string
		reply    Reply
		wantErr  error       // errors.Is; nil: success
		wantWall blocks.Kind // a *WallError of this kind
		errHas   string      // in the error text
		posts    int         // messages the site must have received
		wantPost url.Values  // the one it received
		filled   string
	}{
		{name: "form that works", variant: "plain", reply: full, posts: 1, wantPost: wantPost,
			filled: "message,name,email,phone"},
		{name: "script form fed by input events", variant: "js", reply: full, posts: 1,
			wantPost: url.Values{"message": {msg}, "name": {"Sam Jansen"}, "email": {"sam@example.com"}, "phone": {"+31 6 12345678"}},
			filled:   "message,name,email,phone"},
		{name: "optional phone left empty, CRLF in name flattened", variant: "plain",
			reply: Reply{Message: msg, Name: "Sam\r\nBcc: x@y"}, posts: 1, filled: "message,name",
			wantPost: url.Values{"message": {msg}, "name": {"Sam Bcc: x@y"}, "email": {""}, "phone": {""}, "website": {""}}},
		{name: "needs a login", variant: "login", reply: full, wantErr: ErrNeedsLogin},
		{name: "form changed", variant: "changed", reply: full, wantErr: ErrRecipeStale,
			errHas: `textarea[name=\"message\"]`},
		{name: "form requires a phone we lack", variant: "phone", reply: Reply{Message: msg, Name: "Sam"},
			wantErr: ErrNeedsDetail, errHas: "phone"},
		{name: "listing answers 429", variant: "busy", reply: full, wantWall: blocks.RateLimited},
		{name: "send answers 429", variant: "postbusy", reply: full, wantWall: blocks.RateLimited, posts: 1},
		{name: "no confirmation", variant: "silent", reply: full, wantErr: ErrNotConfirmed, posts: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(site.posts())
			res, err := b.Reply(context.Background(), site.URL+"/listing/"+tc.variant, tc.reply)
			checkReplyErr(t, err, tc.wantErr, tc.wantWall, tc.errHas)
			posts := site.posts()[before:]
			if len(posts) != tc.posts {
				t.Fatalf("the site received %d messages, want %d: %v", len(posts), tc.posts, posts)
			}
			if tc.wantPost != nil && !sameValues(posts[0], tc.wantPost) {
				t.Errorf("the site received %v, want %v", posts[0], tc.wantPost)
			}
			if tc.wantErr == nil && tc.wantWall == "" {
				if !res.Sent || res.Recipe != "fixture" || strings.Join(res.Filled, ",") != tc.filled {
					t.Errorf("result = %+v, want Sent, recipe fixture, filled %s", res, tc.filled)
				}
			} else if res.Sent {
				t.Errorf("result says Sent after %v", err)
			}
		})
	}

	t.Run("BeforeSend stops the send", func(t *testing.T) {
		before := len(site.posts())
		stop := errors.New("already replied")
		calls := 0
		_, err := b.Reply(context.Background(), site.URL+"/listing/plain",
			Reply{Message: msg, Name: "Sam", BeforeSend: func() error { calls++; return stop }})
		if !errors.Is(err, stop) || calls != 1 {
			t.Errorf("Reply = %v after %d BeforeSend calls, want its error after 1", err, calls)
		}
		if n := len(site.posts()) - before; n != 0 {
			t.Errorf("sent %d messages after BeforeSend refused", n)
		}
	})

	t.Run("dry run", func(t *testing.T) {
		before := len(site.posts())
		res, err := b.Reply(context.Background(), site.URL+"/listing/plain", Reply{Message: msg, Name: "Sam", DryRun: true,
			BeforeSend: func() error { t.Error("BeforeSend called in a dry run"); return nil }})
		if err != nil {
			t.Fatalf("Reply: %v", err)
		}
		img, err := png.Decode(bytes.NewReader(res.Screenshot))
		if err != nil {
			t.Fatalf("the screenshot is not a PNG (%d bytes): %v", len(res.Screenshot), err)
		}
		if r := img.Bounds(); r.Dx() < 200 || r.Dy() < 200 {
			t.Errorf("screenshot is %v, want a whole page", r)
		}
		time.Sleep(300 * time.Millisecond) // a stray send would have landed by now
		if n := len(site.posts()) - before; n != 0 || res.Sent {
			t.Errorf("a dry run sent %d messages (Sent=%v)", n, res.Sent)
		}
		if strings.Join(res.Filled, ",") != "message,name" {
			t.Errorf("Filled = %v", res.Filled)
		}
	})
}

func checkReplyErr(t *testing.T, err, wantErr error, wantWall blocks.Kind, errHas string) {
	t.Helper()
	var wall *WallError
	switch {
	case wantWall != "":
		if !errors.As(err, &wall) || wall.Verdict.Kind != wantWall {
			t.Fatalf("Reply error = %v, want a %s *WallError", err, wantWall)
		}
		if wall.Host == "" || wall.Verdict.RetryAfter == 0 {
			t.Errorf("wall = %+v, want its host and the site's Retry-After", wall)
		}
	case wantErr == nil:
		if err != nil {
			t.Fatalf("Reply: %v", err)
		}
	case !errors.Is(err, wantErr):
		t.Fatalf("Reply error = %v, want %v", err, wantErr)
	}
	if errHas != "" && (err == nil || !strings.Contains(err.Error(), errHas)) {
		t.Errorf("Reply error %q does not name %s", err, errHas)
	}
}

// sameValues compares form values; a browser sends a textarea's line
// breaks as CRLF (HTML's form encoding), whatever the field held.
func sameValues(a, b url.Values) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range b {
		if strings.ReplaceAll(a.Get(k), "\r\n", "\n") != b.Get(k) {
			return false
		}
	}
	return true
}

func TestReplyRefusesBeforeTheBrowser(t *testing.T) {
	b := NewBrowser(BrowserOptions{Chrome: "/nonexistent/chrome"}) // never started by these
	defer b.Close()
	tests := []struct {
		url     string
		r       Reply
		wantErr error
	}{
		{"https://www.funda.nl/detail/huur/amsterdam/appartement-x/43123456/", Reply{Message: "hi"}, ErrNoRecipe},
		{"ftp://kamernet.nl/x", Reply{Message: "hi"}, ErrBadURL},
		{"https://kamernet.nl/huren/kamer-amsterdam/damrak/kamer-2345678", Reply{Message: " \r\n\x00 "}, nil},
	}
	for _, tc := range tests {
		_, err := b.Reply(context.Background(), tc.url, tc.r)
		if err == nil || tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
			t.Errorf("Reply(%s) = %v, want %v", tc.url, err, tc.wantErr)
		}
		if tc.wantErr == nil && err != nil && !strings.Contains(err.Error(), "message is empty") {
			t.Errorf("Reply with a blank message = %v", err)
		}
	}
}

func TestRecipeFor(t *testing.T) {
	tests := []struct {
		url  string
		want string // recipe name; "" means ErrNoRecipe
	}{
		{"https://kamernet.nl/huren/kamer-amsterdam/damrak/kamer-2345678", "kamernet.nl"},
		{"https://www.kamernet.nl/en/for-rent/room-amsterdam/damrak/room-2345678", "kamernet.nl"},
		{"https://www.pararius.nl/appartement-te-huur/amsterdam/61d026c2/bilderdijkkade", "pararius.nl"},
		{"https://www.pararius.com/apartment-for-rent/amsterdam/61d026c2/bilderdijkkade", "pararius.nl"},
		{"https://www.funda.nl/detail/huur/amsterdam/appartement-x/43123456/", ""},
		{"https://notkamernet.nl/x", ""},
	}
	for _, tc := range tests {
		r, err := RecipeFor(tc.url)
		switch {
		case tc.want == "" && !errors.Is(err, ErrNoRecipe):
			t.Errorf("RecipeFor(%s) = %s, %v; want ErrNoRecipe", tc.url, r.Name, err)
		case tc.want != "" && (err != nil || r.Name != tc.want):
			t.Errorf("RecipeFor(%s) = %s, %v; want %s", tc.url, r.Name, err, tc.want)
		}
	}
	if _, err := RecipeFor("https://www.funda.nl/x"); err == nil || !strings.Contains(err.Error(), "funda.nl") {
		t.Errorf("ErrNoRecipe does not name the portal: %v", err)
	}
}

// TestBuiltinRecipes holds the shipped recipes to what Reply needs: each
// one complete, every selector valid, and the words it looks for in
// lower case (they are compared with the page's lower-cased text).
func TestBuiltinRecipes(t *testing.T) {
	for _, r := range builtinRecipes {
		t.Run(r.Name, func(t *testing.T) {
			if err := r.Check(); err != nil {
				t.Fatal(err)
			}
			if len(r.Open) == 0 || len(r.Login.CSS)+len(r.Login.Text)+len(r.Login.Paths) == 0 {
				t.Errorf("no button to the form, or no way to tell a login is needed")
			}
			var words []string
			for _, tg := range append(append([]Target(nil), r.Open...), r.Submit...) {
				words = append(words, tg.Text...)
			}
			words = append(append(words, r.Sent.Text...), r.Login.Text...)
			for _, w := range words {
				if w != strings.ToLower(w) || strings.TrimSpace(w) == "" {
					t.Errorf("word %q: want non-empty lower case", w)
				}
			}
		})
	}
}

func TestRecipeCheckAndRegister(t *testing.T) {
	good := replySiteRecipe("127.0.0.99")
	tests := []struct {
		name   string
		edit   func(*Recipe)
		errHas string
	}{
		{"good", func(*Recipe) {}, ""},
		{"no site", func(r *Recipe) { r.Sites = nil }, "no name or no site"},
		{"no message field", func(r *Recipe) { r.Message = nil }, "no message field"},
		{"no send button", func(r *Recipe) { r.Submit = nil }, "no send button"},
		{"no sent sign", func(r *Recipe) { r.Sent = Sign{} }, "Sent is empty"},
		{"bad selector", func(r *Recipe) { r.Email = []string{"input[name="} }, `selector "input[name="`},
		{"site taken", func(r *Recipe) { r.Sites = []string{"kamernet.nl"} }, "already served by recipe kamernet.nl"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			tc.edit(&r)
			remove, err := RegisterRecipe(r)
			if tc.errHas == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got, err := RecipeFor("http://127.0.0.99:8080/listing/1"); err != nil || got.Name != "fixture" {
					t.Errorf("registered recipe not found: %v", err)
				}
				remove()
				if _, err := RecipeFor("http://127.0.0.99:8080/listing/1"); !errors.Is(err, ErrNoRecipe) {
					t.Errorf("removed recipe still found: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.errHas) {
				t.Errorf("RegisterRecipe = %v, want an error with %q", err, tc.errHas)
				if remove != nil {
					remove()
				}
			}
		})
	}
}
