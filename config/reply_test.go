package config

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestLoadReply(t *testing.T) {
	file := `[reply]
name = "Sam Jansen"
email = "sam@example.com"
phone = "+31 6 12345678"
consent = true
message = """Hello,
I am {name}. Is {title} ({price}) still free?"""

[[search]]
name = "A"
url = "https://kamernet.nl/huren/kamers-amsterdam"
reply = true

[[search]]
name = "B"
url = "https://www.pararius.nl/huurwoningen/amsterdam"
reply = true
reply_message = "Hi, about {url}"

[[search]]
name = "C"
url = "https://www.funda.nl/zoeken/huur"
`
	got, err := Load(writeFile(t, file))
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	want := Settings{Version: 1, Interval: 30 * time.Second,
		Reply: &Reply{Name: "Sam Jansen", Email: "sam@example.com", Phone: "+31 6 12345678", Consent: true,
			Message: "Hello,\nI am {name}. Is {title} ({price}) still free?"},
		Searches: []Search{
			{Name: "A", URL: "https://kamernet.nl/huren/kamers-amsterdam", Enabled: true, Reply: true},
			{Name: "B", URL: "https://www.pararius.nl/huurwoningen/amsterdam", Enabled: true, Reply: true, ReplyMessage: "Hi, about {url}"},
			{Name: "C", URL: "https://www.funda.nl/zoeken/huur", Enabled: true},
		}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Load =\n%s\nwant\n%s", show2(got), show2(want))
	}
	if m := got.MessageFor(got.Searches[0]); m != want.Reply.Message {
		t.Errorf("MessageFor(A) = %q, want the [reply] default", m)
	}
	if m := got.MessageFor(got.Searches[1]); m != "Hi, about {url}" {
		t.Errorf("MessageFor(B) = %q, want its own", m)
	}
	if sr, ok := got.SearchByURL("https://www.funda.nl/zoeken/huur"); !ok || sr.Name != "C" {
		t.Errorf("SearchByURL = %+v, %v", sr, ok)
	}
	if _, ok := got.SearchByURL("https://nowhere.example/"); ok {
		t.Error("SearchByURL found a search that is not there")
	}
}

func TestLoadReplyProblems(t *testing.T) {
	search := "[[search]]\nname = \"A\"\nurl = \"https://kamernet.nl/huren\"\n"
	checkLoadErrors(t, []loadError{
		{"unknown placeholder in the default", "[reply]\nname = \"Sam\"\nmessage = \"Hi {titel} at {prijs}\"\n",
			`line 3: reply.message: unknown placeholder {titel} (did you mean {title}?), {prijs} (did you mean {price}?); use {title}, {price}, {place}, {url} or {name}`},
		{"unknown placeholder in a search", search + "reply = true\nreply_message = \"Hi {landlord}\"\n",
			`line 5: search[1].reply_message: unknown placeholder {landlord}; use {title}, {price}, {place}, {url} or {name}`},
		{"reply on, no message anywhere", search + "reply = true\n",
			`line 4: search[1].reply: on, but there is no message to send: set reply_message here, or message in [reply]`},
		{"reply on, [reply] without message", "[reply]\nname = \"Sam\"\n\n" + search + "reply = true\n",
			`line 7: search[1].reply: on, but there is no message to send: set reply_message here, or message in [reply]`},
		{"{name} without a name", "[reply]\nmessage = \"I am {name}\"\n" + search + "reply = true\n",
			`line 6: search[1].reply: its message uses {name}, but [reply] has no name`},
		{"reply in quotes", search + "reply = \"yes\"\n",
			`line 4: search[1].reply: "yes" is not true or false (write it without quotes)`},
		{"bad email and phone", "[reply]\nname = \"Sam\"\nemail = \"sam@\"\nphone = \"call me\"\n",
			"line 3: reply.email: \"sam@\" is not an email address\n" +
				"line 4: reply.phone: \"call me\" is not a phone number (digits, spaces, + - ( ) only)"},
		{"name on two lines", "[reply]\nname = \"Sam\\nJansen\"\n",
			`line 2: reply.name: must be one line, without tabs or line breaks`},
		{"message too long", "[reply]\nmessage = \"" + strings.Repeat("x", MaxMessage+1) + "\"\n",
			`line 2: reply.message: 2001 characters; a reply is at most 2000`},
		{"reply not a table", "reply = \"yes\"\n",
			`line 1: reply: must be a table: write it as [reply] with its keys below`},
		{"unknown key in [reply]", "[reply]\nmesage = \"hi\"\n",
			`line 2: unknown key "reply.mesage" (did you mean "reply.message"?)`},
		{"wrong type", "[reply]\nphone = 612345678\n",
			`line 2: reply.phone: 612345678 is not text; put it in quotes`},
		{"consent in quotes", "[reply]\nconsent = \"yes\"\n",
			`line 2: reply.consent: "yes" is not true or false (write it without quotes)`},
		{"reply on a portal without a recipe", "[reply]\nmessage = \"Hi\"\n[[search]]\nname = \"F\"\nurl = \"https://www.funda.nl/zoeken/huur\"\nreply = true\n",
			`line 6: search[1].reply: auto-reply works on kamernet.nl and pararius.nl only, and this search is on funda.nl: turn reply off here`},
	})
}

func TestSaveLoadReplyRoundTrip(t *testing.T) {
	for _, in := range []Settings{
		{Version: 1, Interval: time.Minute,
			Reply: &Reply{Name: "Zoë \"Z\" Müller", Email: "z@example.com", Phone: "+49 (30) 123-456", Consent: true,
				Message: "Hallo,\n\nich bin {name}.\tIst {title} frei? {url}"},
			Searches: []Search{
				{Name: "A", URL: "https://www.pararius.nl/a", Enabled: true, Reply: true},
				{Name: "W", URL: "https://www.wg-gesucht.de/a.html", Enabled: true, ReplyMessage: "off, kept: {title}"},
				{Name: "B", URL: "https://kamernet.nl/b", Enabled: true, ReplyMessage: "kept while off: {title}"},
			}},
		Default(),
	} {
		path := filepath.Join(t.TempDir(), "config.toml")
		if err := Save(path, in); err != nil {
			t.Fatalf("Save: %v", err)
		}
		got, err := Load(path)
		if err != nil {
			t.Fatalf("Load after Save: %v\n%s", err, render(in))
		}
		if !reflect.DeepEqual(got, in) {
			t.Errorf("round trip:\n%s\nwant\n%s", show2(got), show2(in))
		}
	}
	if text := render(Default()); !strings.Contains(text, "# [reply]") || !strings.Contains(text, "reply_message") {
		t.Errorf("the default file does not explain auto-reply:\n%s", text)
	}
}

func TestRenderMessage(t *testing.T) {
	v := MessageValues{Title: "Room on Damrak", Price: "€ 750", Place: "Centrum", URL: "https://kamernet.nl/x-123", Name: "Sam"}
	tests := []struct {
		name string
		tmpl string
		v    MessageValues
		want string
	}{
		{"all placeholders", "Hi, I am {name}. {title}, {price} in {place}: {url}", v,
			"Hi, I am Sam. Room on Damrak, € 750 in Centrum: https://kamernet.nl/x-123"},
		{"template line breaks kept, CRLF made LF", "Hello,\r\n\r\n{title}\rBye", v, "Hello,\n\nRoom on Damrak\nBye"},
		{"listing text flattened to one line", "T: {title}.",
			MessageValues{Title: "Nice\r\nSubject: forged\x00 room\u2028x"}, "T: Nice Subject: forged room x."},
		{"control characters in the template go", "a\x07b\x1bc", v, "abc"},
		{"unknown placeholder left alone, other braces too", "{nope} {title} {} { x }", v, "{nope} Room on Damrak {} { x }"},
		{"one value capped at 200", "{title}", MessageValues{Title: strings.Repeat("é", 300)}, strings.Repeat("é", 200)},
		{"repeated placeholder", "{name}{name}", v, "SamSam"},
		{"empty value", "[{price}]", MessageValues{}, "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RenderMessage(tt.tmpl, tt.v); got != tt.want {
				t.Errorf("RenderMessage(%q) = %q, want %q", tt.tmpl, got, tt.want)
			}
		})
	}
	long := RenderMessage(strings.Repeat("{title} ", 40), MessageValues{Title: strings.Repeat("ab", 100)})
	if n := utf8.RuneCountInString(long); n != MaxMessage {
		t.Errorf("a long message is %d characters, want the %d cap", n, MaxMessage)
	}
}

func TestSingleLine(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"Sam Jansen", 0, "Sam Jansen"},
		{" Sam\r\nBcc: x@y\t ", 0, "Sam Bcc: x@y"},
		{"a\x00b", 0, "a b"},
		{"abcdef", 3, "abc"},
		{"żółw", 2, "żó"},
	}
	for _, tt := range tests {
		if got := SingleLine(tt.in, tt.max); got != tt.want {
			t.Errorf("SingleLine(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}
