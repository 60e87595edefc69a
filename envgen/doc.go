// Package envgen will hold component interface extraction, parameter domains,
// environments and calling protocols. Not yet built.
package envgen
