package assets

import (
	"fmt"
	"image"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"testing"

	"rentwatch/assets/internal/art"
)

// renderTolerance allows one-step rounding differences between machines
// (arm64 fuses multiply-adds, amd64 does not); a changed design moves
// pixels by far more than this.
const renderTolerance = 2

// TestCommittedFilesMatchTheDrawingCode keeps the drawing code the one
// source: every committed file must be what `go run ./assets/gen` renders,
// and nothing else may sit in the embedded folders.
func TestCommittedFilesMatchTheDrawingCode(t *testing.T) {
	want, err := art.Files()
	if err != nil {
		t.Fatal(err)
	}
	var embedded []string
	err = fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			embedded = append(embedded, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range embedded {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is committed but the drawing code does not make it; delete it or add it to art.Files", name)
		}
	}
	names := make([]string, 0, len(want))
	for name := range want {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		got, err := files.ReadFile(name)
		if err != nil {
			t.Errorf("%s: not committed; run `go run ./assets/gen`", name)
			continue
		}
		if err := samePictures(name, got, want[name]); err != nil {
			t.Errorf("%s: %v; run `go run ./assets/gen` and commit the result", name, err)
		}
	}
}

func samePictures(name string, got, want []byte) error {
	gi, err := decodeAny(name, got)
	if err != nil {
		return fmt.Errorf("committed file does not decode: %w", err)
	}
	wi, err := decodeAny(name, want)
	if err != nil {
		return fmt.Errorf("rendered file does not decode: %w", err)
	}
	if len(gi) != len(wi) {
		return fmt.Errorf("holds %d images, the code makes %d", len(gi), len(wi))
	}
	for i := range gi {
		d, err := maxChannelDiff(gi[i], wi[i])
		if err != nil {
			return fmt.Errorf("image %d: %w", i, err)
		}
		if d > renderTolerance {
			return fmt.Errorf("image %d differs from the drawing code by up to %d/255", i, d)
		}
	}
	return nil
}

func TestEveryEmbeddedIconDecodesAtItsSize(t *testing.T) {
	type icon struct {
		name  string
		bytes []byte
		sizes []int // one per image, in file order
	}
	var icons []icon
	for _, n := range AppSizes {
		icons = append(icons, icon{fmt.Sprintf("AppIconPNG(%d)", n), AppIconPNG(n), []int{n}})
	}
	icons = append(icons,
		icon{"AppICO", AppICO(), []int{16, 24, 32, 48, 256}},
		icon{"AppICNS", AppICNS(), []int{32, 64, 128, 256, 256, 512, 512, 1024}},
	)
	for _, st := range States {
		for _, n := range TraySizes {
			icons = append(icons, icon{fmt.Sprintf("StatePNG(%s, %d)", st, n), StatePNG(st, n), []int{n}})
		}
		icons = append(icons,
			icon{"TrayPNG(" + st + ")", TrayPNG(st), []int{32}},
			icon{"TrayICO(" + st + ")", TrayICO(st), []int{16, 20, 24, 32, 48}},
			icon{"TemplateIcon(" + st + ")", TemplateIcon(st), []int{44}},
			icon{"macos/" + st + "Template.png", mustRead("macos/" + st + "Template.png"), []int{22}},
		)
	}
	for _, ic := range icons {
		imgs, err := decodeAny(ic.name, ic.bytes)
		if err != nil {
			t.Errorf("%s: %v", ic.name, err)
			continue
		}
		var got []int
		for _, img := range imgs {
			b := img.Bounds()
			if b.Dx() != b.Dy() {
				t.Errorf("%s: image is %dx%d, not square", ic.name, b.Dx(), b.Dy())
			}
			got = append(got, b.Dx())
		}
		if !slices.Equal(got, ic.sizes) {
			t.Errorf("%s: sizes %v, want %v", ic.name, got, ic.sizes)
		}
	}
}

func TestICOEntriesAreDIBsBelow256AndPNGAt256(t *testing.T) {
	cases := map[string][]byte{"app": AppICO()}
	for _, st := range States {
		cases[st] = TrayICO(st)
	}
	for name, b := range cases {
		entries, err := readICO(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, e := range entries {
			if e.isPNG != (e.width == 256) {
				t.Errorf("%s: %dx%d entry isPNG=%v", name, e.width, e.height, e.isPNG)
			}
			if e.img.Bounds().Dx() != e.width || e.img.Bounds().Dy() != e.height {
				t.Errorf("%s: directory says %dx%d, image is %v", name, e.width, e.height, e.img.Bounds())
			}
		}
	}
}

func TestICNSHoldsTheRetinaAndStandardEntries(t *testing.T) {
	entries, err := readICNS(AppICNS())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"ic11": 32, "ic12": 64, "ic07": 128, "ic13": 256, "ic08": 256, "ic14": 512, "ic09": 512, "ic10": 1024}
	seen := map[string]bool{}
	for _, e := range entries {
		size, ok := want[e.kind]
		if !ok {
			t.Errorf("unexpected element %q", e.kind)
			continue
		}
		seen[e.kind] = true
		if e.img.Bounds().Dx() != size {
			t.Errorf("%s is %v, want %d px", e.kind, e.img.Bounds(), size)
		}
	}
	for kind := range want {
		if !seen[kind] {
			t.Errorf("element %s missing", kind)
		}
	}
}

func TestTemplatesAreBlackAndAlphaOnly(t *testing.T) {
	for _, st := range States {
		for _, name := range []string{"macos/" + st + "Template.png", "macos/" + st + "Template@2x.png"} {
			imgs, err := decodeAny(name, mustRead(name))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			opaque := 0
			b := imgs[0].Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					r, g, bl, a := imgs[0].At(x, y).RGBA()
					if r != 0 || g != 0 || bl != 0 {
						t.Fatalf("%s: pixel (%d,%d) is not black: %d %d %d %d", name, x, y, r, g, bl, a)
					}
					if a > 0x8000 {
						opaque++
					}
				}
			}
			if opaque < b.Dx()*b.Dy()/5 {
				t.Errorf("%s: only %d of %d pixels are drawn", name, opaque, b.Dx()*b.Dy())
			}
		}
	}
}

// TestStatesAreTellApartAt22px: every pair of state icons must differ
// clearly (by more than a quarter of full scale) in at least 8 pixels at the
// size a panel shows them; the closest pair, the waiting clock and the
// attention "!" templates, differ in 10.
func TestStatesAreTellApartAt22px(t *testing.T) {
	decode := func(b []byte) image.Image {
		imgs, err := decodeAny("", b)
		if err != nil {
			t.Fatal(err)
		}
		return imgs[0]
	}
	for _, kind := range []string{"colour", "template"} {
		icon := map[string]image.Image{}
		for _, st := range States {
			if kind == "colour" {
				icon[st] = decode(StatePNG(st, 22))
			} else {
				icon[st] = decode(mustRead("macos/" + st + "Template.png"))
			}
		}
		for i, a := range States {
			for _, b := range States[i+1:] {
				if n := differingPixels(icon[a], icon[b]); n < 8 {
					t.Errorf("%s %s and %s differ in only %d pixels at 22 px", kind, a, b, n)
				}
			}
		}
	}
}

func differingPixels(a, b image.Image) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			d, _ := maxChannelDiff(a.(subImager).SubImage(image.Rect(x, y, x+1, y+1)), b.(subImager).SubImage(image.Rect(x, y, x+1, y+1)))
			if d > 64 {
				n++
			}
		}
	}
	return n
}

type subImager interface {
	SubImage(image.Rectangle) image.Image
}

func TestUnknownStatesAndSizesGiveNilAndANamedError(t *testing.T) {
	if err := CheckState("sleepy"); err == nil || !strings.Contains(err.Error(), `"sleepy"`) {
		t.Errorf("CheckState(sleepy) = %v, want an error naming the state", err)
	}
	for _, st := range States {
		if err := CheckState(st); err != nil {
			t.Errorf("CheckState(%s) = %v", st, err)
		}
	}
	for name, b := range map[string][]byte{
		"TrayIcon":     TrayIcon("sleepy"),
		"TrayPNG":      TrayPNG("sleepy"),
		"TrayICO":      TrayICO("sleepy"),
		"TemplateIcon": TemplateIcon(""),
		"StatePNG 23":  StatePNG(OK, 23),
		"AppIconPNG 5": AppIconPNG(5),
	} {
		if b != nil {
			t.Errorf("%s: got %d bytes for bad input, want nil", name, len(b))
		}
	}
}

func TestSizeListsAgreeWithTheDrawingCode(t *testing.T) {
	if !slices.Equal(AppSizes, art.AppSizes) || !slices.Equal(TraySizes, art.TraySizes) || !slices.Equal(States, art.States) {
		t.Errorf("assets and art disagree: %v/%v, %v/%v, %v/%v", AppSizes, art.AppSizes, TraySizes, art.TraySizes, States, art.States)
	}
}
