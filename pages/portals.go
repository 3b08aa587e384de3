package pages

import (
	"net/url"

	"golang.org/x/net/html"
)

// portalDef is a placeholder, filled in below.
type portalDef struct {
	Name     string
	Expected bool
}

var portalDefs []portalDef

func portalFor(defs []portalDef, page *url.URL) *portalDef { return nil }

func (d *portalDef) read(root *html.Node, pc pageContext) []Listing { return nil }
