/** URL routing: which endpoint a request is for, with its database and table names decoded once and validated. */
package io.shoaldb.protocol.http.route;
