// Package transientipdb models TransientIpDb, the IP/MAC address database
// of the DhcpServer in the CRE demo application (interface IIpMacDb: Add,
// Remove, GetMacAddress, GetIpAddress, GetExpirationTime,
// SetExpirationTime), one of the CRE components whose race Parizek and
// Plasil report in "Heuristic Reduction of Parallelism in Component
// Environment", CBSE 2008 (Section 3 and Appendix A). The same CRE
// application supplies AccountDatabase in Parizek and Kalibera, "Efficient
// Detection of Errors in Java Components Using Random Environment and
// Restarts", TACAS 2010.
//
// The database maps an IP address to the MAC address it is leased to and
// to the lease's expiration time (an abstract clock value), in two maps
// guarded by one mutex.
//
// The bug is in ExpirationTime (transientipdb.go, method ExpirationTime),
// as in the paper's counterexample (Add's expTimes.put against
// GetExpTime's expTimes.get): the buggy database reads the expTimes map
// without the mutex, so it races with Add, Remove, SetExpirationTime and
// Expire writing the map on the other goroutine (concurrent map read and
// map write). NewFixed reads it under the mutex.
package transientipdb

import (
	"errors"
	"sync"
)

// Errors returned by the database.
var (
	ErrInvalidIP = errors.New("transientipdb: empty IP address")
	ErrExists    = errors.New("transientipdb: IP address already leased")
	ErrNotFound  = errors.New("transientipdb: IP address not leased")
)

// DB is the transient IP/MAC database. macs and expTimes have the same keys.
type DB struct {
	fixed bool

	mu       sync.Mutex
	macs     map[string]string // IP -> MAC
	expTimes map[string]int    // IP -> expiration time
}

// New returns an empty database with the injected race in ExpirationTime.
func New() *DB { return newDB(false) }

// NewFixed returns an empty database without the race.
func NewFixed() *DB { return newDB(true) }

func newDB(fixed bool) *DB {
	return &DB{fixed: fixed, macs: map[string]string{}, expTimes: map[string]int{}}
}

// Add leases ip to mac until time exp.
func (db *DB) Add(ip, mac string, exp int) error {
	if ip == "" {
		return ErrInvalidIP
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	if _, ok := db.macs[ip]; ok {
		return ErrExists
	}
	db.macs[ip] = mac
	db.expTimes[ip] = exp
	return nil
}

// Remove ends the lease of ip.
func (db *DB) Remove(ip string) error {
	db.mu.Lock()
	defer db.mu.Unlock()
	if _, ok := db.macs[ip]; !ok {
		return ErrNotFound
	}
	delete(db.macs, ip)
	delete(db.expTimes, ip)
	return nil
}

// MacAddress returns the MAC address ip is leased to.
func (db *DB) MacAddress(ip string) (string, bool) {
	db.mu.Lock()
	defer db.mu.Unlock()
	mac, ok := db.macs[ip]
	return mac, ok
}

// IPAddress returns an IP address leased to mac, the least one if several are.
func (db *DB) IPAddress(mac string) (string, bool) {
	db.mu.Lock()
	defer db.mu.Unlock()
	best, found := "", false
	for ip, m := range db.macs {
		if m == mac && (!found || ip < best) {
			best, found = ip, true
		}
	}
	return best, found
}

// ExpirationTime returns the time the lease of ip expires.
func (db *DB) ExpirationTime(ip string) (int, bool) {
	if db.fixed {
		db.mu.Lock()
		defer db.mu.Unlock()
	}
	// injected bug: without the fix expTimes is read without db.mu, racing
	// with the map writes of Add, Remove, SetExpirationTime and Expire.
	exp, ok := db.expTimes[ip]
	return exp, ok
}

// SetExpirationTime changes the time the lease of ip expires.
func (db *DB) SetExpirationTime(ip string, exp int) error {
	db.mu.Lock()
	defer db.mu.Unlock()
	if _, ok := db.macs[ip]; !ok {
		return ErrNotFound
	}
	db.expTimes[ip] = exp
	return nil
}

// Expire ends every lease that expires before now and returns how many.
func (db *DB) Expire(now int) int {
	db.mu.Lock()
	defer db.mu.Unlock()
	n := 0
	for ip, exp := range db.expTimes {
		if exp < now {
			delete(db.expTimes, ip)
			delete(db.macs, ip)
			n++
		}
	}
	return n
}

// Len returns the number of leases.
func (db *DB) Len() int {
	db.mu.Lock()
	defer db.mu.Unlock()
	return len(db.macs)
}
