package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	syscall.Kill(os.Getpid(), syscall.SIGUSR1)
	fmt.Println("got", <-c)
	signal.Stop(c)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	go func() {
		time.Sleep(time.Millisecond)
		syscall.Kill(syscall.Getpid(), syscall.SIGTERM)
	}()
	<-ctx.Done()
	fmt.Println("ctx:", ctx.Err(), context.Cause(ctx))
	signal.Ignore(syscall.SIGHUP)
	syscall.Kill(os.Getpid(), syscall.SIGHUP)
	fmt.Println("ignored:", signal.Ignored(syscall.SIGHUP))
}
