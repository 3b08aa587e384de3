package outbox_test

import (
	"fmt"

	"rentwatch/listing"
	"rentwatch/outbox"
)

func ExampleSubject() {
	west := listing.Alert{Listing: listing.Listing{Title: "Room"}, SearchName: "Kamernet Amsterdam West"}
	funda := listing.Alert{Listing: listing.Listing{Title: "Flat"}, SearchName: "Funda Utrecht"}
	fmt.Println(outbox.Subject([]listing.Alert{west}))
	fmt.Println(outbox.Subject([]listing.Alert{west, west, west}))
	fmt.Println(outbox.Subject([]listing.Alert{west, funda, funda, west, funda}))
	// Output:
	// 1 new listing: Kamernet Amsterdam West
	// 3 new listings: Kamernet Amsterdam West
	// 5 new listings on 2 searches
}
