package io.shoaldb.sql.planner;

import java.util.List;

/**
 * A table whose rows are made from server state each time a query reads it (an information_schema table). The
 * planner turns its scan into constant rows taken at planning time, and never caches such a plan, so every query
 * sees the state of its own moment.
 */
public interface SystemTable {
    /** The name as the database lists it (information_schema spells its tables in lower case). */
    String name();

    List<SystemColumn> columns();

    /**
     * The rows now, one value per column in the Java class of its type ({@link io.shoaldb.vector.type.TypeId}),
     * null only in nullable columns.
     */
    List<List<Object>> rows();
}
