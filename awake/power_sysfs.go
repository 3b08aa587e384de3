package awake

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// mainsFromSysfs reads the power supplies under dir (Linux's
// /sys/class/power_supply): on mains when a "Mains" supply (an AC adapter)
// or a USB-C power source is online, or when the computer has no battery at
// all (a desktop, a Raspberry Pi: nothing to run flat). A battery that is
// "Charging" or "Full" also means mains where the adapter has no node of
// its own.
func mainsFromSysfs(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return true, nil // no power supply class: not a laptop
	}
	if err != nil {
		return false, fmt.Errorf("read %s: %w", dir, err)
	}
	batteries, charging := 0, false
	for _, e := range entries {
		read := func(name string) string {
			b, _ := os.ReadFile(filepath.Join(dir, e.Name(), name))
			return strings.TrimSpace(string(b))
		}
		switch read("type") {
		case "Mains", "USB", "USB_C", "USB_PD":
			if read("online") == "1" {
				return true, nil
			}
		case "Battery":
			if read("scope") == "Device" {
				continue // a mouse's or a headset's battery
			}
			batteries++
			if s := read("status"); s == "Charging" || s == "Full" {
				charging = true
			}
		}
	}
	return batteries == 0 || charging, nil
}
