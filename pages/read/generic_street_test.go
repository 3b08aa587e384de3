package read

import "testing"

// TestFactsStreetRule: cards whose headline candidates are a line of
// facts (counts and units: "2 ban.", "1 vaga", "90 m² tot."), the area or
// the type-and-area heading, and a street line in an element marked as
// the address (issue 23, class 6; Brazilian portals of 2025): a facts
// line is never the title, and the marked street beats the area heading
// even without a house number.
func TestFactsStreetRule(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"counts with abbreviated units after a price block, the street in a plain marked div",
			`<div class="card"><div class="price">R$ 650.000</div><div class="location-block"><div class="location-address">Rua Gonçalves Ledo</div><h2 class="location-text">Trindade, Florianópolis</h2></div><h3 class="features"><span>90 m² tot.</span><span>2 quartos</span><span>2 ban.</span><span>1 vaga</span></h3><h3 class="description"><a href="/x/1">Apartamento a venda de 2 quartos com dependência completa de empregadas e 1 vaga de garagem coberta no bairro Trindade, Florianópolis. Ótima luminosidade e ventilação, living amplo para 2 ambientes, sacada pode ser anexada.</a></h3></div>`,
			"Rua Gonçalves Ledo"},
		{"a long street with its number and district in the marked div",
			`<div class="card"><div class="price">R$ 650.000</div><div class="location-address">Rua Professora Maria Flora Pausewang, 277 - Trindade</div><h2>Trindade, Florianópolis</h2><h3><span>2 quartos</span><span>1 banheiro</span></h3><h3><a href="/x/1">Apartamento a venda de 2 quartos com dependência completa de empregadas e 1 vaga de garagem coberta no bairro Trindade, Florianópolis. Ótima luminosidade e ventilação, living amplo para 2 ambientes.</a></h3></div>`,
			"Rua Professora Maria Flora Pausewang, 277 - Trindade"},
		{"the type-and-area heading over a street line marked by a test hook",
			`<a href="/x/1"><section data-testid="card-address"><h2><span>Apartamento para comprar </span><span>Coqueiros, Florianópolis</span></h2><p data-cy="card-street-txt">Rua Capitão Euclides de Castro</p></section><p>R$ 510.000</p><ul><li>65 m²</li><li>2 quartos</li></ul></a>`,
			"Rua Capitão Euclides de Castro"},
		{"the type-and-area heading without a comma over a street line",
			`<a href="/x/1"><h2>Apartamento para alugar em Pinheiros</h2><p class="card-street">Rua dos Pinheiros</p><p>R$ 3.500</p><span>2 quartos</span></a>`,
			"Rua dos Pinheiros"},
		{"the type-and-area heading alone: its place",
			`<a href="/x/1"><section data-testid="card-address"><h2><span>Apartamento para comprar </span><span>Governador Celso Ramos</span></h2></section><p>R$ 889.900</p><ul><li>65 m²</li><li>2 quartos</li></ul></a>`,
			"Governador Celso Ramos"},
		{"a long place after the deal phrase, the street below",
			`<a href="/x/1"><h2><span>Apartamento para comprar </span><span>Ingleses do Rio Vermelho, Florianópolis</span></h2><p data-cy="card-street-txt">Rua Dário Manoel Cardoso</p><p>R$ 350.000</p></a>`,
			"Rua Dário Manoel Cardoso"},
		{"a headline that names the deal and goes on stays whole",
			`<a href="/x/1"><h3>Mieszkanie na wynajem od zaraz</h3><p class="street">ul. Skalna 4</p><p>1 750 zł</p></a>`,
			"Mieszkanie na wynajem od zaraz"},
		{"a headline that names the deal and a street stays whole",
			`<a href="/x/1"><h3>Mieszkanie do wynajęcia ul Skalna</h3><p>2 000 zł</p></a>`,
			"Mieszkanie do wynajęcia ul Skalna"},
		{"a real headline stays over a marked street",
			`<a href="/x/1"><h2>Cobertura duplex com vista para o mar</h2><p class="card-street">Rua dos Pinheiros</p><p>R$ 3.500</p></a>`,
			"Cobertura duplex com vista para o mar"},
		{"the only text besides facts is the area: the area, not a count",
			`<div><div class="price">R$ 650.000</div><h2>Trindade, Florianópolis</h2><h3><span>2 ban.</span><span>1 vaga</span></h3><h3><a href="/x/1">Apartamento a venda de 2 quartos com dependência completa de empregadas e 1 vaga de garagem coberta no bairro Trindade, Florianópolis. Ótima luminosidade e ventilação, living amplo para 2 ambientes.</a></h3></div>`,
			"Trindade, Florianópolis"},
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

func TestFactsLineCounts(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"2 ban.", true}, {"1 vaga", true}, {"1 banheiro", true}, {"90 m² tot. 2 quartos 2 ban. 1 vaga", true},
		{"3 suítes", true}, {"221 Baker Street", false}, {"12 rue de la Paix", false}, {"3 bedroom house in Camden", false},
	} {
		if got := factsLine(tt.text); got != tt.want {
			t.Errorf("factsLine(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
