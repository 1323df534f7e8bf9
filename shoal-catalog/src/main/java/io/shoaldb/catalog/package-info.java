/** The catalog service: durable DDL (validate, journal, apply), lock-free snapshots, checkpoints and SHOW CREATE TABLE. */
package io.shoaldb.catalog;
