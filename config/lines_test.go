package config

import "testing"

// The entries of a list are found on their own lines (push.urls[2]),
// however the list is written.
func TestLineIndexFindsListEntries(t *testing.T) {
	src := `version = 1
[push]
urls = ["ntfy://a.example/x", "ntfy://b.example/[y],z", # two on one line
  # "ntfy://not.an.entry/" in a comment, with a ] in it
  'ntfy://c.example/"q"',
  """ntfy://d.example/
""", [1, 2,
  3], {a = "]"},
  "ntfy://e.example/"]
interval = "30s"
[[search]]
require = [
  "balcony", "garden",
]
name = "West"
`
	ix := indexLines(src)
	for key, want := range map[string]int{
		"push.urls": 3, "push.urls[1]": 3, "push.urls[2]": 3, "push.urls[3]": 5, "push.urls[4]": 6,
		"push.urls[5]": 7, "push.urls[6]": 8, "push.urls[7]": 9, "push.urls[8]": 0,
		"push.interval": 10, "search[1].require[2]": 13, "search[1].name": 15,
	} {
		got, ok := ix.at[key]
		if !ok {
			got = 0
		}
		if got != want {
			t.Errorf("%s on line %d, want %d", key, got, want)
		}
	}
}
