// Package packaging checks the installers that packaging/build.sh makes:
// the Windows exe's PE header and resources, the Debian package's control
// data, file list and desktop entry, and the macOS bundle's layout and
// Info.plist. packaging/distcheck runs these checks on dist/; the package's
// tests build each artefact into a temporary folder and run them there.
package packaging

import (
	"debug/pe"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"unicode/utf16"
)

// Resource type IDs (winuser.h).
const (
	rtIcon      = 3
	rtVersion   = 16
	rtGroupIcon = 14
	rtManifest  = 24
)

// subsystemGUI is IMAGE_SUBSYSTEM_WINDOWS_GUI: no console window opens.
const subsystemGUI = 2

// PEInfo is what the checks need to know about a Windows executable.
type PEInfo struct {
	Subsystem     uint16
	ResourceTypes []uint32 // IDs of the top level of the resource tree
	IconSizes     []int    // from the first RT_GROUP_ICON, 256 for "0"
	Manifest      string   // the first RT_MANIFEST, as text
	VersionInfo   []byte   // the first RT_VERSION, raw
}

// InspectPE reads the header and the resource directory of the exe at path.
func InspectPE(path string) (PEInfo, error) {
	f, err := pe.Open(path)
	if err != nil {
		return PEInfo{}, fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	var info PEInfo
	var dir pe.DataDirectory
	switch oh := f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		info.Subsystem = oh.Subsystem
		if len(oh.DataDirectory) > pe.IMAGE_DIRECTORY_ENTRY_RESOURCE {
			dir = oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_RESOURCE]
		}
	case *pe.OptionalHeader32:
		info.Subsystem = oh.Subsystem
		if len(oh.DataDirectory) > pe.IMAGE_DIRECTORY_ENTRY_RESOURCE {
			dir = oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_RESOURCE]
		}
	default:
		return PEInfo{}, fmt.Errorf("%s: no optional header", path)
	}
	if dir.VirtualAddress == 0 || dir.Size == 0 {
		return info, nil // no resources at all: the checks report it
	}
	r := resources{f: f, root: dir.VirtualAddress}
	if err := r.read(&info); err != nil {
		return PEInfo{}, fmt.Errorf("%s: resource directory: %w", path, err)
	}
	return info, nil
}

// resources walks a resource tree: type -> name -> language -> data.
type resources struct {
	f    *pe.File
	root uint32 // RVA of the root directory
}

type resEntry struct {
	id     uint32 // ID, or 0 for a named entry
	subdir bool
	offset uint32 // from the root
}

func (r resources) read(info *PEInfo) error {
	types, err := r.dir(0)
	if err != nil {
		return err
	}
	for _, t := range types {
		info.ResourceTypes = append(info.ResourceTypes, t.id)
	}
	for _, want := range []uint32{rtGroupIcon, rtManifest, rtVersion} {
		i := slices.IndexFunc(types, func(e resEntry) bool { return e.id == want })
		if i < 0 {
			continue
		}
		data, err := r.firstLeaf(types[i])
		if err != nil {
			return fmt.Errorf("type %d: %w", want, err)
		}
		switch want {
		case rtGroupIcon:
			info.IconSizes, err = groupIconSizes(data)
		case rtManifest:
			info.Manifest = string(data)
		case rtVersion:
			info.VersionInfo = data
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// dir reads the entries of the directory at offset (from the root).
func (r resources) dir(offset uint32) ([]resEntry, error) {
	head, err := r.bytes(r.root+offset, 16)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	n := int(le.Uint16(head[12:])) + int(le.Uint16(head[14:]))
	raw, err := r.bytes(r.root+offset+16, uint32(8*n))
	if err != nil {
		return nil, err
	}
	out := make([]resEntry, n)
	for i := range out {
		name, off := le.Uint32(raw[8*i:]), le.Uint32(raw[8*i+4:])
		if name&0x80000000 == 0 {
			out[i].id = name
		}
		out[i].subdir = off&0x80000000 != 0
		out[i].offset = off &^ 0x80000000
	}
	return out, nil
}

// firstLeaf follows the first entry at each level down to a data entry.
func (r resources) firstLeaf(e resEntry) ([]byte, error) {
	for depth := 0; e.subdir; depth++ {
		if depth > 3 {
			return nil, fmt.Errorf("resource tree deeper than three levels")
		}
		sub, err := r.dir(e.offset)
		if err != nil {
			return nil, err
		}
		if len(sub) == 0 {
			return nil, fmt.Errorf("empty resource directory")
		}
		e = sub[0]
	}
	leaf, err := r.bytes(r.root+e.offset, 16)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	return r.bytes(le.Uint32(leaf[0:]), le.Uint32(leaf[4:]))
}

// bytes reads n bytes at a relative virtual address.
func (r resources) bytes(rva, n uint32) ([]byte, error) {
	for _, s := range r.f.Sections {
		end := s.VirtualAddress + max(s.VirtualSize, s.Size)
		if rva < s.VirtualAddress || rva+n > end {
			continue
		}
		data, err := s.Data()
		if err != nil {
			return nil, err
		}
		lo := rva - s.VirtualAddress
		if int(lo+n) > len(data) {
			return nil, fmt.Errorf("rva %#x+%d past the data of %s", rva, n, s.Name)
		}
		return data[lo : lo+n], nil
	}
	return nil, fmt.Errorf("rva %#x+%d in no section", rva, n)
}

// groupIconSizes reads a GRPICONDIR: 6 bytes of header, then 14 bytes per icon.
func groupIconSizes(b []byte) ([]int, error) {
	if len(b) < 6 {
		return nil, fmt.Errorf("group icon of %d bytes", len(b))
	}
	n := int(binary.LittleEndian.Uint16(b[4:]))
	if len(b) < 6+14*n {
		return nil, fmt.Errorf("group icon with %d entries in %d bytes", n, len(b))
	}
	var sizes []int
	for i := range n {
		w := int(b[6+14*i])
		if w == 0 {
			w = 256
		}
		sizes = append(sizes, w)
	}
	return sizes, nil
}

// HasVersionString reports whether the version resource carries s (its
// strings are UTF-16LE).
func (p PEInfo) HasVersionString(s string) bool {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 2*len(u))
	for i, c := range u {
		binary.LittleEndian.PutUint16(b[2*i:], c)
	}
	return len(b) > 0 && strings.Contains(string(p.VersionInfo), string(b))
}

// CheckPE lists what is wrong with a rentwatch.exe: a console subsystem, a
// missing icon, manifest or version, or a manifest that is not DPI aware.
func CheckPE(p PEInfo, version string) []string {
	var problems []string
	if p.Subsystem != subsystemGUI {
		problems = append(problems, fmt.Sprintf("subsystem is %d, want %d (GUI: no console window); build with -ldflags -H=windowsgui", p.Subsystem, subsystemGUI))
	}
	for _, t := range []struct {
		id   uint32
		name string
	}{{rtGroupIcon, "RT_GROUP_ICON"}, {rtIcon, "RT_ICON"}, {rtManifest, "RT_MANIFEST"}, {rtVersion, "RT_VERSION"}} {
		if !slices.Contains(p.ResourceTypes, t.id) {
			problems = append(problems, "no "+t.name+" resource")
		}
	}
	if sizes := slices.Sorted(slices.Values(p.IconSizes)); slices.Contains(p.ResourceTypes, rtGroupIcon) && !slices.Equal(sizes, []int{16, 24, 32, 48, 256}) {
		problems = append(problems, fmt.Sprintf("icon sizes %v, want [16 24 32 48 256]", sizes))
	}
	// Windows reads the manifest's values case-insensitively.
	manifest := strings.ToLower(p.Manifest)
	for _, want := range []string{"PerMonitorV2", `level="asInvoker"`, "Microsoft.Windows.Common-Controls"} {
		if p.Manifest != "" && !strings.Contains(manifest, strings.ToLower(want)) {
			problems = append(problems, "manifest lacks "+want)
		}
	}
	if p.VersionInfo != nil && version != "" && !p.HasVersionString(version) {
		problems = append(problems, "version resource does not carry "+version)
	}
	return problems
}
