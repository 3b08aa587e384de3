package pages

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
)

// dialogRooms are listing cards for the dialog pages.
func dialogRooms(n int) string {
	var s strings.Builder
	for i := range n {
		fmt.Fprintf(&s, `<li class="listing" data-id="%d"><a href="/room/%d"><h2>Quiet room %d by the canal</h2></a>`+
			`<span class="price">€ %d per month</span> <span class="place">Utrecht</span></li>`, 5100+i, 5100+i, i+1, 600+i)
	}
	return s.String()
}

// dialogPortal serves, on 127.0.0.8, pages that open dialogs at each stage
// of a Load, and a listing to reply to that opens them at each step.
func dialogPortal(t *testing.T) *httptest.Server {
	t.Helper()
	page := func(title, body string) string {
		return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>` + title + `</title></head><body>` + body + `</body></html>`
	}
	list := `<ul class="results" id="results">` + dialogRooms(6) + `</ul>`
	pages := map[string]string{
		// A cookie notice before the listings: the parser stops at it.
		"/alert": page("Rooms", `<script>alert("We use cookies. OK?")</script>`+list),
		"/confirm-prompt": page("Rooms", `<script>document.title = "answers " + confirm("Still looking?") + " " +`+
			` prompt("Your name?", "x")</script>`+list),
		// No listings in the HTML: the dialog comes while the Load settles,
		// before the script renders them.
		"/settle": page("Rooms", `<ul class="results" id="results"><li>Loading…</li></ul><script>fetch("/api").then(r => r.text()).then(t => {`+
			`alert("Are you still there?"); document.getElementById('results').innerHTML = `+"`"+dialogRooms(6)+"`"+`;`+
			`})</script>`),
		"/api":   "{}",
		"/leave": page("Rooms", `<script>onbeforeunload = e => { e.preventDefault(); e.returnValue = "Leave?"; return "Leave?" }</script>`+list),
		"/rooms": page("Rooms", list),
		"/listing": page("Room by the canal", `<script>alert("New: alerts by email!")</script><h1>Room by the canal</h1>`+
			`<button id="respond" type="button" onclick="alert('Please be polite.'); document.getElementById('form').hidden = false">Reply</button>`+
			`<form id="form" hidden method="post" action="/send"><textarea name="message"></textarea><button type="submit">Send</button></form>`),
		"/send": page("Sent", `<script>alert("Thank you!")</script><p>Your message was sent.</p>`),
	}
	mux := http.NewServeMux()
	for path, body := range pages {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte(body))
		})
	}
	// A challenge that asks a question while it is waited out, then clears.
	mux.HandleFunc("/challenge", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if c, err := r.Cookie("passed"); err == nil && c.Value == "1" {
			_, _ = w.Write([]byte(page("Rooms", list)))
			return
		}
		w.Header().Set("Server", "cloudflare")
		w.Header().Set("Cf-Mitigated", "challenge")
		w.WriteHeader(http.StatusForbidden)
		_, _ = w.Write([]byte(page("Just a moment...", `<script>window._cf_chl_opt={cvId:'3',cType:'managed'};`+
			`setTimeout(() => { alert("Confirm you are human"); document.cookie = "passed=1; path=/"; location.reload() }, 1500)</script>`)))
	})
	l, err := net.Listen("tcp", "127.0.0.8:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: mux}}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// logLines collects a Browser's log lines; safe for concurrent use.
type logLines struct {
	// mu guards lines.
	mu    sync.Mutex
	lines []string
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, strings.TrimSpace(string(p)))
	return len(p), nil
}

func (l *logLines) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// matching returns the lines holding every one of words.
func (l *logLines) matching(words ...string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range l.lines {
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(line, w)
		}
		if ok {
			out = append(out, line)
		}
	}
	return out
}

// TestLoadDismissesDialogs loads pages that open dialogs during the early
// read, the settle and a challenge's wait-out: every Load returns the
// page's listings (an unanswered dialog held them until the page's
// timeout), and each Load's dialogs are logged once, at debug.
func TestLoadDismissesDialogs(t *testing.T) {
	srv := dialogPortal(t)
	logs := &logLines{}
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: time.Minute, Log: logs.logger()})
	if _, err := b.Load(context.Background(), srv.URL+"/rooms"); err != nil { // starts Chrome
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		path    string
		noEarly bool
		dialogs int // logged for the Load; 0: no log line; -1: at most one; -2: one line, one or more
		title   string
	}{
		// The early read may be done before the parser gets to the alert.
		{name: "alert before the listings", path: "/alert", dialogs: -1},
		{name: "alert before the listings, full load", path: "/alert", noEarly: true, dialogs: 1},
		// Dismissed: confirm says false, prompt null.
		{name: "confirm and prompt", path: "/confirm-prompt", noEarly: true, dialogs: 2, title: "answers false null"},
		{name: "alert while settling", path: "/settle", dialogs: 1},
		// On a busy machine the challenge page may run its script twice
		// before its cookie takes: two alerts, still one line.
		{name: "alert while a challenge is waited out", path: "/challenge", dialogs: -2},
		// Without a user's gesture Chrome shows no "leave?" when the tab
		// closes; TestTabAnswersLeavePage has one.
		{name: "onbeforeunload set", path: "/leave", noEarly: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b.tune.noEarly = tc.noEarly
			// The deadline only bounds a hang: the Load must end by itself.
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			targets := countPageTargets(t, b)
			pageURL := srv.URL + tc.path
			res, err := b.Load(ctx, pageURL)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if res.Verdict.Kind != blocks.OK || len(res.Listings) != 6 {
				t.Errorf("verdict %s, %d listings; want ok and 6", res.Verdict.Kind, len(res.Listings))
			}
			if tc.title != "" && !strings.Contains(rec.html(), "<title>"+tc.title+"</title>") {
				t.Errorf("the page's answers: %q, want title %q", rec.html()[:min(len(rec.html()), 120)], tc.title)
			}
			// The tab closed (its dialogs logged then), and none is left over.
			if after := countPageTargets(t, b); after != targets {
				t.Errorf("%d tabs after the Load, %d before", after, targets)
			}
			logged := logs.matching("dismissed the page's dialogs", "url="+pageURL+" ")
			want := fmt.Sprintf("dialogs=%d", tc.dialogs)
			switch {
			case tc.dialogs == 0 && len(logged) > 0:
				t.Errorf("logged dialogs for a page without any: %q", logged)
			case tc.dialogs == -2 && (len(logged) != 1 || !regexp.MustCompile(`dialogs=[1-9]`).MatchString(logged[0])):
				t.Errorf("log lines %q; want one, with one dialog or more", logged)
			case tc.dialogs == -1 && (len(logged) > 1 || len(logged) == 1 && !strings.Contains(logged[0], "dialogs=1")):
				t.Errorf("logged %q, want at most one line, with dialogs=1", logged)
			case tc.dialogs > 0 && (len(logged) != 1 || !strings.Contains(logged[0], want) || !strings.Contains(logged[0], "level=DEBUG")):
				t.Errorf("log lines %q; want one at debug with %s", logged, want)
			}
			logs.mu.Lock()
			logs.lines = nil
			logs.mu.Unlock()
		})
	}
}

// TestTabAnswersLeavePage gives a page with onbeforeunload a user's gesture
// (so Chrome does ask "leave this page?") and navigates the tab away, twice:
// each question is answered and the navigation happens. Then it closes the
// tab on such a page: the tab goes (Target.closeTarget asks no question;
// had it, the question would have been answered too).
func TestTabAnswersLeavePage(t *testing.T) {
	srv := dialogPortal(t)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	if _, err := b.Load(context.Background(), srv.URL+"/rooms"); err != nil { // starts Chrome
		t.Fatal(err)
	}
	b.mu.Lock()
	run := b.run
	b.mu.Unlock()
	targets := countPageTargets(t, b)
	tb, err := b.openTab(run)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Minute) // bounds a hang only
	defer cancel()
	gesture := true
	leaveAfterGesture := func() {
		t.Helper()
		var ph Phases
		if err := navigateDOMReady(ctx, tb.watch, srv.URL+"/leave", &ph, func(mainDoc) bool { return false }); err != nil {
			t.Fatalf("open /leave: %v", err)
		}
		if _, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: "1", UserGesture: &gesture}); err != nil {
			t.Fatalf("gesture: %v", err)
		}
	}
	for i := range 2 {
		leaveAfterGesture()
		var ph Phases
		if err := navigateDOMReady(ctx, tb.watch, srv.URL+"/rooms", &ph, func(mainDoc) bool { return false }); err != nil {
			t.Fatalf("navigation %d away from a page that asks: %v", i+1, err)
		}
	}
	leaveAfterGesture()
	run.closeTab(tb)
	if after := countPageTargets(t, b); after != targets {
		t.Errorf("%d tabs after closing, %d before: the tab that asked is still open", after, targets)
	}
	tb.watch.mu.Lock()
	n, first := tb.watch.dialogs, tb.watch.firstDialog
	tb.watch.mu.Unlock()
	if n != 2 || !strings.HasPrefix(first, "beforeunload") {
		t.Errorf("%d dialogs answered (first %s), want 2 beforeunload", n, first)
	}
}

// TestTabDismissesDialogs drives a lent tab (OpenTab) through a listing
// that opens a dialog when it loads, when its button is clicked and when
// its form is sent: the page goes on each time, and the three are logged
// once, when the tab closes.
func TestTabDismissesDialogs(t *testing.T) {
	srv := dialogPortal(t)
	logs := &logLines{}
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1, Log: logs.logger()})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // bounds a hang only
	defer cancel()
	tab, err := b.OpenTab(ctx, srv.URL+"/listing")
	if err != nil {
		t.Fatalf("OpenTab: %v", err)
	}
	tctx, tcancel := context.WithTimeout(tab.Context(), time.Minute)
	defer tcancel()
	_, err = chromedp.Run(tctx, chromedp.Evaluate[bool](`document.getElementById('respond').click(), `+
		`document.querySelector('textarea').value = 'Hello', document.getElementById('form').submit(), true`))
	if err != nil {
		t.Fatalf("send the form: %v", err)
	}
	for {
		pg, _, err := tab.Look(ctx)
		if err == nil && strings.Contains(string(pg.HTML), "Your message was sent") {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the sent page never showed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	tab.Close()
	logged := logs.matching("dismissed the page's dialogs", "url="+srv.URL+"/listing ")
	if len(logged) != 1 || !strings.Contains(logged[0], "dialogs=3") {
		t.Errorf("log lines %q; want one with dialogs=3", logged)
	}
}
