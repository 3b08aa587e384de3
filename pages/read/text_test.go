package read

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

func TestDecodePage(t *testing.T) {
	cp1252 := func(s string) []byte {
		b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name string
		raw  []byte
		want string // must appear in the decoded text
	}{
		{"utf-8", []byte(`<meta charset="utf-8"><p>Niederschönhausen €</p>`), "Niederschönhausen €"},
		{"double-encoded utf-8", []byte("<meta charset=\"utf-8\"><p>NiederschÃ¶nhausen 515,36 â\u0082¬</p>"), "Niederschönhausen 515,36 €"},
		{"windows-1252 declared", cp1252(`<meta charset="windows-1252"><p>Loyer 1 250 € pièces</p>`), "1 250 € pièces"},
		{"iso-8859-1 declared, € as 0x80", cp1252(`<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>€ 900 meublé</p>`), "€ 900 meublé"},
		{"claims utf-8, is windows-1252", cp1252(`<meta charset="utf-8"><p>£474,995 Buyer’s</p>`), "£474,995 Buyer’s"},
		{"no charset, utf-8", []byte(`<p>Schöne Wohnung</p>`), "Schöne Wohnung"},
		{"genuine Latin text is not 'repaired'", []byte(`<p>Ã  la carte, Â© 2024</p>`), "Ã  la carte, Â© 2024"},
		{"utf-16le with a byte order mark", utf16(`<p>Zimmer in Köln</p>`, false), "Zimmer in Köln"},
		{"utf-16be with a byte order mark", utf16(`<meta charset="utf-16"><p>Zimmer in Köln</p>`, true), "Zimmer in Köln"},
		{"utf-8 with one stray byte stays utf-8", append([]byte(`<meta charset="utf-8"><p>Zürich `), 0xff, '<', '/', 'p', '>'), "Zürich"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := decodePage(tt.raw); !strings.Contains(got, tt.want) {
				t.Errorf("decodePage = %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

func TestCleanText(t *testing.T) {
	long := strings.Repeat("é", 500)
	tests := []struct{ in, want string }{
		{"  Westerlengte\r\n\t 131  ", "Westerlengte 131"},
		{"a\x00b\x07c\u200bd", "abcd"},
		{"NiederschÃ¶nhausen", "Niederschönhausen"},
		{"1\u00a0250\u00a0€", "1\u00a0250 €"},
		{long, strings.Repeat("é", maxTextRunes)},
		{"", ""},
	}
	for _, tt := range tests {
		if got := cleanText(tt.in); got != tt.want {
			t.Errorf("cleanText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFindPrice(t *testing.T) {
	tests := []struct{ in, want string }{
		{"€ 1.550 /mnd", "€ 1.550 /mnd"},
		{"Huurprijs € 2.000 per maand incl.", "€ 2.000 per maand"},
		{"€ 1.950 - € 2.000 per maand", "€ 1.950 - € 2.000 per maand"},
		{"€ 1.250,- p.m.", "€ 1.250,- p.m."},
		{"Guide Price £474,995", "£474,995"},
		{"1,250 pcm", "1,250 pcm"},
		{"£1,250 pcm (£288 pw)", "£1,250 pcm"},
		{"515,36 €", "515,36 €"},
		{"3er WG | 20 m² | 650 €", "650 €"},
		{"1 650 €", "1 650 €"},
		{"1 650 zł/mc", "1 650 zł/mc"},
		{"2.350 €", "2.350 €"},
		{"CHF 2'350.–", "CHF 2'350.–"},
		{"1 200 zł", "1 200 zł"},
		{"4 295 000 kr", "4 295 000 kr"},
		{"Studio 1" + elementBreak + "€ 800", "€ 800"}, // the euro sign leads the next element's amount
		{"Room 2" + elementBreak + "€ 1.250 p.m.", "€ 1.250 p.m."},
		{"650" + elementBreak + "€", "650 €"},                // amount and currency in two elements, nothing after
		{"3 1 650 €", "650 €"},                               // "3" is a count: "1" cannot group with it
		{"von 31.8 bis 14.9 450 € | 4", "450 €"},             // "9" belongs to the date before it
		{"1\u2063650 €", "650 €"},                            // a counter in its own element
		{"€\u20631.250\u2063per maand", "€ 1.250 per maand"}, // inline elements around the amount
		{"85 000 kr/m²", ""},                                 // a price per area is not the rent
		{"85 000 kr/m² 4 295 000 kr", "4 295 000 kr"},
		{"€ 24,50 / m²", ""},
		{"1\u00a0250 € / mois", "1 250 € / mois"},
		{"CHF 2'100.–", "CHF 2'100.–"},
		{"1.450€/mes", "1.450€/mes"},
		{"2 500 zł", "2 500 zł"},
		{"$1,995", "$1,995"},
		{"EUR 900", "EUR 900"},
		{"3 rooms, 85 m²", ""},
		{"Prijs op aanvraag", ""},
	}
	for _, tt := range tests {
		if got := findPrice(tt.in); got != tt.want {
			t.Errorf("findPrice(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// utf16 encodes s as UTF-16 with a byte order mark.
func utf16(s string, bigEndian bool) []byte {
	out := []byte{0xFF, 0xFE}
	if bigEndian {
		out = []byte{0xFE, 0xFF}
	}
	for _, r := range s {
		hi, lo := byte(r>>8), byte(r)
		if bigEndian {
			out = append(out, hi, lo)
		} else {
			out = append(out, lo, hi)
		}
	}
	return out
}
