/**
 * Scalar functions: the registry that maps a plan's function call (by name) to the factory of its vector
 * kernel. Families of functions live in sub-packages and register here.
 */
package io.shoaldb.exec.expr.function;
