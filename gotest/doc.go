// Package gotest is the glue between package mcheck and go test: it
// defines the -mcheck.* flags on the test binary's command line (from
// internal/check's flag table, so that they are the mcheck command's),
// turns a testing.T into the identity of the test that called mcheck.Run
// or mcheck.Component, loads that test from source and checks it with
// internal/check, and reports through the test: a bug fails it with
// t.Errorf, a test mcheck could not run with t.Fatalf, a clean run is a
// t.Logf line. -mcheck.json=FILE appends each report to FILE as JSON.
//
// Everything else (configuration, the corpus, replay tokens, the
// component loop, the text of reports) is internal/check's. gotest keeps
// no state between calls, so tests that call mcheck.Run may run in
// parallel.
package gotest
