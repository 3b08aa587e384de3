package config

import (
	"reflect"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// TestParseDoc checks the scanner finds each value's exact text on TOML
// that could fool a line-by-line reader.
func TestParseDoc(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "table: key = value text", in file order
	}{
		{"plain", "a = 1\n[t]\nb = \"x\"\n", []string{": a = 1", "t: b = \"x\""}},
		{"comment chars in strings", "a = \"# not a comment\" # real\nb = 'C:\\x \"#\"'\n",
			[]string{`: a = "# not a comment"`, `: b = 'C:\x "#"'`}},
		{"escaped quote", `a = "say \"hi\" [x]" # c` + "\n", []string{`: a = "say \"hi\" [x]"`}},
		{"multi-line basic string holding a header", "a = \"\"\"\n[not.a.table]\nb = 2\n\"\"\"\nc = 3\n",
			[]string{": a = \"\"\"\n[not.a.table]\nb = 2\n\"\"\"", ": c = 3"}},
		{"multi-line string ending in quotes", "a = \"\"\"x\"\"\"\"\"\nb = 1\n", []string{`: a = """x"""""`, ": b = 1"}},
		{"multi-line literal string", "a = '''\n# x\n'''\nb = 1\n", []string{": a = '''\n# x\n'''", ": b = 1"}},
		{"nested array over lines with comments", "a = [ [1, 2], # one ] two\n  [\"]\", 3],\n]\nb = true\n",
			[]string{": a = [ [1, 2], # one ] two\n  [\"]\", 3],\n]", ": b = true"}},
		{"inline table", "e = { to = \"a}b\", port = 1 }\n", []string{`: e = { to = "a}b", port = 1 }`}},
		{"quoted and dotted keys", "\"a=b\" = 1\nx.\"y z\" = 2\n", []string{": a=b = 1", ": x.y z = 2"}},
		{"array table headers with spaces and comments", "[[ search ]] # one\nname = \"A\"\n[[search]]\nname = \"B\"\n",
			[]string{`search: name = "A"`, `search: name = "B"`}},
		{"crlf", "a = 1\r\n[t]\r\nb = 2 # c\r\n", []string{": a = 1", "t: b = 2"}},
		{"dates and floats", "d = 1979-05-27T07:32:00Z\nf = -1.5e3\n", []string{": d = 1979-05-27T07:32:00Z", ": f = -1.5e3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m map[string]any
			if _, err := toml.Decode(tt.src, &m); err != nil {
				t.Fatalf("test setup: not valid TOML: %v", err)
			}
			d, err := parseDoc(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, tb := range d.tables {
				for _, st := range tb.keys {
					got = append(got, tb.name+": "+st.key+" = "+tt.src[st.valueStart:st.valueEnd])
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("statements:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestDocAttachedComments(t *testing.T) {
	src := "a = 1\n# about a\n\n# mine\n# also mine\n[t]\nb = 2\n"
	d, err := parseDoc(src)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := d.find("t", 0)
	if got := src[d.attached(tb):]; !strings.HasPrefix(got, "# mine\n# also mine\n[t]") {
		t.Errorf("the block of [t] starts at %q", got)
	}
}
