package config

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

const v0File = `# written by the first rentwatch
interval_seconds = 90

[[searches]]
name = "Kamernet Amsterdam"
url = "https://kamernet.nl/huren/kamers-amsterdam"

[[searches]]
name = "Funda"
url = "https://www.funda.nl/zoeken/huur"
enabled = false
`

func TestMigrateV0(t *testing.T) {
	for _, tt := range []struct{ name, file string }{
		{"no version key", v0File},
		{"version = 0", "version = 0\n" + v0File},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, tt.file)
			got, err := Load(path)
			if err != nil {
				t.Fatalf("Load v0: %v", err)
			}
			want := Settings{Version: 1, Interval: 90 * time.Second, Searches: []Search{
				{Name: "Kamernet Amsterdam", URL: "https://kamernet.nl/huren/kamers-amsterdam", Enabled: true},
				{Name: "Funda", URL: "https://www.funda.nl/zoeken/huur", Enabled: false},
			}}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("migrated = %+v, want %+v", got, want)
			}
			old, err := os.ReadFile(path + ".v0.bak")
			if err != nil || string(old) != tt.file {
				t.Errorf("archive = %q, %v; want the old file byte for byte", old, err)
			}
			now, _ := os.ReadFile(path)
			for _, want := range []string{"version = 1", `interval = "1m30s"`, "[[search]]"} {
				if !strings.Contains(string(now), want) {
					t.Errorf("rewritten file lacks %q:\n%s", want, now)
				}
			}
			// A second migration of the same path keeps the first archive.
			os.WriteFile(path, []byte(tt.file), 0o600)
			if _, err := Load(path); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(path + ".v0.1.bak"); err != nil {
				t.Errorf("second archive: %v", err)
			}
			// And the rewritten file loads as is, without another archive.
			again, err := Load(path)
			if err != nil || !reflect.DeepEqual(again, want) {
				t.Errorf("reload = %+v, %v", again, err)
			}
			if _, err := os.Stat(path + ".v0.2.bak"); err == nil {
				t.Errorf("a current file was archived again")
			}
		})
	}
}

// TestMigrateRefused: a v0 file that is wrong is reported against the
// lines the user wrote and left exactly as it was.
func TestMigrateRefused(t *testing.T) {
	tests := []struct {
		name string
		file string
		want string
	}{
		{"bad url in old layout", "interval_seconds = 60\n\n[[searches]]\nname = \"A\"\nurl = \"ftp://a\"\n",
			"this version-0 file was not upgraded to version 1 because of the problems below; it is left as it is\n" +
				`line 5: search[1].url: "ftp://a" is not an http or https URL`},
		{"interval too short", "interval_seconds = 3\n",
			"this version-0 file was not upgraded to version 1 because of the problems below; it is left as it is\n" +
				"line 1: interval: 3s is under the 10s minimum"},
		{"interval_seconds not a number", "interval_seconds = \"30\"\n",
			`cannot bring this version-0 file up to version 1: interval_seconds: "30" is not a whole number of seconds`},
		{"both layouts", "version = 0\n[[searches]]\nname = \"A\"\nurl = \"https://a.example/\"\n[[search]]\nname = \"B\"\nurl = \"https://b.example/\"\n",
			"cannot bring this version-0 file up to version 1: both [[searches]] and [[search]] tables are present; keep one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, tt.file)
			_, err := Load(path)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("Load:\n%v\nwant:\n%s", err, tt.want)
			}
			if now, _ := os.ReadFile(path); string(now) != tt.file {
				t.Errorf("a refused migration changed the file:\n%s", now)
			}
			if _, err := os.Stat(path + ".v0.bak"); err == nil {
				t.Errorf("a refused migration archived the file")
			}
		})
	}
}

func TestNewerVersionRefused(t *testing.T) {
	file := "# from the future\nversion = 7\ninterval = \"30s\"\nshiny = true\n"
	path := writeFile(t, file)
	_, err := Load(path)
	if !errors.Is(err, ErrNewerVersion) {
		t.Fatalf("Load = %v, want ErrNewerVersion", err)
	}
	want := "line 2: version: 7 is newer than this rentwatch understands (1); update rentwatch (the file is left as it is)"
	if err.Error() != want {
		t.Errorf("message:\n%s\nwant:\n%s", err, want)
	}
	if now, _ := os.ReadFile(path); string(now) != file {
		t.Errorf("a newer file was rewritten:\n%s", now)
	}
	if matches, _ := os.ReadDir(dirOf(path)); len(matches) != 1 {
		t.Errorf("files beside a newer file: %v", matches)
	}
	// An ordinary bad file is not mistaken for a newer one.
	if _, err := Load(writeFile(t, "interval = \"1s\"\n")); errors.Is(err, ErrNewerVersion) {
		t.Errorf("a bad current file matched ErrNewerVersion")
	}
}

func dirOf(path string) string { return path[:strings.LastIndexByte(path, '/')] }
