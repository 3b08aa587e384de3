package chrome

import "rentwatch/desktop"

// Chrome is started with the environment every child of rentwatch gets:
// the app's own minus every secret in it (desktop.ChildEnv says what goes
// and why). Chrome's renderers run web pages: one compromised renderer
// would otherwise hold the mail password.

// environ is this process's environment as Chrome gets it.
func environ() []string { return desktop.Environ() }
