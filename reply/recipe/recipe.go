// Package recipe holds the auto-reply's recipes: per portal, how to get
// from a listing to its contact form, which fields to fill, and how to tell
// that a reply went through or that the portal wants a login. It is data and
// the lookup by a listing's URL, nothing more, so the settings can say which
// portals auto-reply works on without a browser.
package recipe

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/cascadia"

	"rentwatch/pages/read"
)

// ErrUnsupported is returned for a listing on a portal rentwatch has no
// reply recipe for: the user is alerted as always and replies by hand.
var ErrUnsupported = errors.New("no reply recipe for this portal")

// ErrBadURL is returned for a listing URL that is not an absolute web
// address.
var ErrBadURL = errors.New("not a listing's web address")

// DefaultWait is how long a recipe's button or field is waited for when
// the recipe does not say.
const DefaultWait = 10 * time.Second

// Recipe says how to answer a listing on one portal: which button leads from
// the listing to its contact form, which fields to fill, how to send, and how
// to tell that it went through or that the portal wants a login first. It is
// data, like the portal definitions: a changed form means editing the table
// below, not code. Every list of selectors is tried in order, so put the
// most specific first.
type Recipe struct {
	Name  string   // "kamernet.nl", for messages
	Sites []string // registrable domains it serves, as portal definitions
	// Open are the buttons or links from the listing page to its contact
	// form. Empty, or none visible while the message field already is: the
	// form is on the listing page itself.
	Open []Target
	// Message is the message field (required). The others are filled when
	// the page shows them (FullName is the
	// whole name): a portal where the user is logged in often does
	// not ask again. FirstName and LastName get the user's name split at
	// its first space.
	Message, FullName, FirstName, LastName, Email, Phone []string
	Submit                                               []Target // the send button (required)
	Sent                                                 Sign     // the portal confirms the reply went through
	Login                                                Sign     // the portal wants a login (or a paid account) first
	// Title and Price are where the listing page shows its title and
	// price, for a message whose listing came without them (a dry run of
	// a URL): tried in order; none found, the page's first h1 is the title.
	Title, Price []string
	// Wait bounds the wait for each button and field; 0 means DefaultWait.
	Wait time.Duration
}

// Target is a button or link: a CSS selector, and words one of which its
// visible text must hold (case does not matter; none: any text).
type Target struct {
	CSS  string   `json:"css"`
	Text []string `json:"text"`
}

// Sign is something the page shows: any visible element matching CSS, any
// of Text in the page's visible text (case does not matter), or a URL path
// starting with one of Paths.
type Sign struct {
	CSS   []string `json:"css"`
	Text  []string `json:"text"`
	Paths []string `json:"paths"`
}

// builtinRecipes are the recipes rentwatch ships. They are written from the
// portals' public listing pages as known at the time of writing and have NOT
// been run against the live sites (rentwatch's tests never leave loopback):
// check one with `rentwatch reply --dry-run LISTING-URL` before turning
// auto-reply on.
var builtinRecipes = []Recipe{
	{
		Name: "kamernet.nl", Sites: []string{"kamernet.nl"},
		Open: []Target{
			{CSS: `[data-testid*="contact"], [data-testid*="respond"], [data-testid*="reply"]`},
			{CSS: `button, a[href*="/reageren"], a[href*="/respond"], a[role="button"]`,
				Text: []string{"reageer", "reageren", "stuur een bericht", "stuur bericht", "contact", "respond", "send message"}},
		},
		Message: []string{`textarea[name="message"]`, `textarea[name*="message"]`, `textarea[id*="message"]`,
			`form textarea`, `[role="dialog"] textarea`},
		FullName: []string{`input[name="name"]`, `input[autocomplete="name"]`},
		Email:    []string{`input[type="email"]`, `input[name*="email"]`},
		Phone:    []string{`input[type="tel"]`, `input[name*="phone"]`},
		Submit: []Target{
			{CSS: `form button[type="submit"], [role="dialog"] button[type="submit"]`},
			{CSS: `button`, Text: []string{"verstuur", "versturen", "verzend", "reageer", "send"}},
		},
		Title: []string{`h1`, `[data-testid*="title"]`},
		Price: []string{`[data-testid*="price"]`, `[class*="Price"]`, `[class*="price"]`},
		Sent: Sign{
			CSS: []string{`[data-testid*="success"]`, `[role="alert"][class*="success"]`},
			Text: []string{"je bericht is verstuurd", "je reactie is verstuurd", "bericht verzonden", "reactie verzonden",
				"your message has been sent", "your response has been sent", "message sent"},
		},
		Login: Sign{
			CSS:   []string{`input[type="password"]`},
			Text:  []string{"log in om te reageren", "inloggen om te reageren", "log in to respond", "word premium", "get premium"},
			Paths: []string{"/login", "/inloggen", "/en/login", "/account/login", "/registreren", "/en/register"},
		},
	},
	{
		Name: "pararius.nl", Sites: []string{"pararius.nl", "pararius.com"},
		Open: []Target{
			{CSS: `a[href*="/contact"], a[class*="contact"], a[class*="reaction"], button[class*="contact"]`},
			{CSS: `a, button`, Text: []string{"neem contact op", "contact de makelaar", "reageer", "contact the agent", "contact agent", "respond"}},
		},
		Message:   []string{`textarea[name*="motivation"]`, `textarea[name*="message"]`, `form textarea`},
		FullName:  []string{`input[name$="[name]"]`, `input[autocomplete="name"]`},
		FirstName: []string{`input[name*="first_name"]`, `input[name*="firstname"]`, `input[autocomplete="given-name"]`},
		LastName:  []string{`input[name*="last_name"]`, `input[name*="lastname"]`, `input[autocomplete="family-name"]`},
		Email:     []string{`input[type="email"]`, `input[name*="email"]`},
		Phone:     []string{`input[type="tel"]`, `input[name*="phone"]`},
		Submit: []Target{
			{CSS: `form button[type="submit"], form input[type="submit"]`},
			{CSS: `button`, Text: []string{"verstuur", "versturen", "verzenden", "send"}},
		},
		Title: []string{`h1.listing-detail-summary__title`, `h1`},
		Price: []string{`.listing-detail-summary__price`, `[class*="price"]`},
		Sent: Sign{
			CSS: []string{`[class*="notification--success"]`, `[class*="form-success"]`},
			Text: []string{"je bericht is verzonden", "je bericht is verstuurd", "bedankt voor je reactie",
				"your message has been sent", "thank you for your response"},
		},
		Login: Sign{
			CSS:   []string{`input[type="password"]`},
			Text:  []string{"log in om te reageren", "log in to respond", "login to respond"},
			Paths: []string{"/login", "/inloggen", "/account/login", "/register", "/registreren"},
		},
	},
}

// recipes is the lookup table: the built-in recipes and any registered.
var recipes = struct {
	// mu guards list.
	mu   sync.RWMutex
	list []Recipe
}{list: builtinRecipes}

// For returns the recipe for the portal a listing (or a search) is on, or
// an error matching ErrUnsupported naming the portal and the portals
// there are recipes for.
func For(listingURL string) (Recipe, error) {
	u, err := url.Parse(listingURL)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return Recipe{}, fmt.Errorf("%q: %w", listingURL, ErrBadURL)
	}
	site := read.SiteOf(u.Host)
	recipes.mu.RLock()
	defer recipes.mu.RUnlock()
	for _, r := range recipes.list {
		for _, s := range r.Sites {
			if s == site {
				return r, nil
			}
		}
	}
	return Recipe{}, fmt.Errorf("%s: %w (auto-reply works on %s)", site, ErrUnsupported, portalsLocked())
}

// SiteOf is the portal of a listing or search URL, as recipes name their
// sites ("funda.nl" for https://www.funda.nl/zoeken/huur); "" for no URL.
func SiteOf(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return read.SiteOf(u.Host)
}

// Portals names the portals there are recipes for, in the order tried:
// "kamernet.nl and pararius.nl".
func Portals() string {
	recipes.mu.RLock()
	defer recipes.mu.RUnlock()
	return portalsLocked()
}

func portalsLocked() string {
	names := make([]string, len(recipes.list))
	for i, r := range recipes.list {
		names[i] = r.Name
	}
	switch len(names) {
	case 0:
		return "no portal"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Register adds a recipe for portals rentwatch does not ship one for
// (a test's portal on loopback, a portal of the user's own). It refuses a
// recipe that is incomplete, has a bad selector, or claims a site another
// recipe already serves. remove takes it out again.
func Register(r Recipe) (remove func(), err error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	recipes.mu.Lock()
	defer recipes.mu.Unlock()
	for _, old := range recipes.list {
		for _, s := range r.Sites {
			if slices.Contains(old.Sites, s) {
				return nil, fmt.Errorf("recipe %s: %s is already served by recipe %s", r.Name, s, old.Name)
			}
		}
	}
	recipes.list = append(recipes.list[:len(recipes.list):len(recipes.list)], r)
	return func() {
		recipes.mu.Lock()
		defer recipes.mu.Unlock()
		for i := range recipes.list {
			if recipes.list[i].Name == r.Name && len(recipes.list[i].Sites) > 0 && recipes.list[i].Sites[0] == r.Sites[0] {
				recipes.list = append(recipes.list[:i:i], recipes.list[i+1:]...)
				return
			}
		}
	}, nil
}

// Check reports what makes a recipe unusable: no name or site, no message
// field or send button, or a selector that does not parse. (The Sent sign
// is optional: a reply counts as sent when its request left and the
// portal answered it, which the browser sees whatever the page shows.)
func (r Recipe) Check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if r.Name == "" || len(r.Sites) == 0 {
		bad("has no name or no site")
	}
	if len(r.Message) == 0 {
		bad("has no message field")
	}
	if len(r.Submit) == 0 {
		bad("has no send button")
	}
	for _, sel := range r.selectors() {
		if _, err := cascadia.Compile(sel); err != nil {
			bad("selector %q: %v", sel, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("recipe %s: %w", r.Name, err)
	}
	return nil
}

// selectors lists every CSS selector in the recipe.
func (r Recipe) selectors() []string {
	var out []string
	for _, t := range append(append([]Target(nil), r.Open...), r.Submit...) {
		out = append(out, t.CSS)
	}
	for _, list := range [][]string{r.Message, r.FullName, r.FirstName, r.LastName, r.Email, r.Phone, r.Sent.CSS, r.Login.CSS,
		r.Title, r.Price} {
		out = append(out, list...)
	}
	return out
}

// StepWait is how long one step of the recipe is given.
func (r Recipe) StepWait() time.Duration {
	if r.Wait > 0 {
		return r.Wait
	}
	return DefaultWait
}

// Describe renders targets for a message: `button "reageer"|"contact"`.
func Describe(ts []Target) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.CSS
		if len(t.Text) > 0 {
			parts[i] += ` with text "` + strings.Join(t.Text, `"|"`) + `"`
		}
	}
	return strings.Join(parts, "; or ")
}
