package read

import "testing"

// TestCurrencyStartsWord: a region currency in letters after an amount is
// a price only where its word ends; the same letters opening a longer word
// ("1 ĐƯỢC": one, get) are none. Texts rebuilt from the class.
func TestCurrencyStartsWord(t *testing.T) {
	tests := []struct{ text, price string }{
		{"CĂN HỘ DUAL KEY MUA 1 ĐƯỢC 2, VIEW SÔNG", ""},
		{"Căn hộ mua 1 được 2, nhận nhà ngay", ""},
		{"Phòng trọ 2 RMs and a kitchen", ""},
		{"Giá 8.500.000 đ/tháng", "8.500.000 đ"},
		{"Cho thuê 12 triệu/tháng", "12 triệu"},
		{"Bán căn hộ 3,5 tỷ", "3,5 tỷ"},
		{"RM 1,850 /month", "RM 1,850 /month"},
	}
	for _, tt := range tests {
		if p := findPrice(tt.text); p != tt.price {
			t.Errorf("findPrice(%q) = %q, want %q", tt.text, p, tt.price)
		}
	}
}
