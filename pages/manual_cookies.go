package pages

import (
	"context"
	"math"
	"net/url"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// The window of a check by hand runs a Chrome of its own, on a profile of
// its own: two Chromes cannot share one (Chrome's ProcessSingleton), and the
// headless one goes on watching the other sites meanwhile. Cookies are what
// ties the two: the window starts with the watcher's (the user is whoever
// the watcher is to the site), and what the user earns there (a
// cf_clearance) is written into the watcher when the window closes. Both
// ways go over DevTools (Storage.getCookies, Storage.setCookies), in
// memory: nothing reads Chrome's cookie database, which is encrypted.

// cookieKey is what makes two cookies the same one to Chrome.
type cookieKey struct {
	name, domain, path, partition string
}

func keyOf(c *network.Cookie) cookieKey {
	k := cookieKey{name: c.Name, domain: c.Domain, path: c.Path}
	if c.PartitionKey != nil {
		k.partition = c.PartitionKey.TopLevelSite
		if c.PartitionKey.HasCrossSiteAncestor {
			k.partition += " cross-site"
		}
	}
	return k
}

// browserCookies reads every cookie of the Chrome of bctx.
func browserCookies(bctx context.Context) ([]*network.Cookie, error) {
	cctx, cancel := context.WithTimeout(bctx, callTimeout)
	defer cancel()
	res, err := chromedp.CallBrowser(cctx, storage.GetCookies, storage.GetCookiesParams{})
	if err != nil {
		return nil, err
	}
	return res.Cookies, nil
}

// setBrowserCookies writes cookies into the Chrome of bctx, as they were.
func setBrowserCookies(bctx context.Context, cookies []*network.Cookie) error {
	if len(cookies) == 0 {
		return nil
	}
	params := make([]*network.CookieParam, 0, len(cookies))
	for _, c := range cookies {
		params = append(params, cookieParam(c))
	}
	cctx, cancel := context.WithTimeout(bctx, callTimeout)
	defer cancel()
	_, err := chromedp.CallBrowser(cctx, storage.SetCookies, storage.SetCookiesParams{Cookies: params})
	return err
}

// cookieParam is c as Storage.setCookies takes it. A host-only cookie
// (its domain without a leading dot) is set by URL with no domain: given
// its domain, Chrome would make it a domain cookie, sent to every
// subdomain too. A session cookie stays one (no expiry).
func cookieParam(c *network.Cookie) *network.CookieParam {
	p := &network.CookieParam{
		Name: c.Name, Value: c.Value, Path: c.Path,
		Secure: c.Secure, HTTPOnly: c.HTTPOnly, SameSite: c.SameSite, Priority: c.Priority,
		SourceScheme: c.SourceScheme, PartitionKey: c.PartitionKey,
	}
	if c.SourcePort > 0 {
		p.SourcePort = c.SourcePort
	}
	if !c.Session && c.Expires > 0 {
		p.Expires = cdp.TimeSinceEpoch(c.Expires)
	}
	if strings.HasPrefix(c.Domain, ".") {
		p.Domain = c.Domain
	} else {
		scheme := "http"
		if c.Secure || c.SourceScheme == network.CookieSourceSchemeSecure {
			scheme = "https"
		}
		p.URL = (&url.URL{Scheme: scheme, Host: c.Domain, Path: c.Path}).String()
	}
	return p
}

// earnedCookies are the cookies of now that are new or changed since
// before: what the user earned in the window. Cookies the window only
// carried along unchanged are left out (an expiry read back
// may differ by a rounding), so that one the watcher renewed
// meanwhile (another site's session) is not set back to its old value.
func earnedCookies(before, now []*network.Cookie) []*network.Cookie {
	was := make(map[cookieKey]*network.Cookie, len(before))
	for _, c := range before {
		was[keyOf(c)] = c
	}
	var out []*network.Cookie
	for _, c := range now {
		old, ok := was[keyOf(c)]
		if !ok || old.Value != c.Value || math.Abs(old.Expires-c.Expires) > 1 || old.Session != c.Session ||
			old.Secure != c.Secure || old.HTTPOnly != c.HTTPOnly || old.SameSite != c.SameSite {
			out = append(out, c)
		}
	}
	return out
}
