package config

import "testing"

// The mistakes a person makes editing the file by hand, each refused with
// its line and what to write instead, in words that need no TOML.
func TestCommonMistakesInPlainWords(t *testing.T) {
	search := "version = 1\n\n[[search]]\n"
	checkLoadErrors(t, []loadError{
		{"a name without quotes", search + "name = Kamernet Amsterdam\nurl = \"https://kamernet.nl/huren\"\n",
			`line 4: the name must be in quotes: name = "Kamernet Amsterdam"`},
		{"a URL without quotes", search + "name = \"Kamernet\"\nurl = https://kamernet.nl/huren\n",
			`line 5: the url must be in quotes: url = "https://kamernet.nl/huren"`},
		{"an interval without quotes", "interval = 30s\n",
			`line 1: the interval must be in quotes: interval = "30s"`},
		{"the opening quote missing", search + "name = Kamernet\"\n",
			`line 4: the name must be in quotes: name = "Kamernet"`},
		{"the closing quote missing", search + "name = \"Kamernet\nurl = \"https://kamernet.nl/huren\"\n",
			`line 4: the closing quote is missing: name = "Kamernet"`},
		{"curly quotes from a word processor", "interval = “30s”\n",
			`line 1: use straight quotes (") around the value: interval = "30s"`},
		{"the = missing", search + "name \"Kamernet\"\n",
			`line 4: an = is missing between name and its value: name = "Kamernet"`},
		{"the = missing, value unquoted too", "interval 30s\n",
			`line 1: an = is missing between interval and its value: interval = "30s"`},
		{"a space in a setting's name", "check every = \"30s\"\n",
			`line 1: "check every" is not a setting's name: a name is one word (use _ between words), then =, then the value`},
		{"no value", "interval =\n", `line 1: interval has no value after the =: interval = "..."`},
		{"a key twice", search + "name = \"A\"\nname = \"B\"\n",
			`line 5: name is set twice in the same section; keep one of the two lines`},
		{"a section twice", "[email]\nto = \"a@b.example\"\n\n[email]\nhost = \"h\"\n",
			`line 4: the section [email] is in the file twice; put its settings in one`},
		{"[search] after [[search]]", search + "name = \"A\"\nurl = \"https://a.example/\"\n\n[search]\nname = \"B\"\n",
			`line 7: write [[search]] with double brackets: each search is its own [[search]] block`},
		{"[search] before [[search]]", "[search]\nname = \"A\"\n\n[[search]]\nname = \"B\"\n",
			`line 1: write [[search]] with double brackets: each search is its own [[search]] block`},
		{"[search] alone", "[search]\nname = \"A\"\nurl = \"https://a.example/\"\n",
			`line 1: search: write [[search]] with double brackets: each search is its own [[search]] block`},
		{"a section's closing bracket missing", "[[search]\nname = \"A\"\n",
			`line 1: the section name is missing its closing bracket: [[search]]`},
		{"a duration in words", "interval = \"30 seconds\"\n",
			`line 1: interval: "30 seconds" is not a duration like "30s" or "2m"`},
		{"a number in quotes", "[email]\nto = \"a@b.example\"\nfrom = \"a@b.example\"\nhost = \"h\"\nport = \"587\"\n",
			`line 5: email.port: "587" is not a number; write it without quotes, like 587`},
		{"a word where a number goes", "[email]\nport = five\n",
			`line 2: port must be a whole number, without quotes: port = 587`},
		{"yes for true", search + "name = \"A\"\nenabled = yes\n",
			`line 5: enabled must be true or false, without quotes: enabled = true`},
		{"a comma at the end", "interval = \"30s\",\n",
			`line 1: something follows the value on this line; remove it, or put a # before a comment`},
		{"a Windows path in double quotes", "[browser]\npath = \"C:\\Users\\me\\chrome.exe\"\n",
			`line 2: a backslash (\) in quotes starts a special character; use / instead, or single quotes: path = 'C:\Users\me\chrome.exe'`},
		{"a leading zero", "[email]\nport = 0587\n", `line 2: a number has no leading zeros: port = 587`},
		{"a line break in a search's name", search + "name = \"Kamernet\\nAmsterdam\"\nurl = \"https://a.example/\"\n",
			`line 4: search[1].name: "Kamernet\nAmsterdam" has a line break in it; a name is one line of text`},
		{"a tab in a search's name", search + "name = \"Kamernet\tWest\"\nurl = \"https://a.example/\"\n",
			`line 4: search[1].name: "Kamernet\tWest" has an invisible control character in it (U+0009); a name is plain text`},
	})
}
