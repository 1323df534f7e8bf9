/** Runs loads on the normal (non group commit) path: one labelled transaction per load or per explicit transaction. */
package io.shoaldb.server.load;
