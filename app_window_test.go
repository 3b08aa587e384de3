package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
)

// The window of the real app: the rentwatch binary (--no-tray) on a
// private session bus with a pop-up recorder (so alerts are delivered),
// real Chromium in the app loading a fixture portal on 127.0.0.2, and a
// second real Chromium driving the window as the user does. The test also
// asserts what reached the app: the settings file, the portal's loads.

// hostileTitle is a listing title that is markup: it must reach the user
// as text.
const hostileTitle = `<img src=x onerror=alert(1)>`

// windowRig is the app with its window, and what it watches.
type windowRig struct {
	bin, cfg, data string
	env            []string
	app            *testkit.AppProc
	portal         *testkit.Portal
	pops           *testkit.Notifications
	addr           string // from window.url
	base           string // http://127.0.0.1:PORT
	token          string
	port           int
	searchURL      string
}

const ownNotes = "# my own notes: the window must keep them\n"

func TestAppWindow(t *testing.T) {
	r := &windowRig{bin: testkit.AppBinary(t)}
	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	r.pops = testkit.RecordNotifications(t, bus)
	r.portal = testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	r.searchURL = r.portal.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(2345601, "Damrak", "Kinkerstraat", "Javastraat")...)
	dir := t.TempDir()
	r.cfg, r.data = filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppFile(t, r.cfg, ownNotes+"version = 1\ninterval = \"10s\"\n")
	r.env = testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address)
	r.app = testkit.StartApp(t, r.bin, r.data, r.env, "run", "--no-tray", "--config", r.cfg, "--data", r.data)
	r.addr = testkit.ReadWindowURL(t, r.data)
	m := testkit.WindowURLRe.FindStringSubmatch(r.addr)
	r.port, _ = strconv.Atoi(m[1])
	r.base = "http://127.0.0.1:" + m[1]
	r.token = strings.TrimPrefix(r.addr, r.base+"/?token=")

	steps := []struct {
		name string
		run  func(t *testing.T)
		soft bool // the steps after it do not depend on it
	}{
		{"the window opened by itself at Add a search: no searches yet", r.openedFirst, true},
		{"rentwatch open --print prints a one-time address, rentwatch open opens another", r.openCommand, true},
		{"no token, a foreign Host, another site's change: refused", r.refusals, true},
		{"a pasted search is saved in the file and checked by the engine", r.addSearch, false},
		{"nothing the app or its Chromium listens on is beyond loopback", r.loopbackOnly, true},
		{"a hostile title, alerted, is text on the Listings page", r.hostileListing, true},
	}
	for _, st := range steps {
		begun := time.Now()
		if !t.Run(st.name, st.run) && !st.soft {
			break
		}
		t.Logf("%-70s %v", st.name, time.Since(begun).Round(10*time.Millisecond))
	}
	r.app.Signal(t, syscall.SIGTERM)
	if code := r.app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
	testkit.CheckNoChrome(t, r.data)
}

func (r *windowRig) openedFirst(t *testing.T) {
	testkit.Eventually(t, "the window opens by itself", testkit.Patience, func() error {
		got := testkit.AppOpened(t, r.env)
		if len(got) != 1 {
			return fmt.Errorf("opened %q, want the window's Add a search", got)
		}
		if wrong := testkit.WindowLink(got[0], r.addr, "/", "add"); wrong != "" {
			t.Fatal(wrong)
		}
		return nil
	})
}

// openCommand: `rentwatch open --print` prints a fresh one-time address
// that lets a browser in once; `rentwatch open` opens another.
func (r *windowRig) openCommand(t *testing.T) {
	out, err := exec.Command(r.bin, "open", "--print", "--data", r.data).Output()
	link := strings.TrimSuffix(string(out), "\n")
	if wrong := testkit.WindowLink(link, r.addr, "/", ""); err != nil || wrong != "" {
		t.Errorf("rentwatch open --print: %v; %s", err, wrong)
	}
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	for i, want := range []int{200, 403} {
		if res, err := browser.Get(link); err != nil || res.StatusCode != want {
			t.Errorf("opening the printed address, time %d: %v %v; want %d", i+1, res.Status, err, want)
		} else {
			res.Body.Close()
		}
		jar, _ = cookiejar.New(nil) // the second time: another browser
		browser.Jar = jar
	}
	cmd := exec.Command(r.bin, "--data", r.data, "open")
	cmd.Env = r.env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("rentwatch open: %v\n%s", err, out)
	}
	testkit.Eventually(t, "rentwatch open opens the window", testkit.Patience, func() error {
		got := testkit.AppOpened(t, r.env)
		if len(got) != 2 {
			return fmt.Errorf("opened %q, want the window a second time", got)
		}
		if wrong := testkit.WindowLink(got[1], r.addr, "/", ""); wrong != "" || got[1] == link {
			t.Fatalf("rentwatch open: %s (or the printed address again)", wrong)
		}
		return nil
	})
}

// loopbackOnly: every socket the app and its Chromium listen on is on
// 127.0.0.1, and the window answers there only. Only loopback addresses
// are dialled.
func (r *windowRig) loopbackOnly(t *testing.T) {
	pids := append([]int{r.app.PID()}, testkit.ChromesOf(r.data)...)
	listening := listeningOf(t, pids)
	window := false
	for _, l := range listening {
		if !strings.HasPrefix(l, "127.0.0.1:") {
			t.Errorf("listening on %s: beyond 127.0.0.1 (all: %v)", l, listening)
		}
		window = window || l == "127.0.0.1:"+strconv.Itoa(r.port)
	}
	if !window {
		t.Errorf("the window's port %d is not among the sockets listened on: %v", r.port, listening)
	}
	for _, addr := range []string{"127.0.0.2", "::1"} {
		if c, err := net.DialTimeout("tcp", net.JoinHostPort(addr, strconv.Itoa(r.port)), 10*time.Second); err == nil {
			c.Close()
			t.Errorf("the window answers on %s too", addr)
		}
	}
}

// listeningOf lists the TCP sockets the processes listen on, as ip:port.
func listeningOf(t *testing.T, pids []int) []string {
	t.Helper()
	out, err := testkit.Listening(pids)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// call makes one request to the window, headers as given ("Host" sets the
// Host header), and returns the status and the JSON error, if any.
func (r *windowRig) call(t *testing.T, method, path, body string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, r.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := (&http.Client{Timeout: time.Minute, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var e struct{ Error string }
	_ = json.NewDecoder(res.Body).Decode(&e)
	return res.StatusCode, e.Error
}

// link is a one-time address of the window, as `rentwatch open` gets it:
// what a browser is let in with.
func (r *windowRig) link(t *testing.T) string {
	t.Helper()
	req, _ := http.NewRequest("POST", r.base+"/api/open-link", nil)
	req.Header.Set("X-API-Key", r.token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answer struct{ URL string }
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || res.StatusCode != 200 {
		t.Fatalf("POST /api/open-link: %s %v", res.Status, err)
	}
	return answer.URL
}

func (r *windowRig) refusals(t *testing.T) {
	key := map[string]string{"X-API-Key": r.token}
	tests := []struct {
		name, method, path, body string
		header                   map[string]string
		code                     int
		says                     string
	}{
		{"no token", "GET", "/api/state", "", nil, 403, "refused"},
		{"no token, the page", "GET", "/", "", nil, 403, ""},
		{"a wrong token", "GET", "/api/state", "", map[string]string{"X-API-Key": strings.Repeat("A", 43)}, 403, "wrong API key"},
		{"a foreign Host (DNS rebinding)", "GET", "/api/state", "", map[string]string{"X-API-Key": r.token,
			"Host": "rebind.example:" + strconv.Itoa(r.port)}, 403, "answers only at"},
		{"another site's change", "POST", "/api/check-now", "", map[string]string{"X-API-Key": r.token,
			"Origin": r.portal.URL}, 403, "another site"},
		{"the key as a cookie, as older rentwatches set it", "POST", "/api/searches", `{"url":"` + r.searchURL + `"}`,
			map[string]string{"Cookie": "rentwatch-" + strconv.Itoa(r.port) + "=" + r.token, "Origin": r.base}, 403, "open the window"},
		{"the key in the address, as window.url opened in a browser", "GET", "/api/state?token=" + r.token, "", nil, 403, "never given to a browser"},
		{"the token: let in", "GET", "/api/state", "", key, 200, ""},
		{"a preview with a URL that is not http", "POST", "/api/preview", `{"url":"file:///etc/passwd"}`, key, 400,
			"not an http or https URL"},
	}
	for _, tt := range tests {
		code, msg := r.call(t, tt.method, tt.path, tt.body, tt.header)
		if code != tt.code || !strings.Contains(msg, tt.says) {
			t.Errorf("%s: %d %q, want %d saying %q", tt.name, code, msg, tt.code, tt.says)
		}
	}
	if b, _ := os.ReadFile(r.cfg); strings.Contains(string(b), "[[search]]") {
		t.Errorf("a refused request changed the settings file:\n%s", b)
	}
}

// apiState is GET /api/state as the test reads it.
type apiState struct {
	Searches []struct {
		ID        string     `json:"id"`
		URL       string     `json:"url"`
		LastCheck *time.Time `json:"last_check"`
		Listings  int        `json:"listings"`
		Alerted   int        `json:"alerted"`
	} `json:"searches"`
}

func (r *windowRig) get(t *testing.T, path string, v any) {
	t.Helper()
	req, _ := http.NewRequest("GET", r.base+path, nil)
	req.Header.Set("X-API-Key", r.token)
	res, err := (&http.Client{Timeout: time.Minute}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || json.NewDecoder(res.Body).Decode(v) != nil {
		t.Fatalf("GET %s: %s", path, res.Status)
	}
}

func (r *windowRig) addSearch(t *testing.T) {
	ctx, _ := appTab(t)
	// Paste, preview (the engine loads the real page in Chrome, in its
	// host's lane, and the window shows what it read), name, save.
	run(t, ctx, chromedp.Navigate(r.link(t)), chromedp.WaitVisible(chromedp.CSS("#preview-form #add-url")),
		chromedp.SendKeys(chromedp.CSS("#add-url"), r.searchURL), chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
	pageSays(t, ctx, "#preview", "rentwatch read 3 listings on it")
	for _, title := range []string{"Room Damrak", "Room Kinkerstraat", "Room Javastraat"} {
		pageSays(t, ctx, "#pv-listings", title)
	}
	if n := len(r.portal.Loads(r.searchURL)); n != 1 {
		t.Errorf("the preview loaded the page %d times, want once", n)
	}
	run(t, ctx, chromedp.WaitVisible(chromedp.ID("pv-name")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("pv-name").value = ""`),
		chromedp.SendKeys(chromedp.ID("pv-name"), "Kamerplein Amsterdam"),
		chromedp.Click(chromedp.CSS("form[data-save-search] button[type=submit]")))
	pageSays(t, ctx, "#preview-form [data-result]", "Saved")

	b, _ := os.ReadFile(r.cfg)
	if !strings.HasPrefix(string(b), ownNotes) || !strings.Contains(string(b), `url = "`+r.searchURL+`"`) ||
		!strings.Contains(string(b), `name = "Kamerplein Amsterdam"`) {
		t.Errorf("the settings file after saving:\n%s\nwant the user's notes kept and the search in it", b)
	}
	testkit.Eventually(t, "the engine checks the new search", testkit.Patience, func() error {
		if n := len(r.portal.Loads(r.searchURL)); n == 0 {
			return fmt.Errorf("the portal has not been asked for it yet:\n%s", r.portal.Log())
		}
		var s apiState
		r.get(t, "/api/state", &s)
		if len(s.Searches) != 1 || s.Searches[0].LastCheck == nil || s.Searches[0].Listings != 3 {
			return fmt.Errorf("state %+v, want the search checked with its 3 listings", s)
		}
		return nil
	})
	// The page follows by itself (it redraws its live parts every few seconds).
	sum := sha256.Sum256([]byte(r.searchURL))
	pageSays(t, ctx, "#s-"+hex.EncodeToString(sum[:6]), "3 listings")
	pageSays(t, ctx, "#search-count", "1 of 15 searches saved")
	if dir := os.Getenv("RENTWATCH_SCREENSHOTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "app-searches.png"), png, 0o644); err != nil {
			t.Error(err)
		}
	}
}

func (r *windowRig) hostileListing(t *testing.T) {
	r.portal.Post(r.searchURL, testkit.Room{ID: 2345690, Title: hostileTitle, Street: "hoofdweg", Area: "West", Price: 700})
	testkit.Eventually(t, "the hostile listing is alerted", testkit.Patience, func() error {
		var l struct {
			Listings []struct{ Title string }
		}
		r.get(t, "/api/listings", &l)
		if len(l.Listings) != 1 || l.Listings[0].Title != hostileTitle {
			return fmt.Errorf("listings %+v; pop-ups %+v", l.Listings, r.pops.All())
		}
		return nil
	})
	if pops := r.pops.All(); len(pops) == 0 {
		t.Errorf("the listing is in the list of alerted ones, but nothing popped up")
	}
	ctx, log := appTab(t)
	run(t, ctx, chromedp.Navigate(r.link(t)), chromedp.WaitVisible(chromedp.CSS("#add-url")),
		chromedp.Navigate(r.base+"/listings"), chromedp.WaitVisible(chromedp.CSS("li.listing")))
	pageSays(t, ctx, "li.listing .title", hostileTitle)
	imgs, err := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.images].filter((i) => /\/x$/.test(i.src)).length`))
	if err != nil || imgs != 0 {
		t.Errorf("images for x on the page: %d, %v", imgs, err)
	}
	time.Sleep(time.Second) // give a handler that should not exist its moment
	if d := log.get(&log.dialogs); len(d) != 0 {
		t.Errorf("dialogs opened: %q", d)
	}
	for _, u := range log.get(&log.requests) {
		if strings.HasSuffix(u, "/x") {
			t.Errorf("the tab asked for %s", u)
		}
	}
}

// TestAppWindowOpensOnce: the window opens by itself on the first start
// with no searches, not on the next one.
func TestAppWindowOpensOnce(t *testing.T) {
	bin := testkit.AppBinary(t)
	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	env := testkit.AppEnv(t)
	for start := 1; start <= 2; start++ {
		app := testkit.StartApp(t, bin, data, env, "run", "--no-tray", "--config", cfg, "--data", data)
		app.WaitOutput(t, "msg=watching", 1) // after the window opened, or did not
		if start == 1 {
			// The opener runs on its own: wait for it. Read window.url
			// now: a second start may get another port when 17345 is
			// taken (by another program on a busy machine).
			addr := testkit.ReadWindowURL(t, data)
			testkit.Eventually(t, "the window opens by itself", testkit.Patience, func() error {
				if got := testkit.AppOpened(t, env); len(got) != 1 || testkit.WindowLink(got[0], addr, "/", "add") != "" {
					return fmt.Errorf("opened %q, want the window's Add a search", got)
				}
				return nil
			})
		}
		if got := testkit.AppOpened(t, env); len(got) != 1 {
			t.Errorf("after start %d the default browser was asked to open %q, want the window once", start, got)
		}
		app.Signal(t, syscall.SIGTERM)
		if code := app.ExitCode(t); code != 0 {
			t.Fatalf("start %d: exit status %d", start, code)
		}
	}
}

// tabLog is what a tab did that the window must never make it do.
type tabLog struct {
	mu                sync.Mutex // guards the lists
	dialogs, requests []string
}

func (l *tabLog) add(list *[]string, s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	*list = append(*list, s)
}

func (l *tabLog) get(list *[]string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), *list...)
}

// appTab is a fresh Chromium tab (its own browser and profile), with a log
// of dialogs and requests. Dialogs are answered, so none blocks the page.
func appTab(t *testing.T) (context.Context, *tabLog) {
	t.Helper()
	actx, stop := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(testkit.Chromium(t)), chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-pings", true))...)
	ctx, cancel := chromedp.NewContext(actx)
	// The tab lives the whole test: its bound is a hang's, not a step's
	// (each step waits at most Patience). At Patience itself a test of
	// many steps on a busy machine lost its tab mid-way (TestAppCheckHere,
	// 192 s under load: "#check-say never said").
	ctx, cancelTime := context.WithTimeout(ctx, 5*testkit.Patience)
	t.Cleanup(func() { cancelTime(); cancel(); stop() })
	l := &tabLog{}
	run(t, ctx, chromedp.EmulateViewport(1280, 900))
	go func() {
		for ev, err := range chromedp.Events(ctx, page.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			l.add(&l.dialogs, string(ev.Type)+": "+ev.Message)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, network.RequestWillBeSent) {
			if err != nil {
				return
			}
			l.add(&l.requests, ev.Request.URL)
		}
	}()
	return ctx, l
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// pageSays waits until the element's text holds want.
func pageSays(t *testing.T, ctx context.Context, css, want string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.textContent.includes(%q); })()`, css, want)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(testkit.Patience))); err != nil {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || "(none)"`, css)))
		t.Fatalf("%s never said %q; it says: %s", css, want, got)
	}
}
