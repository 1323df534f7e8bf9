/**
 * Turns Doris-dialect SQL text into Calcite syntax trees: {@link io.shoaldb.sql.parser.DorisSqlParser} is the entry point.
 *
 * <p>Design: a small pre-lexing pass ({@link io.shoaldb.sql.parser.MysqlLexicalNormalizer}) rewrites MySQL's
 * lexical forms that Calcite's lexer lacks (double-quoted strings, backslash escapes, {@code #} and
 * {@code -- } comments, the trailing {@code ;}) into Calcite's standard form, recording for every
 * output character its offset in the original text; the grammar (Calcite's Parser.jj plus
 * src/main/codegen/includes/parserImpls.ftl) then parses the normalised text, and syntax errors are
 * mapped back to the user's line and column.
 */
package io.shoaldb.sql.parser;
