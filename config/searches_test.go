package config

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// longTaken is s with a search already named as a host of 300 letters
// makes a search's name: the longest name there is.
func longTaken(s Settings) Settings {
	s.Searches = append(s.Searches, Search{Name: "A" + strings.Repeat("a", MaxNameLength-1), URL: "https://x.example/", Enabled: true})
	return s
}

func TestNameFromURL(t *testing.T) {
	tests := []struct{ url, want string }{
		{"https://kamernet.nl/huren/kamers-amsterdam", "Kamernet Amsterdam"},
		{"https://www.funda.nl/zoeken/huur?selected_area=%5B%22amsterdam%22%5D&price=%220-2000%22", "Funda Amsterdam"},
		{"https://www.funda.nl/zoeken/huur?selected_area=%5B%22utrecht%22%5D&object_type=%5B%22apartment%22%5D", "Funda Utrecht"},
		{"https://www.pararius.nl/huurwoningen/utrecht/0-1500", "Pararius Utrecht"},
		{"https://www.pararius.com/apartments/den-haag/1000-2000/2-bedrooms", "Pararius Apartments Den Haag Bedrooms"},
		{"https://www.idealista.com/alquiler-viviendas/madrid-madrid/", "Idealista Madrid"},
		{"https://www.rightmove.co.uk/property-to-rent/find.html?locationIdentifier=REGION%5E87490&maxPrice=2000", "Rightmove"},
		{"https://www.zoopla.co.uk/to-rent/property/london/?q=London&results_sort=newest_listings", "Zoopla London"},
		{"https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html", "WG-Gesucht Zimmer Berlin"},
		{"https://www.immobilienscout24.de/Suche/de/berlin/berlin/wohnung-mieten?numberofrooms=2.0-", "ImmobilienScout24 Berlin Wohnung"},
		{"https://www.huurwoningen.nl/in/rotterdam/", "Huurwoningen Rotterdam"},
		{"https://www.daft.ie/property-for-rent/dublin-city", "Daft Dublin City"},
		{"https://www.immowelt.de/suche/muenchen/wohnungen/mieten", "Immowelt Muenchen Wohnungen"},
		{"https://www.seloger.com/list.htm?projects=1&types=1&places=%5B%7B%22inseeCodes%22%3A%5B750056%5D%7D%5D", "SeLoger"},
		{"https://rentola.nl/huurwoningen?location=den-haag", "Rentola Den Haag"},
		{"https://www.homegate.ch/mieten/wohnung/ort-zuerich/trefferliste", "Homegate Wohnung Zuerich"},
		{"http://127.0.0.1:8080/search/amsterdam", "127.0.0.1 Amsterdam"},
		{"https://m.example.org/one/two/three/four/five/a/b", "Example One Two Three Four"},
		{"not a url", "not a url"},
	}
	for _, tt := range tests {
		if got := NameFromURL(tt.url); got != tt.want {
			t.Errorf("NameFromURL(%s) = %q, want %q", tt.url, got, tt.want)
		}
	}
}

func TestAddSearch(t *testing.T) {
	base := func() Settings {
		s := Default()
		s.Searches = []Search{{Name: "Kamernet Amsterdam", URL: "https://kamernet.nl/huren/kamers-amsterdam", Enabled: true}}
		return s
	}
	full := base()
	for i := 1; i < MaxSearches; i++ {
		full.Searches = append(full.Searches, Search{Name: fmt.Sprint("s", i), URL: fmt.Sprint("https://e.example/", i), Enabled: true})
	}
	tests := []struct {
		name     string
		start    Settings
		url      string
		givenAs  string
		wantName string // the name the new search gets
		wantErr  error
	}{
		{"named", base(), "https://www.funda.nl/zoeken/huur", "Funda", "Funda", nil},
		{"name from URL", base(), "https://www.pararius.nl/huurwoningen/utrecht", "", "Pararius Utrecht", nil},
		{"generated name taken gets a number", base(), "https://kamernet.nl/huren/kamers-amsterdam?radius=5", "", "Kamernet Amsterdam 2", nil},
		{"given name taken", base(), "https://www.funda.nl/", "kamernet amsterdam", "", ErrDuplicateSearch},
		{"same search", base(), "http://www.kamernet.nl/huren/kamers-amsterdam/", "", "", ErrDuplicateSearch},
		{"ftp", base(), "ftp://kamernet.nl/", "", "", ErrBadSearchURL},
		{"no host", base(), "https:///x", "", "", ErrBadSearchURL},
		{"empty", base(), " ", "", "", ErrBadSearchURL},
		{"sixteenth", full, "https://www.funda.nl/", "", "", ErrTooManySearches},
		{"a name of 100 characters", base(), "https://www.funda.nl/", strings.Repeat("é", MaxNameLength), strings.Repeat("é", MaxNameLength), nil},
		{"a name of 101 characters", base(), "https://www.funda.nl/", strings.Repeat("é", MaxNameLength+1), "", ErrBadSearchName},
		{"a name of 60,000 characters", base(), "https://www.funda.nl/", strings.Repeat("x", 60000), "", ErrBadSearchName},
		{"a right-to-left override", base(), "https://www.funda.nl/", "Funda \u202eteW", "", ErrBadSearchName},
		{"a name from a URL of long words", base(), "https://www.funda.nl/" + strings.Repeat("amsterdam", 30) + "/west", "",
			"Funda West", nil},
		{"a name from a host of 300 letters", base(), "https://" + strings.Repeat("a", 300) + ".example/rooms", "",
			"A" + strings.Repeat("a", MaxNameLength-1), nil},
		{"a long name from a URL taken", longTaken(base()), "https://" + strings.Repeat("a", 300) + ".example/rooms", "",
			"A" + strings.Repeat("a", MaxNameLength-3) + " 2", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.start.clone()
			err := s.AddSearch(tt.url, tt.givenAs)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("AddSearch = %v, want %v", err, tt.wantErr)
				}
				if !reflect.DeepEqual(s, tt.start) {
					t.Errorf("a refused AddSearch changed the settings")
				}
				return
			}
			if err != nil {
				t.Fatalf("AddSearch: %v", err)
			}
			last := s.Searches[len(s.Searches)-1]
			if len(s.Searches) != len(tt.start.Searches)+1 || last.Name != tt.wantName || !last.Enabled {
				t.Errorf("added %+v, want name %q, enabled", last, tt.wantName)
			}
			if err := s.Validate(); err != nil {
				t.Errorf("settings after AddSearch do not validate: %v", err)
			}
		})
	}
}

func TestRemoveSearch(t *testing.T) {
	start := Default()
	for _, u := range []string{"https://kamernet.nl/huren/kamers-amsterdam", "https://www.funda.nl/zoeken/huur", "https://www.pararius.nl/huurwoningen/utrecht"} {
		if err := start.AddSearch(u, ""); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		key     string
		removed string // name of the removed search; "" for an error
	}{
		{"by name", "Funda", "Funda"},
		{"by name, any case", "pararius utrecht", "Pararius Utrecht"},
		{"by URL, normalised", "http://funda.nl/zoeken/huur/", "Funda"},
		{"unknown", "Zoopla", ""},
		{"unknown URL", "https://kamernet.nl/", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start.clone()
			got, err := s.RemoveSearch(tt.key)
			if tt.removed == "" {
				if !errors.Is(err, ErrNoSuchSearch) || len(s.Searches) != len(start.Searches) {
					t.Fatalf("RemoveSearch(%q) = %v, %d left", tt.key, err, len(s.Searches))
				}
				return
			}
			if err != nil || got.Name != tt.removed {
				t.Fatalf("RemoveSearch(%q) = %+v, %v; want %q removed", tt.key, got, err, tt.removed)
			}
			if len(s.Searches) != 2 {
				t.Errorf("%d searches left, want 2", len(s.Searches))
			}
			for _, sr := range s.Searches {
				if sr.Name == tt.removed {
					t.Errorf("%q is still there", tt.removed)
				}
			}
			if len(start.Searches) != 3 {
				t.Errorf("RemoveSearch on a clone changed the original")
			}
		})
	}
}
