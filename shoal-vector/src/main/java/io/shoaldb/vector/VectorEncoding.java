package io.shoaldb.vector;

/** The in-memory shape of a vector; operators branch on it once per vector, never per row. */
public enum VectorEncoding {
    /** One slot per row in primitive arrays. */
    FLAT,
    /** int ids per row into a small flat dictionary vector. */
    DICTIONARY,
    /** One value (or null) repeated for every row. */
    CONSTANT
}
