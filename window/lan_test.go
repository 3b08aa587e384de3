package window

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"rentwatch/config"
)

// The window on the home network, played by another loopback address
// (127.0.0.5): the phone is a client that pins the certificate by the
// fingerprint the window shows, as a user checks it.

const lanPassword = "a long password"

// freeLANPort is a port free on 127.0.0.5 just now.
func freeLANPort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp4", "127.0.0.5:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// lanSettings is a settings file with the window on 127.0.0.5:port and,
// when password is not "", its hash.
func lanSettings(t testing.TB, port int, password string) string {
	t.Helper()
	text := fmt.Sprintf("version = 1\n[window]\nlisten = \"127.0.0.5:%d\"\n", port)
	if password != "" {
		hash, err := config.HashPassword(password)
		if err != nil {
			t.Fatal(err)
		}
		text += "password_hash = \"" + hash + "\"\n"
	}
	return text
}

// phone is a browser on another device: it trusts the window's
// certificate only when its fingerprint is want, keeps cookies, and
// follows no redirect.
func phone(t testing.TB, want string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true,
			VerifyConnection: func(cs tls.ConnectionState) error {
				if got := Fingerprint(cs.PeerCertificates[0].Raw); got != want {
					return fmt.Errorf("certificate %s, not the one the window shows (%s)", got, want)
				}
				return nil
			}}}}
}

func send(t testing.TB, c *http.Client, method, u string, form url.Values, header map[string]string) (*http.Response, string) {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// On every interface, the window's home-network address is the one a
// phone reaches, the same in Settings and in the alerts' links (before,
// Settings said 127.0.0.1, the phone's own address).
func TestLANOnEveryInterfaceSaysOneAddress(t *testing.T) {
	port := freeLANPort(t)
	r := startRig(t, strings.Replace(lanSettings(t, port, lanPassword), "127.0.0.5", "0.0.0.0", 1))
	want := fmt.Sprintf("https://%s/", net.JoinHostPort(homeAddress(), strconv.Itoa(port)))
	if got := r.srv.NetworkAddress(); got != want {
		t.Errorf("Settings says the window is at %q, want %q", got, want)
	}
	if got := r.srv.Link("/listings"); got != want+"listings" {
		t.Errorf("an alert links to %q, want %q", got, want+"listings")
	}
}

func TestLANServesHTTPSOnlyWithItsOwnCertificate(t *testing.T) {
	port := freeLANPort(t)
	r := startRig(t, lanSettings(t, port, lanPassword))
	base := fmt.Sprintf("https://127.0.0.5:%d", port)
	if got := r.srv.NetworkAddress(); got != base+"/" {
		t.Fatalf("the window on the home network is at %q, want %s/", got, base)
	}
	// This computer keeps today's window: window.url on 127.0.0.1, plain
	// HTTP, the key and the one-time codes, no password.
	if got := r.srv.URL(); !strings.HasPrefix(got, "http://127.0.0.1:") {
		t.Fatalf("window.url's address = %s, want http://127.0.0.1:PORT/?token=...", got)
	}
	if code, _ := r.api("GET", "/api/state", nil); code != 200 {
		t.Fatalf("GET /api/state on 127.0.0.1 with the key: %d", code)
	}
	r.session() // a one-time address lets a browser in on 127.0.0.1, no login
	// The certificate: in the data folder, private, naming the address.
	for _, f := range []string{CertFile, KeyFile} {
		st, err := os.Stat(filepath.Join(r.dir, f))
		if err != nil || st.Mode().Perm() != 0o600 {
			t.Fatalf("%s: %v, mode %v; want 0600", f, err, st.Mode().Perm())
		}
	}
	fp := lanFingerprint(t, r.srv)
	c := phone(t, fp)
	res, _ := send(t, c, "GET", base+"/", nil, nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login" {
		t.Fatalf("GET / without logging in: %d to %q; want 303 to /login", res.StatusCode, res.Header.Get("Location"))
	}
	leaf := res.TLS.PeerCertificates[0]
	if err := leaf.VerifyHostname("127.0.0.5"); err != nil {
		t.Errorf("the certificate does not name the listen address: %v", err)
	}
	if k, ok := leaf.PublicKey.(*ecdsa.PublicKey); !ok || k.Curve != elliptic.P256() {
		t.Errorf("the certificate's key is %v, want ECDSA P-256", leaf.PublicKeyAlgorithm)
	}

	// Plain HTTP on the same port: nothing but a redirect to https.
	for _, path := range []string{"/", "/api/state", "/settings?x=1", "//evil.example/"} {
		plain := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, body := send(t, plain, "GET", fmt.Sprintf("http://127.0.0.5:%d%s", port, path), nil, map[string]string{"X-API-Key": r.srv.apiKey()})
		to := res.Header.Get("Location")
		if res.StatusCode != http.StatusMovedPermanently || !strings.HasPrefix(to, base+"/") || strings.Contains(body, "rentwatch-csrf") {
			t.Errorf("plain GET %s: %d to %q; want 301 to %s/...", path, res.StatusCode, to, base)
		}
	}
	// A Host from elsewhere is sent to the window's own address, not its own.
	plain := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, _ = send(t, plain, "GET", fmt.Sprintf("http://127.0.0.5:%d/", port), nil, map[string]string{"Host": "evil.example"})
	if to := res.Header.Get("Location"); strings.Contains(to, "evil.example") {
		t.Errorf("plain GET with Host evil.example redirected to %q", to)
	}

	// The same certificate after a restart: a phone that trusted it is not asked again.
	r.srv.Close()
	srv2, err := Start(r.dir, Deps{Watcher: r.watcher, Settings: r.owner, Now: func() time.Time { return r.now }})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	if got := lanFingerprint(t, srv2); got != fp {
		t.Errorf("a restart made a new certificate: %s, was %s", got, fp)
	}
}

func TestLANLogin(t *testing.T) {
	port := freeLANPort(t)
	r := startRig(t, lanSettings(t, port, lanPassword))
	base := fmt.Sprintf("https://127.0.0.5:%d", port)
	origin := map[string]string{"Origin": base}
	c := phone(t, lanFingerprint(t, r.srv))

	res, page := send(t, c, "GET", base+"/login", nil, nil)
	if res.StatusCode != 200 || !strings.Contains(page, "After ten wrong passwords in a minute") {
		t.Fatalf("login page: %d\n%s", res.StatusCode, page)
	}
	// The API without a key or session: refused, not sent to a page.
	if res, _ := send(t, c, "GET", base+"/api/state", nil, nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("GET /api/state without logging in: %d, want 403", res.StatusCode)
	}
	// Scripts keep the API key.
	if res, _ := send(t, c, "GET", base+"/api/state", nil, map[string]string{"X-API-Key": r.srv.apiKey()}); res.StatusCode != 200 {
		t.Errorf("GET /api/state with X-API-Key: %d, want 200", res.StatusCode)
	}
	// A login posted from another site is refused.
	if res, _ := send(t, c, "POST", base+"/login", url.Values{"password": {lanPassword}}, map[string]string{"Origin": "https://evil.example"}); res.StatusCode != http.StatusForbidden {
		t.Errorf("POST /login from another site: %d, want 403", res.StatusCode)
	}
	res, page = send(t, c, "POST", base+"/login", url.Values{"password": {"not it at all"}}, origin)
	if res.StatusCode != http.StatusUnauthorized || !strings.Contains(page, "That is not the password") {
		t.Errorf("wrong password: %d\n%s", res.StatusCode, page)
	}
	res, _ = send(t, c, "POST", base+"/login", url.Values{"password": {lanPassword}}, origin)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
		t.Fatalf("right password: %d to %q, want 303 to /", res.StatusCode, res.Header.Get("Location"))
	}
	var cookie *http.Cookie
	for _, ck := range res.Cookies() {
		if ck.Name == "rentwatch-session-"+strconv.Itoa(port) {
			cookie = ck
		}
	}
	if cookie == nil || !cookie.Secure || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || cookie.MaxAge != 30*24*3600 {
		t.Fatalf("session cookie %+v: want Secure, HttpOnly, SameSite=Strict, 30 days", cookie)
	}
	res, page = send(t, c, "GET", base+"/settings", nil, nil)
	if res.StatusCode != 200 || !strings.Contains(page, lanFingerprint(t, r.srv)) {
		t.Fatalf("Settings after logging in: %d; the fingerprint shown: %v", res.StatusCode, strings.Contains(page, lanFingerprint(t, r.srv)))
	}
	csrf := regexp.MustCompile(`name="rentwatch-csrf" content="([0-9a-f]+)"`).FindStringSubmatch(page)[1]

	// A change from the page needs its CSRF token, as on loopback.
	add := `{"name":"Funda","url":"https://www.funda.nl/zoeken/huur?selected_area=[%22amsterdam%22]"}`
	req := func(h map[string]string) int {
		rq, _ := http.NewRequest("POST", base+"/api/searches", strings.NewReader(add))
		rq.Header.Set("Content-Type", "application/json")
		for k, v := range h {
			rq.Header.Set(k, v)
		}
		res, err := c.Do(rq)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if code := req(origin); code != http.StatusForbidden {
		t.Errorf("a change without the CSRF token: %d, want 403", code)
	}
	if code := req(map[string]string{"Origin": base, "X-CSRF-Token": csrf}); code != http.StatusCreated && code != 200 {
		t.Errorf("a change from the page: %d", code)
	}
	// The machine's own name is one of the window's names, in Host and in
	// the certificate.
	// The machine's own name is one of the window's names: a phone that
	// reaches it by name logs in there, and the certificate names it.
	if h, err := os.Hostname(); err == nil && h != "" {
		h = strings.ToLower(h)
		byName := phone(t, lanFingerprint(t, r.srv))
		byName.Transport.(*http.Transport).DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, fmt.Sprintf("127.0.0.5:%d", port))
		}
		named := fmt.Sprintf("https://%s:%d", h, port)
		res, _ := send(t, byName, "POST", named+"/login", url.Values{"password": {lanPassword}}, map[string]string{"Origin": named})
		if res.StatusCode != http.StatusSeeOther {
			t.Errorf("logging in at %s (the machine's name): %d, want 303", named, res.StatusCode)
		} else if err := res.TLS.PeerCertificates[0].VerifyHostname(h); err != nil {
			t.Errorf("the certificate does not name the machine: %v", err)
		}
		if res, _ := send(t, byName, "GET", named+"/", nil, nil); res.StatusCode != 200 {
			t.Errorf("GET %s/ logged in: %d, want 200", named, res.StatusCode)
		}
	}
	// Another Host: refused, whatever the cookie.
	if res, _ := send(t, c, "GET", base+"/", nil, map[string]string{"Host": "evil.example:" + strconv.Itoa(port)}); res.StatusCode != http.StatusForbidden {
		t.Errorf("Host evil.example: %d, want 403", res.StatusCode)
	}

	// 30 days unused ends the session; using it keeps it.
	r.now = r.now.Add(29 * 24 * time.Hour)
	if res, _ := send(t, c, "GET", base+"/", nil, nil); res.StatusCode != 200 {
		t.Fatalf("after 29 days: %d, want 200", res.StatusCode)
	}
	r.now = r.now.Add(29 * 24 * time.Hour)
	if res, _ := send(t, c, "GET", base+"/", nil, nil); res.StatusCode != 200 {
		t.Fatalf("29 days after the last use: %d, want 200 (the session is renewed as it is used)", res.StatusCode)
	}
	r.now = r.now.Add(31 * 24 * time.Hour)
	if res, _ := send(t, c, "GET", base+"/", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("31 days unused: %d, want 303 to the login page", res.StatusCode)
	}

	// Logging out ends it.
	send(t, c, "POST", base+"/login", url.Values{"password": {lanPassword}}, origin)
	res, _ = send(t, c, "POST", base+"/logout", url.Values{}, origin)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("logout: %d", res.StatusCode)
	}
	if res, _ := send(t, c, "GET", base+"/", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("after logging out: %d, want 303 to the login page", res.StatusCode)
	}
}

func TestLANWrongPasswordsLimited(t *testing.T) {
	port := freeLANPort(t)
	r := startRig(t, lanSettings(t, port, lanPassword))
	base := fmt.Sprintf("https://127.0.0.5:%d", port)
	origin := map[string]string{"Origin": base}
	c := phone(t, lanFingerprint(t, r.srv))
	for i := 1; i < maxWrong; i++ {
		if res, _ := send(t, c, "POST", base+"/login", url.Values{"password": {"guess " + strconv.Itoa(i)}}, origin); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d, want 401", i, res.StatusCode)
		}
		r.now = r.now.Add(5 * time.Second)
	}
	res, page := send(t, c, "POST", base+"/login", url.Values{"password": {"guess 10"}}, origin)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "300" || !strings.Contains(page, "wait 5 minutes") {
		t.Fatalf("tenth wrong password in a minute: %d, Retry-After %q\n%s", res.StatusCode, res.Header.Get("Retry-After"), page)
	}
	// Locked out: the right password is not even tried.
	if res, _ := send(t, c, "POST", base+"/login", url.Values{"password": {lanPassword}}, origin); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the right password while locked out: %d, want 429", res.StatusCode)
	}
	r.now = r.now.Add(lockedFor)
	if res, _ := send(t, c, "POST", base+"/login", url.Values{"password": {lanPassword}}, origin); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the right password five minutes later: %d, want 303", res.StatusCode)
	}
}

// Wrong passwords spread over more than a minute are a user who forgets,
// not a guesser: never locked out.
func TestLoginLimitCountsAMinute(t *testing.T) {
	l := newLoginLimit()
	at := time.Date(2025, 3, 14, 14, 0, 0, 0, time.UTC)
	for i := range 30 {
		if until := l.failed("192.168.1.7", at.Add(time.Duration(i)*7*time.Second)); !until.IsZero() {
			t.Fatalf("locked out at wrong password %d, one every 7 seconds", i+1)
		}
	}
	for range maxWrong {
		l.failed("192.168.1.8", at)
	}
	if l.lockedUntil("192.168.1.8", at).IsZero() || !l.lockedUntil("192.168.1.7", at.Add(time.Hour)).IsZero() {
		t.Fatal("the limit is not per address")
	}
}

func TestLANWithoutPasswordStaysOnLoopback(t *testing.T) {
	port := freeLANPort(t)
	r := startRig(t, lanSettings(t, port, ""))
	if r.srv.NetworkAddress() != "" || !strings.HasPrefix(r.srv.URL(), "http://127.0.0.1:") {
		t.Fatalf("no password, and the window is at %s", r.srv.URL())
	}
	if c, err := net.Dial("tcp4", fmt.Sprintf("127.0.0.5:%d", port)); err == nil {
		c.Close()
		t.Fatal("the window listens on the home network without a password")
	}
	code, m := r.api("GET", "/api/settings", nil)
	win, _ := m["window"].(map[string]any)
	if problem, _ := win["problem"].(string); code != 200 || !strings.Contains(problem, "needs a password, and none is set") {
		t.Fatalf("GET /api/settings: %d, window %v", code, win)
	}
	// Set it from Settings; a change then needs the current one.
	if code, m := r.api("POST", "/api/settings/window-password", map[string]string{"password": "short"}); code != 400 {
		t.Errorf("a short password: %d %v", code, m)
	}
	// The window opens to the home network at once, no restart.
	base := fmt.Sprintf("https://127.0.0.5:%d", port)
	if code, m := r.api("POST", "/api/settings/window-password", map[string]string{"password": lanPassword}); code != 200 || !strings.Contains(m["message"].(string), "open to your home network at "+base+"/") {
		t.Fatalf("set the password: %d %v", code, m)
	}
	if !config.PasswordMatches(r.settings().Window.PasswordHash, lanPassword) {
		t.Fatal("the settings file does not hold the password's hash")
	}
	loginFromPhone(t, r, base)
	if got := r.srv.Link("/listings"); got != base+"/listings" {
		t.Errorf("alerts link to %s, want the home network's %s/listings", got, base)
	}
	code, m = r.api("GET", "/api/settings", nil)
	if win, _ := m["window"].(map[string]any); code != 200 || win["network"] != true || win["problem"] != nil {
		t.Errorf("GET /api/settings once open: %d, window %v", code, win)
	}
	if code, _ := r.api("POST", "/api/settings/window-password", map[string]string{"current": "wrong one", "password": "another password"}); code != 403 {
		t.Errorf("a change with the wrong current password: %d, want 403", code)
	}
	if code, _ := r.api("POST", "/api/settings/window-password", map[string]string{"current": lanPassword, "password": "another password"}); code != 200 {
		t.Errorf("a change with the current password: %d", code)
	}
	if !config.PasswordMatches(r.settings().Window.PasswordHash, "another password") {
		t.Fatal("the change did not reach the settings file")
	}
}

// A password set outside the window (`rentwatch set-password` writes the
// settings file) opens the window to the home network too: the window
// follows the settings, no restart.
func TestLANOpensWhenThePasswordComesFromTheFile(t *testing.T) {
	port := freeLANPort(t)
	opened := make(chan string, 1)
	r := startRig(t, lanSettings(t, port, ""), func(d *Deps) { d.ListingsLinkChanged = func(link string) { opened <- link } })
	if r.srv.NetworkAddress() != "" {
		t.Fatal("open to the home network without a password")
	}
	if err := os.WriteFile(r.path, []byte(lanSettings(t, port, lanPassword)), 0o600); err != nil {
		t.Fatal(err)
	}
	base := fmt.Sprintf("https://127.0.0.5:%d", port)
	select {
	case link := <-opened:
		if link != base+"/listings" {
			t.Errorf("alerts are told the Listings page is at %s, want %s/listings", link, base)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the window did not open to the home network after the password was written to the settings file")
	}
	loginFromPhone(t, r, base)
}

// loginFromPhone logs in to the window at base from another device.
func loginFromPhone(t *testing.T, r *rig, base string) {
	t.Helper()
	c := phone(t, lanFingerprint(t, r.srv))
	res, _ := send(t, c, "POST", base+"/login", url.Values{"password": {lanPassword}}, map[string]string{"Origin": base})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("log in from the phone: %d, want 303", res.StatusCode)
	}
	if res, page := send(t, c, "GET", base+"/settings", nil, nil); res.StatusCode != 200 || !strings.Contains(page, base) {
		t.Fatalf("Settings from the phone: %d", res.StatusCode)
	}
}

// A new password ends every session on the home network made with the
// old one, but the one that changed it.
func TestLANPasswordChangeEndsOtherSessions(t *testing.T) {
	port := freeLANPort(t)
	r := startRig(t, lanSettings(t, port, lanPassword))
	base := fmt.Sprintf("https://127.0.0.5:%d", port)
	origin := map[string]string{"Origin": base}
	mine, other := phone(t, lanFingerprint(t, r.srv)), phone(t, lanFingerprint(t, r.srv))
	for _, c := range []*http.Client{mine, other} {
		if res, _ := send(t, c, "POST", base+"/login", url.Values{"password": {lanPassword}}, origin); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("login: %d", res.StatusCode)
		}
	}
	_, page := send(t, mine, "GET", base+"/settings", nil, nil)
	csrf := regexp.MustCompile(`name="rentwatch-csrf" content="([0-9a-f]+)"`).FindStringSubmatch(page)[1]
	rq, _ := http.NewRequest("POST", base+"/api/settings/window-password",
		strings.NewReader(`{"current":"`+lanPassword+`","password":"a newer password"}`))
	rq.Header.Set("Origin", base)
	rq.Header.Set("X-CSRF-Token", csrf)
	res, err := mine.Do(rq)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("change the password from the page: %d", res.StatusCode)
	}
	if res, _ := send(t, mine, "GET", base+"/settings", nil, nil); res.StatusCode != 200 {
		t.Errorf("the browser that changed it: %d, want 200", res.StatusCode)
	}
	if res, _ := send(t, other, "GET", base+"/settings", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("another browser after the change: %d, want 303 to the login page", res.StatusCode)
	}
}

// A client that opens a connection and says nothing is given up on; the
// window goes on answering others meanwhile.
func TestLANSilentClientHoldsNothing(t *testing.T) {
	port := freeLANPort(t)
	r := startRig(t, lanSettings(t, port, lanPassword))
	silent, err := net.Dial("tcp4", fmt.Sprintf("127.0.0.5:%d", port))
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	c := phone(t, lanFingerprint(t, r.srv))
	if res, _ := send(t, c, "GET", fmt.Sprintf("https://127.0.0.5:%d/login", port), nil, nil); res.StatusCode != 200 {
		t.Fatalf("login page while another client is silent: %d", res.StatusCode)
	}
	plain, err := net.Dial("tcp4", fmt.Sprintf("127.0.0.5:%d", port))
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	fmt.Fprintf(plain, "GET / HTTP/1.1\r\nHost: 127.0.0.5:%d\r\n\r\n", port)
	line, _ := bufio.NewReader(plain).ReadString('\n')
	if !strings.Contains(line, "301") {
		t.Fatalf("a raw plain request: %q, want a 301", line)
	}
}

// A form posted from a page served with Referrer-Policy: no-referrer
// says "Origin: null"; Sec-Fetch-Site, which no page can set, decides.
func TestLANLoginFormOrigin(t *testing.T) {
	port := freeLANPort(t)
	r := startRig(t, lanSettings(t, port, lanPassword))
	base := fmt.Sprintf("https://127.0.0.5:%d", port)
	for _, c := range []struct {
		origin, site string
		want         int
	}{
		{base, "same-origin", http.StatusSeeOther},
		{"null", "same-origin", http.StatusSeeOther},
		{"null", "cross-site", http.StatusForbidden},
		{"null", "", http.StatusForbidden},
		{"https://evil.example", "cross-site", http.StatusForbidden},
		{fmt.Sprintf("http://127.0.0.5:%d", port), "", http.StatusForbidden}, // plain http is not the window's origin here
	} {
		h := map[string]string{"Origin": c.origin}
		if c.site != "" {
			h["Sec-Fetch-Site"] = c.site
		}
		res, _ := send(t, phone(t, lanFingerprint(t, r.srv)), "POST", base+"/login", url.Values{"password": {lanPassword}}, h)
		if res.StatusCode != c.want {
			t.Errorf("POST /login with Origin %q, Sec-Fetch-Site %q: %d, want %d", c.origin, c.site, res.StatusCode, c.want)
		}
	}
}

// lanFingerprint is the certificate's fingerprint of the window on the
// home network, as Settings shows it.
func lanFingerprint(t testing.TB, s *Server) string {
	t.Helper()
	h, _ := s.onNetwork()
	if h == nil {
		t.Fatal("the window is not on the home network")
	}
	return h.lan.fingerprint
}

// Settings' switch opens the window to the home network at once and
// closes it again, writing listen to the settings file; it needs the
// password first.
func TestLANSwitch(t *testing.T) {
	port := freeLANPort(t)
	listen := fmt.Sprintf("127.0.0.5:%d", port)
	base := "https://" + listen
	changed := make(chan string, 4)
	r := startRig(t, "version = 1\n", func(d *Deps) {
		d.HomeListen = listen
		d.ListingsLinkChanged = func(link string) { changed <- link }
	})
	on, off := map[string]any{"home_network": true}, map[string]any{"home_network": false}
	if code, m := r.api("PATCH", "/api/settings", on); code != http.StatusConflict || !strings.Contains(fmt.Sprint(m["error"]), "set a password for the window first") {
		t.Fatalf("switched on without a password: %d %v", code, m)
	}
	if code, m := r.api("POST", "/api/settings/window-password", map[string]string{"password": lanPassword}); code != 200 || r.srv.NetworkAddress() != "" {
		t.Fatalf("set the password: %d %v; the window at %q", code, m, r.srv.NetworkAddress())
	}
	code, m := r.api("PATCH", "/api/settings", on)
	win, _ := m["window"].(map[string]any)
	if code != 200 || win["network"] != true || win["home_network"] != true || win["address"] != base+"/" {
		t.Fatalf("switched on: %d, window %v", code, win)
	}
	if got := r.settings().Window.Listen; got != listen {
		t.Errorf("the settings file listens on %q, want %q", got, listen)
	}
	if link := <-changed; link != base+"/listings" {
		t.Errorf("alerts are told the Listings page is at %s", link)
	}
	loginFromPhone(t, r, base)
	if got := r.srv.Link("/listings"); got != base+"/listings" {
		t.Errorf("alerts link to %s, want the home network's", got)
	}

	code, m = r.api("PATCH", "/api/settings", off)
	win, _ = m["window"].(map[string]any)
	if code != 200 || win["network"] != false || win["home_network"] != false {
		t.Fatalf("switched off: %d, window %v", code, win)
	}
	if link := <-changed; !strings.HasPrefix(link, "http://127.0.0.1:") {
		t.Errorf("switched off, alerts are told the Listings page is at %s", link)
	}
	if got := r.settings().Window.Listen; got != "" {
		t.Errorf("the settings file still listens on %q", got)
	}
	if c, err := net.Dial("tcp4", listen); err == nil {
		c.Close()
		t.Fatal("switched off, and the window still listens on the home network")
	}
	if got := r.srv.Link("/listings"); !strings.HasPrefix(got, "http://127.0.0.1:") {
		t.Errorf("switched off, alerts link to %s", got)
	}
}
