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
import java.util.List;

/** Compiles plan expressions into vector kernels once per operator instance (never per batch or row). */
public final class ExpressionCompiler {
    private ExpressionCompiler() {
    }

    public static VectorExpression compile(Expr e) {
        return switch (e) {
            case ColumnRef c -> new ColumnExpression(c.index(), c.type());
            case Literal l -> new LiteralExpression(l.type(), l.value());
            case Arithmetic a -> new ArithmeticExpression(a.op(), compile(a.left()), compile(a.right()), a.type());
            case Comparison c -> new ComparisonExpression(c.op(), compile(c.left()), compile(c.right()));
            case And a -> new BooleanExpressions.Junction(compileAll(a.terms()), true);
            case Or o -> new BooleanExpressions.Junction(compileAll(o.terms()), false);
            case Not n -> new BooleanExpressions.NotExpression(compile(n.operand()));
            case IsNull n -> new BooleanExpressions.IsNullExpression(compile(n.operand()), n.negated());
            case InList in -> new InListExpression(compile(in.operand()), in.values(), in.negated());
            case Like l -> new LikeExpression(compile(l.operand()), l.pattern(), l.escape(), l.negated());
            case Cast c -> new CastExpression(compile(c.operand()), c.type());
            case Call c -> FunctionRegistry.compile(c, compileAll(c.arguments()));
        };
    }

    private static List<VectorExpression> compileAll(List<Expr> es) {
        return es.stream().map(ExpressionCompiler::compile).toList();
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
            case Literal l -> {
                return Boolean.TRUE.equals(l.value()) ? new Filters.AndFilter(List.of()) : new Filters.NoneFilter();
            }
            default -> {
                return new Filters.EvaluatingFilter(compile(e));
            }
        }
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
