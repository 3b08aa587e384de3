package outbox

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"git.sr.ht/~jackmordaunt/go-toast/tmpl"
)

// toastDoc is what Windows reads of a toast's XML.
type toastDoc struct {
	XMLName        xml.Name `xml:"toast"`
	ActivationType string   `xml:"activationType,attr"`
	Launch         string   `xml:"launch,attr"`
	Texts          []string `xml:"visual>binding>text"`
}

// toastXML fills go-toast's own template with the toast, as Push does, and
// reads it back the way an XML parser (Windows's) does.
func toastXML(t *testing.T, title, body string, open Action) toastDoc {
	t.Helper()
	n := toastFor(title, body, open)
	var b bytes.Buffer
	if err := tmpl.XMLTemplate.Execute(&b, &n); err != nil {
		t.Fatal(err)
	}
	var d toastDoc
	if err := xml.Unmarshal(b.Bytes(), &d); err != nil {
		t.Fatalf("the toast is not XML Windows can read: %v\n%s", err, b.String())
	}
	return d
}

// A listing's toast opens the listing by protocol activation; a "needs
// you" toast comes back to the app; nothing but an http(s) URL is ever
// launched; whatever the page's text holds, the XML stays whole and says
// exactly that text.
func TestToast(t *testing.T) {
	tricky := "https://kamernet.nl/huren/kamer?id=1&ref=mail&q=it's"
	tests := []struct {
		name          string
		title, body   string
		open          Action
		protocol      bool
		launch        string // the URL the click opens ("" none)
		manual        string // the URL the callback gets ("" none)
		wantTitle     string
		wantBodyParts []string
	}{
		{"a listing opens in the browser", "New listing: Kamernet Amsterdam", "Sunny room · €\u00a0745",
			Action{Kind: OpenWeb, URL: tricky}, true, webLink(tricky), "", "New listing: Kamernet Amsterdam", []string{"€\u00a0745"}},
		{"a script link is never launched", "New listing: x", "y", Action{Kind: OpenWeb, URL: "javascript:alert(1)"}, false, "", "", "New listing: x", nil},
		{"a file link is never launched", "New listing: x", "y", Action{Kind: OpenWeb, URL: "file:///C:/Windows/System32/calc.exe"}, false, "", "", "New listing: x", nil},
		{"a settings link is never launched", "New listing: x", "y", Action{Kind: OpenWeb, URL: "ms-settings:privacy"}, false, "", "", "New listing: x", nil},
		{"needs you comes back to the app", "Funda needs you", "Pass its check by hand.",
			Action{Kind: OpenManual, URL: "https://www.funda.nl/zoeken/huur?a=1&b=2"}, false, "", "https://www.funda.nl/zoeken/huur?a=1&b=2",
			"Funda needs you", []string{"Pass its check by hand."}},
		{"text that would break the XML", "Room ]]> <b>big</b> & \"cheap\"\x07", escapeMarkup("€ 745 & more <b>\x00"), Action{},
			false, "", "", "Room ]]> <b>big</b> & \"cheap\"", []string{"€ 745 & more <b>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := toastXML(t, tt.title, tt.body, tt.open)
			if (d.ActivationType == "protocol") != tt.protocol {
				t.Errorf("activation %q, protocol should be %v", d.ActivationType, tt.protocol)
			}
			switch {
			case tt.protocol && d.Launch != tt.launch:
				t.Errorf("a click launches %q, want %q", d.Launch, tt.launch)
			case tt.manual != "":
				if a, ok := parseActivation(d.Launch); !ok || a != (Action{Kind: OpenManual, URL: tt.manual}) {
					t.Errorf("the callback reads %q as %+v %v, want the check by hand of %s", d.Launch, a, ok, tt.manual)
				}
			case !tt.protocol && d.Launch != "":
				t.Errorf("a toast that opens nothing launches %q", d.Launch)
			}
			if len(d.Texts) != 2 || strings.TrimSpace(d.Texts[0]) != tt.wantTitle {
				t.Fatalf("texts %q, want the title %q and the body", d.Texts, tt.wantTitle)
			}
			for _, p := range tt.wantBodyParts {
				if !strings.Contains(d.Texts[1], p) || strings.ContainsAny(d.Texts[1], "\x00\x07") {
					t.Errorf("body %q, want %q in plain text", d.Texts[1], p)
				}
			}
		})
	}
	// Every pop-up the desktop channel makes is a toast Windows can read.
	for _, p := range popUpsFor(listingMessage(time.Now()), time.Now()) {
		if d := toastXML(t, p.Title, p.Body, p.Open); d.ActivationType != "protocol" || d.Launch != "https://kamernet.nl/huren/kamer-amsterdam/k1" {
			t.Errorf("pop-up %q: activation %q launch %q", p.Title, d.ActivationType, d.Launch)
		}
	}
}

// Only what the app itself put in a toast is taken back from a click.
func TestParseActivation(t *testing.T) {
	for _, args := range []string{"", "https://kamernet.nl/x", "rentwatch:manual?url=javascript%3Aalert(1)",
		"rentwatch:manual?url=%zz", "rentwatch:other?url=https%3A%2F%2Fx.test%2F", "rentwatch:manual?url="} {
		if a, ok := parseActivation(args); ok {
			t.Errorf("parseActivation(%q) = %+v, want refused", args, a)
		}
	}
}
