package read

import "testing"

// TestFieldsRegionUnits: sizes and rooms as cards in the Americas and
// Asia-Pacific write them (issue 23, fields): Latin American metres
// ("120 mts²", "85 mt2"), Thai square metres (ตร.ม.), Taiwanese and
// Korean pyeong (坪, 평), Pakistani marla and kanal, Indian square yards;
// rooms as habitaciones, Vietnamese phòng ngủ (PN), Indonesian kamar
// tidur (KT), Malay bilik, Thai ห้องนอน, Korean 방 and 룸, Chinese 房.
func TestFieldsRegionUnits(t *testing.T) {
	sizes := []struct {
		text, size string
		m2         float64
	}{
		{"Casa 3 recámaras 120 mts² de construcción", "120 mts²", 120},
		{"Depto 85 mt2, 2 hab.", "85 mt2", 85},
		{"คอนโด 35 ตร.ม. ชั้น 12", "35 ตร.ม.", 35},
		{"電梯大樓 32.5坪 3房2廳", "32.5坪", 107.4},
		{"아파트 84㎡ (25평)", "84㎡", 84},
		{"전용 25평 방 3개", "25평", 82.6},
		{"10 Marla House for Sale in DHA", "10 Marla", 252.9},
		{"1 Kanal Upper Portion", "1 Kanal", 505.9},
		{"Plot 200 Sq. Yd. in Sector 45", "200 Sq. Yd.", 167.2},
	}
	for _, tt := range sizes {
		if s, m2 := findSize(tt.text); s != tt.size || !near(m2, tt.m2) {
			t.Errorf("findSize(%q) = %q %v, want %q %v", tt.text, s, m2, tt.size, tt.m2)
		}
	}
	rooms := []struct {
		text string
		want float64
	}{
		{"Piso 3 habitaciones, 2 baños", 3},
		{"Depto 85 mt2, 2 hab.", 2},
		{"Căn hộ 2 PN 1 WC, 68 m²", 2},
		{"Nhà 3 phòng ngủ", 3},
		{"Rumah 3 KT 2 KM, LT 120 m²", 3},
		{"4 Kamar Tidur", 4},
		{"Condo 3 Bilik, 1,100 sq ft", 3},
		{"2 ห้องนอน 1 ห้องน้ำ", 2},
		{"전용 25평 방 3개", 3},
		{"투룸 월세", 2},
		{"원룸 오피스텔", 1},
		{"太古城 3房 實用 800呎", 3},
		{"共30套房源", 0},
		{"Monoambiente a estrenar, Palermo", 1},
		{"Kitnet mobiliada perto da USP", 1},
	}
	for _, tt := range rooms {
		if got := findRooms(tt.text); got != tt.want {
			t.Errorf("findRooms(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
