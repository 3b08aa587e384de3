package outbox_test

import (
	"fmt"

	"rentwatch/outbox"
)

func ExampleSubject() {
	west := outbox.Alert{SearchName: "Kamernet Amsterdam West", Title: "Room"}
	funda := outbox.Alert{SearchName: "Funda Utrecht", Title: "Flat"}
	fmt.Println(outbox.Subject([]outbox.Alert{west}))
	fmt.Println(outbox.Subject([]outbox.Alert{west, west, west}))
	fmt.Println(outbox.Subject([]outbox.Alert{west, funda, funda, west, funda}))
	// Output:
	// 1 new listing: Kamernet Amsterdam West
	// 3 new listings: Kamernet Amsterdam West
	// 5 new listings on 2 searches
}
