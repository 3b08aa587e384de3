package testkit

import (
	"html/template"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestPortal drives a Portal over real HTTP on loopback, step by step,
// in each markup: what it serves, what the reader makes of the page, and
// what its request log and counts say, before and after Limit.
func TestPortal(t *testing.T) {
	for _, page := range []struct {
		name string
		tmpl *template.Template
	}{{"list", ListPage}, {"cards", CardPage}} {
		t.Run(page.name, func(t *testing.T) {
			checkPortal(t, StartPortal(t, "127.0.0.2", page.tmpl))
		})
	}
}

func checkPortal(t *testing.T, p *Portal) {
	t.Helper()
	// The generic reader wants a few alike items before it calls them
	// listings: three, as on a short search page.
	rooms := []Room{{ID: 11, Title: "Room on Damrak", Street: "damrak", Area: "Centrum", Price: 700},
		{ID: 12, Title: "Room on Javastraat", Street: "javastraat", Area: "Oost", Price: 740},
		{ID: 13, Title: "Room on Hoofdweg", Street: "hoofdweg", Area: "West", Price: 780}}
	u := p.Search(t, "/zoeken/amsterdam", rooms...)
	steps := []struct {
		name   string
		do     func()
		path   string
		status int
		body   string // the body holds this
	}{
		{"a search page", nil, "/zoeken/amsterdam", 200, "Room on Javastraat"},
		{"an unknown path", nil, "/zoeken/elders", 404, "no search page at /zoeken/elders"},
		{"a posted room", func() { p.Post(u, Room{ID: 14, Title: "Studio by the Amstel", Street: "amstel", Price: 990}) },
			"/zoeken/amsterdam", 200, "Studio by the Amstel"},
		{"limited", func() {
			if n := p.Limit(); n != 3 {
				t.Errorf("Limit returned %d, want the 3 requests before it", n)
			}
		}, "/zoeken/amsterdam", 429, "Too Many Requests"},
	}
	for _, st := range steps {
		if st.do != nil {
			st.do()
		}
		status, body := get(t, p.URL+st.path)
		if status != st.status || !strings.Contains(body, st.body) {
			t.Errorf("%s: GET %s = %d, want %d with %q in:\n%s", st.name, st.path, status, st.status, st.body, body)
		}
	}
	if got := p.Read(t, u); len(got) != 4 || got[0].Title != "Studio by the Amstel" || got[0].ID == got[1].ID {
		t.Errorf("the reader makes of the page after Post: %+v", got)
	}
	reqs := p.Requests()
	if len(reqs) != 4 || reqs[3].Status != 429 || reqs[1].Status != 404 || p.Served() != 2 {
		t.Errorf("requests %+v, served %d; want 4 (200, 404, 200, 429), 2 served", reqs, p.Served())
	}
	if loads := p.Loads(u); len(loads) != 3 || p.RequestsSince(reqs[2].At) < 2 || !p.LastRequest().Equal(reqs[3].At) {
		t.Errorf("loads of %s: %v; since the third request: %d; last %v; log:\n%s",
			u, loads, p.RequestsSince(reqs[2].At), p.LastRequest(), p.Log())
	}
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}
