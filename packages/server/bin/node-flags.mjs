// V8 flags the node runs with (scripts/start.mjs and the benchmarks pass them to `node`; bin/mqdeck.mjs's shebang
// repeats them for a direct start). They must be given at start: set later with v8.setFlagsFromString, this one
// did not hold (connect paths were still recompiled in 2 of 4 runs).
//
// --retain-maps-for-n-gc: V8 keeps a hidden class (map) that no live object uses for this many full GCs (2 by
// default), then clears it, and optimized code that checked for it is thrown away ("weak objects"). A connect storm's
// short-lived objects (parsed CONNECT packets, getpeername results) all die when the clients leave, and the memory
// reducer's full GCs in the quiet that follows cleared their maps: the next storm recompiled the connect path, up to
// 60 functions, at twice the CPU per connect. Retained for 64 full GCs, these maps outlive such pauses (4 of 4 runs
// without a recompile wave: docs/issue-notes/broker-load.md, session 14). A map whose constructor is gone is still
// cleared at once; what is kept longer is a few hundred maps of the node's own fixed shapes.
export const NODE_FLAGS = ['--retain-maps-for-n-gc=64'];
