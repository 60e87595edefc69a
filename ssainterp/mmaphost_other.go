//go:build !linux

package ssainterp

// Host memory for mappings (see mmaphost_linux.go): elsewhere than on
// Linux a mapping's cells are on the Go heap, and an access after munmap
// is not detected.

const hostMappings = false

type hostRegion struct{ a *unsafeAlloc }

type hostRegions struct{}

func (m *Machine) mappingCells(n int64) ([]value, *hostRegion) { return nil, nil }

func (m *Machine) bigPlainSlice(c, size uint64) []value { return nil }

func (m *Machine) releaseRegions() {}

func (m *Machine) unmapRegion(r *hostRegion) {}

func (m *Machine) faultsOnUnmapped() bool { return false }

func setPanicOnFault(on bool) bool { return false }

func (m *Machine) unmappedAt(addr uintptr) (uintptr, bool) { return 0, false }

func (m *Machine) readableRegions(f func()) { f() }

func (m *Machine) chargeRegions() {}

func (m *Machine) chargeRegionsSoon() {}
