//go:build !linux

package pages

// killProfileLeftovers is a no-op off Linux: there Chrome's children end with
// their parent (Job objects on Windows, the process group on macOS).
func killProfileLeftovers(dir string) {}
