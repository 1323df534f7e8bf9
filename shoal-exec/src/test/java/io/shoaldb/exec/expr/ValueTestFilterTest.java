package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.expr.Cast;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.InList;
import io.shoaldb.sql.planner.physical.expr.Like;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code column [NOT] LIKE} and {@code column [NOT] IN} as filters read in place: through a selection, on plain
 * strings and on a dictionary column (per entry and, with fewer rows than entries, per row), with NULL rows and a
 * NULL in the list, LIKE also over the column cast to STRING (as the planner writes it). They keep exactly the rows
 * whose evaluated predicate is TRUE.
 */
class ValueTestFilterTest {
    private static final DataType TEXT = DataType.varchar(40);
    private static final String[] DICTIONARY = {"special requests", "MAIL", "the special deposits requests", "",
        "SHIP", "requests special", "AIR"};
    /** Row i's dictionary id, or -1 for a NULL row. */
    private static final int[] IDS = {0, 1, 2, -1, 3, 4, 5, 6, -1, 2, 0, 1};
    private static final int[] SELECTED = {0, 1, 2, 3, 5, 6, 7, 8, 10, 11};

    @Test
    void likeAndInFiltersKeepTheRowsTheirExpressionsCallTrue() {
        List<Expr> predicates = new ArrayList<>();
        for (boolean negated : new boolean[] {false, true}) {
            for (String pattern : List.of("%special%requests%", "%special%", "special%", "%requests", "MAIL", "%%",
                    "S_IP", "%s%", "%ts%", "%e%q%", "%ial%re%")) {
                predicates.add(new Like(new ColumnRef(0, TEXT), pattern, '\\', negated));
            }
            // as the planner writes LIKE: its operand cast to STRING
            predicates.add(new Like(new Cast(new ColumnRef(0, TEXT), DataType.STRING), "%special%requests%", '\\',
                    negated));
            predicates.add(new InList(new ColumnRef(0, TEXT), List.of("MAIL", "SHIP"), negated));
            predicates.add(new InList(new ColumnRef(0, TEXT), Arrays.asList("AIR", null), negated));
        }
        for (Expr p : predicates) {
            FilterExpression filter = ExpressionCompiler.compileFilter(p);
            assertThat(filter).isInstanceOf(ValueTestFilter.class);
            VectorExpression evaluated = ExpressionCompiler.compile(p);
            for (ColumnVector column : List.of(TextColumns.flat(TEXT, DICTIONARY, IDS),
                    TextColumns.dictionaryEncoded(TEXT, DICTIONARY, IDS))) {
                Batch batch = new Batch(IDS.length, column);
                List<Integer> expected = trueRows(evaluated.evaluate(batch), SELECTED);
                assertThat(kept(filter, batch, SELECTED)).as("%s on %s", p, column.getClass().getSimpleName())
                        .isEqualTo(expected);
                if (p instanceof Like like) {
                    assertThat(kept(filter, batch, SELECTED)).as("%s by hand", p).isEqualTo(likeByHand(like));
                }
                int[] two = {2, 6}; // fewer rows than dictionary entries: tested per row
                assertThat(kept(filter, batch, two)).as("%s on two rows", p).isEqualTo(trueRows(
                        evaluated.evaluate(batch), two));
            }
        }
    }

    /** LIKE as a regular expression over each selected row's string: what the byte searches must agree with. */
    private static List<Integer> likeByHand(Like like) {
        StringBuilder re = new StringBuilder();
        for (char c : like.pattern().toCharArray()) {
            re.append(c == '%' ? ".*" : c == '_' ? "." : java.util.regex.Pattern.quote(String.valueOf(c)));
        }
        List<Integer> out = new ArrayList<>();
        for (int r : SELECTED) {
            if (IDS[r] >= 0 && DICTIONARY[IDS[r]].matches(re.toString()) != like.negated()) {
                out.add(r);
            }
        }
        return out;
    }

    private static List<Integer> kept(FilterExpression filter, Batch batch, int[] selected) {
        int[] rows = selected.clone();
        int n = filter.filter(batch, rows, rows.length, rows);
        return Arrays.stream(rows, 0, n).boxed().toList();
    }

    private static List<Integer> trueRows(ColumnVector answers, int[] selected) {
        List<Integer> out = new ArrayList<>();
        for (int r : selected) {
            Object o = answers.getObject(r);
            if (o != null && (o instanceof Boolean b ? b : ((Number) o).intValue() != 0)) {
                out.add(r);
            }
        }
        return out;
    }
}
