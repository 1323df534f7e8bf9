/** Adapts the engines' metrics to the Micrometer registry that {@code /metrics} exposes in Prometheus format. */
package io.shoaldb.server.metrics;
