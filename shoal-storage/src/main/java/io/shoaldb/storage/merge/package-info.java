/** Key-ordered k-way merge of sorted row streams and the UNIQUE/AGGREGATE rules that collapse equal keys. */
package io.shoaldb.storage.merge;
