package read

import "testing"

// TestNamedLinkRule: a card whose visible text is only its price and
// facts, and whose link to the listing names it in a title or aria-label
// attribute, or whose photo's alt text does (issue 23, class 6): the name
// the site's own markup gives is the title, not the line of facts. A
// headline that starts with the price is the headline after it.
func TestNamedLinkRule(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"the link's title attribute",
			`<a href="/x/1" title="Harbour Lights, Unit 7C"><img src="a.jpg"><span>$3,100/mo</span><span>3 bds</span></a>`,
			"Harbour Lights, Unit 7C"},
		{"the link's aria-label",
			`<a href="/x/1" aria-label="Casa en renta en Jardines del Sur"><img src="a.jpg" alt=""><div>$ 18,000</div><div>3 rec. 2 baños</div></a>`,
			"Casa en renta en Jardines del Sur"},
		{"the photo's alt text of a few words",
			`<a href="/x/1"><img src="a.jpg" alt="Bright duplex near Kampong Glam"><div class="p">S$ 4,100</div><div>3 Beds</div></a>`,
			"Bright duplex near Kampong Glam"},
		{"a one-word alt text is no name: the facts stay",
			`<a href="/x/1"><img src="a.jpg" alt="Image"><div class="p">S$ 4,100</div><div>3 Beds</div></a>`,
			"3 Beds"},
		{"a headline after its price",
			`<div><h3><a href="/x/1">$1,850 · Quiet studio by the park</a></h3></div>`,
			"Quiet studio by the park"},
		{"a real headline stays over the link's title attribute",
			`<div><h3><a href="/x/1" title="View listing 448812">Loft with a roof terrace</a></h3><span>€ 1.400</span></div>`,
			"Loft with a roof terrace"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, mains := parseCard(t, tt.card, "/x/1")
			if got := cardTitle(card, mains); got != tt.want {
				t.Errorf("title %q, want %q", got, tt.want)
			}
		})
	}
}
