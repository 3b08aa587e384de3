package read

import "testing"

// TestPartsMeet: a card's parts in inline elements with nothing between
// them are read as the user sees them, a street over its area; a capital
// inside one text stays as written.
func TestPartsMeet(t *testing.T) {
	for _, c := range []struct{ page, want string }{
		{`<h3><a href="/p/1">Fortis Green Road<span class="area">Muswell Hill, N10</span></a></h3>`, "Fortis Green Road Muswell Hill, N10"},
		{`<h3><span>Хорошая квартира</span><span>Москва</span></h3>`, "Хорошая квартира Москва"},
		{`<h3>Flat near the McDonald's on iPhone Street</h3>`, "Flat near the McDonald's on iPhone Street"},
		{`<h3><b>2</b>-room flat</h3>`, "2-room flat"},
		{`<h3>Wohnung<em>s</em>suche</h3>`, "Wohnungssuche"},
	} {
		if got := nodeText(parseHTMLNode(t, c.page)); got != c.want {
			t.Errorf("%s read as %q, want %q", c.page, got, c.want)
		}
	}
}
