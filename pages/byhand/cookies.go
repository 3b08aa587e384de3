package byhand

import (
	"math"

	"github.com/chromedp/cdproto/network"
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
