package read

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The photo-link caption rule (issue 23, class 6): many cards link the
// listing twice, once around the photo and once around its name. The
// photo's link may hold a caption laid over the picture (an artist's
// impression mark, a video mark, a counter) in the portal's language;
// read first, it gave that caption as the title on a card with no
// heading. A link around a picture is the photo's, so where the card has
// another link to the listing its text is read first: by structure, not
// by a list of captions.

// photoLast is mains with the links that hold a picture after the others
// (order kept within each).
func photoLast(mains []*html.Node) []*html.Node {
	out := make([]*html.Node, 0, len(mains))
	var photos []*html.Node
	for _, l := range mains {
		if holdsPicture(l) {
			photos = append(photos, l)
		} else {
			out = append(out, l)
		}
	}
	if len(photos) == 0 || len(out) == 0 {
		return mains
	}
	return append(out, photos...)
}

// holdsPicture reports an <img> or <picture> under n.
func holdsPicture(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.Img || c.DataAtom == atom.Picture }) != nil
}
