package read

import "testing"

// TestFieldsChineseAndAbbreviations: sizes and rooms as Chinese cards
// write them (square metres as 平米 or 平方米, a layout of rooms and halls
// "3室2厅", Hong Kong and Taiwan's "3房2廳") and rooms abbreviated as
// Argentine cards do ("2 amb.": ambientes) (issue 23, fields).
func TestFieldsChineseAndAbbreviations(t *testing.T) {
	sizes := []struct {
		text, want string
		m2         float64
	}{
		{"朝阳 / 3室2厅 / 98.5平米 / 南 北", "98.5平米", 98.5},
		{"建筑面积 120平方米 精装修", "120平方米", 120},
		{"實用面積 450 平方呎", "", 0}, // square feet written in Chinese: not read as m²
	}
	for _, tt := range sizes {
		if got, m2 := findSize(tt.text); got != tt.want || m2 != tt.m2 {
			t.Errorf("findSize(%q) = %q, %v; want %q, %v", tt.text, got, m2, tt.want, tt.m2)
		}
	}
	rooms := []struct {
		text string
		want float64
	}{
		{"朝阳 / 3室2厅 / 98.5平米 / 南 北", 3},
		{"整租·望京花园 1室0厅 南", 1},
		{"太古城 3房2廳 實用面積 800呎", 3},
		{"45 m² tot. 2 amb. 1 baño", 2},
		{"12 un. 1 a 3 amb. 40 a 95 m² tot.", 3},
		{"二手房 南北通透 满五年", 0},
	}
	for _, tt := range rooms {
		if got := findRooms(tt.text); got != tt.want {
			t.Errorf("findRooms(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
