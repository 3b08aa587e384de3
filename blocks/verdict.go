package blocks

import (
	"net/http"
	"time"
)

// Kind is what a check of a page came to: a clean page, one of the three
// walls a site puts up, or trouble at our end. The four non-OK kinds each
// have their own backoff ladder.
type Kind string

const (
	OK          Kind = "ok"           // a clean page: nothing in the way
	Challenge   Kind = "challenge"    // an interstitial we could not get through
	RateLimited Kind = "rate_limited" // the site asked us to slow down
	Denied      Kind = "denied"       // a flat refusal; the user must pass a check by hand
	Error       Kind = "error"        // network or browser trouble, most likely ours
)

// Page is what the browser saw of the main document. Status is 0 and Header
// nil when unknown (a page saved to a file).
type Page struct {
	Status int
	Header http.Header
	URL    string // final URL, after redirects
	Title  string // may be empty: it is read from HTML when so
	HTML   []byte
}

// Verdict is the classifier's answer about one page.
type Verdict struct {
	Kind   Kind   // OK, Challenge, RateLimited or Denied; never Error
	Vendor string // "cloudflare", "akamai", ... ; "" when none was recognised
	Reason string // the marker that decided it, for logs and the UI
	// RetryAfter is the site's own Retry-After, 0 when it gave none or it
	// was unusable (see ParseRetryAfter).
	RetryAfter time.Duration
}
