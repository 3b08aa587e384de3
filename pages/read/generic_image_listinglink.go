package read

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The listing link's own picture. cardImage skips an <img> whose class
// says avatar, logo or icon: on most cards that is the agent's face or the
// agency's mark. Some portals name the listing's thumbnail that way
// ("product-avatar-img"), and the card then shows no photo at all. An
// agent's face or an agency's logo links to the agent or the agency; a
// picture inside the link to the listing itself is the listing's photo,
// whatever its class is called. So when the card gave no photo, the first
// picture inside one of its main links is taken (still never an icon-sized
// one, a placeholder or an SVG).
func listingLinkPhoto(mains []*html.Node, pc pageContext) string {
	for _, m := range mains {
		var out string
		findFirst(m, func(n *html.Node) bool {
			if n.DataAtom == atom.Img && !iconSized(n) {
				out = lazyNamedPhoto(n, pc)
				for _, k := range lazyImageAttrs {
					if out != "" {
						break
					}
					v := attrOf(n, k)
					if strings.HasSuffix(k, "srcset") {
						v = firstSrcsetURL(v)
					}
					out = photoURL(pc, v)
				}
			}
			return out != ""
		})
		if out != "" {
			return out
		}
	}
	return ""
}

// lazyNamedPhoto is the photo a lazy loader keeps in an attribute of its
// own naming without the data- prefix (src-lazy, lazy-src, original-src):
// the src of such an <img> is the loader's grey placeholder until a script
// swaps it, so the named attribute is what a browser shows. The name must
// say lazy or original, and the value must be a photo's URL.
func lazyNamedPhoto(img *html.Node, pc pageContext) string {
	for _, a := range img.Attr {
		k := a.Key
		if strings.HasPrefix(k, "data-") || !strings.Contains(k, "src") ||
			(!strings.Contains(k, "lazy") && !strings.Contains(k, "original")) {
			continue
		}
		if v := strings.TrimSpace(a.Val); v != "" && !strings.ContainsAny(v, " \t") && photoExtRe.MatchString(v) {
			if u := photoURL(pc, v); u != "" {
				return u
			}
		}
	}
	return ""
}

// iconSized reports an <img> drawn at icon size (40 pixels or less).
func iconSized(img *html.Node) bool {
	for _, k := range []string{"width", "height"} {
		if n, err := strconv.Atoi(strings.TrimSuffix(attrOf(img, k), "px")); err == nil && n > 0 && n <= 40 {
			return true
		}
	}
	return false
}
