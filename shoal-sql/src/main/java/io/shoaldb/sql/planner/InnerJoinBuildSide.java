package io.shoaldb.sql.planner;

/**
 * Which input of an inner hash join is built: the one whose table costs less to make. Building copies every column
 * of every build row into the table's flat batch and then hashes, inserts and chains the row; probing a table whose
 * keys are unique passes the probe batch through with the matched rows selected and only the build columns
 * gathered. So the cost of a side as a build is its rows times its columns plus a fixed share per row for the hash
 * entry - not its rows alone: TPC-H Q5's last join had a 182K-row, 13-column lineitem-orders-supplier side as its
 * build (the estimate a little under customer's 150K rows) against customer's two columns.
 */
final class InnerJoinBuildSide {
    /** A build row's hashing, insert and chain link, in copies of one column. */
    static final double ROW_COST_IN_COLUMNS = 2;

    private InnerJoinBuildSide() {
    }

    /** Whether the left input is the cheaper build (ties build the right input, as Calcite orders it). */
    static boolean buildsLeft(double leftRows, int leftColumns, double rightRows, int rightColumns) {
        return cost(leftRows, leftColumns) < cost(rightRows, rightColumns);
    }

    static double cost(double rows, int columns) {
        return rows * (columns + ROW_COST_IN_COLUMNS);
    }
}
