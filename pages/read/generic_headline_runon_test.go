package read

import "testing"

// TestAddressRunsOn: an address a React page writes as one phrase over two
// lines (its text parted by empty comments, the city line nested) is read
// whole; a street line that ends without a comma keeps its area line
// apart; a price parted by a comment is one number. Cards rebuilt from the
// class.
func TestAddressRunsOn(t *testing.T) {
	const href = "/detail/816-Victoria-St_M17661-41775"
	tests := []struct{ name, card, want string }{
		{"a React address with its nested city line",
			`<a href="` + href + `"><div class="overlay"><div class="type"><span>House for Sale</span></div><span class="price">$2,288,888</span></div></a>` +
				`<a href="` + href + `"><ul><li class="beds"><span>5</span><span>bed</span></li></ul>` +
				`<div class="address">816 Victoria St<!-- -->, <div class="address-second">San Francisco<!-- -->, CA<!-- --> <!-- -->94127</div></div></a>`,
			"816 Victoria St, San Francisco, CA 94127"},
		{"a street line without a comma over its area line",
			`<a href="` + href + `"><img src="/p.jpg"></a><div class="street">Fortis Green Road</div><div class="area">Muswell Hill, N10</div>` +
				`<a href="` + href + `">View details</a><span class="price">£1,650 pcm</span>`,
			"Fortis Green Road"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, mains := parseCard(t, tt.card, href)
			if got := cardTitle(card, mains); got != tt.want {
				t.Errorf("title %q, want %q", got, tt.want)
			}
		})
	}
	card, _ := parseCard(t, `<span class="price">$2,288<!-- -->,888</span>`, href)
	if p := cardPrice(card); p != "$2,288,888" {
		t.Errorf("price %q, want $2,288,888", p)
	}
}
