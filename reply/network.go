package reply

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"rentwatch/pages"
	"rentwatch/pages/read"
)

// How long the send waits for the network, once the button is clicked:
// for the form's request to leave the browser (a page that sends nothing
// by then stopped the form itself: its own checks, a field it wants), and
// then for the portal's answer to it.
const (
	leaveWait  = 5 * time.Second
	answerWait = 20 * time.Second
)

// requests watches one tab's network for the form's request: a POST (or
// PUT, PATCH) of a document, an XHR or a fetch to the listing's own site
// that carries the message's first words in their order. Pings and GETs are never it (a beacon, the
// page loading a script), nor is a request with no body at all (a page
// keeping its session alive on the click, while its own checks stop the
// form): a form sends its fields. A request with a body the browser did
// not give counts as carrying it: it is large, as a message is not, but
// it went to the portal after the click.
type requests struct {
	site  string   // registrable domain of the listing's page
	words [][]byte // the message's words, as any encoding of the form carries them (messageWords)
	note  chan struct{}

	// mu guards the fields below.
	mu    sync.Mutex
	order []network.RequestID
	byID  map[network.RequestID]*request
}

// request is one candidate and what became of it.
type request struct {
	url     string
	method  string
	carries bool // its body holds the message's token, or was not given
	// answered: the portal answered, with status and header (a redirect
	// is an answer). failed: the browser gave up on it, with why.
	answered bool
	status   int
	header   http.Header
	failed   string
}

// watchRequests starts watching the tab of ctx for the form of a message;
// the watch ends with ctx.
func watchRequests(ctx context.Context, listingURL, message string) (*requests, error) {
	w := &requests{words: messageWords(message), note: make(chan struct{}, 1), byID: map[network.RequestID]*request{}}
	if u, err := url.Parse(listingURL); err == nil {
		w.site = read.SiteOf(u.Host)
	}
	if err := chromedp.Listen(ctx, w.listen); err != nil {
		return nil, err
	}
	return w, nil
}

// maxWords is how many of the message's first words a request must carry
// to be the form's: enough that no other request the page makes on the
// click (an event naming the listing, whose title the message holds too)
// carries them all, few enough that a portal cutting a long message short
// still sends them.
const maxWords = 16

// messageWords are the message's first maxWords runs of letters and
// digits, in any alphabet ("Здравствуйте" as much as "Hallo").
func messageWords(msg string) [][]byte {
	var out [][]byte
	for _, w := range strings.FieldsFunc(msg, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(out) == maxWords {
			break
		}
		out = append(out, []byte(w))
	}
	return out
}

// carriesWords reports whether body holds words in their order: as they
// are (JSON, multipart and HTML carry letters of any alphabet as UTF-8),
// or once the escapes a form may use are undone (urlencoded forms send
// every letter outside ASCII as %XX bytes, some JSON writers as \uXXXX).
// A message with no word at all cannot tell its form apart: no body
// carries it.
func carriesWords(body []byte, words [][]byte) bool {
	if len(words) == 0 {
		return false
	}
	return inOrder(body, words) || inOrder(unescaped(body), words)
}

func inOrder(body []byte, words [][]byte) bool {
	for _, w := range words {
		i := bytes.Index(body, w)
		if i < 0 {
			return false
		}
		body = body[i+len(w):]
	}
	return true
}

// unescaped is body with %XX and \uXXXX escapes (a surrogate pair as one
// letter) turned back into the UTF-8 they stand for; the rest is kept.
func unescaped(body []byte) []byte {
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); i++ {
		switch {
		case body[i] == '%':
			if v, ok := hexAt(body, i+1, 2); ok {
				out = append(out, byte(v))
				i += 2
				continue
			}
		case body[i] == '\\' && i+1 < len(body) && body[i+1] == 'u':
			if v, ok := hexAt(body, i+2, 4); ok {
				r := rune(v)
				i += 5
				if utf16.IsSurrogate(r) && i+2 < len(body) && body[i+1] == '\\' && body[i+2] == 'u' {
					if w, ok := hexAt(body, i+3, 4); ok {
						r = utf16.DecodeRune(r, rune(w))
						i += 6
					}
				}
				out = utf8.AppendRune(out, r)
				continue
			}
		}
		out = append(out, body[i])
	}
	return out
}

// hexAt reads the n hex digits at body[i:], if that is what is there.
func hexAt(body []byte, i, n int) (uint64, bool) {
	if i+n > len(body) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(body[i:i+n]), 16, 32)
	return v, err == nil
}

// listen runs in chromedp's event loop: it only records.
func (w *requests) listen(ev any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if r := w.byID[ev.RequestID]; r != nil && ev.RedirectResponse != nil {
			w.answer(r, ev.RedirectResponse) // a redirect is the portal's answer
			return
		}
		if r := w.candidate(ev); r != nil {
			w.byID[ev.RequestID] = r
			w.order = append(w.order, ev.RequestID)
			w.wake()
		}
	case *network.EventResponseReceived:
		if r := w.byID[ev.RequestID]; r != nil && !r.answered {
			w.answer(r, ev.Response)
		}
	case *network.EventLoadingFailed:
		if r := w.byID[ev.RequestID]; r != nil && !r.answered {
			r.failed = ev.ErrorText
			if ev.Canceled && r.failed == "" {
				r.failed = "canceled"
			}
			if ev.BlockedReason != "" {
				r.failed = "blocked (" + string(ev.BlockedReason) + ")"
			}
			w.wake()
		}
	}
}

// candidate is ev's request when it may be the form's; the caller holds w.mu.
func (w *requests) candidate(ev *network.EventRequestWillBeSent) *request {
	req := ev.Request
	if req == nil {
		return nil
	}
	switch strings.ToUpper(req.Method) {
	case http.MethodPost, http.MethodPut, http.MethodPatch:
	default:
		return nil
	}
	switch ev.Type {
	case network.ResourceTypeDocument, network.ResourceTypeXHR, network.ResourceTypeFetch:
	default:
		return nil
	}
	u, err := url.Parse(req.URL)
	if err != nil || read.SiteOf(u.Host) != w.site {
		return nil
	}
	var body []byte
	for _, e := range req.PostDataEntries {
		body = append(body, e.Bytes...)
	}
	if !req.HasPostData {
		return nil
	}
	carries := len(body) == 0 || carriesWords(body, w.words)
	return &request{url: req.URL, method: req.Method, carries: carries}
}

// answer notes the portal's answer to r; the caller holds w.mu.
func (w *requests) answer(r *request, resp *network.Response) {
	r.answered, r.status, r.header = true, int(resp.Status), pages.HeaderOf(resp.Headers)
	w.wake()
}

func (w *requests) wake() {
	select {
	case w.note <- struct{}{}:
	default:
	}
}

// form is the first request that carries the message, as it stands now.
func (w *requests) form() (request, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, id := range w.order {
		if r := w.byID[id]; r.carries {
			return *r, true
		}
	}
	return request{}, false
}

// outcome waits for the form's request to leave (leaveWait) and for its
// answer (answerWait), and returns it. left is false when nothing left;
// an error is ErrNotSent or ErrUnsure in words.
func (w *requests) outcome(ctx context.Context) (request, error) {
	leave := time.NewTimer(leaveWait)
	defer leave.Stop()
	var answer <-chan time.Time
	for {
		r, left := w.form()
		switch {
		case left && r.answered:
			return r, nil
		case left && r.failed != "" && neverLeft(r.failed):
			return r, fmt.Errorf("%w: it could not reach the portal (%s)", ErrNotSent, r.failed)
		case left && r.failed != "":
			return r, fmt.Errorf("%w: the connection to the portal broke while sending (%s)", ErrUnsure, r.failed)
		case left && answer == nil:
			t := time.NewTimer(answerWait)
			defer t.Stop()
			answer = t.C
		}
		select {
		case <-w.note:
		case <-leave.C:
			if !left {
				return r, fmt.Errorf("%w: nothing left the browser within %v of the click", ErrNotSent, leaveWait)
			}
		case <-answer:
			return r, fmt.Errorf("%w: the portal did not answer within %v", ErrUnsure, answerWait)
		case <-ctx.Done():
			// Even with nothing seen yet: the page may have been about
			// to send when the stop came.
			return r, fmt.Errorf("%w: rentwatch stopped while it was being sent (%v)", ErrUnsure, context.Cause(ctx))
		}
	}
}

// neverLeft reports whether a request that failed with Chrome's error
// text never reached the portal: refused before any byte of it was sent.
func neverLeft(why string) bool {
	for _, s := range []string{"blocked", "ERR_BLOCKED", "ERR_NAME_NOT_RESOLVED", "ERR_CONNECTION_REFUSED",
		"ERR_ADDRESS_UNREACHABLE", "ERR_INTERNET_DISCONNECTED", "ERR_CERT_", "ERR_SSL_", "ERR_ADDRESS_INVALID"} {
		if strings.Contains(why, s) {
			return true
		}
	}
	return false
}
