// Package mcheck model-checks concurrent Go code inside go test.
//
// The public API (mcheck.Run, mcheck.Component, options and Choose) is
// wired up once the exploring scheduler exists (package sched). What is
// built today is the interpreter it stands on, package ssainterp, and the
// mcheck command's run and demo subcommands. See README.md.
package mcheck
