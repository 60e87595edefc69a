// Package pipehandshake is the opening of a peer-to-peer replication
// protocol: length-prefixed JSON frames, and a handshake in which each
// peer sends its Hello and reads the other's.
package pipehandshake

import (
	"encoding/binary"
	"encoding/json"
	"io"
	"net"
)

type Hello struct {
	Node    string `json:"node"`
	Version int    `json:"version"`
}

func writeFrame(c net.Conn, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	frame := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
	_, err = c.Write(append(frame, body...))
	return err
}

func readFrame(c net.Conn, v any) error {
	var size [4]byte
	if _, err := io.ReadFull(c, size[:]); err != nil {
		return err
	}
	body := make([]byte, binary.BigEndian.Uint32(size[:]))
	if _, err := io.ReadFull(c, body); err != nil {
		return err
	}
	return json.Unmarshal(body, v)
}

// Handshake sends mine to the peer on c and returns the peer's Hello.
// Both peers call it when the connection opens, so the write must not
// wait for the peer to read: on an unbuffered connection (net.Pipe, a
// full socket buffer) both would wait for ever.
func Handshake(c net.Conn, mine Hello) (Hello, error) {
	var theirs Hello
	wrote := make(chan error, 1)
	go func() { wrote <- writeFrame(c, mine) }()
	err := readFrame(c, &theirs)
	if werr := <-wrote; err == nil {
		err = werr
	}
	return theirs, err
}
