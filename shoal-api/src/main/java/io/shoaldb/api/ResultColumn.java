package io.shoaldb.api;

import io.shoaldb.vector.type.DataType;

/**
 * One column of a result set.
 *
 * @param name the label the client sees
 * @param table the table it comes from, or empty
 * @param database the database it comes from, or empty
 * @param type its type
 * @param nullable whether it may hold NULL
 */
public record ResultColumn(String name, String table, String database, DataType type, boolean nullable) {
    public static ResultColumn of(String name, DataType type) {
        return new ResultColumn(name, "", "", type, true);
    }
}
