//go:build tools

// Package tools pins the binary this module builds; tests/drone/build.ts runs go build here.
package tools

import _ "github.com/drone/drone/cmd/drone-server"
