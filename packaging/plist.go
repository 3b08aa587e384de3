package packaging

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ParsePlist decodes an XML property list (the format plutil -lint accepts)
// into Go values: dict -> map[string]any, array -> []any, string, bool,
// int64 (integer), float64 (real); date and data stay strings.
func ParsePlist(r io.Reader) (map[string]any, error) {
	dec := xml.NewDecoder(r)
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("plist: no <plist> element: %w", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if se.Name.Local != "plist" {
			return nil, fmt.Errorf("plist: root element is <%s>, want <plist>", se.Name.Local)
		}
		v, err := nextValue(dec)
		if err != nil {
			return nil, err
		}
		dict, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("plist: top-level value is %T, want a dict", v)
		}
		return dict, nil
	}
}

var errEnd = errors.New("end of container")

// nextValue reads the next value element, or errEnd at its container's end.
func nextValue(dec *xml.Decoder) (any, error) {
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("plist: %w", err)
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil, errEnd
		case xml.StartElement:
			return value(dec, t)
		case xml.CharData:
			if strings.TrimSpace(string(t)) != "" {
				return nil, fmt.Errorf("plist: stray text %q", strings.TrimSpace(string(t)))
			}
		}
	}
}

func value(dec *xml.Decoder, se xml.StartElement) (any, error) {
	switch se.Name.Local {
	case "dict":
		return dict(dec)
	case "array":
		var out []any
		for {
			v, err := nextValue(dec)
			if err == errEnd {
				return out, nil
			}
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
	case "true", "false":
		if err := dec.Skip(); err != nil {
			return nil, err
		}
		return se.Name.Local == "true", nil
	}
	var text string
	if err := dec.DecodeElement(&text, &se); err != nil {
		return nil, fmt.Errorf("plist: <%s>: %w", se.Name.Local, err)
	}
	switch se.Name.Local {
	case "key":
		return plistKey(text), nil
	case "string", "date", "data":
		return text, nil
	case "integer":
		n, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("plist: <integer>%s</integer>: %w", text, err)
		}
		return n, nil
	case "real":
		f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil {
			return nil, fmt.Errorf("plist: <real>%s</real>: %w", text, err)
		}
		return f, nil
	}
	return nil, fmt.Errorf("plist: unknown element <%s>", se.Name.Local)
}

// dict reads <key>/value pairs up to </dict>; a key without a value, a
// value without a key or a repeated key is an error, as it is for plutil.
func dict(dec *xml.Decoder) (map[string]any, error) {
	out := map[string]any{}
	for {
		k, err := nextValue(dec)
		if err == errEnd {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		key, ok := k.(plistKey)
		if !ok {
			return nil, fmt.Errorf("plist: dict holds a %T where a <key> belongs", k)
		}
		v, err := nextValue(dec)
		if err == errEnd {
			return nil, fmt.Errorf("plist: key %q has no value", key)
		}
		if err != nil {
			return nil, err
		}
		if _, dup := out[string(key)]; dup {
			return nil, fmt.Errorf("plist: key %q appears twice", key)
		}
		out[string(key)] = v
	}
}

// plistKey marks a <key> so dict can tell it from a <string>.
type plistKey string

// CheckBundle lists what is wrong with the .app at dir: its Info.plist keys
// and their types, and the files the plist points at.
func CheckBundle(dir, version string) []string {
	f, err := os.Open(filepath.Join(dir, "Contents", "Info.plist"))
	if err != nil {
		return []string{err.Error()}
	}
	defer f.Close()
	plist, err := ParsePlist(f)
	if err != nil {
		return []string{err.Error()}
	}
	problems := checkInfoPlist(plist, version)
	if exe, ok := plist["CFBundleExecutable"].(string); ok {
		st, err := os.Stat(filepath.Join(dir, "Contents", "MacOS", exe))
		if err != nil || st.Mode()&0o111 == 0 {
			problems = append(problems, "Contents/MacOS/"+exe+" missing or not executable")
		}
	}
	if icon, ok := plist["CFBundleIconFile"].(string); ok {
		if _, err := os.Stat(filepath.Join(dir, "Contents", "Resources", icon)); err != nil {
			problems = append(problems, "Contents/Resources/"+icon+" missing")
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "Contents", "PkgInfo")); err != nil || string(b) != "APPL????" {
		problems = append(problems, "Contents/PkgInfo missing or not APPL????")
	}
	return problems
}

func checkInfoPlist(p map[string]any, version string) []string {
	want := []struct {
		key string
		val any // nil: any non-empty string
	}{
		{"CFBundleIdentifier", "app.rentwatch"},
		{"CFBundleName", "rentwatch"},
		{"CFBundleExecutable", "rentwatch"},
		{"CFBundleIconFile", "rentwatch.icns"},
		{"CFBundlePackageType", "APPL"},
		{"CFBundleInfoDictionaryVersion", "6.0"},
		{"CFBundleShortVersionString", version},
		{"CFBundleVersion", version},
		{"LSMinimumSystemVersion", nil},
		{"LSUIElement", true},
		{"NSHighResolutionCapable", true},
	}
	var problems []string
	for _, w := range want {
		got, ok := p[w.key]
		switch {
		case !ok:
			problems = append(problems, "Info.plist lacks "+w.key)
		case w.val == nil || w.val == "":
			if s, ok := got.(string); !ok || s == "" {
				problems = append(problems, fmt.Sprintf("Info.plist %s is %T %v, want a non-empty string", w.key, got, got))
			}
		case got != w.val:
			problems = append(problems, fmt.Sprintf("Info.plist %s is %T %v, want %T %v", w.key, got, got, w.val, w.val))
		}
	}
	return problems
}
