package io.shoaldb.exec.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.expr.Arithmetic;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A projection over a batch with a selection gives the selected rows, in order, whether its expressions read each
 * column once (each reference gathers its rows), share columns (the read columns are gathered once per batch), are
 * or are evaluated over every row (the vectors passed on with the selection) because the selection keeps most of
 * them.
 */
class ProjectOperatorTest {
    private static final DataType PRICE = DataType.decimal(15, 2);
    private static final DataType PRODUCT = DataType.decimal(31, 4);

    @Test
    void sharedColumnsGiveTheSelectedRows() {
        ColumnRef price = new ColumnRef(0, PRICE);
        ColumnRef discount = new ColumnRef(2, PRICE);
        List<Expr> shared = List.of(price, new Arithmetic(Arithmetic.Op.MULTIPLY, price, discount, PRODUCT), discount,
                new ColumnRef(3, DataType.varchar(5)));
        List<Expr> single = List.of(price, new ColumnRef(3, DataType.varchar(5)));
        assertThat(rows(shared)).containsExactly(
                List.of(new BigDecimal("1.00"), new BigDecimal("0.1000"), new BigDecimal("0.10"), "b"),
                List.of(new BigDecimal("3.00"), new BigDecimal("0.9000"), new BigDecimal("0.30"), "d"),
                java.util.Arrays.asList(new BigDecimal("4.00"), null, null, "e"));
        assertThat(rows(single)).containsExactly(List.of(new BigDecimal("1.00"), "b"),
                List.of(new BigDecimal("3.00"), "d"), List.of(new BigDecimal("4.00"), "e"));
        assertThat(project(shared, SPARSE).selection()).as("gathered").isNull();
        assertThat(project(single, SPARSE).selection()).as("gathered").isNull();
        assertThat(project(single, DENSE).selection()).as("kept").isNotNull();
        assertThat(rows(project(single, DENSE))).containsExactly(List.of(new BigDecimal("0.00"), "a"),
                List.of(new BigDecimal("2.00"), "c"), List.of(new BigDecimal("3.00"), "d"),
                List.of(new BigDecimal("4.00"), "e"));
    }

    @Test
    void aDenseSelectionIsEvaluatedOverEveryRowAndKept() {
        ColumnRef price = new ColumnRef(0, PRICE);
        ColumnRef discount = new ColumnRef(2, PRICE);
        Expr one = new Literal(new BigDecimal("1.00"), PRICE);
        Expr net = new Arithmetic(Arithmetic.Op.SUBTRACT, one, discount, PRICE);
        List<Expr> expressions = List.of(new Arithmetic(Arithmetic.Op.MULTIPLY, price, net, PRODUCT),
                new Arithmetic(Arithmetic.Op.ADD, discount, one, PRICE));
        Batch out = project(expressions, DENSE);
        assertThat(out.selection()).isNotNull();
        assertThat(rows(out)).containsExactly(
                List.of(new BigDecimal("0.0000"), new BigDecimal("1.00")),
                List.of(new BigDecimal("1.6000"), new BigDecimal("1.20")),
                List.of(new BigDecimal("2.1000"), new BigDecimal("1.30")),
                java.util.Arrays.asList(null, null));
    }

    @Test
    void aSharedSubexpressionGivesEachOutputItsValue() {
        ColumnRef price = new ColumnRef(0, PRICE);
        ColumnRef discount = new ColumnRef(2, PRICE);
        Expr product = new Arithmetic(Arithmetic.Op.MULTIPLY, price, discount, PRODUCT);
        Expr twice = new Arithmetic(Arithmetic.Op.ADD, product, product, DataType.decimal(32, 4));
        List<Expr> expressions = List.of(product, twice, new ColumnRef(1, DataType.BIGINT));
        for (int[] selected : List.of(SPARSE, DENSE)) {
            Batch out = project(expressions, selected);
            for (int r = 0; r < out.positionCount(); r++) {
                BigDecimal p = (BigDecimal) out.getObject(r, 0);
                assertThat((BigDecimal) out.getObject(r, 1)).isEqualTo(p == null ? null : p.add(p));
            }
        }
        assertThat(rows(expressions)).containsExactly(
                List.of(new BigDecimal("0.1000"), new BigDecimal("0.2000"), 11L),
                List.of(new BigDecimal("0.9000"), new BigDecimal("1.8000"), 13L),
                java.util.Arrays.asList(null, null, 14L));
    }

    private static final int[] SPARSE = {1, 3, 4};
    private static final int[] DENSE = {0, 2, 3, 4};

    private static List<List<Object>> rows(List<Expr> expressions) {
        return rows(project(expressions, SPARSE));
    }

    private static List<List<Object>> rows(Batch out) {
        List<List<Object>> rows = new ArrayList<>();
        for (int r = 0; r < out.positionCount(); r++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < out.columnCount(); c++) {
                row.add(out.getObject(r, c));
            }
            rows.add(row);
        }
        return rows;
    }

    /** Projects the {@code selected} rows of five rows (price, an unread column, discount, a string). */
    private static Batch project(List<Expr> expressions, int[] selectedRows) {
        List<DataType> types = List.of(PRICE, DataType.BIGINT, PRICE, DataType.varchar(5));
        BatchBuilder b = new BatchBuilder(types, 5);
        b.appendRow(new BigDecimal("0.00"), 10L, new BigDecimal("0.00"), "a");
        b.appendRow(new BigDecimal("1.00"), 11L, new BigDecimal("0.10"), "b");
        b.appendRow(new BigDecimal("2.00"), 12L, new BigDecimal("0.20"), "c");
        b.appendRow(new BigDecimal("3.00"), 13L, new BigDecimal("0.30"), "d");
        b.appendRow(new BigDecimal("4.00"), 14L, null, "e");
        Batch selected = b.build().withSelection(selectedRows, selectedRows.length);
        Operator input = new Operator() {
            private boolean sent;

            @Override
            public Batch next() {
                if (sent) {
                    return null;
                }
                sent = true;
                return selected;
            }

            @Override
            public void close() {
            }
        };
        return new ProjectOperator(input, expressions).next();
    }
}
