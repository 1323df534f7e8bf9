/**
 * Doris's JSON accessors (get_json_string/int/bigint/double, json_extract, json_extract_string) over JSON
 * columns and JSON text: paths compiled once per call site, documents read with Jackson's streaming parser.
 */
package io.shoaldb.exec.expr.function.json;
