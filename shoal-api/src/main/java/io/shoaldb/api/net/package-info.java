/**
 * What the protocols' network servers share: the Netty transport their listening ports run on.
 */
package io.shoaldb.api.net;
