// Package restarts will hold restart strategies (fixed, Luby, Walsh) as
// sequences of budgets, the restart loop and the parallel portfolio. Not yet
// built.
package restarts
