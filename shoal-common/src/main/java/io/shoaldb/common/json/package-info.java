/** JSON path parsing shared by loading (jsonpaths) and the query engine (JSON functions). */
package io.shoaldb.common.json;
