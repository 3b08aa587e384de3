package main

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
	"rentwatch/window"
)

// The window from another device on the home network, end to end: the
// real binary with [window] listen on 127.0.0.5 (another loopback address
// plays the home network), its password set with `rentwatch set-password`,
// a second device guessing from 127.0.0.6, and a phone played by a real
// Chromium on its own profile that trusts the window's certificate only by
// its public key, pinned from the fingerprint the app shows (never "ignore
// every certificate error").

const lanAppPassword = "the flat on the canal"

// lanRig is the app on 127.0.0.5:port, and what it watches.
type lanRig struct {
	bin, cfg, data string
	env            []string
	app            *testkit.AppProc
	portal         *testkit.Portal
	port           int
	base           string // https://127.0.0.5:PORT
	local          string // http://127.0.0.1:PORT, window.url's
	token          string
	fingerprint    string // as the app logs it
	leaf           *x509.Certificate
}

func TestAppWindowFromThePhone(t *testing.T) {
	r := &lanRig{bin: testkit.AppBinary(t)}
	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	testkit.RecordNotifications(t, bus)
	r.portal = testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	searchURL := r.portal.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(2345601, "Damrak", "Kinkerstraat")...)
	dir := t.TempDir()
	r.cfg, r.data = filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	r.port = freePort(t, "127.0.0.5")
	r.base = fmt.Sprintf("https://127.0.0.5:%d", r.port)
	testkit.WriteAppFile(t, r.cfg, fmt.Sprintf("version = 1\ninterval = \"10s\"\n[window]\nlisten = \"127.0.0.5:%d\"\n", r.port))
	r.env = testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address)

	// The password, piped in once, as a script sets it.
	cmd := exec.Command(r.bin, "set-password", "--config", r.cfg, "--data", r.data)
	cmd.Env, cmd.Stdin = r.env, strings.NewReader(lanAppPassword+"\n")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "password is set") {
		t.Fatalf("rentwatch set-password: %v\n%s", err, out)
	}
	if b, _ := os.ReadFile(r.cfg); !strings.Contains(string(b), "password_hash = \"$2") || strings.Contains(string(b), lanAppPassword) {
		t.Fatalf("the settings file after set-password:\n%s\nwant a bcrypt hash and never the password", b)
	}

	r.app = testkit.StartApp(t, r.bin, r.data, r.env, "run", "--no-tray", "--config", r.cfg, "--data", r.data)
	r.readWindow(t)

	steps := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"the certificate is the data folder's, private, and the one the log names", r.certificate},
		{"plain HTTP answers only a redirect to https", r.plainRedirects},
		{"a page needs the login; scripts keep X-API-Key; 127.0.0.1 is as before", r.loginRequired},
		{"ten wrong passwords from one device: 429, and words on the login page", r.wrongLimited},
		{"a phone logs in and adds a search, which the engine checks", func(t *testing.T) { r.phoneAddsSearch(t, searchURL) }},
	}
	for _, st := range steps {
		begun := time.Now()
		if !t.Run(st.name, st.run) {
			break
		}
		t.Logf("%-75s %v", st.name, time.Since(begun).Round(10*time.Millisecond))
	}
	r.app.Signal(t, syscall.SIGTERM)
	if code := r.app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
	testkit.CheckNoChrome(t, r.data)
}

// freePort is a port free on ip just now.
func freePort(t *testing.T, ip string) int {
	t.Helper()
	ln, err := net.Listen("tcp4", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// readWindow waits for window.url (the https address with the key) and
// the log's line with the certificate's fingerprint.
func (r *lanRig) readWindow(t *testing.T) {
	path := filepath.Join(r.data, window.URLFile)
	testkit.Eventually(t, "window.url is written", testkit.Patience, func() error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		addr := strings.TrimSpace(string(b))
		m := testkit.WindowURLRe.FindStringSubmatch(addr)
		if m == nil {
			return fmt.Errorf("window.url holds %q, want http://127.0.0.1:PORT/?token=T (this computer's window, as before)", addr)
		}
		r.local = "http://127.0.0.1:" + m[1]
		r.token = strings.TrimPrefix(addr, r.local+"/?token=")
		return nil
	})
	r.app.WaitOutput(t, "fingerprint=", 1)
	out := r.app.Out.String()
	fp := out[strings.Index(out, "fingerprint=")+len("fingerprint="):]
	r.fingerprint = strings.Fields(fp)[0]
}

func (r *lanRig) certificate(t *testing.T) {
	for _, f := range []string{window.CertFile, window.KeyFile} {
		fi, err := os.Stat(filepath.Join(r.data, f))
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Fatalf("%s: %v; want it in the data folder, 0600", f, err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(r.data, window.CertFile))
	block, _ := pem.Decode(b)
	leaf, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	r.leaf = leaf
	if got := window.Fingerprint(leaf.Raw); got != r.fingerprint {
		t.Fatalf("the log names fingerprint %s, the certificate on disk is %s", r.fingerprint, got)
	}
	// What a device on the network is served is that certificate.
	conn, err := tls.Dial("tcp", r.base[len("https://"):], &tls.Config{InsecureSkipVerify: true})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	served := conn.ConnectionState().PeerCertificates[0]
	if window.Fingerprint(served.Raw) != r.fingerprint || served.VerifyHostname("127.0.0.5") != nil {
		t.Fatalf("served certificate %s naming %v %v; want %s naming 127.0.0.5", window.Fingerprint(served.Raw),
			served.IPAddresses, served.DNSNames, r.fingerprint)
	}
}

// device is an HTTP client on another device (from ip), trusting the
// window's certificate by its fingerprint, following no redirect.
func (r *lanRig) device(ip string) *http.Client {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: time.Minute}
	return &http.Client{Timeout: time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{DialContext: dialer.DialContext, TLSClientConfig: &tls.Config{InsecureSkipVerify: true,
			VerifyConnection: func(cs tls.ConnectionState) error {
				if got := window.Fingerprint(cs.PeerCertificates[0].Raw); got != r.fingerprint {
					return fmt.Errorf("certificate %s is not the window's %s", got, r.fingerprint)
				}
				return nil
			}}}}
}

func (r *lanRig) plainRedirects(t *testing.T) {
	c := r.device("127.0.0.6")
	for _, path := range []string{"/", "/settings", "/api/state"} {
		req, _ := http.NewRequest("GET", fmt.Sprintf("http://127.0.0.5:%d%s", r.port, path), nil)
		req.Header.Set("X-API-Key", r.token) // even a script is not answered over plain HTTP
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != r.base+path || strings.Contains(string(body), "searches") {
			t.Errorf("plain GET %s: %d to %q\n%s; want only a 301 to %s%s", path, res.StatusCode, res.Header.Get("Location"), body, r.base, path)
		}
	}
}

func (r *lanRig) loginRequired(t *testing.T) {
	// This computer's window is as before: the key, no password.
	req, _ := http.NewRequest("GET", r.local+"/api/state", nil)
	req.Header.Set("X-API-Key", r.token)
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 200 {
		t.Fatalf("GET %s/api/state with the key: %v %v", r.local, res, err)
	} else {
		res.Body.Close()
	}
	c := r.device("127.0.0.6")
	res, err := c.Get(r.base + "/settings")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login" {
		t.Errorf("GET /settings without logging in: %d to %q, want 303 to /login", res.StatusCode, res.Header.Get("Location"))
	}
	for _, key := range []string{"", r.token} {
		req, _ := http.NewRequest("GET", r.base+"/api/state", nil)
		if key != "" {
			req.Header.Set("X-API-Key", key)
		}
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if want := map[bool]int{false: 403, true: 200}[key != ""]; res.StatusCode != want {
			t.Errorf("GET /api/state (key given: %v): %d, want %d", key != "", res.StatusCode, want)
		}
	}
}

func (r *lanRig) wrongLimited(t *testing.T) {
	c := r.device("127.0.0.6")
	post := func(pw string) (int, string) {
		req, _ := http.NewRequest("POST", r.base+"/login", strings.NewReader(url.Values{"password": {pw}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", r.base)
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	for i := 1; i < 10; i++ {
		if code, _ := post("guess number " + strconv.Itoa(i)); code != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d, want 401", i, code)
		}
	}
	code, page := post("guess number 10")
	if code != http.StatusTooManyRequests || !strings.Contains(page, "Too many wrong passwords from this device: wait 5 minutes") {
		t.Fatalf("the tenth wrong password in a minute: %d\n%s", code, page)
	}
	if code, _ := post(lanAppPassword); code != http.StatusTooManyRequests {
		t.Fatalf("the right password from the locked-out device: %d, want 429", code)
	}
}

// phoneAddsSearch: a second browser (Chromium, its own profile) that
// trusts the window's key by its SPKI hash, logs in and adds a search.
func (r *lanRig) phoneAddsSearch(t *testing.T, searchURL string) {
	spki := sha256.Sum256(r.leaf.RawSubjectPublicKeyInfo)
	ctx := phoneTab(t, base64.StdEncoding.EncodeToString(spki[:]))
	run(t, ctx, chromedp.Navigate(r.base+"/"), chromedp.WaitVisible(chromedp.ID("password")))
	pageSays(t, ctx, "main", "After ten wrong passwords in a minute")
	run(t, ctx, chromedp.SendKeys(chromedp.ID("password"), lanAppPassword), chromedp.Submit(chromedp.ID("password")),
		chromedp.WaitVisible(chromedp.CSS("#preview-form #add-url")))
	// The page's script is running before the form is used: a form sent
	// before it would go as a plain GET.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingTimeout(testkit.Patience))); err != nil {
		t.Fatal(err)
	}
	cookies, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.cookie`))
	if err != nil || cookies != "" {
		t.Errorf("the page's script sees cookies %q (%v); the session cookie is HttpOnly", cookies, err)
	}
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#add-url"), searchURL), chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
	pageSays(t, ctx, "#preview", "rentwatch read 2 listings on it")
	run(t, ctx, chromedp.WaitVisible(chromedp.ID("pv-name")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("pv-name").value = ""`),
		chromedp.SendKeys(chromedp.ID("pv-name"), "From the phone"),
		chromedp.Click(chromedp.CSS("form[data-save-search] button[type=submit]")))
	pageSays(t, ctx, "#preview-form [data-result]", "Saved")
	if b, _ := os.ReadFile(r.cfg); !strings.Contains(string(b), `url = "`+searchURL+`"`) || !strings.Contains(string(b), `name = "From the phone"`) {
		t.Errorf("the settings file after saving from the phone:\n%s", b)
	}
	sum := sha256.Sum256([]byte(searchURL))
	pageSays(t, ctx, "#s-"+hex.EncodeToString(sum[:6]), "2 listings")
	// The engine checked it: the API, as a script asks it.
	c := r.device("127.0.0.7")
	req, _ := http.NewRequest("GET", r.base+"/api/state", nil)
	req.Header.Set("X-API-Key", r.token)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var s apiState
	if err := json.NewDecoder(res.Body).Decode(&s); err != nil || len(s.Searches) != 1 || s.Searches[0].LastCheck == nil {
		t.Errorf("state %+v (%v), want the phone's search checked", s, err)
	}
	// Settings shows the fingerprint the log gave, for the user to compare.
	run(t, ctx, chromedp.Navigate(r.base+"/settings"), chromedp.WaitVisible(chromedp.ID("fingerprint")))
	pageSays(t, ctx, "#fingerprint", r.fingerprint)
	// Logging out from Settings: back at the login page, and the window
	// asks for the password again.
	run(t, ctx, chromedp.Click(chromedp.CSS(`form[action="/logout"] button`)), chromedp.WaitVisible(chromedp.ID("password")),
		chromedp.Navigate(r.base+"/settings"), chromedp.WaitVisible(chromedp.ID("password")))
}

// phoneTab is a fresh Chromium on its own profile that accepts the
// window's self-signed certificate only for the public key whose SHA-256
// is spki (base64): a pin, as a user's check of the fingerprint is.
func phoneTab(t *testing.T, spki string) context.Context {
	t.Helper()
	actx, stop := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(testkit.Chromium(t)), chromedp.WindowSize(1280, 900),
		chromedp.Flag("ignore-certificate-errors-spki-list", spki),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-pings", true))...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 5*testkit.Patience) // the whole test's tab: bounds a hang only
	t.Cleanup(func() { cancelTime(); cancel(); stop() })
	return ctx
}
