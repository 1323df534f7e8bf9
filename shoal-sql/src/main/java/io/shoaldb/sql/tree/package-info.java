/** Syntax-tree nodes for the Doris statements Calcite lacks (DDL, SHOW, SET, transactions, INSERT, system variables). */
package io.shoaldb.sql.tree;
