package words_test

import (
	"fmt"
	"time"

	"rentwatch/blocks"
	"rentwatch/words"
)

func Example() {
	ams, _ := time.LoadLocation("Europe/Amsterdam")
	now := time.Date(2025, 3, 14, 13, 2, 0, 0, time.UTC)
	site := words.Site("www.wg-gesucht.de")
	fmt.Println(site, words.Wall(blocks.RateLimited), "— retrying in", words.Countdown(4*time.Minute+12*time.Second))
	fmt.Println("checked", words.Ago(30*time.Second), "at", words.Clock(now.Add(-30*time.Second), now, ams))
	fmt.Println(words.Walled(words.Site("funda.nl"), "cloudflare", blocks.Challenge))
	fmt.Println(words.Plural(3, "listing", "listings"), "alerted", words.Duration(125*time.Second), "after they appeared")
	fmt.Println(words.Clip(words.Clean("Sunny room\r\nBcc: evil@example.org, near the park"), 30))
	// Output:
	// WG-Gesucht is asking us to slow down — retrying in 4 min 12 s
	// checked 30 s ago at 14:01
	// Funda put up a human check (cloudflare) that did not clear by itself
	// 3 listings alerted 2 min 05 s after they appeared
	// Sunny room Bcc…
}
