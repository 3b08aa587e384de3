// Command gen renders rentwatch's icons into assets/ from the drawing code in
// assets/internal/art; run it from the module root after changing a design:
//
//	go run ./assets/gen            # rewrite the files in assets/
//	go run ./assets/gen -preview sheet.png   # also write a preview sheet
//
// The assets package's tests fail until the committed files match the code.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"rentwatch/assets/internal/art"
)

func main() {
	dir := flag.String("dir", "assets", "folder to write the icons into")
	preview := flag.String("preview", "", "also write a preview sheet PNG here")
	flag.Parse()
	if err := run(*dir, *preview); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(dir, preview string) error {
	files, err := art.Files()
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("wrote %d files into %s\n", len(names), dir)
	if preview == "" {
		return nil
	}
	sheet, err := art.Preview()
	if err != nil {
		return err
	}
	b, err := art.EncodePNG(sheet)
	if err != nil {
		return err
	}
	return os.WriteFile(preview, b, 0o644)
}
