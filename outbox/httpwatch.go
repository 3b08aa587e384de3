package outbox

import (
	"crypto/tls"
	"net"
	"net/http"
	"sync"
	"time"

	"rentwatch/blocks"
)

// pushTimeout bounds one push request from dial to the end of the answer.
// Some services send through http.DefaultClient, which has no timeout at
// all: a hung server would hold the channel forever.
const pushTimeout = 30 * time.Second

// answer is what a server said to one request: its status and Retry-After,
// or the error when there was no answer.
type answer struct {
	host       string
	status     int
	retryAfter time.Duration
	err        error
	at         time.Time
}

// httpWatch is an http.RoundTripper that remembers the last answer from
// each host. shoutrrr's errors do not carry a response's Retry-After (and
// some not even its status); the channel reads them here. Safe for
// concurrent use.
type httpWatch struct {
	base http.RoundTripper

	// mu guards last.
	mu   sync.Mutex
	last map[string]answer // by request host
}

func newHTTPWatch(base http.RoundTripper) *httpWatch {
	return &httpWatch{base: base, last: map[string]answer{}}
}

func (w *httpWatch) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := w.base.RoundTrip(req)
	a := answer{host: req.URL.Host, err: err, at: time.Now()}
	if err == nil {
		a.status = resp.StatusCode
		if d, ok := blocks.ParseRetryAfter(resp.Header.Get("Retry-After"), a.at); ok {
			a.retryAfter = d
		}
	}
	w.mu.Lock()
	w.last[req.URL.Host] = a
	w.mu.Unlock()
	return resp, err
}

// since returns the last answer from host at or after t; with host "" the
// last answer from any host.
func (w *httpWatch) since(host string, t time.Time) (answer, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if host != "" {
		a, ok := w.last[host]
		return a, ok && !a.at.Before(t)
	}
	var best answer
	for _, a := range w.last {
		if !a.at.Before(t) && a.at.After(best.at) {
			best = a
		}
	}
	return best, !best.at.IsZero()
}

// pushTransport is the transport push requests go through: bounded at
// every step, TLS 1.2 at least. insecure skips certificate checks, for a
// URL that asks for it (ntfy's disabletlsverification).
func pushTransport(insecure bool) *http.Transport {
	d := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           d.DialContext,
		TLSClientConfig:       &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: insecure}, //nolint:gosec // only when the URL says so
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: pushTimeout,
		IdleConnTimeout:       90 * time.Second,
		MaxIdleConns:          10,
	}
}

// sharedWatch watches http.DefaultClient, which the webhook, Telegram and
// other services send through; watchDefaultClient installs it once.
var (
	sharedWatch     *httpWatch
	sharedWatchOnce sync.Once
)

// watchDefaultClient gives http.DefaultClient a timeout and the shared
// watch. Nothing else in rentwatch uses the default client; this makes a
// hung webhook end instead of holding its goroutine for good.
func watchDefaultClient() *httpWatch {
	sharedWatchOnce.Do(func() {
		sharedWatch = newHTTPWatch(pushTransport(false))
		http.DefaultClient.Transport = sharedWatch
		http.DefaultClient.Timeout = pushTimeout
	})
	return sharedWatch
}
