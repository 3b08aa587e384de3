package engine

import (
	"fmt"
	"testing"

	"rentwatch/config"
)

func TestPriceAmount(t *testing.T) {
	tests := []struct {
		price string
		want  float64
		ok    bool
	}{
		{"€ 1.250,-", 1250, true},
		{"€ 1.250,- /mnd", 1250, true},
		{"£1,250 pcm", 1250, true},
		{"515,36 €", 515.36, true},
		{"€ 1.250,50", 1250.5, true},
		{"$1,250.50/month", 1250.5, true},
		{"CHF 2'100.–", 2100, true},
		{"1 200 zł", 1200, true},
		{"1\u00a0200 €", 1200, true},
		{"€ 950 - € 1.100", 950, true},
		{"€ 1.950 - € 2.000", 1950, true},
		{"€ 12.345.678", 12345678, true},
		{"850", 850, true},
		{"12.5", 12.5, true},
		{"1500 200", 1500, true},
		{"Prijs op aanvraag", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := PriceAmount(tt.price)
		if got != tt.want || ok != tt.ok {
			t.Errorf("PriceAmount(%q) = %v, %v; want %v, %v", tt.price, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSift(t *testing.T) {
	tests := []struct {
		name   string
		f      config.Filter
		in     FilterInput
		kept   bool
		reason string
	}{
		{"no filter", config.Filter{}, FilterInput{Title: "anything", Price: "€ 9.999"}, true, ""},
		{"under the limit", config.Filter{MaxPrice: 1200}, FilterInput{Price: "€ 1.150,-"}, true, ""},
		{"at the limit", config.Filter{MaxPrice: 1200}, FilterInput{Price: "€ 1.200"}, true, ""},
		{"over the limit", config.Filter{MaxPrice: 1200}, FilterInput{Price: " € 1.450 /mnd"}, false, "€ 1.450 /mnd is over your limit of 1200"},
		{"price unreadable is kept", config.Filter{MaxPrice: 1200}, FilterInput{Price: "op aanvraag"}, true, ""},
		{"excluded phrase, any case and punctuation", config.Filter{Exclude: []string{"students only"}},
			FilterInput{Title: "Room (STUDENTS, only!)"}, false, `the title has "students only"`},
		{"excluded word is a whole word", config.Filter{Exclude: []string{"art"}}, FilterInput{Title: "Apartment"}, true, ""},
		{"accents do not matter", config.Filter{Exclude: []string{"kuche"}}, FilterInput{Title: "Zimmer mit Küche"}, false, `the title has "kuche"`},
		{"one required word is enough", config.Filter{Require: []string{"balcony", "garden"}}, FilterInput{Title: "Flat with garden"}, true, ""},
		{"no required word", config.Filter{Require: []string{"balcony", "garden"}}, FilterInput{Title: "Flat"}, false,
			`the title has none of "balcony", "garden"`},
		{"exclude wins over require", config.Filter{Require: []string{"studio"}, Exclude: []string{"shared"}},
			FilterInput{Title: "Shared studio"}, false, `the title has "shared"`},
		{"too small", config.Filter{MinSize: 20}, FilterInput{Size: 14.5}, false, "14.5 m² is under your minimum of 20 m²"},
		{"size unknown is kept", config.Filter{MinSize: 20}, FilterInput{}, true, ""},
		{"big enough", config.Filter{MinSize: 20}, FilterInput{Size: 20}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept, reason := Sift(tt.f, tt.in)
			if kept != tt.kept || reason != tt.reason {
				t.Errorf("Sift = %v, %q; want %v, %q", kept, reason, tt.kept, tt.reason)
			}
		})
	}
}

func ExampleSift() {
	f := config.Filter{MaxPrice: 1200, Exclude: []string{"students only"}}
	for _, l := range []FilterInput{
		{Title: "Studio Jordaan", Price: "€ 1.150,-"},
		{Title: "Room, students only", Price: "€ 650"},
		{Title: "Flat De Pijp", Price: "€ 1.450"},
	} {
		if kept, why := Sift(f, l); kept {
			fmt.Println(l.Title, "alerted")
		} else {
			fmt.Println(l.Title, "left out:", why)
		}
	}
	// Output:
	// Studio Jordaan alerted
	// Room, students only left out: the title has "students only"
	// Flat De Pijp left out: € 1.450 is over your limit of 1200
}
