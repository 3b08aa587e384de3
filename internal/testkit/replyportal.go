package testkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rentwatch/reply/recipe"
)

// ReplyPortal is a rental portal on loopback in Kamernet's markup (a
// Next.js site with MUI's class names, the shape of the kamernet.nl recipe
// and portal definition), for the auto-reply: a search page of the rooms a
// test posts, each room's listing page with a contact form, and the
// endpoint the forms send to, which records every message it gets. Its
// pages are the templates in testdata/replysite. Safe for concurrent use;
// the server stops when the test ends.
//
// A room's Variant picks its contact form:
//
//	inline     the form on the page, sent as a normal POST (answered 303
//	           back to the listing, which then shows "Je bericht is verstuurd")
//	contact    behind a "Contact" button: the form comes by XHR on the click
//	           and is sent by script as JSON, from its fields' input events
//	consent    inline, with a required box "Ik ga akkoord met de algemene
//	           voorwaarden" (and, like every form, an optional newsletter box)
//	select     inline, with a required list "Ik ben" of three options
//	oneoption  inline, with a required list of one real option
//	login      the button leads to a login page
//	phone      inline, with a required phone number
//	checked    inline; the page's own script demands a tick in a box it
//	           does not mark required, and sends nothing without it
//	session    like checked, and on the click the page's script first keeps
//	           its session alive with a POST to /api/session that has no
//	           body (answered 204)
//	tracked    like checked, and on the click the page's script first posts
//	           an event naming the listing (its title) to /api/event
//	           (answered 204)
//	postbusy   inline; the send is answered 429 with Retry-After: 120
//	broken     inline; the send is answered 500
//	silent     inline; the send is answered 200 with no confirmation
//	thanks     inline; the send is answered 200 with the form again and a
//	           thank-you in a role=alert box in it (no error)
//	invalid    inline; the send is answered 200 with the form again, its
//	           message marked invalid and an error above the button (the
//	           portal checked it on the server and did not take it)
//	busy       the listing page itself is answered 429
//
// A room the test removes answers 404, as a taken listing does.
type ReplyPortal struct {
	URL     string // http://127.0.0.x:PORT
	dir     string
	listing *template.Template
	form    *template.Template

	// mu guards the fields below.
	mu      sync.Mutex
	rooms   []PortalRoom // newest first
	removed map[int]bool
	sent    []ReplySent
	gets    []time.Time // listing page loads
	checks  int         // search page loads
	side    int         // POSTs to /api/session and /api/event
}

// PortalRoom is one room on a ReplyPortal.
type PortalRoom struct {
	Room
	Variant string // see ReplyPortal; "" is inline
}

// ReplySent is one message a ReplyPortal received.
type ReplySent struct {
	At     time.Time
	Room   int
	Values url.Values // the form's fields; a JSON form's too
}

// ReplySearchPath is the path of a ReplyPortal's search page.
const ReplySearchPath = "/huren/kamers-amsterdam"

// StartReplyPortal serves the portal on ip (a loopback address) with the
// templates in dir, the testdata/replysite folder.
func StartReplyPortal(t testing.TB, ip, dir string) *ReplyPortal {
	t.Helper()
	p := &ReplyPortal{dir: dir, removed: map[int]bool{},
		listing: template.Must(template.ParseFiles(filepath.Join(dir, "listing.html"))),
		form:    template.Must(template.ParseFiles(filepath.Join(dir, "contact-form.html")))}
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(p.serve)}}
	srv.Start()
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// Post puts a room at the top of the search page and returns its listing
// page's URL.
func (p *ReplyPortal) Post(r PortalRoom) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rooms = append([]PortalRoom{r}, p.rooms...)
	return p.URL + ListingPath(r.Room)
}

// Remove takes a room off the site: its page answers 404 from now on.
func (p *ReplyPortal) Remove(id int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.removed[id] = true
}

// ListingPath is the path of a room's listing page, as Kamernet's are.
func ListingPath(r Room) string {
	return fmt.Sprintf("/huren/kamer-amsterdam/%s/kamer-%d", r.Street, r.ID)
}

// Sent returns the messages received so far, in order.
func (p *ReplyPortal) Sent() []ReplySent {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]ReplySent(nil), p.sent...)
}

// SearchLoads is how many times the search page was loaded.
func (p *ReplyPortal) SearchLoads() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.checks
}

// SidePosts is how many POSTs the pages made besides their forms (the
// session and tracked variants').
func (p *ReplyPortal) SidePosts() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.side
}

// ListingLoads is how many times a listing page was loaded.
func (p *ReplyPortal) ListingLoads() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.gets)
}

var listingPathRe = regexp.MustCompile(`^/huren/kamer-amsterdam/[^/]+/kamer-(\d+)$`)

func (p *ReplyPortal) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	switch m := listingPathRe.FindStringSubmatch(r.URL.Path); {
	case r.URL.Path == ReplySearchPath:
		p.mu.Lock()
		p.checks++
		rooms := make([]Room, 0, len(p.rooms))
		for _, room := range p.rooms {
			if !p.removed[room.ID] {
				rooms = append(rooms, room.Room)
			}
		}
		p.mu.Unlock()
		_ = CardPage.Execute(w, PortalPage{Path: ReplySearchPath, Rooms: rooms})
	case m != nil && r.Method == http.MethodGet:
		id, _ := strconv.Atoi(m[1])
		p.serveListing(w, r, id)
	case r.URL.Path == "/api/contact-form":
		room, ok := p.room(r)
		if !ok {
			http.NotFound(w, r)
			return
		}
		_ = p.form.Execute(w, room)
	case r.URL.Path == "/api/respond" && r.Method == http.MethodPost:
		p.respond(w, r)
	case (r.URL.Path == "/api/session" || r.URL.Path == "/api/event") && r.Method == http.MethodPost:
		p.mu.Lock()
		p.side++
		p.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	case r.URL.Path == "/account/login":
		p.file(w, "login.html", http.StatusOK)
	default:
		http.NotFound(w, r)
	}
}

// room is the room a request names in ?room=.
func (p *ReplyPortal) room(r *http.Request) (PortalRoom, bool) {
	id, _ := strconv.Atoi(r.URL.Query().Get("room"))
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, room := range p.rooms {
		if room.ID == id && !p.removed[id] {
			return room, true
		}
	}
	return PortalRoom{}, false
}

// listingPage is what the listing template is executed with.
type listingPage struct {
	PortalRoom
	Price string // as the page shows it
	Path  string
	Sent  bool // the page after a sent message
	// Invalid is the form's error as the portal shows it when it did not
	// take a message ("" before a send).
	Invalid string
	// Thanks is a thank-you shown in the form after a send ("" before).
	Thanks string
}

func (p *ReplyPortal) serveListing(w http.ResponseWriter, r *http.Request, id int) {
	p.mu.Lock()
	p.gets = append(p.gets, time.Now())
	var room PortalRoom
	found := false
	for _, x := range p.rooms {
		if x.ID == id && !p.removed[id] {
			room, found = x, true
		}
	}
	p.mu.Unlock()
	switch {
	case !found:
		p.file(w, "gone.html", http.StatusNotFound)
		return
	case room.Variant == "busy":
		w.Header().Set("Retry-After", "120")
		p.file(w, "busy.html", http.StatusTooManyRequests)
		return
	}
	var b bytes.Buffer
	err := p.listing.Execute(&b, listingPage{PortalRoom: room, Price: fmt.Sprintf("€ %d,-", room.Price),
		Path: r.URL.Path, Sent: r.URL.Query().Get("sent") == "1"})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_, _ = w.Write(b.Bytes())
}

// respond takes a message: a form POST (answered with a redirect to the
// listing, which shows it was sent) or a script's JSON (answered in JSON).
func (p *ReplyPortal) respond(w http.ResponseWriter, r *http.Request) {
	room, ok := p.room(r)
	if !ok {
		http.NotFound(w, r)
		return
	}
	values := url.Values{}
	isJSON := strings.HasPrefix(r.Header.Get("Content-Type"), "application/json")
	if isJSON {
		var body map[string]string
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		for k, v := range body {
			values.Set(k, v)
		}
	} else {
		_ = r.ParseForm()
		values = r.PostForm
	}
	p.mu.Lock()
	p.sent = append(p.sent, ReplySent{At: time.Now(), Room: room.ID, Values: values})
	p.mu.Unlock()
	switch room.Variant {
	case "postbusy":
		w.Header().Set("Retry-After", "120")
		p.file(w, "busy.html", http.StatusTooManyRequests)
	case "broken":
		http.Error(w, "internal error", http.StatusInternalServerError)
	case "silent":
		_, _ = fmt.Fprint(w, `<!DOCTYPE html><html><head><title>Kamernet</title></head><body><p>Bedankt.</p></body></html>`)
	case "invalid", "thanks":
		page := listingPage{PortalRoom: room, Price: fmt.Sprintf("€ %d,-", room.Price), Path: ListingPath(room.Room)}
		if room.Variant == "invalid" {
			page.Invalid = "Je bericht is te kort: schrijf minstens 200 tekens over jezelf."
		} else {
			page.Thanks = "Bedankt! De verhuurder krijgt je reactie."
		}
		var b bytes.Buffer
		err := p.listing.Execute(&b, page)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		_, _ = w.Write(b.Bytes())
	default:
		if isJSON {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"ok":true}`))
			return
		}
		http.Redirect(w, r, ListingPath(room.Room)+"?sent=1", http.StatusSeeOther)
	}
}

func (p *ReplyPortal) file(w http.ResponseWriter, name string, status int) {
	b, err := os.ReadFile(filepath.Join(p.dir, name))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// ServeKamernetRecipe makes the shipped kamernet.nl reply recipe serve a
// ReplyPortal at ip (the portal speaks Kamernet's markup, so the recipe
// under test is the one users get), until the test ends.
func ServeKamernetRecipe(t testing.TB, ip string) {
	t.Helper()
	rc, err := recipe.For("https://kamernet.nl/huren/kamer-amsterdam/damrak/kamer-2345678")
	if err != nil {
		t.Fatal(err)
	}
	rc.Name, rc.Sites = "kamernet.nl at "+ip, []string{ip}
	remove, err := recipe.Register(rc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(remove)
}
