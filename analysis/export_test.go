package analysis

// Supported is supported, for the tests.
var Supported = supported
