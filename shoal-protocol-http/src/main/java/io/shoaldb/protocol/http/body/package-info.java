/** Request bodies as blocking streams fed by Netty chunks, with back-pressure and exact buffer release. */
package io.shoaldb.protocol.http.body;
