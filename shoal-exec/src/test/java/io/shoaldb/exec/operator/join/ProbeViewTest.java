package io.shoaldb.exec.operator.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeViewTest {
    private static final List<Expr> KEY = List.of(new ColumnRef(0, DataType.INT));

    private static JoinHashTable table(Object[]... rows) {
        BatchBuilder b = new BatchBuilder(List.of(DataType.INT, DataType.varchar(10)), rows.length);
        for (Object[] r : rows) {
            b.appendRow(r);
        }
        return JoinHashTable.build(b.build(), KEY, List.of(false), 1);
    }

    /** Six probe rows (k, s): s dictionary-encoded, rows 1, 2, 4 and 5 selected (keys 99, 20, 20, 10). */
    private static Batch probe() {
        IntVector keys = new IntVector(DataType.INT, 6, new int[] {10, 99, 20, 30, 20, 10}, null);
        VectorBuilder dict = VectorBuilder.create(DataType.varchar(10), 2);
        dict.appendObject("x");
        dict.appendObject("y");
        FlatVector dictionary = dict.build();
        ColumnVector s = new DictionaryVector(dictionary, 6, new int[] {0, 1, 0, 1, 1, 0}, null);
        return new Batch(6, keys, s).withSelection(new int[] {1, 2, 4, 5}, 4);
    }

    private static List<List<Object>> rows(Batch b) {
        List<List<Object>> out = new ArrayList<>();
        for (int i = 0; i < b.positionCount(); i++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < b.columnCount(); c++) {
                row.add(b.getObject(i, c));
            }
            out.add(row);
        }
        return out;
    }

    @Test
    void aBuildWithUniqueKeysIsSeenSoAndOneWithARepeatedKeyIsNot() {
        assertThat(table(new Object[] {10, "a"}, new Object[] {20, "b"}).uniqueKeys()).isTrue();
        assertThat(table(new Object[] {10, "a"}, new Object[] {10, "b"}).uniqueKeys()).isFalse();
        // NULL keys are never chained: they do not make the other keys repeat
        assertThat(table(new Object[] {null, "a"}, new Object[] {null, "b"}, new Object[] {10, "c"}).uniqueKeys())
                .isTrue();
    }

    @Test
    void theMatchedProbeRowsKeepTheirVectorsWithTheBuildColumnsBeside() {
        JoinHashTable t = table(new Object[] {10, "a"}, new Object[] {20, "b"}, new Object[] {30, "c"});
        Batch probe = probe();
        int[] heads = t.heads(new JoinKeys(KEY).evaluate(probe), JoinHashTable.probeScratch());
        int matches = ProbeView.matches(heads, probe.positionCount());
        assertThat(matches).isEqualTo(3);

        Batch out = ProbeView.of(probe, heads, matches, t.rows(), null, c -> null);

        assertThat(out.column(0)).isSameAs(probe.column(0));
        assertThat(out.column(1)).isSameAs(probe.column(1)).isInstanceOf(DictionaryVector.class);
        assertThat(Arrays.copyOf(out.selection(), out.positionCount())).containsExactly(2, 4, 5);
        assertThat(rows(out)).containsExactly(List.of(20L, "x", 20L, "b"), List.of(20L, "y", 20L, "b"),
                List.of(10L, "x", 10L, "a"));
    }

    @Test
    void aResidualNarrowsTheSelectionAndNoRowLeftIsNull() {
        JoinHashTable t = table(new Object[] {10, "a"}, new Object[] {20, "b"}, new Object[] {30, "c"});
        Batch probe = probe();
        int[] heads = t.heads(new JoinKeys(KEY).evaluate(probe), JoinHashTable.probeScratch());
        // over (probe k, probe s, build k, build name): the build name is not 'b'
        Expr notB = new Comparison(Comparison.Op.NE, new ColumnRef(3, DataType.varchar(10)),
                new Literal("b", DataType.varchar(10)));
        Batch out = ProbeView.of(probe, heads, 3, t.rows(), ExpressionCompiler.compileFilter(notB), c -> null);
        assertThat(rows(out)).containsExactly(List.of(10L, "x", 10L, "a"));

        Expr never = new Comparison(Comparison.Op.EQ, new ColumnRef(3, DataType.varchar(10)),
                new Literal("zzz", DataType.varchar(10)));
        assertThat(ProbeView.of(probe, heads, 3, t.rows(), ExpressionCompiler.compileFilter(never), c -> null)).isNull();
    }

    @Test
    void theViewIsTakenOnlyWhenItCopiesLessThanPairs() {
        // 8192 physical rows, 100 matches, 3 probe and 2 build columns: pairs copy 500 values, the view 16,384
        assertThat(ProbeView.pays(8192, 100, 3, 2)).isFalse();
        // every row matches: pairs copy 5 values per row, the view 2
        assertThat(ProbeView.pays(8192, 8192, 3, 2)).isTrue();
        assertThat(ProbeView.pays(8192, 4000, 3, 2)).isTrue();
    }
}
