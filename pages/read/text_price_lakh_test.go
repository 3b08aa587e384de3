package read

import "testing"

// TestLakhPriceRule: rupee prices in lakh and crore keep their unit and
// are read as the whole amount.
func TestLakhPriceRule(t *testing.T) {
	for _, tt := range []struct {
		text, price string
		value       float64
	}{
		{"₹1.3 Lac Security Deposit", "₹1.3 Lac", 130000},
		{"₹ 45 Lakh", "₹ 45 Lakh", 4500000},
		{"₹ 1.25 Cr", "₹ 1.25 Cr", 12500000},
		{"₹ 2.5 Crore", "₹ 2.5 Crore", 25000000},
		{"₹ 20,000", "₹ 20,000", 20000},
	} {
		p := findPrice(tt.text)
		if p != tt.price || priceValue(p) != tt.value {
			t.Errorf("findPrice(%q) = %q (%v), want %q (%v)", tt.text, p, priceValue(p), tt.price, tt.value)
		}
	}
}

// TestRecordRoomsRule: homes read from their JSON-LD records alone (no
// card found for them) give their rooms: the record's numberOfRooms, or
// the count in the name ("3 BHK Flat for Rent in Patia").
func TestRecordRoomsRule(t *testing.T) {
	ld := []ldListing{
		{url: "https://www.homes.example/propertyDetails/a&id=1", name: "3 BHK Flat for Rent in Patia", price: "25000"},
		{url: "https://www.homes.example/propertyDetails/b&id=2", name: "Independent House for Rent", price: "9000", rooms: 2},
	}
	got := jsonLDListings(ld, pageContext{site: "homes.example"})
	if len(got) != 2 || got[0].Rooms != 3 || got[1].Rooms != 2 {
		t.Fatalf("listings %+v, want 3 rooms from the name and 2 from the record", got)
	}
}
