package words

import (
	"net"
	"strings"
	"unicode"
)

// brands spells portals' names the way the portals do. A brand is its
// domain's label with other capitals (NameFromURL in config counts on it);
// a label not here is capitalised word by word ("rentola" -> "Rentola").
var brands = map[string]string{
	"wg-gesucht": "WG-Gesucht", "immobilienscout24": "ImmobilienScout24", "immowelt": "Immowelt",
	"immonet": "Immonet", "kleinanzeigen": "Kleinanzeigen", "kamernet": "Kamernet", "funda": "Funda",
	"pararius": "Pararius", "huurwoningen": "Huurwoningen", "idealista": "Idealista", "fotocasa": "Fotocasa",
	"rightmove": "Rightmove", "zoopla": "Zoopla", "onthemarket": "OnTheMarket", "spareroom": "SpareRoom",
	"openrent": "OpenRent", "seloger": "SeLoger", "leboncoin": "Leboncoin", "daft": "Daft",
	"homegate": "Homegate", "immoscout24": "ImmoScout24",
}

// secondLevel are the labels that, before a two-letter country code, make
// a public suffix of two labels: "rightmove.co.uk" is Rightmove's, not
// "co"'s.
var secondLevel = map[string]bool{"co": true, "com": true, "org": true, "net": true, "ac": true, "gov": true, "edu": true}

// Site is what people call the site at host: "www.wg-gesucht.de" and
// "wg-gesucht.de" are "WG-Gesucht", "www.rightmove.co.uk" is "Rightmove",
// "m.example.org:8080" is "Example". An IP address stays as it is; no host
// at all is "The site". A port, "www." and "m." say nothing of the site.
func Site(host string) string {
	h := strings.ToLower(strings.TrimSpace(host))
	if hp, _, err := net.SplitHostPort(h); err == nil {
		h = hp
	}
	h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
	switch {
	case h == "":
		return "The site"
	case net.ParseIP(h) != nil:
		return h
	}
	label := siteLabel(h)
	if b, ok := brands[label]; ok {
		return b
	}
	parts := strings.Split(label, "-")
	for i, p := range parts {
		r := []rune(p)
		if len(r) > 0 {
			r[0] = unicode.ToUpper(r[0])
		}
		parts[i] = string(r)
	}
	return strings.Join(parts, "-")
}

// siteLabel is the label of host that names its site: the one before its
// public suffix ("wg-gesucht" of "www.wg-gesucht.de").
func siteLabel(host string) string {
	labels := strings.Split(host, ".")
	for len(labels) > 2 && (labels[0] == "www" || labels[0] == "m") {
		labels = labels[1:]
	}
	n := len(labels)
	switch {
	case n >= 3 && len(labels[n-1]) == 2 && secondLevel[labels[n-2]]:
		return labels[n-3]
	case n >= 2:
		return labels[n-2]
	}
	return labels[0]
}
