/** Renders every JSON reply in Doris's field order, types and layout (one renderer, Jackson streaming). */
package io.shoaldb.protocol.http.json;
