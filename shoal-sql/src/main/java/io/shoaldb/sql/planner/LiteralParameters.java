package io.shoaldb.sql.planner;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Turns the literals of a parsed query that are operands of a comparison, BETWEEN or an IN list into typed
 * parameters ({@code CAST(? AS type-of-the-literal)}, so the plan has the literal's exact type). Only literals that
 * {@link QueryShape} took out of the text at the same place with the same value are replaced, and literals of equal
 * value and type share one parameter (the shape's key says which are equal), so the optimiser sees that two
 * filters are the same - TPC-H Q11's {@code n_name = 'GERMANY'} in the query and in its subquery, which
 * {@code ScalarAggregateWindows} needs to see to read the rows once; the rest (LIMIT,
 * select-list items, function arguments, DATE '...', ...) stay in the plan, and a reuse must match them.
 * The top select list is left alone because column labels are taken from its text.
 */
final class LiteralParameters {
    private static final RelDataTypeFactory TYPES = new JavaTypeFactoryImpl(ShoalTypeSystem.INSTANCE);
    private static final Set<SqlKind> COMPARED = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.BETWEEN,
            SqlKind.IN, SqlKind.NOT_IN);

    /** For parameter i: the index of its (first) literal in the shape, and the literal's type. */
    private final List<Integer> shapeLiterals = new ArrayList<>();
    private final List<RelDataType> types = new ArrayList<>();
    /** Every literal of the shape replaced by a parameter: its index in the shape. */
    private final Set<Integer> replaced = new HashSet<>();
    /** Per class of equal literals (the index of the first of them in the shape): their parameter. */
    private final Map<Integer, Integer> byValue = new HashMap<>();

    private LiteralParameters() {
    }

    static LiteralParameters replace(SqlNode query, QueryShape shape) {
        Map<Long, Integer> byPlace = new HashMap<>();
        for (int i = 0; i < shape.literals().size(); i++) {
            QueryShape.Literal l = shape.literals().get(i);
            byPlace.put(place(l.line(), l.column()), i);
        }
        LiteralParameters parameters = new LiteralParameters();
        Set<SqlNode> labelled = Collections.newSetFromMap(new IdentityHashMap<>());
        SqlNode top = query instanceof SqlWith with ? with.body : query;
        top = top instanceof SqlOrderBy orderBy ? orderBy.query : top;
        if (top instanceof SqlSelect select) {
            labelled.add(select.getSelectList());
        }
        query.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (COMPARED.contains(call.getKind())) {
                    for (int i = 0; i < call.operandCount(); i++) {
                        SqlNode operand = call.operand(i);
                        if (operand instanceof SqlNodeList list) {
                            for (int j = 0; j < list.size(); j++) {
                                SqlNode parameter = parameters.parameter(list.get(j), shape, byPlace);
                                if (parameter != null) {
                                    list.set(j, parameter);
                                }
                            }
                        } else {
                            SqlNode parameter = parameters.parameter(operand, shape, byPlace);
                            if (parameter != null) {
                                call.setOperand(i, parameter);
                            }
                        }
                    }
                }
                return super.visit(call);
            }

            @Override
            public Void visit(SqlNodeList nodeList) {
                return labelled.contains(nodeList) ? null : super.visit(nodeList);
            }
        });
        return parameters;
    }

    /** A typed parameter for {@code node} if it is a literal the shape took out, else null. */
    private SqlNode parameter(SqlNode node, QueryShape shape, Map<Long, Integer> byPlace) {
        if (!(node instanceof SqlLiteral literal)) {
            return null;
        }
        SqlParserPos pos = literal.getParserPosition();
        Integer index = byPlace.remove(place(pos.getLineNum(), pos.getColumnNum()));
        if (index == null) {
            return null;
        }
        Object value = shape.literals().get(index).value();
        boolean same = switch (literal) {
            case SqlNumericLiteral number -> number.isExact() && value instanceof BigDecimal d
                    && d.equals(number.getValueAs(BigDecimal.class));
            case SqlCharStringLiteral string -> value instanceof String s && s.equals(string.getValueAs(String.class));
            default -> false;
        };
        if (!same) {
            return null;
        }
        RelDataType type = literal.createSqlType(TYPES);
        if (!type.getFullTypeString().equals(shape.literals().get(index).type())) {
            return null;
        }
        int parameter = byValue.computeIfAbsent(shape.firstEqual(index), first -> {
            shapeLiterals.add(index);
            types.add(type);
            return shapeLiterals.size() - 1;
        });
        replaced.add(index);
        return SqlStdOperatorTable.CAST.createCall(pos, new SqlDynamicParam(parameter, pos),
                SqlTypeUtil.convertTypeToSpec(type));
    }

    private static long place(int line, int column) {
        return ((long) line << 32) | column;
    }

    int count() {
        return shapeLiterals.size();
    }

    /** The index in the shape's literals of parameter {@code i}. */
    int shapeLiteral(int i) {
        return shapeLiterals.get(i);
    }

    /** The indexes in the shape's literals of every literal replaced by a parameter. */
    Set<Integer> replacedLiterals() {
        return replaced;
    }
}
