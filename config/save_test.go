package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// full is settings with every field set, including text TOML must escape.
func full() Settings {
	return Settings{
		Version:  1,
		Interval: 90 * time.Second,
		Email: &Email{To: "me@example.com", From: "Rent Watch <bot@example.com>", Host: "smtp.example.com",
			Port: 2525, Security: "tls", Username: "bot@example.com", CAFile: `C:\certs\"company".pem`},
		Browser: Browser{Path: "/opt/chrome dir/chrome"},
		Searches: []Search{
			{Name: "Kamernet Amsterdam", URL: "https://kamernet.nl/huren/kamers-amsterdam", Enabled: true},
			{Name: "Zürich \"WG\" тест \\ #1", URL: "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html", Enabled: false},
		},
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		in   Settings
	}{
		{"default", Default()},
		{"every field", full()},
		{"email with defaults left out", Settings{Version: 1, Interval: 30 * time.Second,
			Email: &Email{To: "a@b.example", Host: "h.example", Username: "u@b.example"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sub", "config.toml")
			if err := Save(path, tt.in); err != nil {
				t.Fatalf("Save: %v", err)
			}
			got, err := Load(path)
			if err != nil {
				t.Fatalf("Load after Save: %v", err)
			}
			want := tt.in.clone()
			want.fillDefaults()
			if !reflect.DeepEqual(got, want) {
				t.Errorf("round trip:\n got %+v %+v\nwant %+v %+v", got, got.Email, want, want.Email)
			}
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if perm := info.Mode().Perm(); perm != 0o600 {
				t.Errorf("file mode = %v, want 0600", perm)
			}
			if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
				t.Errorf("folder mode = %v, want 0700", dir.Mode().Perm())
			}
		})
	}
}

func TestSaveRefusesInvalid(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	s := Default()
	s.Searches = []Search{{Name: "x", URL: "ftp://x"}}
	err := Save(path, s)
	if err == nil || !strings.Contains(err.Error(), `search[1].url: "ftp://x" is not an http or https URL`) {
		t.Fatalf("Save of invalid settings = %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an invalid Save left a file behind: %v", err)
	}
}

func TestCreateDefault(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rentwatch", "config.toml")
	s, err := CreateDefault(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, Default()) {
		t.Errorf("CreateDefault = %+v, want Default()", s)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{"version = 1", `interval = "30s"`, "# [email]", "RENTWATCH_SMTP_PASSWORD",
		"rentwatch searches add URL", "at least 10s"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("new file lacks %q:\n%s", want, data)
		}
	}
	loaded, err := Load(path)
	if err != nil || !reflect.DeepEqual(loaded, s) {
		t.Errorf("Load of the new file = %+v, %v", loaded, err)
	}
	if _, err := CreateDefault(path); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second CreateDefault = %v, want fs.ErrExist", err)
	}
}

// TestSaveIsAtomic has readers parse the file while writers keep replacing
// it: every read must be a whole file, one of the versions written.
func TestSaveIsAtomic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	versions := make([]Settings, 8)
	for i := range versions {
		versions[i] = full()
		versions[i].Interval = time.Duration(10+i) * time.Minute
		// Vary the length too, so a torn file could not pass by luck.
		for j := 0; j < i; j++ {
			versions[i].Searches = append(versions[i].Searches, Search{
				Name: fmt.Sprintf("extra %d", j), URL: fmt.Sprintf("https://example.com/%d", j), Enabled: true})
		}
	}
	if err := Save(path, versions[0]); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if err := Save(path, versions[(i+w)%len(versions)]); err != nil {
					t.Errorf("Save: %v", err)
					return
				}
			}
		}(w)
	}
	for r := 0; r < 300; r++ {
		got, err := Load(path)
		if err != nil {
			t.Fatalf("read %d during saves: %v", r, err)
		}
		if n := int(got.Interval/time.Minute) - 10; n < 0 || n >= len(versions) || !reflect.DeepEqual(got, versions[n]) {
			t.Fatalf("read %d is not a version that was written: %+v", r, got)
		}
	}
	close(stop)
	wg.Wait()
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*.tmp"))
	if len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", `"plain"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"tab\tnl\ncr\r", `"tab\tnl\ncr\r"`},
		{"bell\a del\x7f", `"bell\u0007 del\u007F"`},
		{"Zürich", `"Zürich"`},
	}
	for _, tt := range tests {
		if got := quote(tt.in); got != tt.want {
			t.Errorf("quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
