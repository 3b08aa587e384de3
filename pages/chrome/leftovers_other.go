//go:build !linux

package chrome

// KillLeftovers is a no-op off Linux: there Chrome's children end with
// their parent (Job objects on Windows, the process group on macOS).
func KillLeftovers(dir string) {}
