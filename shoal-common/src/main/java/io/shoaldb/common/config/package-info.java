/** Typed, validated configuration: keys with defaults and parsers; unknown or invalid keys fail at start. */
package io.shoaldb.common.config;
