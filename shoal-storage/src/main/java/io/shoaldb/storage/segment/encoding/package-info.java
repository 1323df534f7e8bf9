/** Page codecs: null bitmaps, plain / dictionary / run-length / bit-packed / delta encodings, and block compression. */
package io.shoaldb.storage.segment.encoding;
