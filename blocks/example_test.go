package blocks_test

import (
	"fmt"
	"time"

	"rentwatch/blocks"
)

func ExampleDelayFor() {
	// The third challenge in a row, without jitter (r = 0.5), then at the
	// two ends of the jitter.
	fmt.Println(blocks.DelayFor(blocks.Challenge, 3, 0, 0.5))
	fmt.Println(blocks.DelayFor(blocks.Challenge, 3, 0, 0))
	fmt.Println(blocks.DelayFor(blocks.Challenge, 3, 0, 0.9999999))
	// A site's Retry-After is a floor, never a ceiling, capped at an hour.
	fmt.Println(blocks.DelayFor(blocks.RateLimited, 1, 10*time.Minute, 0.5))
	fmt.Println(blocks.DelayFor(blocks.RateLimited, 1, 5*time.Second, 0.5))
	fmt.Println(blocks.DelayFor(blocks.RateLimited, 1, 24*time.Hour, 0.5))
	// Output:
	// 8m0s
	// 6m48s
	// 9m12s
	// 10m0s
	// 2m0s
	// 1h0m0s
}

func ExampleParseRetryAfter() {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	for _, v := range []string{"120", "Fri, 14 Mar 2025 14:07:00 GMT", "86400", "1.5", "Fri, 14 Mar 2025 13:00:00 GMT"} {
		d, ok := blocks.ParseRetryAfter(v, now)
		fmt.Printf("%q: %v %v\n", v, d, ok)
	}
	// Output:
	// "120": 2m0s true
	// "Fri, 14 Mar 2025 14:07:00 GMT": 5m0s true
	// "86400": 1h0m0s true
	// "1.5": 0s false
	// "Fri, 14 Mar 2025 13:00:00 GMT": 0s true
}

func ExampleRegistry() {
	var g blocks.Registry
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	// Two searches on one site: the refusal holds back both.
	g.Record("https://kamernet.nl/huren/kamers-amsterdam", blocks.Challenge, 0, now, 0.5)
	e := g.Record("https://kamernet.nl/huren/kamers-utrecht", blocks.Challenge, 0, now.Add(time.Minute), 0.5)
	fmt.Println(e.Kind, e.Failures, e.Wait, e.NextRetryAt.Format("15:04"))
	fmt.Println(g.Waiting("kamernet.nl", now.Add(2*time.Minute)), g.Waiting("funda.nl", now))
	host, at, _ := g.Soonest()
	fmt.Println(host, at.Format("15:04"))
	// Output:
	// challenge 2 3m0s 14:06
	// true false
	// kamernet.nl 14:06
}
