package read

import "testing"

// TestRegionCurrencies: prices as cards in the Americas and Asia-Pacific
// write them (issue 23, prices): a dollar with its country's letters
// ("S$", "HK$", "NT$", "US$", "MX$"), the region's symbols and codes
// (ringgit, rupiah, peso, baht, dong, rupee, sol, guaraní, unidad de
// fomento), Vietnamese magnitudes and Korean and Chinese myriads.
func TestRegionCurrencies(t *testing.T) {
	tests := []struct {
		text, price string
		value       float64
	}{
		{"Condo for rent S$ 3,150 /mo", "S$ 3,150 /mo", 3150},
		{"HK$18,500", "HK$18,500", 18500},
		{"月租 NT$ 22,000", "NT$ 22,000", 22000},
		{"Departamento US$ 95.000", "US$ 95.000", 95000},
		{"Renta MX$ 14,500 al mes", "MX$ 14,500 al mes", 14500},
		{"NZ$ 620 per week", "NZ$ 620 per week", 620},
		{"RM 1,850 /month", "RM 1,850 /month", 1850},
		{"MYR 2,100", "MYR 2,100", 2100},
		{"Rp 4.500.000 / bulan", "Rp 4.500.000", 4500000},
		{"₱ 18,000/mo", "₱ 18,000/mo", 18000},
		{"PHP 32,500", "PHP 32,500", 32500},
		{"฿ 12,500", "฿ 12,500", 12500},
		{"THB 9,800", "THB 9,800", 9800},
		{"8.500.000 ₫", "8.500.000 ₫", 8500000},
		{"VND 9.000.000", "VND 9.000.000", 9000000},
		{"Giá 12 triệu/tháng", "12 triệu", 12e6},
		{"Giá 3,5 tỷ", "3,5 tỷ", 3.5e9},
		{"Rs 45,000", "Rs 45,000", 45000},
		{"PKR 85,000", "PKR 85,000", 85000},
		{"Rs. 1.2 Crore", "Rs. 1.2 Crore", 1.2e7},
		{"PKR 2.5 Crore", "PKR 2.5 Crore", 2.5e7},
		{"PKR 85 Lakh", "PKR 85 Lakh", 8.5e6},
		{"S/ 2,300 al mes", "S/ 2,300 al mes", 2300},
		{"UF 5.400", "UF 5.400", 5400},
		{"Gs. 3.500.000", "Gs. 3.500.000", 3500000},
		{"매매 3억 5,000만원", "3억 5,000만원", 3.5e8},
		{"전세 2억", "2억", 2e8},
		{"售價 1,280萬元", "1,280萬元", 1.28e7},
		{"S$ 1,650 psf · S$ 2,380,000", "S$ 2,380,000", 2380000},
		{"HK$ 15,200/呎 HK$ 8,800,000", "HK$ 8,800,000", 8800000},
		{"3 BR, 2 Baths, 1,100 sq ft", "", 0},
		{"Sector 45, Gurgaon", "", 0},
	}
	for _, tt := range tests {
		p := findPrice(tt.text)
		if p != tt.price || priceValue(p) != tt.value {
			t.Errorf("findPrice(%q) = %q (%v), want %q (%v)", tt.text, p, priceValue(p), tt.price, tt.value)
		}
	}
}
