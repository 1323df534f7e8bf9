/** The JavaCC parser generated at build time from Calcite's template and ShoalDB's Doris grammar (DorisSqlParserImpl). */
package io.shoaldb.sql.parser.impl;
