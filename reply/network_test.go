package reply

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// The form's request is told from the page's other requests by the
// message's words in their order, in whatever encoding the form uses.
func TestCarriesWords(t *testing.T) {
	msg := "Hallo,\n\nIk ben Sam. Is Kamer aan de Singel (€ 700,-) nog vrij?"
	words := messageWords(msg)
	js, _ := json.Marshal(map[string]string{"name": "Sam", "message": strings.ReplaceAll(msg, "\n", "\r\n")})
	event, _ := json.Marshal(map[string]string{"event": "contact_submit", "listing": "Kamer aan de Singel | Kamernet"})
	long := strings.Repeat("woord ", 40)
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
	}
	for _, tc := range tests {
		if got := carriesWords([]byte(tc.body), messageWords(tc.msg)); got != tc.want {
			t.Errorf("%s: carries = %v, want %v (words %q)", tc.name, got, tc.want, words)
		}
	}
}
