package io.shoaldb.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.RowListResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A result set's audit outcome is recorded once, at close, with the rows the client read and any failure. */
class AuditedQueryResultTest {
    private static final List<ResultColumn> COLUMNS = List.of(ResultColumn.of("x", DataType.INT));
    private final List<AuditLog.Outcome> recorded = new ArrayList<>();

    @Test
    void rowsReadAreCountedAndRecordedOnceAtClose() {
        AuditedQueryResult result = new AuditedQueryResult(
                new RowListResult(COLUMNS, List.of(List.of(1), List.of(2), List.of(3))), recorded::add);
        while (result.next()) {
            assertThat(recorded).as("nothing before close").isEmpty();
        }
        result.close();
        result.close();
        assertThat(recorded).containsExactly(new AuditLog.Outcome(0, 3, 0, 0, ""));
    }

    @Test
    void aFailureWhileStreamingIsRecordedWithItsErrorCode() {
        AuditedQueryResult result = new AuditedQueryResult(new FailsAfterOneRow(), recorded::add);
        assertThat(result.next()).isTrue();
        assertThatThrownBy(result::next).isInstanceOf(ShoalException.class);
        result.close();
        assertThat(recorded).containsExactly(new AuditLog.Outcome(3024, 1, 0, 0, ""));
    }

    @Test
    void aClientThatStopsEarlyIsRecordedWithTheRowsItRead() {
        AuditedQueryResult result = new AuditedQueryResult(
                new RowListResult(COLUMNS, List.of(List.of(1), List.of(2), List.of(3))), recorded::add);
        assertThat(result.next()).isTrue();
        result.close();
        assertThat(recorded).containsExactly(new AuditLog.Outcome(0, 1, 0, 0, ""));
    }

    /** A query whose second row fails as a timed-out query does. */
    private static final class FailsAfterOneRow implements QueryResult {
        private int calls;

        @Override
        public List<ResultColumn> columns() {
            return COLUMNS;
        }

        @Override
        public boolean next() {
            if (++calls > 1) {
                throw ErrorCode.QUERY_TIMEOUT.exception(1);
            }
            return true;
        }

        @Override
        public Object get(int index) {
            return 1;
        }

        @Override
        public void close() {
        }
    }
}
