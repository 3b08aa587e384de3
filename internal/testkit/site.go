package testkit

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Site is a web site on a loopback address of its own that records every
// request it gets (with its headers; bodies are not kept): what a browser
// sent a site is read back from it. Safe for concurrent use; the server
// stops when the test ends.
type Site struct {
	*httptest.Server

	// mu guards reqs.
	mu   sync.Mutex
	reqs []*http.Request
}

// StartSite serves mux on host (an IP of 127.0.0.0/8), recording first.
func StartSite(t testing.TB, host string, mux *http.ServeMux) *Site {
	t.Helper()
	s := &Site{}
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", host, err)
	}
	s.Server = &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.reqs = append(s.reqs, r.Clone(context.Background()))
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	})}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// Requests returns the requests so far.
func (s *Site) Requests() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.reqs...)
}

// WaitFor waits (a minute at most: it only bounds a hang) until a request
// for path came, and returns it.
func (s *Site) WaitFor(t testing.TB, path string) *http.Request {
	t.Helper()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		for _, r := range s.Requests() {
			if r.URL.Path == path {
				return r
			}
		}
	}
	t.Fatalf("no request for %s came", path)
	return nil
}

// ServePage answers path with an HTML body and the headers given as
// name, value pairs.
func ServePage(mux *http.ServeMux, path, body string, header ...string) {
	mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(body))
	})
}

// chromeNavigation are the request headers of a person's Chrome opening a
// page from its address bar, as Chrome 100 and later send them over plain
// HTTP to a host it has no cookies or client-hint settings for: each
// header with what its value must look like. No other header may come.
var chromeNavigation = map[string]*regexp.Regexp{
	"User-Agent": regexp.MustCompile(`^Mozilla/5\.0 \((X11; Linux x86_64|Windows NT 10\.0; Win64; x64|Macintosh; Intel Mac OS X 10_15_7)\) ` +
		`AppleWebKit/537\.36 \(KHTML, like Gecko\) Chrome/(\d+)\.0\.0\.0 Safari/537\.36$`),
	"Accept":                    regexp.MustCompile(`^text/html,application/xhtml\+xml,application/xml;q=0\.9,(image/\w+,)*\*/\*;q=0\.8(,application/signed-exchange;v=b3;q=0\.7)?$`),
	"Accept-Encoding":           regexp.MustCompile(`^gzip, deflate, br(, zstd)?$`),
	"Accept-Language":           regexp.MustCompile(`^[a-z]{2}(-[A-Z]{2})?(,[a-z]{2}(-[A-Z]{2})?;q=0\.\d)*$`),
	"Connection":                regexp.MustCompile(`^keep-alive$`),
	"Upgrade-Insecure-Requests": regexp.MustCompile(`^1$`),
	"Sec-Fetch-Dest":            regexp.MustCompile(`^document$`),
	"Sec-Fetch-Mode":            regexp.MustCompile(`^navigate$`),
	"Sec-Fetch-Site":            regexp.MustCompile(`^none$`),
	"Sec-Fetch-User":            regexp.MustCompile(`^\?1$`),
	"Sec-Ch-Ua":                 regexp.MustCompile(`^("[^"]+";v="\d+"(, )?){2,3}$`),
	"Sec-Ch-Ua-Mobile":          regexp.MustCompile(`^\?0$`),
	"Sec-Ch-Ua-Platform":        regexp.MustCompile(`^"(Linux|Windows|macOS)"$`),
}

// NavigationProblems says how h differs from a person's Chrome's request
// for a page (chromeNavigation); none means it does not.
func NavigationProblems(h http.Header) []string {
	var out []string
	for name, re := range chromeNavigation {
		if v := h.Get(name); !re.MatchString(v) {
			out = append(out, fmt.Sprintf("%s: %q does not match %s", name, v, re))
		}
	}
	for name := range h {
		if chromeNavigation[name] == nil {
			out = append(out, fmt.Sprintf("%s: %q: a header a person's Chrome does not send here", name, h.Get(name)))
		}
	}
	ua := chromeNavigation["User-Agent"].FindStringSubmatch(h.Get("User-Agent"))
	if ua != nil && !strings.Contains(h.Get("Sec-Ch-Ua"), `"Chromium";v="`+ua[2]+`"`) {
		out = append(out, fmt.Sprintf("Sec-Ch-Ua %q does not name Chromium %s as the user agent does", h.Get("Sec-Ch-Ua"), ua[2]))
	}
	return out
}

// HeaderNames are the names of the headers in a or b.
func HeaderNames(a, b http.Header) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
