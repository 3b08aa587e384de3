package config_test

import (
	"fmt"
	"os"
	"path/filepath"

	"rentwatch/config"
)

func ExampleNameFromURL() {
	fmt.Println(config.NameFromURL("https://kamernet.nl/huren/kamers-amsterdam"))
	fmt.Println(config.NameFromURL("https://www.funda.nl/zoeken/huur?selected_area=%5B%22amsterdam%22%5D"))
	fmt.Println(config.NameFromURL("https://www.zoopla.co.uk/to-rent/property/london/?q=London"))
	// Output:
	// Kamernet Amsterdam
	// Funda Amsterdam
	// Zoopla London
}

func ExampleLoad() {
	dir, _ := os.MkdirTemp("", "rentwatch-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte(`version = 1
interval = "5s"

[emial]
to = "me@example.com"

[[search]]
name = "Kamernet"
url = "ftp://kamernet.nl/"
`), 0o600)
	_, err := config.Load(path)
	fmt.Println(err)
	// Output:
	// line 2: interval: 5s is under the 10s minimum
	// line 5: unknown key "emial.to" (did you mean "email.to"?)
	// line 9: search[1].url: "ftp://kamernet.nl/" is not an http or https URL
}

// The running app's settings: one Owner, whose subscribers get each
// change once, whoever made it (here the window's kind of edit).
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "rentwatch-example")
	defer os.RemoveAll(dir)
	settings := config.Open(filepath.Join(dir, "config.toml"), config.Options{}) // created with comments
	defer settings.Close()
	now, changes, cancel := settings.Subscribe()
	defer cancel()
	fmt.Println(len(now.Settings.Searches), "searches,", now.Settings.Interval)
	if _, err := settings.AddSearch("", "https://kamernet.nl/huren/kamers-amsterdam", config.Filter{}, ""); err != nil {
		fmt.Println(err)
	}
	next := <-changes
	fmt.Println(next.Settings.Searches[0].Name, next.Problem)
	// Output:
	// 0 searches, 30s
	// Kamernet Amsterdam <nil>
}
