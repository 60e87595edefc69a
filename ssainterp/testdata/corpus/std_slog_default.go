// Tests log/slog's default logger, which writes through the standard
// logger (to os.Stderr, with log's flags), before and after SetDefault
// and log.SetOutput.
package main

import (
	"bytes"
	"fmt"
	"log"
	"log/slog"
	"os"
)

func main() {
	log.SetFlags(0)
	slog.Info("started", "n", 1)
	slog.Warn("careful", "path", "a b")
	slog.Debug("not shown")
	log.SetPrefix("app: ")
	slog.Error("failed", slog.Group("req", "id", 7))
	var buf bytes.Buffer
	log.SetOutput(&buf)
	slog.Info("buffered")
	log.SetOutput(os.Stderr)
	fmt.Printf("buffer: %q\n", buf.String())
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	})))
	slog.Info("text", "k", "v")
	log.Print("through slog now")
}
