package window

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/seen"
)

// The window's tests run the real server on loopback, with the real
// settings editor on a settings file in a temp folder; only the engine,
// the seen store, the mailer, the keychain and the autostart are fakes
// here (they are the other owners, wired for real in the app's tests).

// fakeWatcher is an engine with a state set by the test, which records the
// commands it gets and answers previews from a table.
type fakeWatcher struct {
	mu       sync.Mutex
	state    engine.Snapshot
	previews map[string]engine.PreviewResult // by URL
	failURL  map[string]error
	loads    []string // URLs previewed, in order
	cmds     []string // "check-now", "check-by-hand URL", "pause T", "resume"
	events   []engine.Event
}

func newFakeWatcher() *fakeWatcher {
	return &fakeWatcher{previews: map[string]engine.PreviewResult{}, failURL: map[string]error{}}
}

func (f *fakeWatcher) Snapshot() engine.Snapshot {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.state
}

func (f *fakeWatcher) setState(s engine.Snapshot) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.state = s
}

func (f *fakeWatcher) Preview(ctx context.Context, url string) (engine.PreviewResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.loads = append(f.loads, url)
	if err := f.failURL[url]; err != nil {
		return engine.PreviewResult{}, err
	}
	p, ok := f.previews[url]
	if !ok {
		return engine.PreviewResult{}, errors.New("net::ERR_NAME_NOT_RESOLVED")
	}
	p.URL = url
	return p, nil
}

func (f *fakeWatcher) record(c string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cmds = append(f.cmds, c)
}

func (f *fakeWatcher) CheckNow()                   { f.record("check-now") }
func (f *fakeWatcher) ManualCheck(url string)      { f.record("check-by-hand " + url) }
func (f *fakeWatcher) Resume(string)               { f.record("resume") }
func (f *fakeWatcher) PauseUntil(until time.Time)  { f.record("pause " + until.Format(time.RFC3339)) }
func (f *fakeWatcher) Activity(int) []engine.Event { f.mu.Lock(); defer f.mu.Unlock(); return f.events }
func (f *fakeWatcher) commands() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.cmds...)
}
func (f *fakeWatcher) previewLoads() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.loads...)
}
func (f *fakeWatcher) setPreview(u string, p engine.PreviewResult) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.previews[u] = p
}

type fakeListings struct {
	mu   sync.Mutex
	list []seen.Listed
}

func (f *fakeListings) Listings() ([]seen.Listed, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seen.Listed(nil), f.list...), nil
}

func (f *fakeListings) add(l seen.Listed) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.list = append([]seen.Listed{l}, f.list...) // newest first
}

type fakeMailer struct {
	mu        sync.Mutex
	sent      []config.Email
	passwords []string // with each sent: the password it was given; "(stored)" for the stored one
	err       error
}

func (f *fakeMailer) SendTest(ctx context.Context, e config.Email) error {
	return f.SendTestWith(ctx, e, "(stored)")
}

func (f *fakeMailer) SendTestWith(ctx context.Context, e config.Email, password string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	f.sent = append(f.sent, e)
	f.passwords = append(f.passwords, password)
	return nil
}

type fakeKeychain struct {
	mu     sync.Mutex
	stored map[string]string
	err    error // from Store, as without a keychain
}

func (f *fakeKeychain) Store(user, pw string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	f.stored[user] = pw
	return nil
}

func (f *fakeKeychain) Version(user string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.stored[user] // a fake's version may show the password: nothing logs it
}

func (f *fakeKeychain) Source(user string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.stored[user]; ok {
		return "The password is stored in this computer's keychain.", true
	}
	return "No password is stored yet: type it below and store it.", false
}

type fakeAutostart struct {
	mu sync.Mutex
	on bool
}

func (f *fakeAutostart) Enabled() bool     { f.mu.Lock(); defer f.mu.Unlock(); return f.on }
func (f *fakeAutostart) Set(on bool) error { f.mu.Lock(); defer f.mu.Unlock(); f.on = on; return nil }

// rig is a running window with its owners.
type rig struct {
	t        testing.TB
	srv      *Server
	dir      string // the data folder
	path     string // the settings file
	watcher  *fakeWatcher
	owner    *config.Owner
	listings *fakeListings
	mailer   *fakeMailer
	keychain *fakeKeychain
	auto     *fakeAutostart
	now      time.Time
	opened   []string   // the files the window opened: "settings file", "log"
	openErr  error      // what opening a file fails with; nil: it opens
	savedMu  sync.Mutex // guards opened and openErr
}

func (r *rig) open(what string) func() error {
	return func() error {
		r.savedMu.Lock()
		defer r.savedMu.Unlock()
		r.opened = append(r.opened, what)
		return r.openErr
	}
}

// startRig starts a window on any free port, over a settings file holding
// settingsText. The clock stands still at rig.now. with changes the Deps
// before the window starts.
func startRig(t testing.TB, settingsText string, with ...func(*Deps)) *rig {
	t.Helper()
	dir := t.TempDir()
	r := &rig{t: t, dir: filepath.Join(dir, "data"), path: filepath.Join(dir, "config.toml"), watcher: newFakeWatcher(),
		listings: &fakeListings{}, mailer: &fakeMailer{}, keychain: &fakeKeychain{stored: map[string]string{}},
		auto: &fakeAutostart{}, now: time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)}
	if err := os.WriteFile(r.path, []byte(settingsText), 0o600); err != nil {
		t.Fatal(err)
	}
	r.owner = config.Open(r.path, config.Options{Secrets: r.keychain})
	t.Cleanup(r.owner.Close)
	r.watcher.setState(engine.Snapshot{At: r.now, Overall: engine.AllGood})
	d := Deps{Watcher: r.watcher, Settings: r.owner, Listings: r.listings, Mailer: r.mailer,
		Keychain: r.keychain, Autostart: r.auto, OpenSettingsFile: r.open("settings file"), OpenLog: r.open("log"), Port: -1, Now: func() time.Time { return r.now },
		Location: time.UTC, Version: "test"}
	for _, f := range with {
		f(&d)
	}
	srv, err := Start(r.dir, d)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	r.srv = srv
	return r
}

func (r *rig) base() string { return strings.TrimSuffix(strings.SplitN(r.srv.URL(), "?", 2)[0], "/") }

// api calls the API as a script does, with X-API-Key.
func (r *rig) api(method, path string, body any) (int, map[string]any) {
	r.t.Helper()
	code, raw := r.do(method, path, body, map[string]string{"X-API-Key": r.srv.apiKey()})
	var m map[string]any
	if len(raw) > 0 && json.Unmarshal(raw, &m) != nil {
		r.t.Fatalf("%s %s: not JSON: %s", method, path, raw)
	}
	return code, m
}

func (r *rig) do(method, path string, body any, header map[string]string) (int, []byte) {
	r.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, r.base()+path, rd)
	if err != nil {
		r.t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := noRedirects.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, raw
}

var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	Timeout: 2 * time.Minute}

// session opens the window as a browser does, with a one-time address,
// and returns its session cookie and the CSRF token its page holds.
func (r *rig) session() (cookie, csrf string) {
	r.t.Helper()
	c := r.browserClient()
	u, _ := url.Parse(r.base() + "/")
	for _, k := range c.Jar.Cookies(u) {
		if k.Name == "rentwatch-session-"+strconv.Itoa(r.srv.Port()) {
			cookie = k.Value
		}
	}
	if cookie == "" {
		r.t.Fatalf("opening the window gave no session cookie: %v", c.Jar.Cookies(u))
	}
	return r.sessionWith(cookie)
}

// sessionWith returns the session v and the CSRF token the window's page
// holds for it.
func (r *rig) sessionWith(v string) (cookie, csrf string) {
	r.t.Helper()
	code, page := r.do("GET", "/", nil, map[string]string{"Cookie": "rentwatch-session-" + strconv.Itoa(r.srv.Port()) + "=" + v})
	m := regexp.MustCompile(`<meta name="rentwatch-csrf" content="([0-9a-f]+)">`).FindSubmatch(page)
	if code != 200 || m == nil {
		r.t.Fatalf("no CSRF token in the page for session %q (%d)", v, code)
	}
	return v, string(m[1])
}

// browserClient is a client that opened the window with a one-time
// address: it holds the session cookie.
func (r *rig) browserClient() *http.Client {
	r.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 2 * time.Minute}
	res, err := c.Get(r.srv.PageURL("/", ""))
	if err != nil {
		r.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		r.t.Fatalf("opening window.url: %d", res.StatusCode)
	}
	return c
}

func (r *rig) settings() config.Settings {
	r.t.Helper()
	s, err := config.Load(r.path)
	if err != nil {
		r.t.Fatal(err)
	}
	return s
}

func (r *rig) file() string {
	b, err := os.ReadFile(r.path)
	if err != nil {
		r.t.Fatal(err)
	}
	return string(b)
}
