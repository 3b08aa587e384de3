package read

import "testing"

func TestPriceValue(t *testing.T) {
	tests := []struct {
		price string
		want  float64
	}{
		{"€ 1.200 - € 1.500 /mnd", 1200},
		{"1.350 - 1.900 €", 1350},
		{"van € 1.650 tot € 2.400", 1650},
		{"515,36 €", 515.36},
		{"£1,250 pcm", 1250},
		{"CHF 2'100.–", 2100},
		{"1 250 €", 1250},
		{"€ 1.550 /mnd", 1550},
		{"$2,450/mo", 2450},
		{"1.250,50 €", 1250.5},
		{"Prijs op aanvraag", 0},
	}
	for _, tt := range tests {
		if got := priceValue(tt.price); got != tt.want {
			t.Errorf("priceValue(%q) = %v, want %v", tt.price, got, tt.want)
		}
	}
}

func TestFindPriceRanges(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Huur 1.350 - 1.900 € per maand", "1.350 - 1.900 € per maand"},
		{"€ 1.200 - € 1.500 /mnd", "€ 1.200 - € 1.500 /mnd"},
		{"€ 995 – € 1.250 per maand", "€ 995 – € 1.250 per maand"},
		// "from" is part of the price as shown
		{"From €2,300 per month", "From €2,300 per month"},
		{"van € 1.650 tot € 2.400", "van € 1.650 tot € 2.400"},
		{"Miete ab 890 €", "ab 890 €"},
		{"Wohnung ab sofort, 890 €", "890 €"},
		// a count and a dash are no range
		{"Studio 1 - 650 €", "650 €"},
		{"2 - 3 Zimmer ab 890 €", "ab 890 €"},
	}
	for _, tt := range tests {
		if got := findPrice(tt.text); got != tt.want {
			t.Errorf("findPrice(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestFindSizeAndRooms(t *testing.T) {
	tests := []struct {
		text  string
		size  string
		m2    float64
		rooms float64
	}{
		{"71 m² · 3 Zimmer · Berlin", "71 m²", 71, 3},
		// bedrooms count where no count of rooms is written
		{"2 bds 1 ba 850 sqft", "850 sqft", 79, 2},
		{"650 sq ft, 2 bedrooms", "650 sq ft", 60.4, 2},
		{"3,5-Zimmer-Wohnung, 88,5 m2", "88,5 m2", 88.5, 3.5},
		{"Wohnfläche 45 qm", "45 qm", 45, 0},
		{"Rooms: 2 · 54 m²", "54 m²", 54, 2},
		// a price per square metre is no size
		{"18,12 €/m² 3 slaapkamers", "", 0, 3},
		{"4 kamers, 120 m²", "120 m²", 120, 4},
	}
	for _, tt := range tests {
		s, m2 := findSize(tt.text)
		if s != tt.size || !near(m2, tt.m2) {
			t.Errorf("findSize(%q) = %q %v, want %q %v", tt.text, s, m2, tt.size, tt.m2)
		}
		if r := findRooms(tt.text); r != tt.rooms {
			t.Errorf("findRooms(%q) = %v, want %v", tt.text, r, tt.rooms)
		}
	}
}

func TestRepairText(t *testing.T) {
	tests := []struct{ in, want string }{
		// the case: a right "ö" beside a double-encoded "²"
		{"Schöne Wohnung, 65\u00a0mÂ² mit Balkon", "Schöne Wohnung, 65\u00a0m² mit Balkon"},
		{"Köln, 80 mÂ², MÃ¼nchen", "Köln, 80 m², München"},
		{"NiederschÃ¶nhausen", "Niederschönhausen"},
		// nothing to repair, or genuine Latin text
		{"Zürich", "Zürich"},
		{"Ã la carte", "Ã la carte"},
	}
	for _, tt := range tests {
		if got := repairText(tt.in); got != tt.want {
			t.Errorf("repairText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
