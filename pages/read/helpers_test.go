package read

import (
	"fmt"
	"net/url"

	"github.com/andybalholm/cascadia"
)

// Helpers only the tests use.

// canonicalURL is resolveLink as a string; "" when href is no web link.
func canonicalURL(base *url.URL, href string) string {
	u, ok := resolveLink(base, href)
	if !ok {
		return ""
	}
	return u.String()
}

// checkPortals reports the first selector in defs that does not compile.
func checkPortals(defs []portalDef) error {
	for _, d := range defs {
		for _, lay := range d.Layouts {
			for _, sel := range []string{lay.Card, lay.Link, lay.Title, lay.Price, lay.Place, lay.Image} {
				if sel == "" {
					continue
				}
				if _, err := cascadia.Compile(sel); err != nil {
					return fmt.Errorf("portal %s: selector %q: %w", d.Name, sel, err)
				}
			}
		}
	}
	return nil
}
