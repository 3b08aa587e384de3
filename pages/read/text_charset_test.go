package read

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// TestLateCharset: a meta charset after a large style block (class 8 of
// issue 23, seen on a 2018 sreality.cz page whose app injected its CSS
// first) still decides how the page decodes.
func TestLateCharset(t *testing.T) {
	style := "<style>" + strings.Repeat(".ng-hide{display:none !important;} ", 60) + "</style>"
	utf8Page := `<html><head>` + style + `<meta charset="utf-8"><title>Rezidence Podkova</title></head><body><h1>Rezidence Podkova - šťastné bydlení na čtyřce</h1></body></html>`
	latin2, err := charmap.ISO8859_2.NewEncoder().String(`<html><head>` + style + `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2"><title>x</title></head><body><h1>Byt 3+1, Řepy, čtyřka</h1></body></html>`)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, page, want string }{
		{"utf-8 declared after 2 KB of style", utf8Page, "šťastné bydlení na čtyřce"},
		{"iso-8859-2 declared after 2 KB of style", latin2, "Byt 3+1, Řepy, čtyřka"},
		{"no charset at all, valid UTF-8", `<html><body><h1>Wohnung in Köln, 3 Zimmer</h1></body></html>`, "Wohnung in Köln"},
		{"no charset at all, Windows-1252", "<html><body><h1>Wohnung in K\xf6ln</h1></body></html>", "Wohnung in Köln"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := decodePage([]byte(tt.page)); !strings.Contains(got, tt.want) {
				t.Errorf("decoded page lacks %q:\n%.300s", tt.want, got[strings.Index(got, "<body>"):])
			}
		})
	}
}
