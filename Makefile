# The README's two set-up commands are `make run` and `make test`.
GO ?= go
export PATH := $(shell $(GO) env GOPATH)/bin:$(PATH)

.PHONY: run install test vet deps package bench

# run installs rentwatch (scripts/install.sh: /usr/local/bin as root,
# ~/.local/bin otherwise, BINDIR=DIR for another) and starts the installed
# binary: the README's `rentwatch ...` commands then find it, and "start at
# login" points at a file that stays.
BINDIR ?= $(if $(filter 0,$(shell id -u)),/usr/local/bin,$(HOME)/.local/bin)
export BINDIR

run: install
	bash scripts/deps.sh run
	"$(BINDIR)/rentwatch"

install:
	bash scripts/install.sh

test: deps vet
	$(GO) test -count=1 -timeout 25m ./...

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { gofmt -l .; echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...

deps:
	bash scripts/deps.sh

package:
	bash packaging/build.sh

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
