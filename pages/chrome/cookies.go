package chrome

import (
	"context"
	"net/url"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// Cookies are read and written over DevTools (Storage.getCookies,
// Storage.setCookies), in memory: nothing reads Chrome's cookie database,
// which is encrypted.

// Cookies reads every cookie of this Chrome.
func (p *Process) Cookies(ctx context.Context) ([]*network.Cookie, error) {
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	res, err := chromedp.CallBrowser(cctx, storage.GetCookies, storage.GetCookiesParams{})
	if err != nil {
		return nil, err
	}
	return res.Cookies, nil
}

// SetCookies writes cookies into this Chrome, as they were.
func (p *Process) SetCookies(ctx context.Context, cookies []*network.Cookie) error {
	if len(cookies) == 0 {
		return nil
	}
	params := make([]*network.CookieParam, 0, len(cookies))
	for _, c := range cookies {
		params = append(params, cookieParam(c))
	}
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
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
