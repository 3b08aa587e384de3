package read

import (
	"strconv"
	"strings"
)

// The own-shape rule (issue 23, class 5): beside its result cards a
// search page lists links to other searches of the site ("Paris 10e up to
// 1,000 €: 16 ads", "widen the search"), and those URLs have the shape of
// the page's own URL: the same site, path depth and first path segment.
// A link of the page's own shape in a list whose links are of another
// section is another search, not a result. It goes by the URL the user
// gave, so it holds in any language.

// ownShapeSearch reports a link shaped like the search page's own URL in
// a list of links of another section.
func ownShapeSearch(pc pageContext, l pageLink, listKey string) bool {
	return ownShape(pc, l) && !strings.HasSuffix(listKey, "|"+l.shape.first)
}

// The other-searches rule (issue 23, class 5): a list whose links all
// have the page's own shape and no listing id ("South Beach $1,599,000",
// "Noe Valley $2,790,000": a neighbourhood's median price beside each) is
// a list of other searches, however long and priced. It is read only
// when the page has no other list.

// otherSearches reports a group of links without ids, each shaped like
// the search page's own URL.
func otherSearches(pc pageContext, links []pageLink, g linkGroup) bool {
	if g.hasID || len(g.links) == 0 {
		return false
	}
	for _, i := range g.links {
		if !ownShape(pc, links[i]) {
			return false
		}
	}
	return true
}

// ownShape reports a link shaped like the search page's own URL: the same
// site, path depth and first path segment.
func ownShape(pc pageContext, l pageLink) bool {
	if pc.page == nil || l.shape.first == "" {
		return false
	}
	// cheap tests first: a reading asks this of every link on the page
	path := strings.Trim(pc.page.Path, "/")
	first, _, _ := strings.Cut(path, "/")
	if !strings.EqualFold(first, l.shape.first) {
		return false
	}
	segs := 0
	for _, s := range strings.Split(path, "/") {
		if s != "" {
			segs++
		}
	}
	return segs >= 2 && SiteOf(pc.page.Host)+"|"+strconv.Itoa(segs) == siteDepth(l.shape.base)
}

// siteDepth is a shape base's site and path depth ("site|2|1" is "site|2").
func siteDepth(base string) string {
	if i := strings.LastIndexByte(base, '|'); i > 0 {
		return base[:i]
	}
	return base
}
