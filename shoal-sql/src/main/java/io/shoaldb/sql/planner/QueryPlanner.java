package io.shoaldb.sql.planner;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.sql.planner.physical.OutputColumn;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.tree.SqlCollateOperator;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Plans a SELECT: checks what the engine supports and which tables are read (MySQL errors), validates with
 * Calcite against a schema view of the catalog snapshot (MySQL conformance, column names case-insensitive,
 * NULLs sort low), converts to relational algebra, optimises with {@link LogicalOptimizer}, and translates
 * to our {@link PhysicalPlan}. Stateless and thread-safe; every call builds its own Calcite objects.
 */
public final class QueryPlanner {
    private static final SqlValidator.Config VALIDATOR_CONFIG = SqlValidator.Config.DEFAULT
            .withConformance(SqlConformanceEnum.MYSQL_5)
            .withDefaultNullCollation(NullCollation.LOW)
            .withIdentifierExpansion(true);
    private static final SqlOperatorTable OPERATORS = SqlOperatorTables.chain(DivisionNullability.OPERATORS,
            SqlOperatorTables.of(SqlCollateOperator.INSTANCE),
            DivisionNullability.withoutReplaced(SqlStdOperatorTable.instance()),
            ScalarFunctions.operatorTable());

    /**
     * Calcite's conversions, except that AVG stays AVG: Calcite expands AVG(x) OVER w into SUM / COUNT cast back
     * to x's type (an integer average would lose its fraction); our window operator computes AVG itself, with
     * Doris's result type. Plain aggregates do not go through this table. {@code x COLLATE name} is x: text
     * compares as UTF-8 bytes.
     */
    private static final SqlRexConvertletTable CONVERTLETS = call -> call.getKind() == SqlKind.AVG
            ? StandardConvertletTable.INSTANCE::convertCall
            : call.getOperator() == SqlCollateOperator.INSTANCE ? (cx, c) -> cx.convertExpression(c.operand(0))
            : Objects.requireNonNullElseGet(SubstringConvertlet.of(call), () -> DivisionNullability.CONVERTLETS.get(call));

    public PhysicalPlan plan(SqlNode query, CatalogSnapshot catalog, String currentDatabase) {
        return plan(query, catalog, currentDatabase, PlannerSettings.DEFAULT);
    }

    /** Plans with table row counts, which decide join order, build sides and broadcast vs partitioned joins. */
    public PhysicalPlan plan(SqlNode query, CatalogSnapshot catalog, String currentDatabase, PlannerSettings settings) {
        SupportedSyntax.check(query);
        HavingWithoutGroupBy.rewrite(query);
        TableResolver.check(query, catalog, currentDatabase, settings.systemDatabases());
        PlanningPhases.mark("check");
        return optimise(query, catalog, currentDatabase, settings).translate();
    }

    /**
     * Plans a query for reuse with other values of its literals: the plain literals of {@code shape} that are
     * compared with something (=, <, BETWEEN, IN lists ...) become parameters, planned once; the others stay fixed
     * and must have the same values for the plan to be reused. {@code query} is the parse of {@code shape}'s
     * statement, and is rewritten.
     */
    public PlanTemplate prepare(SqlNode query, QueryShape shape, CatalogSnapshot catalog, String currentDatabase,
            PlannerSettings settings) {
        SupportedSyntax.check(query);
        HavingWithoutGroupBy.rewrite(query);
        TableResolver.check(query, catalog, currentDatabase, settings.systemDatabases());
        LiteralParameters parameters = LiteralParameters.replace(query, shape);
        Optimised optimised = optimise(query, catalog, currentDatabase, settings);
        boolean reusable = !readsTheClock(optimised.rel()) && !readsSystemTables(optimised.rel());
        if (parameters.count() == 0) {
            return PlanTemplate.fixed(optimised.translate(), shape, reusable);
        }
        return new PlanTemplate(optimised, parameters, shape, reusable);
    }

    /** Whether a plan scans a system table, whose rows are taken at planning time. */
    private static boolean readsSystemTables(RelNode rel) {
        boolean[] found = {false};
        rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(TableScan scan) {
                found[0] |= scan.getTable().unwrap(SystemTableAdapter.class) != null;
                return super.visit(scan);
            }
        });
        return found[0];
    }

    /** Whether a plan calls a function without arguments (now(), CURRENT_DATE), which translation folds. */
    private static boolean readsTheClock(RelNode rel) {
        boolean[] found = {false};
        rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                other.accept(new RexShuttle() {
                    @Override
                    public RexNode visitCall(RexCall call) {
                        found[0] |= call.getOperands().isEmpty() || call.getOperator().isDynamicFunction();
                        return super.visitCall(call);
                    }
                });
                return super.visit(other);
            }
        });
        return found[0];
    }

    private Optimised optimise(SqlNode query, CatalogSnapshot catalog, String currentDatabase, PlannerSettings settings) {
        JavaTypeFactoryImpl types = new JavaTypeFactoryImpl(ShoalTypeSystem.INSTANCE);
        CalciteSchema root = CalciteSchema.createRootSchema(false, false, "", new CatalogSchema(catalog, settings.statistics(),
                settings.systemDatabases()));
        Properties props = new Properties();
        props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
        CalciteCatalogReader reader = new CalciteCatalogReader(root,
                currentDatabase == null || currentDatabase.isEmpty() ? List.of() : List.of(currentDatabase),
                types, new CalciteConnectionConfigImpl(props));
        ShoalValidator validator = new ShoalValidator(OPERATORS, reader, types, VALIDATOR_CONFIG);
        SqlNode validated;
        try {
            validated = validator.validate(query);
        } catch (CalciteContextException e) {
            throw ValidationErrors.translate(e, validator, query);
        } catch (ShoalException e) {
            throw e;
        } catch (RuntimeException e) {
            throw ValidationErrors.translate(e, validator, query);
        }
        PlanningPhases.mark("validate");
        RexBuilder rexBuilder = new RexBuilder(types);
        RelOptCluster cluster = RelOptCluster.create(new HepPlanner(HepProgram.builder().build()), rexBuilder);
        cluster.setMetadataProvider(JoinSelectivity.PROVIDER);
        cluster.invalidateMetadataQuery();
        SqlToRelConverter converter = new SqlToRelConverter(null, validator, reader, cluster,
                CONVERTLETS, SqlToRelConverter.config()
                        .withExpand(false)
                        .withInSubQueryThreshold(Integer.MAX_VALUE));
        RelRoot relRoot = converter.convertQuery(validated, false, true);
        RelNode logical = relRoot.project();
        PlanningPhases.mark("sql-to-rel");
        // No simplification: Calcite would fold "x / 0 IS NULL" to FALSE by its typing, but in Doris x / 0 is NULL.
        RelBuilder builder = RelBuilder.proto(Contexts.of(RelBuilder.Config.DEFAULT.withSimplify(false)))
                .create(cluster, reader);
        RelNode optimised = LogicalOptimizer.optimize(logical, builder, settings.broadcastRowLimit());
        return new Optimised(optimised, relRoot, logical.getRowType(), rexBuilder, settings.broadcastRowLimit());
    }

    /** A query after the logical optimiser, ready for translation (after its parameters are bound, if any). */
    record Optimised(RelNode rel, RelRoot root, RelDataType rowType, RexBuilder rexBuilder, long broadcastRowLimit) {
        PhysicalPlan translate() {
            return translate(rel);
        }

        PhysicalPlan translate(RelNode bound) {
            PhysicalNode physical = new PhysicalTranslator(rexBuilder, broadcastRowLimit).translateRoot(bound);
            PlanningPhases.mark("translate");
            return new PhysicalPlan(physical, columns(root, rowType, physical));
        }
    }

    private static List<OutputColumn> columns(RelRoot root, RelDataType rowType, PhysicalNode physical) {
        List<DataType> planTypes = physical.outputTypes();
        List<RelDataTypeField> fields = rowType.getFieldList();
        if (fields.size() != planTypes.size()) {
            throw ErrorCode.INTERNAL_ERROR.exception("plan has " + planTypes.size() + " columns, query " + fields.size());
        }
        List<OutputColumn> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            String name = root.fields.get(i).getValue();
            out.add(new OutputColumn(name, planTypes.get(i), fields.get(i).getType().isNullable()));
        }
        return out;
    }
}
