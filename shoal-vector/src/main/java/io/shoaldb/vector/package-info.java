/** The one batch format: column vectors (flat, dictionary, constant), validity bitmaps, selection, builders and size accounting. */
package io.shoaldb.vector;
