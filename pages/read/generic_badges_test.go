package read

import "testing"

// TestBadgeElementsAreNoTitle: statuses, labels and buttons written in
// words no list knows are left out of the title by their markup. The
// cards are rebuilt from the class as real pages show it (an agency's
// whole-card link opening with a status, a portal's gallery label and chat
// button, a badge stamp above the address).
func TestBadgeElementsAreNoTitle(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"a status over the photo in a whole-card link",
			`<a href="/x/1"><span class="info">Learn More</span><div class="media"><span class="status">Sale Agreed</span></div>` +
				`<div class="address">7 Hillside Lawn, Glasheen, Cork</div><div class="stats"><span>3</span><span>€375,000</span></div></a>`,
			"7 Hillside Lawn, Glasheen, Cork"},
		{"a gallery label in the image link",
			`<a href="/x/1" class="card--media"><div data-name="GalleryLabels"><span class="card--label"><span>Первичная продажа</span></span></div><img src="a.jpg"></a>` +
				`<a href="/x/1"><span data-mark="OfferTitle">Клубный дом на тихой Пресне</span></a>`,
			"Клубный дом на тихой Пресне"},
		{"a chat button whose text sits in a span named title",
			`<a href="/x/1"><img src="a.jpg"></a><div data-name="ContactActions"><button data-name="ChatButton"><span class="btn--title">Написать</span></button></div>` +
				`<a href="/x/1"><span class="offer-name">Вид на Кутузовский проспект</span></a>`,
			"Вид на Кутузовский проспект"},
		{"a stamp named in camelCase before the address",
			`<a href="/x/1"><span class="InfoStamp__Styled-sc-1">ADVANTAGE</span><div>Moneymore, Dunlewy, Co. Donegal</div><div>€364,950</div></a>`,
			"Moneymore, Dunlewy, Co. Donegal"},
		{"a long text in an element named label is kept",
			`<a href="/x/1"><div class="label">Spacious family home with a garden near the park</div></a>`,
			"Spacious family home with a garden near the park"},
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

func TestBadgeWordIn(t *testing.T) {
	tests := []struct {
		v    string
		want bool
	}{
		{"status", true}, {"card__badge--new", true}, {"InfoStamp__InfoStampStyled-sc-1jlxqg1-0", true},
		{"x31de4314--_45690--label", true}, {"tagline", false}, {"statistics", false}, {"listing-title", false},
		{"labelled-price", false}, {"btn btn-primary", true},
	}
	for _, tt := range tests {
		if got := badgeWordIn(tt.v); got != tt.want {
			t.Errorf("badgeWordIn(%q) = %v, want %v", tt.v, got, tt.want)
		}
	}
}
