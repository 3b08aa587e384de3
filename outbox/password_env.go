package outbox

import (
	"os"
	"sync/atomic"
)

// kept is RENTWATCH_SMTP_PASSWORD as KeepEnvPassword found it.
var kept atomic.Pointer[string]

// KeepEnvPassword keeps RENTWATCH_SMTP_PASSWORD for Password, so that main
// can take it out of the process's environment, which every program we
// start inherits (desktop.KeepSecretsFromChildren). Call it before that.
func KeepEnvPassword() {
	p := os.Getenv(PasswordEnv)
	kept.Store(&p)
}

// keptEnvPassword is RENTWATCH_SMTP_PASSWORD as KeepEnvPassword kept it
// before it was taken out of the environment; "" when not kept.
func keptEnvPassword() string {
	if p := kept.Load(); p != nil {
		return *p
	}
	return ""
}
