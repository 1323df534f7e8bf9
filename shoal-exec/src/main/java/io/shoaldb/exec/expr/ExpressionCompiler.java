package io.shoaldb.exec.expr;

import io.shoaldb.exec.expr.function.FunctionRegistry;
import io.shoaldb.sql.planner.physical.expr.And;
import io.shoaldb.sql.planner.physical.expr.Call;
import io.shoaldb.sql.planner.physical.expr.Arithmetic;
import io.shoaldb.sql.planner.physical.expr.Cast;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.InList;
import io.shoaldb.sql.planner.physical.expr.IsNull;
import io.shoaldb.sql.planner.physical.expr.Like;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.sql.planner.physical.expr.Not;
import io.shoaldb.sql.planner.physical.expr.Or;
import io.shoaldb.vector.PhysicalType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Compiles plan expressions into vector kernels once per operator instance (never per batch or row). */
public final class ExpressionCompiler {
    private ExpressionCompiler() {
    }

    public static VectorExpression compile(Expr e) {
        return compile(e, ExpressionCompiler::compile);
    }

    /**
     * Compiles the expressions of one operator so that a computed subexpression they hold more than once (TPC-H Q1's
     * {@code l_extendedprice * (1 - l_discount)}, a sum of its own and a factor of the charge) is evaluated once per
     * batch. Every kernel is deterministic (functions of the current time are constants by then), so one value
     * serves every occurrence.
     */
    public static List<VectorExpression> compileSharing(List<Expr> expressions) {
        Map<Expr, Integer> uses = new HashMap<>();
        expressions.forEach(e -> countUses(e, uses));
        Map<Expr, VectorExpression> shared = new HashMap<>();
        return expressions.stream().map(e -> sharing(e, uses, shared)).toList();
    }

    /** Occurrences of each subexpression; the inside of a repeated one is counted once, as it is computed once. */
    private static void countUses(Expr e, Map<Expr, Integer> uses) {
        if (uses.merge(e, 1, Integer::sum) == 1) {
            e.children().forEach(c -> countUses(c, uses));
        }
    }

    private static VectorExpression sharing(Expr e, Map<Expr, Integer> uses, Map<Expr, VectorExpression> shared) {
        Function<Expr, VectorExpression> children = c -> sharing(c, uses, shared);
        if (uses.get(e) < 2 || e instanceof ColumnRef || e instanceof Literal) {
            return compile(e, children);
        }
        VectorExpression compiled = shared.get(e);
        if (compiled == null) {
            compiled = new OncePerBatch(compile(e, children));
            shared.put(e, compiled);
        }
        return compiled;
    }

    private static VectorExpression compile(Expr e, Function<Expr, VectorExpression> children) {
        return switch (e) {
            case ColumnRef c -> new ColumnExpression(c.index(), c.type());
            case Literal l -> new LiteralExpression(l.type(), l.value());
            case Arithmetic a -> new ArithmeticExpression(a.op(), children.apply(a.left()), children.apply(a.right()),
                    a.type());
            case Comparison c -> new ComparisonExpression(c.op(), children.apply(c.left()), children.apply(c.right()));
            case And a -> new BooleanExpressions.Junction(all(a.terms(), children), true);
            case Or o -> new BooleanExpressions.Junction(all(o.terms(), children), false);
            case Not n -> new BooleanExpressions.NotExpression(children.apply(n.operand()));
            case IsNull n -> new BooleanExpressions.IsNullExpression(children.apply(n.operand()), n.negated());
            case InList in -> new InListExpression(children.apply(in.operand()), in.values(), in.negated());
            case Like l -> new LikeExpression(children.apply(l.operand()), l.pattern(), l.escape(), l.negated());
            case Cast c -> new CastExpression(children.apply(c.operand()), c.type());
            case Call c -> FunctionRegistry.compile(c, all(c.arguments(), children));
        };
    }

    private static List<VectorExpression> all(List<Expr> es, Function<Expr, VectorExpression> children) {
        return es.stream().map(children).toList();
    }

    /** A filter kernel: selection-vector fast paths for the common shapes, evaluation otherwise. */
    public static FilterExpression compileFilter(Expr e) {
        switch (e) {
            case And a -> {
                return new Filters.AndFilter(a.terms().stream().map(ExpressionCompiler::compileFilter).toList());
            }
            case Or o -> {
                return new Filters.OrFilter(o.terms().stream().map(ExpressionCompiler::compileFilter).toList());
            }
            case IsNull n when n.operand() instanceof ColumnRef c -> {
                return new Filters.IsNullFilter(c.index(), n.negated());
            }
            case Comparison c when c.left() instanceof ColumnRef col && c.right() instanceof Literal lit -> {
                return columnConstant(col, c.op(), lit);
            }
            case Comparison c when c.right() instanceof ColumnRef col && c.left() instanceof Literal lit -> {
                return columnConstant(col, c.op().flip(), lit);
            }
            case Comparison c when c.left() instanceof ColumnRef a && c.right() instanceof ColumnRef b
                    && a.type().equals(b.type()) -> {
                return new ColumnColumnFilter(a.index(), b.index(), c.op(), new Filters.EvaluatingFilter(compile(e)));
            }
            case Like l when column(l.operand()) != null -> {
                return new ValueTestFilter(column(l.operand()).index(), (LikeExpression) compile(e));
            }
            case InList in when column(in.operand()) != null -> {
                return new ValueTestFilter(column(in.operand()).index(), (InListExpression) compile(e));
            }
            case Literal l -> {
                return Boolean.TRUE.equals(l.value()) ? new Filters.AndFilter(List.of()) : new Filters.NoneFilter();
            }
            default -> {
                return new Filters.EvaluatingFilter(compile(e));
            }
        }
    }

    /**
     * The column an operand reads as it is: the column itself, or a text column cast to another text type (LIKE's
     * operand is always cast to STRING; such a cast keeps the bytes). Null for anything else.
     */
    private static ColumnRef column(Expr operand) {
        return switch (operand) {
            case ColumnRef c -> c;
            case Cast c when c.operand() instanceof ColumnRef col && col.type().id().isString()
                    && c.type().id().isString() -> col;
            default -> null;
        };
    }

    private static FilterExpression columnConstant(ColumnRef col, Comparison.Op op, Literal lit) {
        if (lit.isNull()) {
            return new Filters.NoneFilter();
        }
        if (PhysicalType.of(col.type()) != PhysicalType.of(lit.type())) {
            return new Filters.EvaluatingFilter(compile(new Comparison(op, col, lit)));
        }
        return new ColumnConstantFilter(col.index(), op, col.type(), lit.value());
    }
}
