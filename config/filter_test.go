package config

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLoadFilter(t *testing.T) {
	const head = "[[search]]\nname = \"A\"\nurl = \"https://kamernet.nl/huren/kamers-amsterdam\"\n"
	tests := []struct {
		name    string
		keys    string
		want    Filter
		problem string // part of the error; "" for none
	}{
		{"none", "", Filter{}, ""},
		{"every key", "max_price = 1200\nmin_size = 20.5\nrequire = [\"balcony\", \"garden\"]\nexclude = [\"students only\"]\n",
			Filter{MaxPrice: 1200, MinSize: 20.5, Require: []string{"balcony", "garden"}, Exclude: []string{"students only"}}, ""},
		{"empty lists are none", "require = []\nexclude = []\n", Filter{}, ""},
		{"price in quotes", "max_price = \"1200\"\n", Filter{}, `search[1].max_price: "1200" is not a number; write the most rent`},
		{"price with currency", "max_price = \"€1200\"\n", Filter{}, "is not a number"},
		{"negative price", "max_price = -5\n", Filter{}, "search[1].max_price: -5 is below zero"},
		{"negative size", "min_size = -1.5\n", Filter{}, "search[1].min_size: -1.5 is below zero"},
		{"size as text", "min_size = \"20m2\"\n", Filter{}, "square metres"},
		{"require as one word", "require = \"balcony\"\n", Filter{}, `search[1].require: must be a list in brackets, like ["balcony"]`},
		{"exclude with a number", "exclude = [\"x\", 3]\n", Filter{}, "search[1].exclude: 3 is not text"},
		{"empty word", "exclude = [\"\"]\n", Filter{}, `search[1].exclude: has an empty word`},
		{"misspelt key", "maxprice = 1200\n", Filter{}, `did you mean "search[1].max_price"?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load(writeFile(t, head+tt.keys))
			if tt.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tt.problem) {
					t.Fatalf("Load error = %v, want it to contain %q", err, tt.problem)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if got := s.Searches[0].Filter; !reflect.DeepEqual(got, tt.want) {
				t.Errorf("filter = %#v, want %#v", got, tt.want)
			}
		})
	}
}

func TestSaveKeepsFilter(t *testing.T) {
	s := Default()
	s.Searches = []Search{{Name: "A", URL: "https://kamernet.nl/huren/kamers-amsterdam", Enabled: true,
		Filter: Filter{MaxPrice: 950.5, MinSize: 12, Require: []string{`say "hi"`}, Exclude: []string{"no", "students only"}}}}
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := Save(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Searches[0].Filter, s.Searches[0].Filter) {
		t.Errorf("filter after Save and Load = %#v, want %#v", got.Searches[0].Filter, s.Searches[0].Filter)
	}
}

func TestFilterClean(t *testing.T) {
	f := Filter{Require: []string{"  balcony ", "Balcony", "", "roof   terrace"}, Exclude: []string{" "}}.Clean()
	want := Filter{Require: []string{"balcony", "roof terrace"}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("Clean = %#v, want %#v", f, want)
	}
	if !(Filter{}).IsZero() || want.IsZero() {
		t.Error("IsZero is wrong")
	}
}

func TestValidateFilter(t *testing.T) {
	s := Default()
	s.Searches = []Search{{Name: "A", URL: "https://a.example/", Enabled: true,
		Filter: Filter{MaxPrice: -1, Require: []string{strings.Repeat("ä", 81)}}}}
	err := s.Validate()
	if err == nil {
		t.Fatal("Validate passed a negative price and an overlong word")
	}
	for _, want := range []string{"search[1].max_price: -1 is below zero", "search[1].require: \"ääääääääääääääääääää…\" is longer than 80"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Validate error %q lacks %q", err, want)
		}
	}
}
