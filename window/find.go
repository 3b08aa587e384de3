package window

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
)

// ErrNotRunning is matched by Find's error when no rentwatch answers at
// the address in window.url.
var ErrNotRunning = errors.New("rentwatch is not running")

// Find returns the address in dataDir/window.url once the rentwatch that
// wrote it answers there (GET /api/state with the token), for `rentwatch
// open`. window.url outlives the app (its token is kept for the next
// start), so a file alone proves nothing. The address must be one Start
// writes, http on 127.0.0.1: the token is sent nowhere else.
func Find(ctx context.Context, dataDir string) (string, error) {
	addr, err := ReadURL(dataDir)
	if err != nil {
		return "", fmt.Errorf("%w (it has not written %s yet)", ErrNotRunning, filepath.Join(dataDir, URLFile))
	}
	u, err := url.Parse(addr)
	if err != nil || u.Scheme != "http" || u.Hostname() != "127.0.0.1" || u.Port() == "" || !validToken(u.Query().Get("token")) {
		return "", fmt.Errorf("%s does not hold an address rentwatch writes (http://127.0.0.1:PORT/?token=…); "+
			"start rentwatch to write it anew", filepath.Join(dataDir, URLFile))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+u.Host+"/api/state", nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("X-API-Key", u.Query().Get("token"))
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w (nothing answers at http://%s/)", ErrNotRunning, u.Host)
	}
	defer res.Body.Close()
	var state struct {
		MaxSearches int `json:"max_searches"`
	}
	err = json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&state)
	if res.StatusCode != http.StatusOK || err != nil || state.MaxSearches == 0 {
		return "", fmt.Errorf("%w: another program answers at http://%s/ (it said %s); start rentwatch to take a free port",
			ErrNotRunning, u.Host, res.Status)
	}
	return addr, nil
}

// Link asks the rentwatch at addr (window.url's address, as Find returns
// it) for a one-time address that opens the window at page ("/",
// "/settings", ...) in a browser: what `rentwatch open` opens. The API key
// goes only to the address window.url names; the answer must be an
// address on the same port of 127.0.0.1.
func Link(ctx context.Context, addr, page string) (string, error) {
	u, err := url.Parse(addr)
	if err != nil || u.Scheme != "http" || u.Hostname() != "127.0.0.1" || !validToken(u.Query().Get("token")) {
		return "", fmt.Errorf("%q is not an address rentwatch writes (http://127.0.0.1:PORT/?token=…)", addr)
	}
	body, _ := json.Marshal(openLinkRequest{Page: page})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+u.Host+"/api/open-link", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("X-API-Key", u.Query().Get("token"))
	req.Header.Set("Content-Type", "application/json")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w (nothing answers at http://%s/)", ErrNotRunning, u.Host)
	}
	defer res.Body.Close()
	var answer struct {
		URL   string `json:"url"`
		Error string `json:"error"`
	}
	err = json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&answer)
	if res.StatusCode != http.StatusOK || err != nil {
		return "", fmt.Errorf("the window at http://%s/ gave no address to open (it said %s %s)", u.Host, res.Status, answer.Error)
	}
	link, err := url.Parse(answer.URL)
	if err != nil || link.Scheme != "http" || link.Host != u.Host || !link.Query().Has("code") {
		return "", fmt.Errorf("the window at http://%s/ gave an address rentwatch does not make: %q", u.Host, answer.URL)
	}
	return answer.URL, nil
}
