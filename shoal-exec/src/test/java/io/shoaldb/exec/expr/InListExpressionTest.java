package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.InList;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code column [NOT] IN (strings)} over a dictionary-encoded column (tested per dictionary entry) and the same
 * rows as plain strings, with short and long lists, NULL rows and a NULL in the list: SQL's three-valued answer
 * for every row, the same on both encodings.
 */
class InListExpressionTest {
    private static final DataType TEXT = DataType.varchar(10);
    private static final String[] DICTIONARY = {"MAIL", "SHIP", "AIR", "TRUCK", "RAIL"};
    /** Row i's dictionary id, or -1 for a NULL row. */
    private static final int[] IDS = {0, 1, 2, -1, 3, 4, 0, 2, -1, 1};

    @Test
    void aDictionaryColumnAnswersAsItsStringsDo() {
        List<List<Object>> lists = new ArrayList<>();
        lists.add(List.of("MAIL", "SHIP"));
        lists.add(List.of("AIR", "AIR REG", "FOB"));
        lists.add(Arrays.asList("MAIL", null));
        lists.add(List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "TRUCK")); // past the short list
        lists.add(List.of("NONE"));
        for (List<Object> list : lists) {
            for (boolean negated : new boolean[] {false, true}) {
                VectorExpression in = ExpressionCompiler.compile(new InList(new ColumnRef(0, TEXT), list, negated));
                List<Boolean> onDictionary = answers(in.evaluate(
                        new Batch(IDS.length, TextColumns.dictionaryEncoded(TEXT, DICTIONARY, IDS))));
                List<Boolean> onStrings = answers(in.evaluate(
                        new Batch(IDS.length, TextColumns.flat(TEXT, DICTIONARY, IDS))));
                assertThat(onDictionary).as("%s negated %s", list, negated).isEqualTo(onStrings)
                        .isEqualTo(expected(list, negated));
            }
        }
    }

    /** SQL by hand: NULL row -> NULL; found -> !negated; not found -> NULL if the list holds NULL, else negated. */
    private static List<Boolean> expected(List<Object> values, boolean negated) {
        List<Object> list = new ArrayList<>(values); // List.of refuses contains(null)
        List<Boolean> out = new ArrayList<>();
        for (int id : IDS) {
            if (id < 0) {
                out.add(null);
            } else if (list.contains(DICTIONARY[id])) {
                out.add(!negated);
            } else {
                out.add(list.contains(null) ? null : negated);
            }
        }
        return out;
    }

    private static List<Boolean> answers(ColumnVector v) {
        List<Boolean> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            Object o = v.getObject(i);
            out.add(o == null ? null : o instanceof Boolean b ? b : ((Number) o).intValue() != 0);
        }
        return out;
    }
}
