package io.shoaldb.protocol.mysql.result;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import java.util.List;

/** Encodes the current row of a result: text protocol for COM_QUERY, binary for COM_STMT_EXECUTE. */
public interface RowEncoder {
    PayloadWriter encode(List<ResultColumn> columns, QueryResult row);
}
