# The README's two set-up commands are `make run` and `make test`.
GO ?= go
export PATH := $(shell $(GO) env GOPATH)/bin:$(PATH)

.PHONY: run test vet deps package bench

run:
	bash scripts/deps.sh run
	$(GO) run .

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
