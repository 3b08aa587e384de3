package recipe

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestFor(t *testing.T) {
	tests := []struct {
		url  string
		want string // recipe name; "" means ErrUnsupported
	}{
		{"https://kamernet.nl/huren/kamer-amsterdam/damrak/kamer-2345678", "kamernet.nl"},
		{"https://www.kamernet.nl/en/for-rent/room-amsterdam/damrak/room-2345678", "kamernet.nl"},
		{"https://kamernet.nl/huren/kamers-amsterdam", "kamernet.nl"}, // a search: the settings ask this
		{"https://www.pararius.nl/appartement-te-huur/amsterdam/61d026c2/bilderdijkkade", "pararius.nl"},
		{"https://www.pararius.com/apartment-for-rent/amsterdam/61d026c2/bilderdijkkade", "pararius.nl"},
		{"https://www.funda.nl/detail/huur/amsterdam/appartement-x/43123456/", ""},
		{"https://notkamernet.nl/x", ""},
	}
	for _, tc := range tests {
		r, err := For(tc.url)
		switch {
		case tc.want == "" && !errors.Is(err, ErrUnsupported):
			t.Errorf("For(%s) = %s, %v; want ErrUnsupported", tc.url, r.Name, err)
		case tc.want != "" && (err != nil || r.Name != tc.want):
			t.Errorf("For(%s) = %s, %v; want %s", tc.url, r.Name, err, tc.want)
		}
	}
	_, err := For("https://www.funda.nl/x")
	if err == nil || !strings.Contains(err.Error(), "funda.nl: no reply recipe") ||
		!strings.Contains(err.Error(), "auto-reply works on kamernet.nl and pararius.nl") {
		t.Errorf("the error does not name the portal and those supported: %v", err)
	}
	for _, bad := range []string{"ftp://kamernet.nl/x", "kamernet.nl/x", ""} {
		if _, err := For(bad); !errors.Is(err, ErrBadURL) {
			t.Errorf("For(%q) = %v, want ErrBadURL", bad, err)
		}
	}
}

// TestBuiltinRecipes holds the shipped recipes to what a reply needs: each
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

func testRecipe(host string) Recipe {
	return Recipe{
		Name: "fixture", Sites: []string{host},
		Open:    []Target{{CSS: `button, a`, Text: []string{"reageer"}}},
		Message: []string{`textarea[name="message"]`}, FullName: []string{`input[name="name"]`},
		Submit: []Target{{CSS: `form button[type="submit"]`}},
		Wait:   3 * time.Second,
	}
}

func TestCheckAndRegister(t *testing.T) {
	good := testRecipe("127.0.0.99")
	tests := []struct {
		name   string
		edit   func(*Recipe)
		errHas string
	}{
		{"good", func(*Recipe) {}, ""},
		{"good without a Sent sign", func(r *Recipe) { r.Sent = Sign{} }, ""},
		{"no site", func(r *Recipe) { r.Sites = nil }, "no name or no site"},
		{"no message field", func(r *Recipe) { r.Message = nil }, "no message field"},
		{"no send button", func(r *Recipe) { r.Submit = nil }, "no send button"},
		{"bad selector", func(r *Recipe) { r.Email = []string{"input[name="} }, `selector "input[name="`},
		{"bad price selector", func(r *Recipe) { r.Price = []string{"[class*="} }, `selector "[class*="`},
		{"site taken", func(r *Recipe) { r.Sites = []string{"kamernet.nl"} }, "already served by recipe kamernet.nl"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			tc.edit(&r)
			remove, err := Register(r)
			if tc.errHas == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got, err := For("http://127.0.0.99:8080/listing/1"); err != nil || got.Name != "fixture" {
					t.Errorf("registered recipe not found: %v", err)
				}
				if p := Portals(); p != "kamernet.nl, pararius.nl and fixture" {
					t.Errorf("Portals() = %q", p)
				}
				remove()
				if _, err := For("http://127.0.0.99:8080/listing/1"); !errors.Is(err, ErrUnsupported) {
					t.Errorf("removed recipe still found: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.errHas) {
				t.Errorf("Register = %v, want an error with %q", err, tc.errHas)
				if remove != nil {
					remove()
				}
			}
		})
	}
	if p := Portals(); p != "kamernet.nl and pararius.nl" {
		t.Errorf("Portals() = %q after every test recipe was removed", p)
	}
}
