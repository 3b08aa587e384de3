package window

import "testing"

func TestSearchAddress(t *testing.T) {
	for typed, want := range map[string]string{
		"www.pararius.nl/huurwoningen/utrecht":   "https://www.pararius.nl/huurwoningen/utrecht",
		"  kamernet.nl/huren/kamers-amsterdam  ": "https://kamernet.nl/huren/kamers-amsterdam",
		"//www.funda.nl/zoeken/huur":             "https://www.funda.nl/zoeken/huur",
		"https://www.funda.nl/zoeken/huur":       "https://www.funda.nl/zoeken/huur",
		"http://127.0.0.2:8080/huren":            "http://127.0.0.2:8080/huren",
		"ftp://example.org/x":                    "ftp://example.org/x", // refused later, in words
		"":                                       "",
		"javascript:alert(1)":                    "javascript:alert(1)", // refused later, in words
		"localhost:8080/huren":                   "https://localhost:8080/huren",
	} {
		if got := searchAddress(typed); got != want {
			t.Errorf("%q: %q, want %q", typed, got, want)
		}
	}
}
