// Tests log/slog with TextHandler and JSONHandler on os.Stdout, time attribute removed for determinism.
package main

import (
	"errors"
	"log/slog"
	"os"
)

func noTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

type token string

func (token) LogValue() slog.Value { return slog.StringValue("REDACTED") }

func main() {
	th := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime, Level: slog.LevelDebug})
	lg := slog.New(th)
	lg.Info("hello", "user", "ann", "count", 3)
	lg.Debug("debug msg", "ratio", 0.5, "ok", true)
	lg.Warn("quoted value", "path", "a b\"c", "err", errors.New("boom"))
	lg.Error("failure", slog.Int("code", 500), slog.Group("req", slog.String("method", "GET"), slog.Int("size", 12)))
	lg.With("svc", "api").WithGroup("g").Info("grouped", "k", "v")
	lg.Info("secret", "tok", token("abc"))
	jh := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime})
	jl := slog.New(jh)
	jl.Info("json", "n", 1, "list", []int{1, 2}, "m", map[string]int{"b": 2, "a": 1})
	jl.Debug("filtered out by default level")
	jl.With(slog.Any("nil", nil)).Warn("with nil", "f", 1.25)
	var lv slog.LevelVar
	lv.Set(slog.LevelError)
	ql := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{Level: &lv, ReplaceAttr: noTime}))
	ql.Warn("suppressed")
	ql.Error("shown")
	lv.Set(slog.LevelInfo)
	ql.Info("now shown", "level", lv.Level())
}
