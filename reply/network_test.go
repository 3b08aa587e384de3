package reply

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// The form's request is told from the page's other requests by the
// message's words in their order, in whatever encoding the form uses.
func TestCarriesWords(t *testing.T) {
	msg := "Hallo,\n\nIk ben Sam. Is Kamer aan de Singel (€ 700,-) nog vrij?"
	words := messageWords(msg)
	js, _ := json.Marshal(map[string]string{"name": "Sam", "message": strings.ReplaceAll(msg, "\n", "\r\n")})
	event, _ := json.Marshal(map[string]string{"event": "contact_submit", "listing": "Kamer aan de Singel | Kamernet"})
	long := strings.Repeat("woord ", 40)
	ru := "Здравствуйте! Комната ещё свободна?"
	el := "Γειά σας 🙂 είναι ελεύθερο;"
	tests := []struct {
		name string
		msg  string
		body string
		want bool
	}{
		{"urlencoded", msg, url.Values{"message": {msg}, "name": {"Sam"}}.Encode(), true},
		{"JSON", msg, string(js), true},
		{"multipart", msg, "--x\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\n" + msg + "\r\n--x--\r\n", true},
		{"an event naming the listing", msg, string(event), false},
		{"the words out of order", msg, "Singel de aan Kamer Is Sam ben Ik Hallo 700 nog vrij", false},
		{"a long message cut short by the portal", long + "tot ziens", url.Values{"message": {long[:200]}}.Encode(), true},
		// A message with no ASCII word: its words are told apart in every
		// encoding too, and an event that does not carry them is not it.
		{"Cyrillic, urlencoded", ru, url.Values{"message": {ru}}.Encode(), true},
		{"Cyrillic, JSON as UTF-8", ru, `{"message":"` + ru + `"}`, true},
		{"Cyrillic, JSON with \\u escapes", ru, `{"message":` + strconv.QuoteToASCII(ru) + `}`, true},
		{"Greek and an emoji, JSON as Python writes it", el, `{"message":"` + asciiJSON(el) + `"}`, true},
		{"Cyrillic, an event naming the listing", ru, `{"event":"contact_submit","listing":"Комната"}`, false},
		{"Cyrillic, another form's words", ru, url.Values{"q": {"Здравствуйте"}}.Encode(), false},
		{"no word at all", "🙂🙂", url.Values{"message": {"🙂🙂"}}.Encode(), false},
	}
	for _, tc := range tests {
		if got := carriesWords([]byte(tc.body), messageWords(tc.msg)); got != tc.want {
			t.Errorf("%s: carries = %v, want %v (words %q)", tc.name, got, tc.want, words)
		}
	}
}

// asciiJSON is s as a JSON writer that keeps to ASCII writes it (Python's
// json.dumps): every other letter as \uXXXX, one outside the BMP as a
// surrogate pair.
func asciiJSON(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		if u < 0x80 {
			b.WriteByte(byte(u))
		} else {
			fmt.Fprintf(&b, "\\u%04x", u)
		}
	}
	return b.String()
}

func TestUnescaped(t *testing.T) {
	for in, want := range map[string]string{
		asciiJSON("Γειά 🙂"): "Γειά 🙂",
		"%D0%97%d0%b4 a+b%": "Зд a+b%",
		`\u00e9\uZZZZ`:      `é\uZZZZ`,
	} {
		if got := string(unescaped([]byte(in))); got != want {
			t.Errorf("unescaped(%q) = %q, want %q", in, got, want)
		}
	}
}
