/** User authentication for both protocols: the MySQL native-password scramble and HTTP Basic passwords. */
package io.shoaldb.server.auth;
