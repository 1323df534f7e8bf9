/**
 * CASE (and IF) and COALESCE (and IFNULL/NVL): conditions and values evaluated over the batch, the result
 * gathered in one typed pass per physical type.
 */
package io.shoaldb.exec.expr.function.conditional;
