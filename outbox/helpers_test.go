package outbox

import "fmt"

// The outbox tests take their real servers, certificates and free ports
// from rentwatch/internal/testkit.

func fmtSscan(s string, v *int) (int, error) { return fmt.Sscan(s, v) }
