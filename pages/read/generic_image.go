package read

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The photo rule (issue 23, fields): a card's photo is where a browser
// shows it from, which is often not an <img src>: a lazy-loading
// attribute (data-src, data-original, data-lazy-src, srcset), the first
// <source> of a <picture>, a background-image style on a <div> or <a>
// (agency themes), a data-src or data-bg on an element that is not an
// <img> (filled in by a script), or an <img> inside <noscript> (the
// fallback of a lazy loader). Before the photo many cards show other
// images: the agency's logo, a heart or bed icon, a placeholder the
// script swaps out ("loading.gif", "preload/360x240.png", a data: URI).
// Those are never the photo.

// lazyImageAttrs are an <img>'s attributes in the order a lazy loader
// reads them; the last two are the browser's own.
var lazyImageAttrs = []string{"data-src", "data-lazy-src", "data-original", "data-lazy", "data-srcset", "src", "srcset"}

// bgAttrs hold a photo on an element that is not an <img>.
var bgAttrs = []string{"data-bg", "data-background", "data-background-image", "data-bg-src", "data-src", "data-image"}

var (
	bgURLRe       = regexp.MustCompile(`(?i)background(?:-image)?\s*:[^;]*url\(\s*['"]?([^'")]+)`)
	noscriptImgRe = regexp.MustCompile(`(?i)<img[^>]+src\s*=\s*["']([^"']+)`)
	// placeholders and decoration by file name: spacers, loaders, logos,
	// icons, avatars, rating labels, map pins
	notPhotoRe = regexp.MustCompile(`(?i)(?:^data:|\.svg(?:$|[?#])|placeholder|preload|blank\.|spacer|pixel\.|loading|loader|lazy[-_]?load|transparent\.|1x1|logo|/icons?/|[-_/]icon[-_.]|avatar|sprite|/flags?/|energy.?rating|/ber/|badge)`)
	photoExtRe = regexp.MustCompile(`(?i)\.(?:jpe?g|png|webp|gif|avif)(?:$|[?#])|/image|/photo|/img|/media|imgix|cloudinary|images?\.`)
)

// cardImage is the card's photo (see above), "" when it shows none.
func cardImage(card *html.Node, pc pageContext) string {
	var out string
	findFirst(card, func(n *html.Node) bool {
		switch {
		case n.DataAtom == atom.Img:
			out = imgPhoto(n, pc)
		case n.DataAtom == atom.Noscript:
			if m := noscriptImgRe.FindStringSubmatch(nodeRaw(n)); m != nil {
				out = photoURL(pc, html.UnescapeString(m[1]))
			}
		case n.DataAtom != atom.Source:
			out = backgroundPhoto(n, pc)
		}
		return out != ""
	})
	return out
}

// imgPhoto is the photo an <img> shows, "" for a logo, an icon or a
// placeholder: in a <picture>, its first <source> first.
func imgPhoto(img *html.Node, pc pageContext) string {
	if decoration(img) {
		return ""
	}
	if p := img.Parent; p != nil && p.DataAtom == atom.Picture {
		if src := findFirst(p, func(n *html.Node) bool { return n.DataAtom == atom.Source }); src != nil {
			for _, k := range []string{"data-srcset", "srcset"} {
				if u := photoURL(pc, firstSrcsetURL(attrOf(src, k))); u != "" {
					return u
				}
			}
		}
	}
	if u := lazyNamedPhoto(img, pc); u != "" {
		return u
	}
	for _, k := range lazyImageAttrs {
		v := attrOf(img, k)
		if strings.HasSuffix(k, "srcset") {
			v = firstSrcsetURL(v)
		}
		if u := photoURL(pc, v); u != "" {
			return u
		}
	}
	return ""
}

// backgroundPhoto is the photo an element other than <img> shows by a
// style or holds for a script, "" when none.
func backgroundPhoto(n *html.Node, pc pageContext) string {
	if st := attrOf(n, "style"); st != "" {
		if m := bgURLRe.FindStringSubmatch(st); m != nil {
			if u := photoURL(pc, m[1]); u != "" {
				return u
			}
		}
	}
	for _, k := range bgAttrs {
		if v := strings.TrimSpace(attrOf(n, k)); v != "" && photoExtRe.MatchString(v) {
			if u := photoURL(pc, firstSrcsetURL(v)); u != "" {
				return u
			}
		}
	}
	return namedLazyPhoto(n, pc)
}

// namedLazyPhoto is the photo a lazy loader keeps in a data attribute of
// its own naming (data-imgsrc, data-photo-url, data-thumb-src): the name
// says src, img, image, photo or thumb and the value is a photo's URL.
// Loaders name these freely, so the rule goes by the name's parts, not a
// list of loaders.
func namedLazyPhoto(n *html.Node, pc pageContext) string {
	for _, a := range n.Attr {
		k := a.Key
		if !strings.HasPrefix(k, "data-") || !lazyPhotoNameRe.MatchString(k[5:]) {
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

var lazyPhotoNameRe = regexp.MustCompile(`src|img|image|photo|thumb`)

// decoration reports an <img> that is no photo by its markup: a logo, an
// icon or an avatar by class or alt, or drawn at icon size.
func decoration(img *html.Node) bool {
	for _, k := range []string{"class", "alt", "id"} {
		v := strings.ToLower(attrOf(img, k))
		if strings.Contains(v, "logo") || strings.Contains(v, "icon") || strings.Contains(v, "avatar") {
			return true
		}
	}
	for _, k := range []string{"width", "height"} {
		if v, err := strconv.Atoi(strings.TrimSuffix(attrOf(img, k), "px")); err == nil && v > 0 && v <= 40 && !(v == 1 && lazyImg(img)) {
			return true
		}
	}
	return false
}

// lazyImg reports an <img> a lazy loader fills in: it (or the <source>s
// of its <picture>) keeps the photo in a data attribute. Its size of one
// pixel is the placeholder's (nekretnine.rs' width="1" height="1"), not
// the photo's: the lazy pixel rule (issue 23, class 6).
func lazyImg(img *html.Node) bool {
	for _, k := range lazyImageAttrs {
		if strings.HasPrefix(k, "data-") && attrOf(img, k) != "" {
			return true
		}
	}
	if p := img.Parent; p != nil && p.DataAtom == atom.Picture {
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.DataAtom == atom.Source && attrOf(c, "data-srcset") != "" {
				return true
			}
		}
	}
	return false
}

// photoURL resolves a photo's URL, "" for a placeholder or decoration.
func photoURL(pc pageContext, v string) string {
	v = strings.TrimSpace(v)
	if v == "" || notPhotoRe.MatchString(v) {
		return ""
	}
	return canonicalImage(pc, v)
}

// firstSrcsetURL is the first URL of a srcset ("a.jpg 480w, b.jpg 800w").
func firstSrcsetURL(v string) string {
	v, _, _ = strings.Cut(strings.TrimSpace(v), " ")
	return strings.TrimSuffix(v, ",")
}

// nodeRaw is the raw text under n (a <noscript>'s markup, which the
// parser keeps as text).
func nodeRaw(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}
