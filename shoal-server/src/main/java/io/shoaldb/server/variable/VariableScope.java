package io.shoaldb.server.variable;

/** Where a variable may be set. */
public enum VariableScope {
    /** SET and SET GLOBAL both work; a session starts from the global value. */
    SESSION_AND_GLOBAL,
    /** Only SET GLOBAL works. */
    GLOBAL_ONLY,
    /** Reported but never set (version, license...). */
    READ_ONLY
}
